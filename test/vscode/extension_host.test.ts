/**
 * The extension in a real VS Code extension host
 * ==============================================
 * Spawns test/vscode/run.ts (runTests → host/code-shim → code-server's VS Code 1.139 with headless
 * Chromium) and reports every in-host test as a subtest here, by name, so `npm test` shows each.
 * Skipped, with the reason, only when the host cannot be installed (see host.ts).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runScript } from './results';

test('VS Code extension host (runTests on the fixture workspace, then a restart)', { timeout: 20 * 60_000 }, async (t) => {
  const run = await runScript('test/vscode/run.ts', t.signal);
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
