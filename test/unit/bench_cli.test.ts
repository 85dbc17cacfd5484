/**
 * The bench's CLI section runs
 * ============================
 * Builds the shipped CLI the way the bench does and runs each CLI measurement once on a small
 * fixture (the peer off): every figure comes back as a number, no run errs. No timing is checked.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { buildCli, measureColdQuery, measureStart, sideBySide } from '../bench/measure_cli';
import { copyFixture } from '../helpers/workspace';

const cleanups: (() => void)[] = [];
after(() => cleanups.forEach((c) => c()));

describe('bench: the CLI section', () => {
  it('measures start, a full index, a cold query and an edit on the shipped build', { timeout: 240_000 }, async () => {
    const out = mkdtempSync(join(tmpdir(), 'kg-bench-cli-'));
    cleanups.push(() => rmSync(out, { recursive: true, force: true }));
    await buildCli(out);
    const start = await measureStart(1);
    assert.deepEqual(start.map((s) => s.command).slice(1), ['--help', 'config claude', 'query --help']);
    for (const s of start.slice(1)) assert.ok(Number.isFinite(s.firstByteP50Ms) && s.firstByteP50Ms <= s.exitP50Ms, JSON.stringify(s));

    const copy = copyFixture('docs_project');
    cleanups.push(copy.dispose);
    const side = await sideBySide({ name: 'docs_project', origin: 'fixture', lines: 0, dir: copy.dir }, 1, false);
    assert.ok(!('error' in side.ours), JSON.stringify(side.ours));
    assert.ok(side.ours.medianMs > 0);
    assert.ok('error' in side.peer && side.ratio === undefined, 'the peer was left out');

    const cold = await measureColdQuery(copy.dir, 'docs_project', 'PaymentGateway.charge', 'shop/payment.py', 2, 1);
    assert.equal(cold.error, undefined);
    assert.ok(Number.isFinite(cold.p50Ms) && Number.isFinite(cold.editIndexP50Ms));
  });
});
