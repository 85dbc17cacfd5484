/**
 * One file filter
 * ===============
 * The walk, Workspace.update() (saves, `reindex` with paths) and the CLI watcher decide with one
 * FileFilter: a file that is excluded, git-ignored, outside the include globs or under a
 * virtualenv never enters the graph when saved, a `!build/` negation lets build/ in everywhere,
 * and after every step the graph equals a full rebuild of the same files.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { FileFilter } from '../../extension/core/index/file_filter';
import { Workspace, type WorkspaceOptions } from '../../extension/core/workspace';

const temps: string[] = [];
after(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'kg-filter-'));
  temps.push(root);
  write(root, files);
  return root;
}

function write(root: string, files: Record<string, string>): string[] {
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), content);
  }
  return Object.keys(files);
}

const BASE = {
  '.gitignore': 'ignored.py\nlogs/\n',
  'app.py': 'def main():\n    return 1\n',
  'env/pyvenv.cfg': 'home = /usr/bin\n',
  'env/lib/site.py': 'def in_env():\n    return 1\n',
};

/** Indexes `root`, saves `files` through update(), checks none of `absent` and all of `present` are in the graph, and that the graph equals a full rebuild. */
async function saveAndCompare(root: string, options: WorkspaceOptions, files: Record<string, string>, absent: string[], present: string[]): Promise<void> {
  const live = await Workspace.open(root, { persist: false, workers: 0, ...options });
  try {
    await live.index();
    await live.update(write(root, files));
    for (const path of absent) assert.ok(!live.graph.graph.hasNode(`file:${path}`), `${path} must not enter the graph on save`);
    for (const path of present) assert.ok(live.graph.graph.hasNode(`file:${path}`), `${path} must be indexed on save`);
    const fresh = await Workspace.open(root, { persist: false, workers: 0, ...options });
    await fresh.index();
    await fresh.close();
    assert.equal(live.graph.canonical(), fresh.graph.canonical(), 'the graph after the saves equals a full rebuild');
  } finally {
    await live.close();
  }
}

describe('one file filter for the walk and update()', () => {
  it('an excluded file saved (kgMemory.exclude / KG_MEMORY_EXCLUDE) stays out', async () => {
    await saveAndCompare(tree(BASE), { exclude: ['generated/', '*.gen.py'] }, { 'generated/x.py': 'def gen():\n    return 1\n', 'src/y.gen.py': 'def y():\n    return 2\n', 'src/ok.py': 'def ok():\n    return 3\n' }, ['generated/x.py', 'src/y.gen.py'], ['src/ok.py']);
  });

  it('a git-ignored file saved stays out, in an ignored folder and by a nested .gitignore', async () => {
    const root = tree({ ...BASE, 'pkg/.gitignore': 'local_*.py\n' });
    await saveAndCompare(root, {}, { 'ignored.py': 'def i():\n    return 1\n', 'logs/run.py': 'def r():\n    return 1\n', 'pkg/local_dev.py': 'def d():\n    return 1\n', 'pkg/kept.py': 'def k():\n    return 1\n' }, ['ignored.py', 'logs/run.py', 'pkg/local_dev.py'], ['pkg/kept.py']);
  });

  it('a file under a virtualenv (any folder name) stays out', async () => {
    await saveAndCompare(tree(BASE), {}, { 'env/lib/site.py': 'def changed():\n    return 2\n', 'env/tool.py': 'def t():\n    return 1\n' }, ['env/lib/site.py', 'env/tool.py'], []);
  });

  it('a !build/ negation lets build/ in on save as in the walk; without it build/ stays out', async () => {
    const files = { 'build/out.py': 'def built():\n    return 1\n' };
    await saveAndCompare(tree(BASE), { exclude: ['!build/'] }, files, [], ['build/out.py']);
    await saveAndCompare(tree(BASE), {}, files, ['build/out.py'], []);
  });

  it('a source outside the include globs (kgMemory.include / KG_MEMORY_INCLUDE) stays out; documents are not subject to them', async () => {
    await saveAndCompare(tree({ ...BASE, 'src/a.py': 'def a():\n    return 1\n' }), { include: ['src/**'] }, { 'tools/x.py': 'def x():\n    return 1\n', 'src/b.py': 'def b():\n    return 1\n' }, ['tools/x.py'], ['src/b.py']);
  });

  it('a .gitignore edited while serving: the next save of a now-ignored file removes it, as a rebuild would', async () => {
    const root = tree({ ...BASE, 'old.py': 'def old():\n    return 1\n' });
    await saveAndCompare(root, {}, { '.gitignore': 'old.py\n', 'old.py': 'def old():\n    return 2\n' }, ['old.py'], ['app.py']);
  });
});

describe('one file filter for the CLI watcher (serve, mcp)', () => {
  it('saving excluded, git-ignored and virtualenv files puts none of them in the graph; the graph equals a full rebuild', async () => {
    const root = tree(BASE);
    const options: WorkspaceOptions = { persist: false, workers: 0, exclude: ['generated/'] };
    const ws = await Workspace.open(root, options);
    try {
      await ws.index();
      ws.watch();
      write(root, {
        'generated/g.py': 'def g():\n    return 1\n',
        'ignored.py': 'def i():\n    return 1\n',
        'env/lib/site.py': 'def changed():\n    return 2\n',
        'later.py': 'def later():\n    return 1\n',
      });
      for (let i = 0; i < 100 && !ws.graph.graph.hasNode('file:later.py'); i++) await sleep(50);
      await ws.settled();
      assert.ok(ws.graph.graph.hasNode('file:later.py'), 'the watcher saw the batch');
      for (const p of ['generated/g.py', 'ignored.py', 'env/lib/site.py']) assert.ok(!ws.graph.graph.hasNode(`file:${p}`), p);
      const fresh = await Workspace.open(root, options);
      await fresh.index();
      await fresh.close();
      assert.equal(ws.graph.canonical(), fresh.graph.canonical());
    } finally {
      await ws.close();
    }
  });
});

describe('FileFilter', () => {
  it('says why a path is left out', () => {
    const root = tree({ ...BASE, 'pkg/.gitignore': '!keep.log\n*.log\n' });
    const filter = new FileFilter(root, { exclude: ['generated/'], include: ['src/**'] });
    assert.equal(filter.excluded('generated/a.py'), 'excluded');
    assert.equal(filter.excluded('node_modules/x/index.js'), 'excluded');
    assert.equal(filter.excluded('logs/a.py'), 'ignored by .gitignore');
    assert.equal(filter.excluded('pkg/a.log'), 'ignored by .gitignore');
    assert.equal(filter.excluded('env/lib/site.py'), 'in a virtualenv');
    assert.equal(filter.excluded('tools/x.py', { source: true }), 'not matched by the include globs');
    assert.equal(filter.excluded('tools/README.md'), undefined, 'the include globs are for sources only');
    assert.equal(filter.excluded('src/x.py', { source: true }), undefined);
  });
});
