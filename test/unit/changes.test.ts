/**
 * What a change touches
 * =====================
 * A git repository made here (commits, a file rename, a removed function, a renamed one, a
 * change to a governed class) read as the working tree against HEAD, as two commits and as
 * the staged changes; every part of the answer is checked, and so are the errors.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { changes, changesMarkdown, GitError } from '../../extension/core/changes';
import type { ChangesResult } from '../../extension/core/changes';
import { Workspace } from '../../extension/core/workspace';
import { makeGitFixture } from '../helpers/git_fixture';
import type { GitFixture } from '../helpers/git_fixture';

const ADR = 'adr:docs/adr/0001-invoices-are-summed-in-one-place.md';

async function indexed(root: string): Promise<Workspace> {
  const ws = await Workspace.open(root, { persist: false, workers: 0 });
  await ws.index();
  await ws.docs.linkDeferredInSlices();
  return ws;
}

const defs = (r: ChangesResult): string[] => r.definitions.items.map((d) => `${d.change} ${d.name} ${d.loc}${d.was ? ` was ${d.was.name} ${d.was.loc}` : ''}`);

/** The answer every view of the one change must give (the graph is the changed working tree). */
function assertTheChange(r: ChangesResult): void {
  assert.deepEqual(defs(r), [
    'modified Invoice app/billing.py:1',
    'modified amount app/billing.py:7',
    'removed old_helper app/billing.py:13',
    'renamed renamed app/billing.py:15 was rename_me app/billing.py:17',
    'added new_rate app/billing.py:19',
    'modified bump app/report.py:8',
  ]);
  const byName = new Map(r.definitions.items.map((d) => [d.name, d]));
  assert.equal(byName.get('amount')?.id, 'py:app.billing:Invoice.amount');
  assert.equal(byName.get('old_helper')?.id, undefined, 'a removed definition has no node');
  // Callers to depth 2, each with path:line and the step it came through.
  const callers = byName.get('amount')?.callers?.items.map((c) => `${c.id} ${c.loc} ${c.depth}`);
  assert.deepEqual(callers, ['py:app.billing:total app/billing.py:11 1', 'py:app.report:summary app/report.py:4 2']);
  assert.deepEqual(byName.get('renamed')?.callers?.items.map((c) => c.id), ['py:app.report:bump']);
  assert.deepEqual(byName.get('Invoice')?.dependents?.items.map((c) => `${c.id} ${c.loc}`), ['py:app.billing:total app/billing.py:11', 'py:app.report:CreditNote app/report.py:12'], "what names it: total's annotation, CreditNote's base");
  // Tests: direct ones first, each once, with how many changed definitions it reaches.
  const tests = r.tests.items.map((t) => `${t.id} ${t.loc} ${t.how}`);
  assert.deepEqual(tests.slice(0, 2), ['py:tests.test_billing:test_amount tests/test_billing.py:5 direct', 'py:tests.test_billing:test_summary tests/test_billing.py:9 transitive']);
  assert.equal(new Set(r.tests.items.map((t) => t.id)).size, r.tests.items.length);
  assert.ok(r.tests.items[0]!.reaches >= 2, 'test_amount reaches Invoice and Invoice.amount');
  // The record governing the class governs its changed method too.
  const adr = r.decisions.items.find((d) => d.id === ADR);
  assert.ok(adr, 'the ADR naming Invoice governs the change');
  assert.equal(adr.loc, 'docs/adr/0001-invoices-are-summed-in-one-place.md:1');
  assert.equal(adr.status, 'accepted');
  assert.ok(adr.governs.includes('py:app.billing:Invoice') && adr.governs.includes('py:app.billing:Invoice.amount'));
  // The record still names what the change removed, renamed and moved.
  assert.deepEqual(r.stale.items.map((s) => `${s.text} ${s.loc} ${s.source === ADR}`).sort(), [
    'app/legacy_export.py docs/adr/0001-invoices-are-summed-in-one-place.md:15 true',
    'old_helper docs/adr/0001-invoices-are-summed-in-one-place.md:11 true',
    'rename_me docs/adr/0001-invoices-are-summed-in-one-place.md:11 true',
  ]);
  assert.match(r.stale.items.find((s) => s.text === 'rename_me')!.because, /renamed to renamed \(app\/billing\.py:15\)/);
  // The guide names Invoice: it is about the changed class and its method.
  const guide = r.docs.items.find((d) => d.id === 'doc:docs/guide.md');
  assert.ok(guide?.mentions.includes('py:app.billing:Invoice'));
  assert.equal(guide?.loc, 'docs/guide.md:1');
  assert.equal(r.counts.definitions, 6);
}

