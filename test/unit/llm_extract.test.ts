/**
 * LLM extraction
 * ==============
 * Every path from a model's answer to the graph, against a loopback chat server on a copy of the
 * decisions fixture: each item type (decision, concept, trade-off, principle, file, symbol), bad
 * items dropped and counted while the batch survives, a malformed answer costing only its own
 * document, idempotent ids, the cache (a hit sends nothing, across restarts; a corrupt file is
 * discarded), the concurrency limit, and incremental updates equal to a fresh projection.
 */
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { CACHE_FILE } from '../../extension/core/llm/cache';
import { LlmLayer } from '../../extension/core/llm/layer';
import { decisionId, llmConceptId, tradeOffId } from '../../extension/core/llm/nodes';
import { DEFAULT_LLM_SETTINGS } from '../../extension/core/llm/settings';
import { Workspace } from '../../extension/core/workspace';
import { copyFixture, edge, targets } from '../helpers/workspace';
import { startOpenAiChatStub, type OpenAiChatStub, type StubScript } from '../helpers/openai_chat_stub';

const ADR2 = 'docs/adr/0002-payments-go-through-one-gateway.md';
const ADR3 = 'docs/adr/0003-cache-orders-in-memory.md';
const ADR4 = 'docs/adr/0004-the-order-service-owns-caching.md';
const GATEWAY = 'All card payments go through PaymentGateway.';

const empty = { decisions: [], concepts: [], tradeOffs: [], principles: [], files: [] };

/** Recorded answers, by the document the prompt is about. */
const recorded: StubScript = (req) => {
  const prompt = req.body.messages?.find((m) => m.role === 'user')?.content ?? '';
  if (prompt.includes(ADR2)) {
    return {
      content: JSON.stringify({
        decisions: [
          { statement: GATEWAY, rationale: 'One retry loop instead of three.', confidence: 0.9, symbols: ['PaymentGateway', 'NoSuchThing'] },
          { statement: '', confidence: 0.5 }, // empty: dropped
          { statement: 'Retries back off.', confidence: 2 }, // out of range: dropped
        ],
        concepts: [
          { name: 'Idempotent charge', definition: 'Charging twice with the same key charges once.', category: 'principle' },
          { name: 'Gateway', definition: 'x', category: 'weird' }, // unknown category: dropped
        ],
        tradeOffs: [{ chosen: 'Stripe', rejected: 'legacy billing', reasoning: 'One provider, one retry policy.' }, { chosen: 'only this' }],
        principles: ['charge() must be idempotent'],
        files: ['shop/payments.py', 'shop/legacy_billing.py', '../../web/src/retry.ts'],
      }),
    };
  }
  if (prompt.includes(ADR3)) return { content: 'Sure! Here is what I found: {"decisions": [' }; // cut off: not JSON
  if (prompt.includes(ADR4)) {
    const answer = { ...empty, concepts: [{ name: 'cache invalidation', definition: 'Dropping entries when orders change.', category: 'term' }, { name: 'Write-through cache', definition: 'Writes go to the cache and the store.', category: 'pattern' }] };
    return { content: `Here you go:\n\`\`\`json\n${JSON.stringify(answer)}\n\`\`\`` };
  }
  return { content: JSON.stringify(empty) };
};

