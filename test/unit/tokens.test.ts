/**
 * Token comparison on this project's own code
 * ===========================================
 * Indexes extension/ (persist off) and asks the shared questions of test/bench/token_questions.ts:
 * the MCP answers must cost at least 5x fewer tokens, in total, than grep-then-read.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Workspace } from '../../extension/core/workspace';
import { compareTokens, SELF_QUESTIONS, type TokenSummary } from '../bench/token_questions';

const MIN_RATIO = 5;

describe('tokens: graph answers vs grep-then-read on extension/', () => {
  let ws: Workspace;
  let summary: TokenSummary;

  before(async () => {
    ws = await Workspace.open(join(__dirname, '..', '..', 'extension'), { persist: false, workers: 0 });
    await ws.index();
    summary = await compareTokens(ws, SELF_QUESTIONS);
  });

  after(async () => {
    await ws?.close();
  });

  it('asks at least 10 questions, each answered by its tool', () => {
    assert.ok(summary.rows.length >= 10);
    const unanswered = summary.rows.filter((r) => !r.answered).map((r) => `${r.question}: ${r.error ?? 'error'}`);
    assert.deepEqual(unanswered, []);
  });

  it(`costs at least ${MIN_RATIO}x fewer tokens in total`, () => {
    const detail = summary.rows.map((r) => `${r.question}: ${r.graphTokens} vs ${r.baselineTokens}`).join('\n');
    assert.ok(summary.ratio >= MIN_RATIO, `total ratio ${summary.ratio.toFixed(1)}x < ${MIN_RATIO}x\n${detail}`);
  });
});
