/**
 * Following the disk: a watcher turns saves, new folders and deletions into update() batches.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Workspace } from '../../extension/core/workspace';

async function until(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('Workspace.watch', () => {
  let dir: string;
  let ws: Workspace;
  const batches: number[] = [];
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kg-watch-'));
    mkdirSync(join(dir, 'pkg'));
    writeFileSync(join(dir, 'pkg', 'a.py'), 'def a():\n    return 1\n');
    ws = await Workspace.open(dir, { persist: false, workers: 0 });
    await ws.index();
    ws.watch((report) => batches.push(report.parsed + report.removed));
  });
  after(async () => {
    await ws.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('re-indexes a saved file', async () => {
    writeFileSync(join(dir, 'pkg', 'a.py'), 'def a():\n    return b()\n\ndef b():\n    return 2\n');
    await until(() => ws.graph.hasNode('py:pkg.a:b'), 'b to appear');
    assert.ok(ws.graph.hasEdge('calls|py:pkg.a:a|py:pkg.a:b'));
  });

  it('follows a new folder and the files created in it', async () => {
    mkdirSync(join(dir, 'fresh'));
    writeFileSync(join(dir, 'fresh', 'c.py'), 'from pkg.a import a\n\ndef c():\n    return a()\n');
    await until(() => ws.graph.hasEdge('calls|py:fresh.c:c|py:pkg.a:a'), 'the new file to be resolved');
  });

  it('drops the files of a deleted folder', async () => {
    rmSync(join(dir, 'fresh'), { recursive: true });
    await until(() => !ws.graph.hasNode('file:fresh/c.py'), 'the deleted file to go');
  });

  it('batches many changes into few updates', async () => {
    const before = batches.length;
    for (let i = 0; i < 40; i++) writeFileSync(join(dir, 'pkg', `m${i}.py`), `def f${i}():\n    return ${i}\n`);
    await until(() => ws.graph.hasNode('py:pkg.m39:f39'), 'the 40 files');
    await ws.settled();
    assert.ok(batches.length - before <= 4, `40 files in ${batches.length - before} batches`);
  });
});
