/**
 * Mention map
 * ===========
 * The lookups the docs need of a resolved EntityResult: what a chunk mentions, which chunks and
 * documents mention a node, and the relations around a node. Built once per relink; queries
 * (hybrid expansion, "mentioned in 3 docs", file_context) only read it.
 */
import type { CodeGraph } from '../model/graph';
import type { EntityResult } from './entities';
import type { HybridGraph } from './retrieval';

export interface Neighbour {
  id: string;
  kind: string;
  /** out: the node is the relation's source; in: its target. */
  dir: 'out' | 'in';
  /** 0–1: the relation's confidence. */
  weight: number;
  /** `path:line` of the sentence it was read from. */
  evidence: string;
}

export interface DocMention {
  path: string;
  /** Lines of the document that mention the node, sorted. */
  lines: number[];
  chunks: string[];
}

/** Code edges a hybrid query may also expand over: what a doc naming one symbol is likely about too. */
const CODE_EXPANSION: ReadonlySet<string> = new Set(['method_of', 'inherits', 'implements', 'calls', 'governs', 'same_as']);
const CODE_WEIGHT = 0.5;

export class MentionMap {
  private readonly byChunk = new Map<string, string[]>();
  private readonly byTarget = new Map<string, string[]>();
  private readonly docsByTarget = new Map<string, Map<string, Set<number>>>();
  private readonly adjacent = new Map<string, Neighbour[]>();
  private readonly entityNames = new Map<string, string>();

  constructor(
    result: EntityResult,
    private readonly nameOf: (id: string) => string | undefined,
  ) {
    for (const e of result.entities) this.entityNames.set(e.id, e.name);
    for (const m of result.mentions) {
      push(this.byChunk, m.chunkId, m.target);
      push(this.byTarget, m.target, m.chunkId);
      const path = chunkPath(m.chunkId);
      let docs = this.docsByTarget.get(m.target);
      if (!docs) this.docsByTarget.set(m.target, (docs = new Map()));
      let lines = docs.get(path);
      if (!lines) docs.set(path, (lines = new Set()));
      lines.add(m.line);
    }
    for (const list of [...this.byChunk.values(), ...this.byTarget.values()]) dedupe(list);
    for (const r of result.relations) {
      const evidence = `${chunkPath(r.chunkId)}:${r.line}`;
      pushNeighbour(this.adjacent, r.source, { id: r.target, kind: r.kind, dir: 'out', weight: r.confidence, evidence });
      pushNeighbour(this.adjacent, r.target, { id: r.source, kind: r.kind, dir: 'in', weight: r.confidence, evidence });
    }
  }

  name(id: string): string {
    return this.entityNames.get(id) ?? this.nameOf(id) ?? id;
  }

  /** Node ids a chunk mentions. */
  mentionsIn(chunkId: string): readonly string[] {
    return this.byChunk.get(chunkId) ?? [];
  }

  /** Chunk ids mentioning a node. */
  chunksMentioning(id: string): readonly string[] {
    return this.byTarget.get(id) ?? [];
  }

  /** Documents mentioning a node, with the lines, in path order. */
  docsMentioning(id: string): DocMention[] {
    const docs = this.docsByTarget.get(id);
    if (!docs) return [];
    const chunks = this.chunksMentioning(id);
    return [...docs]
      .map(([path, lines]) => ({ path, lines: [...lines].sort((a, b) => a - b), chunks: chunks.filter((c) => chunkPath(c) === path) }))
      .sort((a, b) => (a.path < b.path ? -1 : 1));
  }

  /** Relations read from the docs around a node (both directions). */
  relationsOf(id: string): readonly Neighbour[] {
    return this.adjacent.get(id) ?? [];
  }

  /** The graph hybrid retrieval expands over: docs relations, plus a few code edges around code nodes. */
  hybridGraph(graph: CodeGraph): HybridGraph {
    return {
      mentionsIn: (chunkId) => this.mentionsIn(chunkId).map((id) => ({ id, name: this.name(id) })),
      chunksMentioning: (id) => [...this.chunksMentioning(id)],
      neighbours: (id, relations) => {
        const wanted = relations?.length ? new Set(relations) : undefined;
        const out = this.relationsOf(id)
          .filter((n) => !wanted || wanted.has(n.kind))
          .map((n) => ({ id: n.id, name: this.name(n.id), kind: n.kind, weight: n.weight }));
        if (graph.hasNode(id)) {
          for (const e of graph.graph.edges(id)) {
            const kind = graph.graph.getEdgeAttribute(e, 'kind') as string;
            if (!CODE_EXPANSION.has(kind) || (wanted && !wanted.has(kind))) continue;
            const other = graph.graph.opposite(id, e);
            if (this.chunksMentioning(other).length === 0) continue; // expansion serves only to reach chunks
            out.push({ id: other, name: this.name(other), kind, weight: CODE_WEIGHT });
          }
        }
        return out;
      },
    };
  }
}

/** `chunk:docs/a.md#3-9` → `docs/a.md` */
export function chunkPath(chunkId: string): string {
  const body = chunkId.startsWith('chunk:') ? chunkId.slice(6) : chunkId;
  const hash = body.lastIndexOf('#');
  return hash < 0 ? body : body.slice(0, hash);
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function pushNeighbour(map: Map<string, Neighbour[]>, key: string, n: Neighbour): void {
  const list = map.get(key);
  if (list) list.push(n);
  else map.set(key, [n]);
}

function dedupe(list: string[]): void {
  const unique = [...new Set(list)];
  list.length = 0;
  list.push(...unique);
}
