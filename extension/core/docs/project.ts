/**
 * Docs subgraph
 * =============
 * What the docs add to the graph: a `doc` node per document (not per chunk: chunks stay in the
 * retrieval index, the explorer and the queries reach them through their document), an `entity`
 * node per entity worth showing, `mentions` edges from a document to the code, records and
 * entities it names, and the relations read from the prose. Decision documents already have
 * their own nodes and links (decisions/), so they get no doc node: their chunks are still
 * searchable.
 */
import type { CodeGraph } from '../model/graph';
import type { WantedEdge, WantedSubgraph } from '../model/owned_subgraph';
import { edgeKey, type EdgeKind, type NodeAttributes } from '../model/types';
import { docName, type DocumentSource } from './doc_store';
import type { EntityResult } from './entities';
import { chunkPath } from './mention_map';
import { roundScore } from './score';
import type { LinkedMention, RelationKind } from './types';
import { docId } from '../model/ids';

/** An entity mentioned once, with no definition and no relation, is noise in a graph view. */
const MIN_ENTITY_MENTIONS = 2;

/** One document's share of the subgraph, kept while its mentions are the same array. */
interface DocPart {
  mentions: readonly LinkedMention[];
  /** mentions edges from its doc node, one per target, in first-mention order. */
  edges: [key: string, edge: WantedEdge][];
  /** target → the first line the document mentions it at. */
  firstLine: Map<string, number>;
}

/**
 * What the docs want in the graph. A document's mention edges are computed when its mentions
 * change (the entity index hands back the same array otherwise) and reused, objects and all, so
 * a save that re-reads one document re-groups one document, and OwnedSubgraph skips what it set
 * from the same objects before.
 */
export class DocsProjection {
  private readonly parts = new Map<string, DocPart>();

  /**
   * `linked`: the entities as just resolved and each document's mentions; `decisionDocs`: the
   * documents that are decision records (isDecisionDocument), which get no doc node.
   */
  wanted(graph: CodeGraph, docs: DocumentSource, linked: EntityResult, mentionsByDocument: readonly [string, readonly LinkedMention[]][], decisionDocs: ReadonlySet<string>): WantedSubgraph {
    const nodes = new Map<string, NodeAttributes>();
    const edges = new Map<string, WantedEdge>();
    const { entities, relations } = linked;

    for (const path of docs.documents()) {
      if (decisionDocs.has(path)) continue;
      const facts = docs.facts(path)!;
      const last = facts.blocks.length ? facts.blocks[facts.blocks.length - 1]!.endLine : 1;
      const tags = docs.tagsOf(path);
      nodes.set(docId(path), {
        kind: 'doc',
        name: docName(path),
        path,
        line: 1,
        startLine: 1,
        endLine: last,
        docs: { format: facts.format, ...(facts.title ? { title: facts.title } : {}), chunks: docs.chunksOf(path).length, ...(tags.length ? { tags: [...tags] } : {}) },
      });
    }

    // In path order, so the first document to mention an entity is where its node points.
    const firstSeen = new Map<string, { path: string; line: number }>();
    const seen = new Set<string>();
    const parts: [string, DocPart][] = [];
    for (const [path, mentions] of mentionsByDocument) {
      let part = this.parts.get(path);
      if (part?.mentions !== mentions) this.parts.set(path, (part = docPart(path, mentions)));
      seen.add(path);
      parts.push([path, part]);
      for (const [target, line] of part.firstLine) if (!firstSeen.has(target)) firstSeen.set(target, { path, line });
    }
    for (const path of this.parts.keys()) if (!seen.has(path)) this.parts.delete(path);

    const related = new Set<string>();
    for (const r of relations) {
      related.add(r.source);
      related.add(r.target);
    }
    for (const e of entities) {
      if (e.mentionCount < MIN_ENTITY_MENTIONS && !e.definition && !related.has(e.id)) continue;
      const at = firstSeen.get(e.id);
      nodes.set(e.id, {
        kind: 'entity',
        name: e.name,
        ...(at ? { path: at.path, line: at.line } : {}),
        ...(e.definition ? { doc: e.definition } : {}),
        docs: { entityType: e.type, mentionCount: e.mentionCount, ...(e.aliases.length ? { aliases: [...e.aliases] } : {}) },
      });
    }

    for (const [path, part] of parts) {
      if (!nodes.has(docId(path))) continue;
      for (const [key, e] of part.edges) if (nodes.has(e.target) || graph.hasNode(e.target)) edges.set(key, e);
    }

    for (const r of relations) {
      const kind = relationEdgeKind(r.kind);
      const key = edgeKey(kind, r.source, r.target);
      const have = edges.get(key);
      if (have && (have.attrs.score ?? 0) >= r.confidence) continue;
      edges.set(key, { kind, source: r.source, target: r.target, attrs: { score: roundScore(r.confidence), via: r.via, evidence: `${chunkPath(r.chunkId)}:${r.line}` } });
    }
    return { nodes, edges };
  }
}

/**
 * The graph edge a docs relation becomes. `depends_on` is also the code's own module edge: the
 * docs' version gets a kind of its own, so it can neither replace nor remove a code edge of the
 * same ends, nor count toward the code's popularity the documents are linked by.
 */
export function relationEdgeKind(kind: RelationKind): EdgeKind {
  return kind === 'depends_on' ? 'requires' : kind;
}

function docPart(path: string, mentions: readonly LinkedMention[]): DocPart {
  const source = docId(path);
  const grouped = new Map<string, { lines: Set<number>; score: number; via: string }>();
  const firstLine = new Map<string, number>();
  for (const m of mentions) {
    const line = firstLine.get(m.target);
    if (line === undefined || m.line < line) firstLine.set(m.target, m.line);
    const g = grouped.get(m.target);
    if (!g) grouped.set(m.target, { lines: new Set([m.line]), score: m.score, via: m.via });
    else {
      g.lines.add(m.line);
      if (m.score > g.score) {
        g.score = m.score;
        g.via = m.via;
      }
    }
  }
  const edges: DocPart['edges'] = [];
  for (const [target, g] of grouped) {
    edges.push([edgeKey('mentions', source, target), { kind: 'mentions', source, target, attrs: { lines: [...g.lines].sort((a, b) => a - b), score: roundScore(g.score), via: g.via } }]);
  }
  return { mentions, edges, firstLine };
}

/** A record or instruction file: the decision graph has its nodes already. */
export function isDecisionDocument(graph: CodeGraph, path: string): boolean {
  return graph.nodesInPath(path).some((id) => {
    const kind = graph.node(id)?.kind;
    return kind === 'adr' || kind === 'config';
  });
}
