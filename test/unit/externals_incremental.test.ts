/**
 * External nodes named by documents: incremental == full
 * ======================================================
 * Issue 21 item 8: deleting the only importer of a package while a document still names it
 * left the `external` node and its `mentions` edge, through updates and through `reindex full`
 * in the running workspace; only a restart cleared it. A real folder is edited on disk, and the
 * live graph is compared with a fresh index of the same files after every kind of step.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import fc from 'fast-check';
import { Workspace } from '../../extension/core/workspace';

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kg-ext-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'README.md'), '# Shop\n\nHTTP goes through `requests`; dates through `arrow`.\n');
  writeFileSync(join(dir, 'a.py'), 'import requests\n\ndef fetch():\n    return requests.get("x")\n');
  writeFileSync(join(dir, 'b.py'), 'import arrow\n\ndef now():\n    return arrow.now()\n');
  return dir;
}

async function fresh(dir: string): Promise<string> {
  const ws = await Workspace.open(dir, { persist: false, workers: 0 });
  try {
    await ws.index();
    return ws.graph.canonical();
  } finally {
    await ws.close();
  }
}

const externals = (ws: Workspace): string[] => [...ws.graph.graph.nodes()].filter((n) => ws.graph.node(n)?.kind === 'external').sort();

describe('externals named by documents', { timeout: 120_000 }, () => {
  it('deleting the only importer drops the external and its mentions, by update and by a full reindex', async () => {
    const dir = folder();
    const live = await Workspace.open(dir, { persist: false, workers: 0 });
    try {
      await live.index();
      const before = externals(live);
      assert.ok(before.length >= 2, `externals: ${before.join(', ')}`);
      const requests = before.find((n) => n.endsWith('requests'))!;
      assert.ok(live.graph.graph.inEdges(requests).some((e) => live.graph.graph.getEdgeAttribute(e, 'kind') === 'mentions'), 'the README mentions it');
      unlinkSync(join(dir, 'a.py'));
      await live.update([join(dir, 'a.py')]);
      assert.ok(!live.graph.hasNode(requests), 'gone after the update');
      assert.equal(live.graph.canonical(), await fresh(dir));
      unlinkSync(join(dir, 'b.py'));
      await live.index({ full: true });
      assert.equal(live.graph.canonical(), await fresh(dir), 'reindex full rebuilds exactly');
    } finally {
      await live.close();
    }
  });

  it('property: any sequence of adding and deleting importers equals a fresh index', async () => {
    const step = fc.record({ file: fc.constantFrom('a.py', 'b.py', 'c.py'), pkg: fc.constantFrom('requests', 'arrow', 'other'), remove: fc.boolean(), full: fc.boolean() });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 5 }), async (steps) => {
        const dir = folder();
        const live = await Workspace.open(dir, { persist: false, workers: 0 });
        try {
          await live.index();
          for (const s of steps) {
            const path = join(dir, s.file);
            if (s.remove) rmSync(path, { force: true });
            else writeFileSync(path, `import ${s.pkg}\n\ndef f():\n    return ${s.pkg}.x\n`);
            if (s.full) await live.index({ full: true });
            else await live.update([path]);
          }
          assert.equal(live.graph.canonical(), await fresh(dir), JSON.stringify(steps));
        } finally {
          await live.close();
        }
      }),
      { numRuns: 15 },
    );
  });
});
