/**
 * The decision surfaces in a real VS Code extension host
 * ======================================================
 * Spawns test/vscode/run_decisions.ts and reports every in-host test as a subtest: the "governed
 * by" lenses and hover, the record's "governs N" lens and stale-mention warnings, and both
 * updating when the record or the code it names is edited and saved.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runScript } from './results';

test('VS Code extension host: decision lenses, hover and diagnostics (decisions/store)', { timeout: 10 * 60_000 }, async (t) => {
  const run = await runScript('test/vscode/run_decisions.ts', t.signal);
  if (run.skip && run.results.length === 0) {
    console.log(`SKIP ${run.skip}`);
    t.skip(run.skip);
    assert.equal(run.code, 0, run.log.join('\n'));
    return;
  }
  for (const r of run.results) {
    await t.test(`[${r.suite}] ${r.name}`, () => {
      if (!r.ok) throw new Error(r.error ?? 'failed');
    });
  }
  assert.ok(run.results.length > 0, `no in-host test reported a result:\n${run.log.slice(-40).join('\n')}`);
  assert.equal(run.code, 0, `the host run exited ${run.code ?? run.signal}; its log:\n${run.log.slice(-40).join('\n')}`);
});