describe('LLM extraction', () => {
  let stub: OpenAiChatStub;
  let fixture: ReturnType<typeof copyFixture>;
  let ws: Workspace;
  const layer = (options: { concurrency?: number; persist?: boolean; log?: (l: 'info' | 'warn', m: string) => void } = {}): LlmLayer =>
    new LlmLayer(ws, {
      settings: { ...DEFAULT_LLM_SETTINGS, enabled: true, baseUrl: stub.url, model: 'stub', retries: 0, timeoutMs: 5000, concurrency: options.concurrency ?? 5 },
      persist: options.persist ?? false,
      ...(options.log ? { log: options.log } : {}),
    });

  beforeEach(async () => {
    stub = await startOpenAiChatStub(recorded);
    fixture = copyFixture('decisions/store');
    ws = await Workspace.open(fixture.dir, { persist: false, workers: 0 });
    await ws.index();
  });
  afterEach(async () => {
    await ws.close();
    await stub.close();
    fixture.dispose();
  });

  it('puts decisions, concepts, trade-offs, principles, files and symbols in the graph; bad items are dropped and counted', async () => {
    const l = layer();
    const report = await l.extract(await l.resolve());
    assert.equal(report.provider, 'endpoint');
    assert.equal(report.sources, 6, 'the six ADRs of the fixture');
    assert.equal(report.requests, 6);
    assert.equal(report.dropped, 4, 'two decisions, one concept, one trade-off');
    assert.deepEqual(report.failed.map((f) => f.path), [ADR3], 'the cut-off answer costs only its own record');
    assert.match(report.failed[0]!.error, /not a JSON object/);

    const d = decisionId(ADR2, GATEWAY);
    const node = ws.graph.node(d);
    assert.equal(node?.kind, 'decision');
    assert.equal(node?.llm?.statement, GATEWAY);
    assert.equal(node?.llm?.rationale, 'One retry loop instead of three.');
    assert.equal(node?.llm?.confidence, 0.9);
    assert.deepEqual(node?.llm?.principles, ['charge() must be idempotent'], 'principles on the decision node, not the adr node the DecisionIndex owns');
    assert.equal(ws.graph.node(`adr:${ADR2}`)?.decision?.principles, undefined);
    assert.match(node?.llm?.model ?? '', /^endpoint:stub-model$/);
    assert.equal(edge(ws, 'decided_in', d, `adr:${ADR2}`)?.via, 'llm');
    assert.deepEqual(targets(ws, 'decided_in', d), [`adr:${ADR2}`]);

    assert.ok(edge(ws, 'implements', 'py:shop.payments:PaymentGateway', d), 'a symbol that exists implements the decision');
    assert.equal(ws.graph.graph.inEdges(d).filter((e) => ws.graph.graph.getEdgeAttribute(e, 'kind') === 'implements').length, 1, 'NoSuchThing links nothing');

    const c = llmConceptId(ADR2, 'Idempotent charge');
    assert.equal(ws.graph.node(c)?.llm?.category, 'principle');
    assert.equal(ws.graph.node(c)?.doc, 'Charging twice with the same key charges once.');
    assert.ok(edge(ws, 'defines', `adr:${ADR2}`, c));

    const t = tradeOffId(ADR2, 'Stripe', 'legacy billing');
    assert.equal(ws.graph.node(t)?.kind, 'trade_off');
    assert.equal(ws.graph.node(t)?.llm?.reasoning, 'One provider, one retry policy.');
    assert.ok(edge(ws, 'considered', `adr:${ADR2}`, t));

    assert.equal(edge(ws, 'governs', `adr:${ADR2}`, 'file:web/src/retry.ts')?.via, 'llm', 'a path relative to the record');
    assert.notEqual(edge(ws, 'governs', `adr:${ADR2}`, 'file:shop/payments.py')?.via, 'llm', "the decision graph's own edge is left as it is");
    assert.ok(!ws.graph.hasNode('file:shop/legacy_billing.py'));

    // A concept the record already defines is reused, a new one is added.
    assert.ok(!ws.graph.hasNode(llmConceptId(ADR4, 'cache invalidation')));
    assert.ok(ws.graph.hasNode(`concept:${ADR4}#cache-invalidation`));
    assert.equal(ws.graph.node(llmConceptId(ADR4, 'Write-through cache'))?.llm?.category, 'pattern');

    const status = l.status();
    assert.equal(status.sent.requests, 6);
    assert.equal(status.sent.byDocument[ADR2]?.requests, 1);
    assert.ok((status.sent.byDocument[ADR2]?.charsSent ?? 0) > readFileSync(join(fixture.dir, ADR2), 'utf8').length, 'the record was sent, and counted');
    assert.deepEqual({ decisions: status.graph.decisions, tradeOffs: status.graph.tradeOffs, concepts: status.graph.concepts }, { decisions: 1, tradeOffs: 1, concepts: 2 });
  });

  it('gives the same ids on every extraction', async () => {
    const l = layer();
    await l.extract(await l.resolve());
    const ids = (): string[] => ws.graph.graph.filterNodes((_id, a) => a.kind === 'decision' || a.kind === 'trade_off' || (a.kind === 'concept' && a.llm !== undefined)).sort();
    const first = ids();
    const canonical = ws.graph.canonical();
    await l.extract(await l.resolve(), { force: true });
    assert.deepEqual(ids(), first);
    assert.equal(ws.graph.canonical(), canonical);
  });

  it('never sends an unchanged record twice, across restarts; a corrupt cache is discarded with a warning', async () => {
    const first = layer({ persist: true });
    await first.extract(await first.resolve());
    assert.equal(stub.requests.length, 6);
    const again = layer({ persist: true });
    const report = await again.extract(await again.resolve());
    assert.equal(report.cacheHits, 5);
    assert.equal(report.requests, 1, 'only the record whose answer failed is sent again');
    assert.equal(stub.requests.length, 7);
    assert.equal(again.status().sent.requests, 7, 'the totals of what was sent survive the restart');
    // An edited record is sent again, the others are not.
    appendFileSync(join(fixture.dir, ADR2), '\nA new paragraph.\n');
    await ws.update([join(fixture.dir, ADR2)]);
    const edited = await layer({ persist: true }).extract(await again.resolve());
    assert.equal(edited.requests, 2);

    writeFileSync(join(fixture.dir, '.kg-memory', CACHE_FILE), '{"version": 1, "extractions": [');
    const warnings: string[] = [];
    const fresh = layer({ persist: true, log: (_l, m) => warnings.push(m) });
    assert.match(warnings.join('\n'), /LLM cache discarded/);
    assert.ok(fresh.status().cache.discarded);
    assert.equal((await fresh.extract(await fresh.resolve())).requests, 6);
  });

  it('keeps at most `concurrency` requests in flight', async () => {
    stub.setScript(async (req, i) => ({ ...(await recorded(req, i)), delayMs: 80 }));
    const two = layer({ concurrency: 2 });
    await two.extract(await two.resolve());
    assert.equal(stub.maxInFlight, 2);
    const five = layer({ concurrency: 5 });
    await five.extract(await five.resolve(), { force: true });
    assert.equal(stub.maxInFlight, 5, 'the default limit, reached with six records');
  });

  it('follows the code and the records: an incremental update equals a fresh projection', async () => {
    const l = layer();
    await l.extract(await l.resolve());
    const d = decisionId(ADR2, GATEWAY);
    // Rename the implementing class: the implements edge goes; restore it: it comes back.
    const payments = join(fixture.dir, 'shop/payments.py');
    const source = readFileSync(payments, 'utf8');
    writeFileSync(payments, source.replace(/class PaymentGateway\b/, 'class PaymentRouter'));
    await ws.update([payments]);
    assert.equal(edge(ws, 'implements', 'py:shop.payments:PaymentGateway', d), undefined);
    assert.ok(ws.graph.hasNode(d), 'the decision stays');
    writeFileSync(payments, source);
    await ws.update([payments]);
    assert.ok(edge(ws, 'implements', 'py:shop.payments:PaymentGateway', d));
    // An edited record: its extraction no longer holds until it is extracted again.
    appendFileSync(join(fixture.dir, ADR2), '\nEdited.\n');
    await ws.update([join(fixture.dir, ADR2)]);
    assert.ok(!ws.graph.hasNode(d));

    const fresh = await Workspace.open(fixture.dir, { persist: false, workers: 0 });
    try {
      await fresh.index();
      fresh.llm.set(fresh.graph, ws.llm.extractions());
      assert.equal(ws.graph.canonical(), fresh.graph.canonical());
    } finally {
      await fresh.close();
    }
  });
});

describe('LLM cache', () => {
  it('drops what has not been used for 90 days, keeps what is used', async () => {
    const { LlmCache, PRUNE_AFTER_DAYS } = await import('../../extension/core/llm/cache');
    const cache = new LlmCache(undefined);
    cache.setExtraction('old', { model: 'm', items: {}, dropped: 0 });
    cache.setExtraction('fresh', { model: 'm', items: {}, dropped: 0 });
    cache.setPair('p', { score: 0.9, model: 'm' });
    const day = Math.floor(Date.now() / 86_400_000);
    assert.equal(cache.prune(day + PRUNE_AFTER_DAYS), 0, 'used today: kept for 90 days');
    assert.equal(cache.extraction('fresh')?.usedOn, day);
    assert.equal(cache.prune(day + PRUNE_AFTER_DAYS + 1), 3);
    assert.deepEqual(cache.size, { extractions: 0, pairs: 0 });
  });
});
