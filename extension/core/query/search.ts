/**
 * Search
 * ======
 * Finds nodes by name, word parts of snake_case/camelCase names, and doc lines, ranked
 * exact > prefix > contains > words > doc. The token index is built on first use and reused
 * until `graph.version` changes.
 */
import { lowerBound } from '../model/sorted';
import type { CodeGraph } from '../model/graph';
import type { NodeAttributes, NodeKind } from '../model/types';
import { describeAttrs, kindRank } from './describe';
import type { Item } from './describe';
import { checkObject, optInt, optKinds, requireString } from './options';
import { NODE_KINDS } from '../model/kinds';

export type MatchTier = 'exact' | 'prefix' | 'contains' | 'words' | 'doc';
const TIERS: readonly MatchTier[] = ['exact', 'prefix', 'contains', 'words', 'doc'];

export interface SearchOptions {
  query: string;
  kinds?: NodeKind[] | NodeKind;
  limit?: number;
}

export interface SearchItem extends Item {
  match: MatchTier;
}

export interface SearchResult {
  query: string;
  total: number;
  items: SearchItem[];
  more?: number;
}

interface SearchIndex {
  version: number;
  ids: string[];
  kinds: NodeKind[];
  /** slot (unique lower-cased name) → node indexes */
  nameSlot: Map<string, number>;
  names: string[];
  nameNodes: number[][];
  /** "\n" + names.join("\n") + "\n": one indexOf pass finds every name containing the query. */
  blob: string;
  starts: number[];
  qualified: Map<string, number[]>;
  words: SortedPostings;
  docWords: SortedPostings;
  /**
   * One number per node that orders it within a tier: kind rank, exported, name length, then id.
   * Precomputed so a query sorts a Float64Array instead of calling a comparator on attributes.
   */
  order: Float64Array;
  /** order value → node index (the id rank part is unique). */
  byOrder: Map<number, number>;
}

/** Sorted unique words with their node lists, for prefix lookups by binary search. */
interface SortedPostings {
  words: string[];
  nodes: number[][];
}

const cache = new WeakMap<CodeGraph, SearchIndex>();
const STOP = new Set(['the', 'an', 'of', 'to', 'and', 'or', 'in', 'is', 'for', 'a', 'on', 'it', 'be', 'by', 'with', 'this', 'that']);

/** `getUserById` → get user by id; `HTTPServer_v2` → http server v2. */
export function wordParts(s: string): string[] {
  return s
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

function postings(map: Map<string, Set<number>>): SortedPostings {
  const words = [...map.keys()].sort();
  return { words, nodes: words.map((w) => [...(map.get(w) ?? [])]) };
}

function buildIndex(graph: CodeGraph): SearchIndex {
  const ids: string[] = [];
  const kinds: NodeKind[] = [];
  const nameSlot = new Map<string, number>();
  const names: string[] = [];
  const nameNodes: number[][] = [];
  const qualified = new Map<string, number[]>();
  const words = new Map<string, Set<number>>();
  const docWords = new Map<string, Set<number>>();
  const add = (m: Map<string, Set<number>>, w: string, i: number): void => {
    const s = m.get(w);
    if (s) s.add(i);
    else m.set(w, new Set([i]));
  };
  graph.graph.forEachNode((id, a) => {
    if (a.kind === 'memory') return; // memories are searched by search_nodes, not among the code
    const i = ids.length;
    ids.push(id);
    kinds.push(a.kind);
    const lower = a.name.toLowerCase().replace(/\n/g, ' ');
    let slot = nameSlot.get(lower);
    if (slot === undefined) {
      slot = names.length;
      nameSlot.set(lower, slot);
      names.push(lower);
      nameNodes.push([]);
    }
    nameNodes[slot]!.push(i);
    if (a.qualifiedName !== undefined && a.qualifiedName !== a.name) {
      const q = a.qualifiedName.toLowerCase();
      const list = qualified.get(q);
      if (list) list.push(i);
      else qualified.set(q, [i]);
    }
    for (const w of wordParts(a.qualifiedName ?? a.name)) add(words, w, i);
    if (a.qualifiedName !== undefined) for (const w of wordParts(a.name)) add(words, w, i);
    if (a.doc) for (const w of wordParts(a.doc)) if (w.length > 1 && !STOP.has(w)) add(docWords, w, i);
  });
  const idRank = new Int32Array(ids.length);
  ids
    .map((id, i) => [id, i] as const)
    .sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0))
    .forEach(([, i], r) => (idRank[i] = r));
  const order = new Float64Array(ids.length);
  const byOrder = new Map<number, number>();
  for (let i = 0; i < ids.length; i++) {
    const a = graph.node(ids[i]!) as NodeAttributes;
    const rank = kindRank(a.kind) * 2 + (a.exported ? 0 : 1);
    // rank < 32, length < 1024, id rank < 2^21: exact in a double.
    const key = (rank * 1024 + Math.min(a.name.length, 1023)) * 2 ** 21 + idRank[i]!;
    order[i] = key;
    byOrder.set(key, i);
  }
  const starts: number[] = [];
  let offset = 1;
  for (const n of names) {
    starts.push(offset);
    offset += n.length + 1;
  }
  return {
    version: graph.version, ids, kinds, nameSlot, names, nameNodes, starts, qualified, order, byOrder,
    blob: `\n${names.join('\n')}\n`,
    words: postings(words),
    docWords: postings(docWords),
  };
}