describe('changes', { timeout: 60_000 }, () => {
  let fx: GitFixture;
  let ws: Workspace;
  before(async () => {
    fx = makeGitFixture();
    fx.change();
    ws = await indexed(fx.root);
  });
  after(async () => {
    await ws?.close();
    fx?.dispose();
  });

  it('reads the working tree against HEAD: files, definitions, callers, tests, decisions, stale mentions, docs', async () => {
    const r = await changes(ws.graph, fx.root);
    assert.equal(r.head, 'the working tree');
    assert.match(r.base, /^HEAD \([0-9a-f]{12}\)$/);
    assert.deepEqual(r.files.items.map((f) => `${f.status} ${f.path}${f.oldPath ? ` from ${f.oldPath}` : ''}`), [
      'modified app/billing.py',
      'renamed app/exports.py from app/legacy_export.py',
      'modified app/report.py',
    ]);
    assertTheChange(r);
  });

  it('cuts every list at the limit and counts the rest', async () => {
    const r = await changes(ws.graph, fx.root, { limit: 2, depth: 1 });
    assert.equal(r.definitions.items.length, 2);
    assert.equal(r.definitions.more, 4);
    assert.equal(r.stale.more, 1);
    // depth 1: summary (two steps from amount) is left out.
    assert.deepEqual(r.definitions.items[1]!.callers?.items.map((c) => c.id), ['py:app.billing:total']);
  });

  it('writes a review summary in Markdown', async () => {
    const md = changesMarkdown(await changes(ws.graph, fx.root));
    assert.match(md, /^## Impact of this change/);
    assert.match(md, /\| renamed \| `rename_me` → `renamed` \(function\) \| app\/billing\.py:15 \|/);
    assert.match(md, /\| removed \| `old_helper` \(function\) \| app\/billing\.py:13 \|/);
    assert.match(md, /### Tests to run\n\n- `tests\/test_billing\.py:5`/);
    assert.match(md, /### Decisions that govern it\n\n- `docs\/adr\/0001-invoices-are-summed-in-one-place\.md:1` Invoices are summed in one place \(accepted\)/);
    assert.match(md, /### Record mentions made stale[\s\S]*`app\/legacy_export\.py`: app\/legacy_export\.py was renamed to app\/exports\.py/);
  });

  it('reads the staged changes only', async () => {
    fx.git('add', 'app/report.py');
    try {
      const r = await changes(ws.graph, fx.root, { staged: true });
      assert.equal(r.head, 'the index (staged)');
      assert.deepEqual(defs(r), ['modified bump app/report.py:8']);
      assert.deepEqual(r.files.items.map((f) => f.path), ['app/report.py']);
    } finally {
      fx.git('reset', '-q');
    }
  });

  it('reads two commits the same way once the change is committed (git sees the rename itself)', async () => {
    fx.git('add', '-A');
    fx.git('commit', '-q', '-m', 'change');
    const r = await changes(ws.graph, fx.root, { base: 'HEAD~1', head: 'HEAD' });
    assert.match(r.head, /^HEAD \(/);
    assert.deepEqual(r.files.items.find((f) => f.path === 'app/exports.py')?.oldPath, 'app/legacy_export.py');
    assertTheChange(r);
    const none = await changes(ws.graph, fx.root);
    assert.equal(none.counts.files, 0, 'a clean working tree changes nothing');
  });

  it('says clearly when the folder is not a git repository, or a ref does not exist', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'kg-nogit-'));
    try {
      await assert.rejects(changes(ws.graph, bare), (err: Error) => err instanceof GitError && /is not in a git repository/.test(err.message));
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
    await assert.rejects(changes(ws.graph, fx.root, { base: 'no-such-branch' }), /unknown revision "no-such-branch"/);
    await assert.rejects(changes(ws.graph, fx.root, { base: '--output=/tmp/x' }), /not a ref/);
    await assert.rejects(changes(ws.graph, fx.root, { depth: 9 }), RangeError);
  });
});
