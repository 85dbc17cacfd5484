/**
 * Ranked search and bounded reads
 * ===============================
 * search_nodes ranks what the official substring search finds: a match in the name beats one in
 * the type, which beats one in an observation; exact beats prefix beats substring (all ignoring
 * case, like the official). A query of several words also finds entities holding every word
 * somewhere, ranked last, so the official result is always a subset of ours.
 *
 * Answers are paged (offset, limit) and held to a size budget, because a whole graph read at
 * once is what fills agents' contexts; what was left out is counted, with the offset to go on.
 */
import type { EntityRecord, MemoryGraph, RelationRecord } from './graph';
import { clipEntity, clipRelation } from './limits';

/** Roughly 15k tokens of JSON: enough for a few hundred entities, far below a context window. */
export const DEFAULT_BUDGET_CHARS = 60_000;
export const MAX_LIMIT = 5000;

export interface PageOptions {
  offset?: number;
  limit?: number;
  /** JSON characters an answer may hold (default DEFAULT_BUDGET_CHARS); at least one item is returned. */
  budgetChars?: number;
}

export interface LeftOut {
  /** Entities and relations not in this answer. */
  entities: number;
  relations: number;
  /** Pass as `offset` to get the next page. */
  nextOffset: number;
}

export interface GraphPage {
  entities: EntityRecord[];
  relations: RelationRecord[];
  more?: LeftOut;
}

/** Rank of an entity for a query (lower is better), or undefined when it does not match. */
export function rankEntity(e: EntityRecord, query: string): number | undefined {
  const q = query.toLowerCase();
  const tier = (text: string): number | undefined => {
    const t = text.toLowerCase();
    if (t === q) return 0;
    if (t.startsWith(q)) return 1;
    if (t.includes(q)) return 2;
    return undefined;
  };
  const name = tier(e.name);
  if (name !== undefined) return name;
  const type = tier(e.entityType);
  if (type !== undefined) return 3 + type;
  let best: number | undefined;
  for (const o of e.observations) {
    const r = tier(o);
    if (r !== undefined && (best === undefined || r < best)) best = r;
    if (best === 0) break;
  }
  if (best !== undefined) return 6 + best;
  const words = q.split(/\s+/).filter(Boolean);
  if (words.length < 2) return undefined;
  const all = `${e.name}\n${e.entityType}\n${e.observations.join('\n')}`.toLowerCase();
  return words.every((w) => all.includes(w)) ? 9 : undefined;
}

/** Every matching entity, best first; ties keep graph order. */
export function searchEntities(graph: MemoryGraph, query: string): EntityRecord[] {
  const ranked: { e: EntityRecord; rank: number; i: number }[] = [];
  graph.entities().forEach((e, i) => {
    const rank = rankEntity(e, query);
    if (rank !== undefined) ranked.push({ e, rank, i });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.i - b.i);
  return ranked.map((r) => r.e);
}

function window(options: PageOptions): { offset: number; limit: number; budget: number } {
  const offset = Math.max(0, Math.floor(options.offset ?? 0));
  const limit = Math.min(MAX_LIMIT, Math.max(1, Math.floor(options.limit ?? MAX_LIMIT)));
  return { offset, limit, budget: options.budgetChars ?? DEFAULT_BUDGET_CHARS };
}

/**
 * Takes items from `offset` while the count and the size budget allow. The first item of a page
 * is always taken, cut to the budget by `clip` if it is larger on its own (limits.ts).
 */
function take<T>(items: readonly T[], offset: number, limit: number, budget: { left: number }, clip: (item: T, maxChars: number) => T): T[] {
  const out: T[] = [];
  for (let i = offset; i < items.length && out.length < limit; i++) {
    const item = out.length === 0 ? clip(items[i]!, budget.left) : items[i]!;
    const s = jsonSize(item);
    if (out.length > 0 && s > budget.left) break;
    budget.left -= s;
    out.push(item);
  }
  return out;
}

const jsonSize = (v: unknown): number => JSON.stringify(v).length + 1;
const clipRelationTo = (r: RelationRecord): RelationRecord => clipRelation(r);

/**
 * read_graph, paged: the file's sequence (entities, then relations) from `offset`. Entities and
 * relations share one sequence so that pages neither repeat nor skip anything.
 */
export function pageGraph(graph: MemoryGraph, options: PageOptions = {}): GraphPage {
  const { offset, limit, budget } = window(options);
  const entities = graph.entities();
  const relations = graph.relations();
  const left = { left: budget };
  const pageEntities = take(entities, offset, limit, left, clipEntity);
  const relOffset = Math.max(0, offset - entities.length);
  const roomFor = limit - pageEntities.length;
  // Relations follow only when this page reached the end of the entities.
  const reachedEnd = offset + pageEntities.length >= entities.length;
  const pageRelations = reachedEnd && roomFor > 0 ? take(relations, relOffset, roomFor, pageEntities.length > 0 ? left : { left: budget }, clipRelationTo) : [];
  const shown = Math.min(offset, entities.length + relations.length) + pageEntities.length + pageRelations.length;
  const total = entities.length + relations.length;
  if (shown >= total) return { entities: pageEntities, relations: pageRelations };
  const entitiesLeft = Math.max(0, entities.length - Math.min(entities.length, offset) - pageEntities.length);
  return {
    entities: pageEntities,
    relations: pageRelations,
    more: { entities: entitiesLeft, relations: total - shown - entitiesLeft, nextOffset: shown },
  };
}

/** search_nodes, paged over the ranked entities; relations touching the page come with it. */
export function pageSearch(graph: MemoryGraph, query: string, options: PageOptions = {}): GraphPage {
  const { offset, limit, budget } = window(options);
  return pageFound(graph, searchEntities(graph, query), offset, limit, budget);
}

function pageFound(graph: MemoryGraph, found: readonly EntityRecord[], offset: number, limit: number, budget: number): GraphPage {
  const left = { left: budget };
  const entities = take(found, offset, limit, left, clipEntity);
  // The names as stored: a clipped page entity may show a cut name.
  const touching = graph.relationsTouching(new Set(found.slice(offset, offset + entities.length).map((e) => e.name)));
  // Relations get what the entities left of the budget, but never crowd out all of them.
  const relations = take(touching, 0, MAX_LIMIT, { left: Math.max(left.left, budget / 4) }, clipRelationTo);
  const entitiesLeft = Math.max(0, found.length - offset - entities.length);
  const relationsLeft = touching.length - relations.length;
  if (entitiesLeft === 0 && relationsLeft === 0) return { entities, relations };
  return { entities, relations, more: { entities: entitiesLeft, relations: relationsLeft, nextOffset: offset + entities.length } };
}

/** open_nodes, paged like search_nodes over the named entities (in graph order). */
export function pageOpen(graph: MemoryGraph, names: readonly string[], options: PageOptions = {}): GraphPage {
  const { offset, limit, budget } = window(options);
  const found = graph.openNodes(names).entities;
  return pageFound(graph, found, offset, limit, budget);
}
