/**
 * Finding records with the defaults
 * =================================
 * Layouts taken from real repositories: three-digit records in docs/architecture-decision-records
 * (hmrc/pensions-lifetime-allowance-frontend), date-named records in docs/adr and in a package's
 * own docs/adr (thomvaill/log4brains, with README.md, index.md and template.md beside them and
 * a record with an odd name), doc/adr with a record that lost its .md and a picture
 * (SmartBear/git-en-boite), and a record filed with the notes, found by its headings. Traps: a
 * README quoting the template in a fence, a note with Context but no Decision, a gitignored
 * folder, a test project's records (log4brains keeps one under integration-tests/). Configured folders replace the rule; `status` says where records were looked for.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { Workspace } from '../../extension/core/workspace';

const NYGARD = (title: string) => `# ${title}\n\nDate: 2024-01-02\n\n## Status\n\nAccepted\n\n## Context\n\nWhy.\n\n## Decision\n\nWhat.\n`;
const LOG4BRAINS = (title: string) => `# ${title}\n\n- Status: accepted\n- Date: 2020-10-02\n\n## Context and Problem Statement\n\nWhy.\n\n## Decision Outcome\n\nWhat.\n`;

const FILES: Record<string, string> = {
  'docs/architecture-decision-records/001-record-architecture-decisions.md': NYGARD('1. Record architecture decisions'),
  'docs/architecture-decision-records/002-handling-of-missing-notification-id.md': NYGARD('2. Handling of a missing notification id'),
  'docs/adr/20200924-use-markdown-architectural-decision-records.md': LOG4BRAINS('Use Markdown Architectural Decision Records'),
  'docs/adr/README.md': '# Architecture Decision Records\n\n```md\n## Status\n## Context\n## Decision\n```\n',
  'docs/adr/index.md': '# Log\n\nSee the records.\n',
  'docs/adr/template.md': LOG4BRAINS('[short title of solved problem and solution]'),
  'packages/core/docs/adr/20201002-use-explicit-architecture-and-ddd.md': LOG4BRAINS('Use Explicit Architecture and DDD for the core API'),
  'packages/core/docs/adr/adr_with_a_WeIrd-filename.md': LOG4BRAINS('A record with an odd name'),
  'doc/adr/0015-remove-postgres-for-now.md': NYGARD('15. Remove Postgres for now'),
  'doc/adr/0016-handle-concurrent-git-operations': NYGARD('16. Handle concurrent git operations'),
  'doc/adr/2021/0017-filed-by-year.md': NYGARD('17. Filed by year'),
  'docs/notes/choosing-a-queue.md': NYGARD('Choosing a queue'),
  'docs/notes/madr-style.md': '---\nstatus: accepted\ndate: 2024-05-01\n---\n\n# Use one queue\n\n## Considered Options\n\n- A\n- B\n',
  'docs/notes/context-only.md': '# Notes\n\n## Status\n\nDraft\n\n## Context\n\nNo decision yet.\n',
  'docs/guide.md': '# Guide\n\n## Decision\n\nNot a record: no context, no status.\n',
  'build/adr/0001-generated.md': NYGARD('1. Generated'),
  'packages/core/integration-tests/ro-project/docs/adr/20200101-first-adr.md': LOG4BRAINS('A test project\'s record'),
  'test/fixtures/notes/a-record.md': NYGARD('A fixture'),
  '.gitignore': 'build/\n',
  'src/app.py': 'class App:\n    pass\n',
};

function workspace(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'kg-dec-discover-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

const FOUND = [
  'doc/adr/0015-remove-postgres-for-now.md',
  'doc/adr/2021/0017-filed-by-year.md',
  'docs/adr/20200924-use-markdown-architectural-decision-records.md',
  'docs/architecture-decision-records/001-record-architecture-decisions.md',
  'docs/architecture-decision-records/002-handling-of-missing-notification-id.md',
  'docs/notes/choosing-a-queue.md',
  'docs/notes/madr-style.md',
  'packages/core/docs/adr/20201002-use-explicit-architecture-and-ddd.md',
  'packages/core/docs/adr/adr_with_a_WeIrd-filename.md',
];

describe('record discovery with the defaults', () => {
  it('finds records by folder and name at any depth, and elsewhere by their headings; leaves the traps', async () => {
    const dir = workspace(FILES);
    const ws = await Workspace.open(dir, { persist: false, workers: 0 });
    try {
      await ws.index();
      assert.deepEqual(ws.decisions.documents().filter((p) => p.endsWith('.md') && !p.includes('CLAUDE')), FOUND);
      assert.equal(ws.graph.node('adr:docs/architecture-decision-records/002-handling-of-missing-notification-id.md')?.decision?.number, 2);
      const status = ws.status().decisions!;
      assert.match(status.searched, /adr, adrs, decisions/);
      assert.deepEqual(status.folders, [
        { folder: 'doc/adr', records: 2 },
        { folder: 'docs/adr', records: 1 },
        { folder: 'docs/architecture-decision-records', records: 2 },
        { folder: 'packages/core/docs/adr', records: 1 },
      ]);
      assert.deepEqual(status.byHeadings, ['docs/notes/choosing-a-queue.md', 'docs/notes/madr-style.md', 'packages/core/docs/adr/adr_with_a_WeIrd-filename.md']);
    } finally {
      await ws.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('agrees with a full index after updates that make and unmake records by their headings', async () => {
    const dir = workspace(FILES);
    const ws = await Workspace.open(dir, { persist: false, workers: 0 });
    try {
      await ws.index();
      writeFileSync(join(dir, 'docs/notes/context-only.md'), `${FILES['docs/notes/context-only.md']}\n## Decision\n\nNow there is one.\n`);
      writeFileSync(join(dir, 'docs/notes/choosing-a-queue.md'), '# Choosing a queue\n\nUndecided.\n');
      mkdirSync(join(dir, 'build/adr'), { recursive: true });
      writeFileSync(join(dir, 'build/adr/0002-also-generated.md'), NYGARD('2. Also generated'));
      await ws.update(['docs/notes/context-only.md', 'docs/notes/choosing-a-queue.md', 'build/adr/0002-also-generated.md'].map((p) => join(dir, p)));
      const incremental = ws.decisions.documents();
      assert.ok(incremental.includes('docs/notes/context-only.md'));
      assert.ok(!incremental.includes('docs/notes/choosing-a-queue.md'));
      const fresh = await Workspace.open(dir, { persist: false, workers: 0 });
      try {
        await fresh.index();
        assert.deepEqual(incremental, fresh.decisions.documents());
      } finally {
        await fresh.close();
      }
    } finally {
      await ws.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads only the configured folder when one is configured', async () => {
    const dir = workspace(FILES);
    const ws = await Workspace.open(dir, { persist: false, workers: 0, decisions: { adrFolder: 'doc/adr', filenamePattern: '^\\d{4}-.+\\.md$' } });
    try {
      await ws.index();
      assert.deepEqual(ws.decisions.documents(), ['doc/adr/0015-remove-postgres-for-now.md', 'doc/adr/2021/0017-filed-by-year.md']);
      assert.match(ws.status().decisions!.searched, /configured folders doc\/adr/);
    } finally {
      await ws.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds the same records after a restart from the snapshot, without a walk', async () => {
    const dir = workspace(FILES);
    try {
      const ws = await Workspace.open(dir, { workers: 0, warmUp: false });
      await ws.index();
      const before = ws.decisions.documents();
      await ws.close();
      const again = await Workspace.open(dir, { workers: 0, warmUp: false });
      try {
        assert.deepEqual(again.decisions.documents(), before);
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
