/**
 * Reconciliation, tier 3
 * ======================
 * Tiers 1 and 2 (decisions/reconcile.ts) match names by spelling; this one asks the model
 * whether two concepts or decisions mean the same thing. Only pairs that share a significant
 * word are asked (a pre-filter that keeps the calls few), in batches of 10 pairs per request, at
 * most 5 requests at once, at most 200 pairs per run; scores are cached per pair. A score of
 * 0.85 or more links them same_as, 0.60 or more related_to; union-find then clusters the same_as
 * links together with those of tiers 1 and 2. Nodes are linked, never merged.
 */
import { z } from 'zod';
import type { CodeGraph } from '../model/graph';
import { UnionFind } from '../decisions/reconcile';
import { wordParts } from '../query/search';
import type { LlmCache } from './cache';
import { hashContent } from './extract';
import { parseJsonObject } from './json';
import { metered, type LlmLedger } from './ledger';
import { mapLimit } from './limit';
import type { LlmMatch } from './nodes';
import type { ChatProvider, JsonSchemaSpec } from './provider';

export const RECONCILE_LIMITS = { batchSize: 10, concurrency: 5, maxPairs: 200, sameAs: 0.85, relatedTo: 0.6 } as const;
const RECONCILE_VERSION = 1;

export interface ReconcileItem {
  id: string;
  name: string;
  /** A definition or rationale: what the model compares beside the name. */
  text: string;
}

export interface ReconcileOptions {
  provider: ChatProvider;
  cache: LlmCache;
  ledger: LlmLedger;
  batchSize?: number;
  concurrency?: number;
  maxPairs?: number;
  sameAs?: number;
  relatedTo?: number;
  signal?: AbortSignal;
}

export interface ReconcileRun {
  /** Pairs considered this run (after the pre-filter and the cap). */
  pairs: number;
  /** Pairs the pre-filter found before the cap. */
  candidates: number;
  requests: number;
  cacheHits: number;
  /** Score items dropped by validation. */
  dropped: number;
  failed: string[];
  matches: LlmMatch[];
  /** id → the smallest id of its same_as cluster (tiers 1–3), for nodes that have partners. */
  clusters: Map<string, string>;
}

const STOP = new Set(['the', 'and', 'for', 'with', 'that', 'this', 'from', 'into', 'use', 'uses', 'using', 'used', 'are', 'was', 'not', 'all', 'any', 'each', 'when', 'will', 'should', 'must', 'have', 'has', 'our', 'its', 'via', 'per', 'one', 'two', 'new', 'over']);

/** Words that say something: at least 3 letters, not a stop word. */
export function significantWords(s: string): Set<string> {
  return new Set(wordParts(s).filter((w) => w.length >= 3 && !STOP.has(w)));
}

/** The concept and decision nodes of the graph, as reconciliation sees them. */
export function reconcileItems(graph: CodeGraph): ReconcileItem[] {
  const out: ReconcileItem[] = [];
  graph.graph.forEachNode((id, a) => {
    if (a.kind === 'concept' || a.kind === 'decision') out.push({ id, name: a.name, text: a.llm?.definition ?? a.llm?.rationale ?? a.llm?.statement ?? '' });
  });
  return out.sort((x, y) => (x.id < y.id ? -1 : 1));
}

/** Pairs already linked same_as or related_to (tiers 1–2, or the code): not asked again. */
function linkedPairs(graph: CodeGraph): Set<string> {
  const out = new Set<string>();
  graph.graph.forEachEdge((_k, e, s, t) => {
    if ((e.kind === 'same_as' || e.kind === 'related_to') && e.via !== 'llm') out.add(pairKey(s, t));
  });
  return out;
}

const pairKey = (a: string, b: string): string => (a < b ? `${a}\n${b}` : `${b}\n${a}`);

/**
 * Pairs sharing a significant word, most shared words first, capped. Deterministic: ties break
 * on the ids.
 */
