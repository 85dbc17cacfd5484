/**
 * Test helpers: incremental updates against a full rebuild
 * ========================================================
 * Shared by the property tests of code (incremental.test.ts) and decisions
 * (decisions_incremental.test.ts): the files of a tree, and one run of edits checked against a
 * fresh index of the same files.
 */
import assert from 'node:assert/strict';
import { cpSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Workspace } from '../../extension/core/workspace';

/** Every file under `dir`, root-relative with forward slashes, sorted. */
export function listFiles(dir: string, root = dir, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) listFiles(p, root, out);
    else out.push(relative(root, p).split('\\').join('/'));
  }
  return out.sort();
}

let runs = 0;

/**
 * Copies `base`, indexes it, applies each step through `update()` (a step edits files under the
 * copy and returns the root-relative paths it touched), then asserts the graph equals a full index.
 */
export async function expectUpdatesEqualRebuild<Step>(base: string, steps: readonly Step[], apply: (dir: string, step: Step) => string[]): Promise<void> {
  const dir = join(tmpdir(), `kg-incr-run-${process.pid}-${runs++}`);
  rmSync(dir, { recursive: true, force: true });
  cpSync(base, dir, { recursive: true });
  const live = await Workspace.open(dir, { persist: false, workers: 0 });
  try {
    await live.index();
    for (const step of steps) await live.update(apply(dir, step).map((p) => join(dir, p)));
    const fresh = await Workspace.open(dir, { persist: false, workers: 0 });
    await fresh.index();
    await fresh.close();
    assert.equal(live.graph.canonical(), fresh.graph.canonical(), `after ${JSON.stringify(steps)}`);
  } finally {
    await live.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
