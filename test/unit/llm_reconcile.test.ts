/**
 * LLM reconciliation, tier 3
 * ==========================
 * The pre-filter (pairs sharing a significant word), the caps (200 pairs a run, 10 pairs a
 * request, 5 requests at once), the thresholds (≥ 0.85 same_as, ≥ 0.60 related_to), bad score
 * items dropped, cached scores not asked again, and union-find clusters spanning tiers 1–3.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LlmCache } from '../../extension/core/llm/cache';
import { LlmLedger } from '../../extension/core/llm/ledger';
import { LlmNodes } from '../../extension/core/llm/nodes';
import { OpenAiChatProvider } from '../../extension/core/llm/providers/openai';
import { candidatePairs, reconcileWithModel, significantWords } from '../../extension/core/llm/reconcile';
import { CodeGraph } from '../../extension/core/model/graph';
import { startOpenAiChatStub, type OpenAiChatStub } from '../helpers/openai_chat_stub';

/** 80 groups of three concepts; within a group each pair shares exactly one word. */
function graphOfConcepts(groups = 80): CodeGraph {
  const g = new CodeGraph();
  for (let i = 0; i < groups; i++) {
    for (const name of [`alpha${i} beta${i}`, `alpha${i} gamma${i}`, `beta${i} gamma${i}`]) g.setNode(`concept:doc.md#${name.replace(' ', '-')}`, { kind: 'concept', name, path: 'doc.md', line: 1 });
  }
  // Tier 1–2 already linked these two; tier 3 must not ask about them again.
  g.setNode('concept:other.md#alpha0', { kind: 'concept', name: 'ALPHA0 gamma0', path: 'other.md', line: 1 });
  g.setEdge('same_as', 'concept:doc.md#alpha0-gamma0', 'concept:other.md#alpha0', { score: 1, via: 'exact' });
  return g;
}

/** The stub's judge: sharing the alpha word is the same thing, beta related, gamma different. */
function score(a: string, b: string): number {
  const shared = [...significantWords(a)].filter((w) => significantWords(b).has(w));
  return shared.some((w) => w.startsWith('alpha')) ? 0.9 : shared.some((w) => w.startsWith('beta')) ? 0.7 : 0.3;
}

describe('tier-3 reconciliation', () => {
  let stub: OpenAiChatStub;
  before(async () => {
    stub = await startOpenAiChatStub(async (req) => {
      const prompt = req.body.messages?.find((m) => m.role === 'user')?.content ?? '';
      const pairs = [...prompt.matchAll(/^(\d+)\. A: (.*)\n\s+B: (.*)$/gm)];
      await new Promise((r) => setTimeout(r, 30));
      const scores = pairs.map((m) => ({ pair: Number(m[1]), score: score(m[2]!, m[3]!) }));
      return { content: JSON.stringify({ scores: [...scores, { pair: 99, score: 1 }, { pair: 1, score: 'high' }] }) };
    });
  });
  after(() => stub.close());

  it('pre-filters pairs sharing a significant word, most shared first, and caps them', () => {
    const items = [
      { id: 'a', name: 'Order cache', text: '' },
      { id: 'b', name: 'Cache of orders', text: '' },
      { id: 'c', name: 'Payment gateway', text: '' },
      { id: 'd', name: 'The gateway', text: '' },
      { id: 'e', name: 'Unrelated thing', text: '' },
    ];
    const { pairs, candidates } = candidatePairs(items);
    // "the" is not significant; gateway pairs overlap more (1 of 2 words) than cache ones (1 of 3).
    assert.deepEqual(pairs.map(([x, y]) => `${x.id}${y.id}`), ['cd', 'ab']);
    assert.equal(candidates, 2);
    assert.equal(candidatePairs(items, new Set(), 1).pairs.length, 1);
  });

  it('asks 10 pairs per request, 5 requests at most at once, 200 pairs at most, and links by threshold', async () => {
    const graph = graphOfConcepts();
    const cache = new LlmCache(undefined);
    const provider = new OpenAiChatProvider({ baseUrl: stub.url, model: 'm', retries: 0 });
    const from = stub.requests.length;
    const run = await reconcileWithModel(graph, { provider, cache, ledger: new LlmLedger() });
    // Three pairs per group, plus the tier-1 node's two (its third pair tiers 1–2 already linked).
    assert.equal(run.candidates, 242);
    assert.equal(run.pairs, 200);
    assert.equal(run.requests, 20);
    const sent = stub.requests.slice(from);
    assert.equal(sent.length, 20);
    const asked = sent.map((r) => (r.body.messages?.find((m) => m.role === 'user')?.content.match(/^\d+\. A:/gm) ?? []).length);
    assert.ok(asked.every((n) => n >= 1 && n <= 10), asked.join(','));
    assert.equal(asked.reduce((n, k) => n + k, 0), 200);
    assert.equal(stub.maxInFlight, 5);
    assert.equal(run.dropped, 40, 'two bad score items per answer');

    const name = (id: string): string => graph.node(id)!.name;
    for (const m of run.matches) {
      const s = score(name(m.a), name(m.b));
      assert.equal(m.kind, s >= 0.85 ? 'same_as' : 'related_to', `${name(m.a)} / ${name(m.b)}`);
      assert.ok(s >= 0.6);
    }
    const considered = 200;
    assert.ok(run.matches.length < considered, 'the gamma pairs (0.3) link nothing');
    assert.ok(run.matches.some((m) => m.kind === 'same_as') && run.matches.some((m) => m.kind === 'related_to'));

    // Clusters span the tiers: alpha0-beta0 ~ alpha0-gamma0 (tier 3) ~ ALPHA0 gamma0 (tier 1).
    assert.equal(run.clusters.get('concept:other.md#alpha0'), 'concept:doc.md#alpha0-beta0');
    assert.equal(run.clusters.get('concept:doc.md#alpha0-gamma0'), 'concept:doc.md#alpha0-beta0');

    // Linked, never merged: edges of our own, both nodes kept.
    const nodes = new LlmNodes();
    nodes.setMatches(graph, run.matches, run.clusters);
    const e = graph.edge('same_as|concept:doc.md#alpha0-beta0|concept:doc.md#alpha0-gamma0');
    assert.equal(e?.via, 'llm');
    assert.equal(e?.score, 0.9);
    assert.equal(graph.edge('same_as|concept:doc.md#alpha0-gamma0|concept:other.md#alpha0')?.via, 'exact', 'the tier-1 edge is untouched');

    const again = await reconcileWithModel(graph, { provider, cache, ledger: new LlmLedger() });
    assert.equal(again.requests, 0, 'every score comes from the cache');
    assert.equal(again.cacheHits, 200);
    assert.deepEqual(again.matches, run.matches);
  });
});