export function candidatePairs(items: readonly ReconcileItem[], skip: ReadonlySet<string> = new Set(), maxPairs: number = RECONCILE_LIMITS.maxPairs): { pairs: [ReconcileItem, ReconcileItem][]; candidates: number } {
  const words = items.map((i) => significantWords(i.name));
  const byWord = new Map<string, number[]>();
  words.forEach((ws, i) => ws.forEach((w) => byWord.set(w, [...(byWord.get(w) ?? []), i])));
  const shared = new Map<string, { i: number; j: number; n: number }>();
  for (const list of byWord.values()) {
    if (list.length > 50) continue; // a word on everything tells nothing apart
    for (let x = 0; x < list.length; x++) {
      for (let y = x + 1; y < list.length; y++) {
        const i = list[x]!;
        const j = list[y]!;
        const key = pairKey(items[i]!.id, items[j]!.id);
        if (skip.has(key)) continue;
        const s = shared.get(key);
        if (s) s.n++;
        else shared.set(key, { i, j, n: 1 });
      }
    }
  }
  const ranked = [...shared].map(([key, p]) => ({ key, p, jaccard: p.n / (words[p.i]!.size + words[p.j]!.size - p.n) }));
  ranked.sort((a, b) => b.p.n - a.p.n || b.jaccard - a.jaccard || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { pairs: ranked.slice(0, maxPairs).map(({ p }) => [items[p.i]!, items[p.j]!]), candidates: ranked.length };
}

const ScoreItem = z.object({ pair: z.number().int().min(1), score: z.number().min(0).max(1) });

const SCORE_SCHEMA: JsonSchemaSpec = {
  name: 'kg_memory_pair_scores',
  schema: {
    type: 'object',
    properties: { scores: { type: 'array', items: { type: 'object', properties: { pair: { type: 'integer' }, score: { type: 'number', minimum: 0, maximum: 1 } }, required: ['pair', 'score'] } } },
    required: ['scores'],
  },
};

const SYSTEM = [
  'You compare pairs of concepts or decisions from one software project\'s documentation.',
  'For each numbered pair, score 0-1 whether both sides mean the same thing: 1 the same concept under two names,',
  '0.6-0.85 closely related (one is part of, or a kind of, the other), below 0.6 different things.',
  'Reply with one JSON object only: {"scores": [{"pair": <number>, "score": <0-1>}]}, one entry per pair.',
].join('\n');

const describe = (i: ReconcileItem): string => `${i.name}${i.text && i.text !== i.name ? ` — ${i.text.slice(0, 300)}` : ''}`;

export async function reconcileWithModel(graph: CodeGraph, options: ReconcileOptions): Promise<ReconcileRun> {
  const batchSize = options.batchSize ?? RECONCILE_LIMITS.batchSize;
  const sameAs = options.sameAs ?? RECONCILE_LIMITS.sameAs;
  const relatedTo = options.relatedTo ?? RECONCILE_LIMITS.relatedTo;
  const { pairs, candidates } = candidatePairs(reconcileItems(graph), linkedPairs(graph), options.maxPairs ?? RECONCILE_LIMITS.maxPairs);
  const run: ReconcileRun = { pairs: pairs.length, candidates, requests: 0, cacheHits: 0, dropped: 0, failed: [], matches: [], clusters: new Map() };
  const scores = new Map<number, number>();
  const keys = pairs.map(([a, b]) => hashContent(`pair ${RECONCILE_VERSION}\n${[describe(a), describe(b)].sort().join('\n')}`));
  const todo: number[] = [];
  pairs.forEach((_p, i) => {
    const hit = options.cache.pair(keys[i]!);
    if (hit) {
      scores.set(i, hit.score);
      run.cacheHits++;
    } else todo.push(i);
  });
  const batches: number[][] = [];
  for (let i = 0; i < todo.length; i += batchSize) batches.push(todo.slice(i, i + batchSize));
  const provider = metered(options.provider, options.ledger, 'reconcile');
  await mapLimit(batches, options.concurrency ?? RECONCILE_LIMITS.concurrency, async (batch) => {
    if (options.signal?.aborted) return;
    run.requests++;
    const list = batch.map((p, n) => `${n + 1}. A: ${describe(pairs[p]![0])}\n   B: ${describe(pairs[p]![1])}`).join('\n');
    try {
      const response = await provider.complete({
        system: SYSTEM,
        messages: [{ role: 'user', content: list }],
        maxTokens: 40 * batch.length + 100,
        jsonSchema: SCORE_SCHEMA,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      const raw = parseJsonObject(response.text);
      const items = Array.isArray(raw?.scores) ? (raw.scores as unknown[]) : undefined;
      if (!items) throw new Error(`the model's answer is not {"scores": [...]}: ${JSON.stringify(response.text.slice(0, 80))}`);
      for (const item of items) {
        const r = ScoreItem.safeParse(item);
        if (!r.success || r.data.pair > batch.length) {
          run.dropped++;
          continue;
        }
        const p = batch[r.data.pair - 1]!;
        scores.set(p, r.data.score);
        options.cache.setPair(keys[p]!, { score: r.data.score, model: `${options.provider.id}:${response.model}` });
      }
    } catch (err) {
      run.failed.push((err as Error).message);
    }
  });

  for (const [i, score] of [...scores].sort(([a], [b]) => a - b)) {
    const [x, y] = pairs[i]!;
    const [a, b] = x.id < y.id ? [x.id, y.id] : [y.id, x.id];
    if (score >= sameAs) run.matches.push({ a, b, kind: 'same_as', score });
    else if (score >= relatedTo) run.matches.push({ a, b, kind: 'related_to', score });
  }
  run.clusters = clustersWith(graph, run.matches);
  return run;
}

/** Union-find over the same_as links among concepts and decisions: tiers 1–2 from the graph, plus these. */
export function clustersWith(graph: CodeGraph, matches: readonly LlmMatch[]): Map<string, string> {
  const uf = new UnionFind();
  const members = new Set<string>();
  const join = (a: string, b: string): void => {
    uf.union(a, b);
    members.add(a);
    members.add(b);
  };
  const isItem = (id: string): boolean => {
    const k = graph.node(id)?.kind;
    return k === 'concept' || k === 'decision';
  };
  graph.graph.forEachEdge((_k, e, s, t) => {
    if (e.kind === 'same_as' && e.via !== 'llm' && isItem(s) && isItem(t)) join(s, t);
  });
  for (const m of matches) if (m.kind === 'same_as') join(m.a, m.b);
  return new Map([...members].sort().map((id) => [id, uf.find(id)]));
}