function indexFor(graph: CodeGraph): SearchIndex {
  const cached = cache.get(graph);
  if (cached && cached.version === graph.version) return cached;
  const idx = buildIndex(graph);
  cache.set(graph, idx);
  return idx;
}


/** Nodes having a word that starts with `w`. */
function prefixNodes(p: SortedPostings, w: string): Set<number> {
  const out = new Set<number>();
  for (let i = lowerBound(p.words, w); i < p.words.length && p.words[i]!.startsWith(w); i++) {
    for (const n of p.nodes[i]!) out.add(n);
  }
  return out;
}

function allWords(p: SortedPostings, qWords: string[]): Set<number> {
  let acc: Set<number> | undefined;
  for (const w of qWords) {
    const s = prefixNodes(p, w);
    acc = acc === undefined ? s : new Set([...acc].filter((n) => s.has(n)));
    if (acc.size === 0) break;
  }
  return acc ?? new Set();
}

/** Searches names, word parts and doc lines. */
export function search(graph: CodeGraph, options: SearchOptions): SearchResult {
  const where = 'query/search';
  const o = checkObject(where, options);
  const query = requireString(where, 'query', o.query);
  const kinds = optKinds(where, 'kinds', o.kinds, NODE_KINDS);
  const limit = optInt(where, 'limit', o.limit, 20, 1, 500);

  const idx = indexFor(graph);
  const want = kinds ? new Set(kinds) : undefined;
  const q = query.toLowerCase().replace(/\n/g, ' ');
  // Best tier per node; -1 = not matched. A typed array beats a Map at tens of thousands of hits.
  const tierOf = new Int8Array(idx.ids.length).fill(-1);
  const byTier: number[][] = TIERS.map(() => []);
  let total = 0;
  const take = (i: number, tier: number): void => {
    if (tierOf[i] !== -1 || (want && !want.has(idx.kinds[i]!))) return;
    tierOf[i] = tier;
    byTier[tier]!.push(i);
    total++;
  };

  const exact = idx.nameSlot.get(q);
  if (exact !== undefined) for (const i of idx.nameNodes[exact]!) take(i, 0);
  for (const i of idx.qualified.get(q) ?? []) take(i, 0);

  for (let from = 0; ; ) {
    const pos = idx.blob.indexOf(q, from);
    if (pos < 0) break;
    let slot = upperBoundNum(idx.starts, pos) - 1;
    if (slot < 0) slot = 0;
    if (pos + q.length <= idx.starts[slot]! + idx.names[slot]!.length) {
      const tier = pos === idx.starts[slot] ? 1 : 2;
      for (const i of idx.nameNodes[slot]!) take(i, tier);
    }
    // One hit per name is enough: jump to the next name.
    from = slot + 1 < idx.starts.length ? idx.starts[slot + 1]! : idx.blob.length;
  }

  const qWords = wordParts(query);
  if (qWords.length > 0) {
    for (const i of allWords(idx.words, qWords)) take(i, 3);
    for (const i of allWords(idx.docWords, qWords.filter((w) => !STOP.has(w)))) take(i, 4);
  }

  const items: SearchItem[] = [];
  for (let t = 0; t < TIERS.length && items.length < limit; t++) {
    for (const i of sortTier(graph, idx, byTier[t]!, t === 0 ? query : undefined)) {
      if (items.length >= limit) break;
      const a = graph.node(idx.ids[i]!);
      if (a === undefined) continue;
      items.push({ ...describeAttrs(idx.ids[i]!, a, { doc: t === 4 }), match: TIERS[t]! });
    }
  }
  const out: SearchResult = { query, total, items };
  if (total > items.length) out.more = total - items.length;
  return out;
}

function upperBoundNum(arr: readonly number[], x: number): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (arr[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A tier's nodes in answer order; the exact tier puts same-case names first. Only tiers that reach the answer are sorted. */
function sortTier(graph: CodeGraph, idx: SearchIndex, list: number[], exactCase: string | undefined): number[] {
  const CASE_MISS = 2 ** 40; // above any order value
  const keys = new Float64Array(list.length);
  for (let k = 0; k < list.length; k++) {
    const i = list[k]!;
    const miss = exactCase !== undefined && graph.node(idx.ids[i]!)?.name !== exactCase;
    keys[k] = idx.order[i]! + (miss ? CASE_MISS : 0);
  }
  keys.sort();
  return Array.from(keys, (key) => idx.byOrder.get(key >= CASE_MISS ? key - CASE_MISS : key) as number);
}
