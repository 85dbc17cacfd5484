/**
 * Docs queries
 * ============
 * The docs GraphRAG as answers: hybrid retrieval with provenance (docsSearch), entities by name
 * (entityLookup), one entity or code node explained from the docs (explainEntity), and the
 * documents that mention a node (docsMentioning: file_context and the hover use it). Chunks are
 * cited as `path:start-end`, sources as `path:line`, so an agent can open exactly what was read.
 */
import type { DocsIndex } from '../docs/docs_index';
import type { DocsQueryOptions } from '../docs/doc_retrieval';
import { chunkPath } from '../docs/mention_map';
import type { Chunk } from '../docs/types';
import type { CodeGraph } from '../model/graph';
import { describe } from './describe';
import type { Item } from './describe';
import { NotFoundError } from './errors';
import { checkObject, cut, optInt, requireString } from './options';
import type { Page } from './options';
import { matchTarget } from './target';
import { roundScore } from '../docs/score';

export interface ChunkItem {
  id: string;
  /** `path:start-end` */
  at: string;
  section?: string;
  snippet: string;
  score: number;
  why: string[];
}

export interface DocsSearchResult {
  query: string;
  chunks: ChunkItem[];
  entities: (Item & { score: number; why: string[] })[];
  edges: { source: string; target: string; kind: string }[];
  note?: string;
}

export interface DocsSearchOptions extends DocsQueryOptions {
  query: string;
}

const SNIPPET_CHARS = 360;
/** Beside name hits a chunk is a pointer, not the answer: shorter. */
const SEARCH_SNIPPET_CHARS = 200;

export async function docsSearch(graph: CodeGraph, docs: DocsIndex, options: DocsSearchOptions): Promise<DocsSearchResult> {
  const where = 'query/docsSearch';
  const o = checkObject(where, options);
  const query = requireString(where, 'query', o.query);
  const k = optInt(where, 'k', o.k, 8, 1, 50);
  const hops = optInt(where, 'hops', o.hops, 1, 0, 2) as 0 | 1 | 2;
  const result = await docs.query(graph, query, { k, hops, ...(options.relations ? { relations: options.relations } : {}), ...(options.tags ? { tags: options.tags } : {}) });
  const out: DocsSearchResult = {
    query,
    chunks: result.chunks.map((h) => ({
      id: h.chunk.id,
      at: `${h.chunk.path}:${h.chunk.startLine}-${h.chunk.endLine}`,
      ...(h.chunk.section ? { section: h.chunk.section } : {}),
      snippet: snippet(h.chunk, query),
      score: roundScore(h.score),
      why: h.why,
    })),
    entities: result.entities.map((e) => ({ ...(graph.hasNode(e.id) ? describe(graph, e.id) : { id: e.id, name: e.name }), score: roundScore(e.score), why: e.why })),
    edges: result.edges.map((e) => ({ source: e.source, target: e.target, kind: e.kind })),
  };
  if (docs.documents().length === 0) out.note = 'No documents are indexed: the docs include globs matched nothing, or docs are turned off.';
  return out;
}

/** Chunks for a name search: BM25 only, no expansion (docs_search does the full retrieval). */
export function docsByWords(docs: DocsIndex, query: string, k = 2): ChunkItem[] {
  if (docs.documents().length === 0) return [];
  return docs.lexical(query, k).map((h) => ({
    id: h.chunk.id,
    at: `${h.chunk.path}:${h.chunk.startLine}-${h.chunk.endLine}`,
    ...(h.chunk.section ? { section: h.chunk.section } : {}),
    snippet: snippet(h.chunk, query, SEARCH_SNIPPET_CHARS),
    score: roundScore(h.score),
    why: ['bm25'],
  }));
}

export interface EntityLookupOptions {
  query: string;
  /** Only entities of this type (term, version, id, standard, api...) or graph kind (class, function...). */
  type?: string;
  limit?: number;
}

export interface EntityItem extends Item {
  type?: string;
  aliases?: string[];
  /** How many chunks mention it. */
  mentions: number;
  /** How many documents mention it. */
  docs: number;
}

