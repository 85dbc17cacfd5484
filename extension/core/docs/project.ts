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
import { edgeKey, type NodeAttributes } from '../model/types';
import type { DocsIndex } from './docs_index';
import { docName } from './docs_index';
import { chunkPath } from './mention_map';
import { roundScore } from './score';

export const docId = (path: string): string => `doc:${path}`;

/** An entity mentioned once, with no definition and no relation, is noise in a graph view. */
const MIN_ENTITY_MENTIONS = 2;

export function docsSubgraph(graph: CodeGraph, docs: DocsIndex): WantedSubgraph {
  const nodes = new Map<string, NodeAttributes>();
  const edges = new Map<string, WantedEdge>();
  const { mentions, entities, relations } = docs.entities;

  for (const path of docs.documents()) {
    if (isDecisionDocument(graph, path)) continue;
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

  const related = new Set<string>();
  for (const r of relations) {
    related.add(r.source);
    related.add(r.target);
  }
  const firstSeen = new Map<string, { path: string; line: number }>();
  for (const m of mentions) {
    const at = { path: chunkPath(m.chunkId), line: m.line };
    const seen = firstSeen.get(m.target);
    if (!seen || at.path < seen.path || (at.path === seen.path && at.line < seen.line)) firstSeen.set(m.target, at);
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

  const mentionEdges = new Map<string, { source: string; target: string; lines: Set<number>; score: number; via: string }>();
  for (const m of mentions) {
    const source = docId(chunkPath(m.chunkId));
    if (!nodes.has(source)) continue;
    const key = edgeKey('mentions', source, m.target);
    const e = mentionEdges.get(key);
    if (!e) mentionEdges.set(key, { source, target: m.target, lines: new Set([m.line]), score: m.score, via: m.via });
    else {
      e.lines.add(m.line);
      if (m.score > e.score) {
        e.score = m.score;
        e.via = m.via;
      }
    }
  }
  for (const [key, e] of mentionEdges) {
    if (!nodes.has(e.target) && !graph.hasNode(e.target)) continue;
    edges.set(key, { kind: 'mentions', source: e.source, target: e.target, attrs: { lines: [...e.lines].sort((a, b) => a - b), score: roundScore(e.score), via: e.via } });
  }

  for (const r of relations) {
    const key = edgeKey(r.kind, r.source, r.target);
    const have = edges.get(key);
    if (have && (have.attrs.score ?? 0) >= r.confidence) continue;
    edges.set(key, { kind: r.kind, source: r.source, target: r.target, attrs: { score: roundScore(r.confidence), via: r.via, evidence: `${chunkPath(r.chunkId)}:${r.line}` } });
  }
  return { nodes, edges };
}

/** A record or instruction file: the decision graph has its nodes already. */
export function isDecisionDocument(graph: CodeGraph, path: string): boolean {
  return graph.nodesInPath(path).some((id) => {
    const kind = graph.node(id)?.kind;
    return kind === 'adr' || kind === 'config';
  });
}
