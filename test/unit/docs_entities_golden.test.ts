/**
 * Docs entities against hand-annotated pages
 * ==========================================
 * 23 short pages (test/fixtures/docs_golden/project) about a small Python + TypeScript shop,
 * two of them adapted from the cheerio and htmlparser2 READMEs, annotated in truth.json with
 * the mentions a reader would link and the relations the text states. The pages go through the
 * real ingestion (extractDocument → chunkDocument), the code through the real indexer. Mention
 * linking and relation extraction are scored by precision, recall and F1, printed, and held to
 * floors. The set is small and was written alongside the extractor, so read the figures as a
 * regression bar, not as the accuracy on unseen documents; six held-out pages
 * (truth_heldout.json), written after the rules were frozen, give a rougher idea of that.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { EntityResult } from '../../extension/core/docs/entities';
import type { Workspace } from '../../extension/core/workspace';
import { loadTruth, pct, runGolden, scoreMentions, scoreRelations, type Truth } from '../fixtures/docs_golden/golden';
import { indexFixture } from '../helpers/workspace';

describe('docs entities on the golden set', () => {
  let ws: Workspace;
  let result: EntityResult;
  let truth: Truth;
  before(async () => {
    ws = await indexFixture('docs_golden/project');
    ({ result, truth } = await runGolden(ws.graph));
  });
  after(() => ws.close());

  it('has 20+ annotated pages whose code targets exist in the indexed fixture', () => {
    const t = loadTruth();
    assert.ok(Object.keys(t.pages).length >= 20);
    for (const page of Object.values(t.pages)) {
      for (const [, target] of page.mentions) if (!target.startsWith('entity:')) assert.ok(ws.graph.hasNode(target), target);
    }
  });

  it('links mentions with precision ≥ 0.9 and recall ≥ 0.85', () => {
    const s = scoreMentions(result, truth);
    console.log(`mention linking: precision ${pct(s.precision)}, recall ${pct(s.recall)}, F1 ${pct(s.f1)} (${s.tp} of ${s.expected} expected, ${s.found} found)`);
    assert.ok(s.precision >= 0.9, `precision ${s.precision}; wrong: ${s.wrong.join('; ')}`);
    assert.ok(s.recall >= 0.85, `recall ${s.recall}; missed: ${s.missed.join('; ')}`);
  });

  it('extracts relations with precision ≥ 0.85 and recall ≥ 0.6', () => {
    const s = scoreRelations(result, truth);
    console.log(`relations: precision ${pct(s.precision)}, recall ${pct(s.recall)}, F1 ${pct(s.f1)} (${s.tp} of ${s.expected} expected, ${s.found} found)`);
    assert.ok(s.precision >= 0.85, `precision ${s.precision}; wrong: ${s.wrong.join('; ')}`);
    assert.ok(s.recall >= 0.6, `recall ${s.recall}; missed: ${s.missed.join('; ')}`);
  });

  it('scores the held-out pages too (floors set below the development set\'s)', async () => {
    const held = await runGolden(ws.graph, {}, 'truth_heldout.json');
    const m = scoreMentions(held.result, held.truth);
    const r = scoreRelations(held.result, held.truth);
    console.log(`held-out mention linking: precision ${pct(m.precision)}, recall ${pct(m.recall)}, F1 ${pct(m.f1)} (${m.tp} of ${m.expected}, ${m.found} found)`);
    console.log(`held-out relations: precision ${pct(r.precision)}, recall ${pct(r.recall)}, F1 ${pct(r.f1)} (${r.tp} of ${r.expected}, ${r.found} found)`);
    assert.ok(m.precision >= 0.85 && m.recall >= 0.8, `mentions ${m.precision}/${m.recall}; wrong: ${m.wrong.join('; ')}; missed: ${m.missed.join('; ')}`);
    assert.ok(r.precision >= 0.4 && r.recall >= 0.4, `relations ${r.precision}/${r.recall}; wrong: ${r.wrong.join('; ')}; missed: ${r.missed.join('; ')}`);
  });

  it('gives every relation a confidence in (0, 1] and evidence from its chunk', () => {
    assert.ok(result.relations.length > 0);
    for (const r of result.relations) {
      assert.ok(r.confidence > 0 && r.confidence <= 1, JSON.stringify(r));
      assert.ok(r.evidence.length > 0 && r.evidence.length <= 200);
      assert.match(r.chunkId, /^chunk:/);
    }
  });

  it('lists every entity a mention or relation points at', () => {
    const ids = new Set(result.entities.map((e) => e.id));
    for (const m of result.mentions) if (m.target.startsWith('entity:')) assert.ok(ids.has(m.target), m.target);
    for (const r of result.relations) for (const end of [r.source, r.target]) if (end.startsWith('entity:')) assert.ok(ids.has(end), end);
    const redis = result.entities.find((e) => e.id === 'entity:redis');
    assert.ok(redis && redis.mentionCount >= 5, JSON.stringify(redis));
  });
});