/** Entities and code nodes whose name or alias matches, ranked exact > alias > contains, then by mentions. */
export function entityLookup(graph: CodeGraph, docs: DocsIndex, options: EntityLookupOptions): Page<EntityItem> {
  const where = 'query/entityLookup';
  const o = checkObject(where, options);
  const query = requireString(where, 'query', o.query).toLowerCase();
  const limit = optInt(where, 'limit', o.limit, 20, 1, 200);
  const type = typeof o.type === 'string' && o.type ? o.type : undefined;
  const scored: { item: EntityItem; rank: number }[] = [];
  for (const e of docs.entities.entities) {
    if (type && e.type !== type) continue;
    const names = [e.name, ...e.aliases].map((n) => n.toLowerCase());
    const rank = names[0] === query ? 0 : names.includes(query) ? 1 : names.some((n) => n.includes(query)) ? 2 : -1;
    if (rank < 0) continue;
    scored.push({ item: entityItem(graph, docs, e.id, { id: e.id, kind: 'entity', name: e.name }, e.type, e.aliases), rank });
  }
  for (const id of matchTarget(graph, options.query).ids ?? []) {
    const a = graph.node(id);
    if (!a || a.kind === 'entity' || (type && a.kind !== type)) continue;
    if (docs.mentions.chunksMentioning(id).length === 0) continue;
    scored.push({ item: entityItem(graph, docs, id, describe(graph, id)), rank: 0 });
  }
  scored.sort((a, b) => a.rank - b.rank || b.item.mentions - a.item.mentions || (a.item.id < b.item.id ? -1 : 1));
  return cut(
    scored.map((s) => s.item),
    limit,
  );
}

function entityItem(graph: CodeGraph, docs: DocsIndex, id: string, base: Item, type?: string, aliases?: readonly string[]): EntityItem {
  const item: EntityItem = { ...(graph.hasNode(id) ? describe(graph, id) : base), mentions: docs.mentions.chunksMentioning(id).length, docs: docs.mentions.docsMentioning(id).length };
  if (type) item.type = type;
  if (aliases?.length) item.aliases = [...aliases];
  return item;
}

export interface ExplainOptions {
  /** An entity id, a code node (id, name, path), or an entity's name or alias. */
  target: string;
  hops?: number;
  limit?: number;
}

export interface RelationItem {
  kind: string;
  /** out: target → other; in: other → target. */
  dir: 'out' | 'in';
  other: Item;
  confidence: number;
  /** `path:line` of the sentence it was read from. */
  evidence: string;
  /** Relations of `other` (hops 2). */
  next?: RelationItem[];
}

export interface SourceItem {
  /** `path:line` of a mention. */
  at: string;
  chunk: string;
  snippet: string;
  confidence: number;
}

export interface ExplainResult {
  entity: EntityItem & { definition?: string };
  relations?: Page<RelationItem>;
  sources?: Page<SourceItem>;
}

