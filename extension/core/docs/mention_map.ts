/**
 * Mention map
 * ===========
 * The lookups the docs need of a resolved EntityResult: what a chunk mentions, which chunks and
 * documents mention a node, and the relations around a node. Built once per relink; queries
 * (hybrid expansion, "mentioned in 3 docs", file_context) only read it.
 */
import type { CodeGraph } from '../model/graph';
import type { EntityResult } from './entities';
import { findPatterns, identifierTokens, isApiChain, isCompoundIdentifier } from './entities/patterns';
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
/** Mention sources that say the writer meant a name: code font, a pattern (ADR-3, RFC 7231), a link, a heading, bold. */
const MARKED: ReadonlySet<string> = new Set(['code_span', 'pattern', 'link', 'heading', 'emphasis']);
/** Seed weight of a docs entity (code nodes, records and documents weigh 1). */
const ENTITY_SEED = 0.4;
/** Chunks of a record or document the question names that join the candidates. */
const OWN_CHUNKS = 6;
/** Code nodes one name of the question may stand for (more is a common name: none). */
const MAX_NAMED = 4;

export class MentionMap {
  private readonly byChunk = new Map<string, string[]>();
  private readonly byTarget = new Map<string, string[]>();
  private readonly docsByTarget = new Map<string, Map<string, Set<number>>>();
  private readonly adjacent = new Map<string, Neighbour[]>();
  private readonly entityNames = new Map<string, string>();
  /** Per entity target: whether a mention marked it, and the documents mentioning it. */
  private readonly signal = new Map<string, { marked: boolean; docs: Set<string> }>();
  /** Lower-cased surfaces → the targets they were linked to. */
  private readonly bySurface = new Map<string, Set<string>>();

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
      let sig = this.signal.get(m.target);
      if (!sig) this.signal.set(m.target, (sig = { marked: false, docs: new Set() }));
      sig.docs.add(path);
      if (MARKED.has(m.source) || (m.source === 'token' && m.type !== 'name')) sig.marked = true;
      const surface = m.surface.replace(/\(\)$/, '').toLowerCase();
      let targets = this.bySurface.get(surface);
      if (!targets) this.bySurface.set(surface, (targets = new Set()));
      targets.add(m.target);
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

  /**
   * How strongly a mentioned target may seed an expansion: code nodes, records and documents 1;
   * a docs entity ENTITY_SEED when the writer marked it (code font, a pattern, a heading…) or
   * several documents name it, else 0: a capitalised word alone says nothing about the answer.
   */
  seedWeight(id: string): number {
    if (!id.startsWith('entity:')) return 1;
    const sig = this.signal.get(id);
    if (!sig) return 0;
    return sig.marked || sig.docs.size >= 2 ? ENTITY_SEED : 0;
  }

  /** What a question names: code spans, identifier-shaped words and record numbers, resolved to the code, the records and the docs' entities. */
  queryMentions(query: string, graph: CodeGraph): { id: string; name: string; weight: number }[] {
    const out = new Map<string, { id: string; name: string; weight: number }>();
    const add = (id: string, weight: number): void => {
      if (!out.has(id)) out.set(id, { id, name: this.name(id), weight });
    };
    for (const p of findPatterns(query)) {
      if (p.adrNumber === undefined) continue;
      for (const id of graph.findByName(`ADR-${String(p.adrNumber).padStart(4, '0')}`)) if (id.startsWith('adr:')) add(id, 1);
    }
    // ADR 4, record 12: a bare number after the word.
    for (const m of query.matchAll(/\b(?:ADR|record)[ -]?#?(\d{1,8})\b/gi)) {
      for (const id of graph.findByName(`ADR-${m[1]!.padStart(4, '0')}`)) if (id.startsWith('adr:')) add(id, 1);
    }
    const names = new Set<string>();
    for (const m of query.matchAll(/`([^`\s]{2,80})`/g)) names.add(m[1]!);
    for (const t of identifierTokens(query)) if (isCompoundIdentifier(t.surface.replace(/\(\)$/, '')) || isApiChain(t.surface)) names.add(t.surface);
    for (const raw of names) {
      const name = raw.replace(/\(\)$/, '').replace(/[.,;:]+$/, '');
      const parts = name.split('.');
      const code = (parts.length > 1 ? graph.findByQualifiedName(parts.slice(-2).join('.')) : []).filter((id) => !/^(entity|doc|adr):/.test(id));
      const byName = code.length ? code : graph.findByName(parts[parts.length - 1]!).filter((id) => !/^(entity|doc|adr):/.test(id));
      if (byName.length > 0 && byName.length <= MAX_NAMED) for (const id of byName) add(id, 1);
      for (const id of this.bySurface.get(name.toLowerCase()) ?? []) add(id, Math.max(this.seedWeight(id), id.startsWith('entity:') ? ENTITY_SEED : 1));
    }
    return [...out.values()];
  }

  /**
   * The graph hybrid retrieval expands over: docs relations, plus a few code edges around code
   * nodes. `chunksOf` gives a document's chunks, so a record or a document the question names
   * brings in its own text, not only the passages that cite it.
   */
  hybridGraph(graph: CodeGraph, chunksOf?: (path: string) => readonly string[]): HybridGraph {
    const own = (id: string): readonly string[] => {
      if (!chunksOf || !(id.startsWith('adr:') || id.startsWith('doc:'))) return [];
      const path = graph.node(id)?.path;
      return path ? chunksOf(path).slice(0, OWN_CHUNKS) : [];
    };
    return {
      mentionsIn: (chunkId) =>
        this.mentionsIn(chunkId).flatMap((id) => {
          const weight = this.seedWeight(id);
          return weight > 0 ? [{ id, name: this.name(id), weight }] : [];
        }),
      queryMentions: (query) => this.queryMentions(query, graph),
      titleOf: (id) => {
        if (!id.startsWith('adr:')) return undefined;
        const title = graph.node(id)?.decision?.title;
        return title && title.split(/\s+/).length >= 2 ? title : undefined;
      },
      chunksMentioning: (id) => [...new Set([...own(id), ...this.chunksMentioning(id)])],
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