export function explainEntity(graph: CodeGraph, docs: DocsIndex, options: ExplainOptions): ExplainResult {
  const where = 'query/explainEntity';
  const o = checkObject(where, options);
  const ref = requireString(where, 'target', o.target);
  const hops = optInt(where, 'hops', o.hops, 1, 1, 2);
  const limit = optInt(where, 'limit', o.limit, 20, 1, 200);
  const id = resolveEntity(graph, docs, ref);
  const e = docs.entities.entities.find((x) => x.id === id);
  const entity: ExplainResult['entity'] = entityItem(graph, docs, id, { id, kind: 'entity', name: e?.name ?? id }, e?.type, e?.aliases);
  const definition = e?.definition ?? graph.node(id)?.doc;
  if (definition) entity.definition = definition;
  const out: ExplainResult = { entity };

  const relationsOf = (node: string, depth: number, seen: Set<string>): RelationItem[] =>
    docs.mentions
      .relationsOf(node)
      .filter((n) => !seen.has(n.id))
      .sort((a, b) => b.weight - a.weight || (a.id < b.id ? -1 : 1))
      .map((n) => {
        const item: RelationItem = {
          kind: n.kind,
          dir: n.dir,
          other: graph.hasNode(n.id) ? describe(graph, n.id) : { id: n.id, name: docs.mentions.name(n.id) },
          confidence: roundScore(n.weight),
          evidence: n.evidence,
        };
        if (depth < hops) {
          const next = relationsOf(n.id, depth + 1, new Set([...seen, n.id]));
          if (next.length) item.next = next.slice(0, 5);
        }
        return item;
      });
  const relations = relationsOf(id, 1, new Set([id]));
  if (relations.length) out.relations = cut(relations, limit);

  const best = new Map<string, SourceItem>();
  for (const m of docs.entities.mentions) {
    if (m.target !== id) continue;
    const chunk = docs.chunk(m.chunkId);
    const at = `${chunkPath(m.chunkId)}:${m.line}`;
    const have = best.get(at);
    if (have && have.confidence >= m.score) continue;
    best.set(at, { at, chunk: m.chunkId, snippet: chunk ? around(chunk.text, m.start, m.end) : m.surface, confidence: roundScore(m.score) });
  }
  const sources = [...best.values()].sort((a, b) => b.confidence - a.confidence || (a.at < b.at ? -1 : 1));
  if (sources.length) out.sources = cut(sources, limit);
  return out;
}

/** An entity id or name/alias first, then anything the code graph resolves the reference to. */
function resolveEntity(graph: CodeGraph, docs: DocsIndex, ref: string): string {
  const lower = ref.trim().toLowerCase();
  const entities = docs.entities.entities;
  const direct = entities.find((e) => e.id === ref) ?? entities.find((e) => e.name.toLowerCase() === lower) ?? entities.find((e) => e.aliases.some((a) => a.toLowerCase() === lower));
  if (direct) return direct.id;
  const matches = matchTarget(graph, ref);
  const ids = matches.ids ?? [];
  const mentioned = ids.filter((id) => docs.mentions.chunksMentioning(id).length > 0);
  if (mentioned.length >= 1) return mentioned[0]!;
  if (ids.length >= 1) return ids[0]!;
  throw new NotFoundError(`query/explainEntity: no entity or code node named "${ref}" in the docs or the graph`, []);
}

/** Documents mentioning a node, for file_context and the hover: `{doc item, at: "l1,l2"}`. */
export function docsMentioning(graph: CodeGraph, id: string): (Item & { at?: string })[] {
  const out: (Item & { at?: string })[] = [];
  if (graph.edgeCount('mentions') === 0 || !graph.hasNode(id)) return out;
  graph.graph.forEachInEdge(id, (_k, e, source) => {
    if (e.kind !== 'mentions') return;
    const item: Item & { at?: string } = describe(graph, source);
    if (e.lines?.length) item.at = e.lines.join(',');
    out.push(item);
  });
  return out.sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** The part of a chunk around the first query word it contains (or its start), on word boundaries. */
function snippet(chunk: Chunk, query: string, chars = SNIPPET_CHARS): string {
  const text = chunk.text;
  if (text.length <= chars) return text;
  const lower = text.toLowerCase();
  let at = -1;
  for (const w of query.toLowerCase().split(/\W+/).filter((x) => x.length > 2)) {
    const i = lower.indexOf(w);
    if (i >= 0 && (at < 0 || i < at)) at = i;
  }
  return around(text, Math.max(0, at), Math.max(0, at), chars);
}

function around(text: string, start: number, end: number, chars = SNIPPET_CHARS): string {
  if (text.length <= chars) return text;
  const half = Math.floor((chars - (end - start)) / 2);
  let from = Math.max(0, start - half);
  let to = Math.min(text.length, from + chars);
  from = Math.max(0, to - chars);
  if (from > 0) from = text.indexOf(' ', from) + 1 || from;
  if (to < text.length) to = text.lastIndexOf(' ', to) > from ? text.lastIndexOf(' ', to) : to;
  return `${from > 0 ? '…' : ''}${text.slice(from, to).trim()}${to < text.length ? '…' : ''}`;
}
