/**
 * Workspace walk tests
 * ====================
 * walkWorkspace on temporary trees: ignores, excludes, limits, symlinks.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { walkWorkspace } from '../../extension/core/index/walk';

const temps: string[] = [];
after(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

/** Creates a workspace from { relativePath: content }. */
function workspace(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(join(tmpdir(), 'kg-walk-'));
  temps.push(root);
  for (const [rel, content] of Object.entries(files)) {
    const abs = join(root, rel);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  }
  return root;
}

const paths = (r: { files: { path: string }[] }): string[] => r.files.map((f) => f.path);

describe('walkWorkspace', () => {
  it('lists indexable files, sorted, with size and mtime', async () => {
    const root = workspace({ 'b.py': 'x = 1\n', 'a/z.ts': 'let z;', 'a.js': '', 'README.md': '# hi', 'c.tsx': '', 'd.pyi': '' });
    const result = await walkWorkspace(root);
    assert.deepEqual(paths(result), ['a.js', 'a/z.ts', 'b.py', 'c.tsx', 'd.pyi']);
    const b = result.files.find((f) => f.path === 'b.py');
    assert.equal(b?.size, 6);
    assert.equal(b?.language, 'python');
    assert.equal(b?.absPath, join(root, 'b.py'));
    assert.ok((b?.mtimeMs ?? 0) > 0);
    assert.deepEqual(result.skipped, []);
  });

  it('honours the root .gitignore and nested ones relative to their folder', async () => {
    const root = workspace({
      '.gitignore': 'generated/\n*.gen.ts\n',
      'generated/x.py': '',
      'src/keep.ts': '',
      'src/a.gen.ts': '',
      'pkg/.gitignore': 'local.py\n/only_here.py\n!keep.gen.ts\n',
      'pkg/local.py': '',
      'pkg/only_here.py': '',
      'pkg/sub/only_here.py': '',
      'pkg/sub/local.py': '',
      'pkg/keep.gen.ts': '',
      'other/local.py': '',
    });
    const result = await walkWorkspace(root);
    assert.deepEqual(paths(result), ['other/local.py', 'pkg/keep.gen.ts', 'pkg/sub/only_here.py', 'src/keep.ts']);
  });

  it('honours .git/info/exclude, and gitignore: false turns ignores off', async () => {
    const root = workspace({ '.git/info/exclude': 'secret.py\n', 'secret.py': '', '.gitignore': 'x.py\n', 'x.py': '', 'y.py': '' });
    assert.deepEqual(paths(await walkWorkspace(root)), ['y.py']);
    assert.deepEqual(paths(await walkWorkspace(root, { gitignore: false })), ['secret.py', 'x.py', 'y.py']);
  });

  it('leaves out the default folders and any virtualenv', async () => {
    const root = workspace({
      'node_modules/m/index.js': '',
      '.git/hooks/x.py': '',
      '.venv/lib/x.py': '',
      'venv/lib/x.py': '',
      'env/pyvenv.cfg': 'home = /usr',
      'env/lib/x.py': '',
      'myenv/pyvenv.cfg': '',
      'myenv/x.py': '',
      'env2/x.py': '',
      'pkg/__pycache__/x.py': '',
      'pkg/dist/x.js': '',
      'build/x.py': '',
      'out/x.js': '',
      'coverage/x.js': '',
      '.next/x.js': '',
      '.tox/x.py': '',
      '.mypy_cache/x.py': '',
      '.pytest_cache/x.py': '',
      '.cache/x.js': '',
      '.kg-memory/x.js': '',
      'lib/site-packages/x.py': '',
      'src/main.py': '',
    });
    assert.deepEqual(paths(await walkWorkspace(root)), ['env2/x.py', 'src/main.py']);
  });

  it('applies include and exclude globs; an exclude can re-include a default', async () => {
    const root = workspace({ 'src/a.py': '', 'src/gen/b.py': '', 'tests/t.py': '', 'build/c.py': '' });
    assert.deepEqual(paths(await walkWorkspace(root, { include: ['src/'] })), ['src/a.py', 'src/gen/b.py']);
    assert.deepEqual(paths(await walkWorkspace(root, { exclude: ['gen/', 'tests/**'] })), ['src/a.py']);
    assert.deepEqual(paths(await walkWorkspace(root, { exclude: ['!build/'] })), ['build/c.py', 'src/a.py', 'src/gen/b.py', 'tests/t.py']);
    assert.deepEqual(paths(await walkWorkspace(root, { include: ['*.py'], exclude: ['src/gen'] })), ['src/a.py', 'tests/t.py']);
  });

  it('lists documents beside the code in the same walk, with their own size limit and no code include', async () => {
    const root = workspace({ 'src/a.py': '', 'README.md': '# hi', 'docs/guide.pdf': 'x'.repeat(3000), 'docs/big.pdf': 'x'.repeat(9000), 'node_modules/m/README.md': '', 'notes.txt': 'n' });
    const isDoc = (rel: string): boolean => /\.(md|pdf)$/.test(rel);
    const result = await walkWorkspace(root, { include: ['src/'], documents: isDoc, maxFileSize: 1000, maxDocumentSize: 5000 });
    assert.deepEqual(paths(result), ['src/a.py']);
    assert.deepEqual(result.documents.map((d) => d.path), ['README.md', 'docs/guide.pdf']);
    assert.equal(result.documents[1]?.size, 3000);
    assert.deepEqual(result.skipped, [{ path: 'docs/big.pdf', reason: 'too large (9000 bytes > 5000)' }]);
    assert.deepEqual((await walkWorkspace(root)).documents, []);
  });

  it('skips files over the size limit, saying why', async () => {
    const root = workspace({ 'big.py': 'x'.repeat(2000), 'small.py': 'x' });
    const result = await walkWorkspace(root, { maxFileSize: 1000 });
    assert.deepEqual(paths(result), ['small.py']);
    assert.deepEqual(result.skipped, [{ path: 'big.py', reason: 'too large (2000 bytes > 1000)' }]);
  });

  it('keeps the first files in path order when the file limit is reached', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 10; i++) files[`m${i}.py`] = '';
    files['huge.py'] = 'x'.repeat(100); // oversize files do not use up the limit
    const root = workspace(files);
    const result = await walkWorkspace(root, { maxFiles: 4, maxFileSize: 50 });
    assert.deepEqual(paths(result), ['m0.py', 'm1.py', 'm2.py', 'm3.py']);
    assert.deepEqual(result.skipped, [
      { path: 'huge.py', reason: 'too large (100 bytes > 50)' },
      ...['m4.py', 'm5.py', 'm6.py', 'm7.py', 'm8.py', 'm9.py'].map((path) => ({ path, reason: 'file limit reached' })),
    ]);
  });

  it('follows symlinks inside the root, never out of it, and survives loops', async () => {
    const outside = workspace({ 'secret.py': '', 'dir/s.py': '' });
    const root = workspace({ 'src/a.py': '', 'src/inner/b.py': '' });
    symlinkSync(join(outside, 'secret.py'), join(root, 'out_file.py'));
    symlinkSync(join(outside, 'dir'), join(root, 'out_dir'));
    symlinkSync(join(root, 'src'), join(root, 'src', 'inner', 'loop')); // back to an ancestor
    symlinkSync(join(root, 'src', 'inner'), join(root, 'alias')); // an ordinary folder symlink
    symlinkSync('self.py', join(root, 'self.py')); // a link to itself
    symlinkSync(join(root, 'missing.py'), join(root, 'dangling.py'));
    symlinkSync(join(root, 'src', 'a.py'), join(root, 'link_a.py'));
    const result = await walkWorkspace(root);
    // Like `find -L`: a folder symlink is walked under its own path unless it leads back to a folder
    // on the way down, so alias/loop (→ src, not above alias) is walked once and stops at its own loop.
    assert.deepEqual(paths(result), ['alias/b.py', 'alias/loop/a.py', 'alias/loop/inner/b.py', 'link_a.py', 'src/a.py', 'src/inner/b.py']);
    assert.deepEqual(result.skipped, [
      { path: 'alias/loop/inner/loop', reason: 'symlink loop' },
      { path: 'dangling.py', reason: 'unreadable: ENOENT' },
      { path: 'out_dir', reason: 'symlink outside the root' },
      { path: 'out_file.py', reason: 'symlink outside the root' },
      { path: 'self.py', reason: 'symlink loop' },
      { path: 'src/inner/loop', reason: 'symlink loop' },
    ]);
  });

  it('walks a root reached through a symlink and reports paths under the given root', async () => {
    const real = workspace({ 'a.py': '' });
    const parent = workspace({});
    const link = join(parent, 'ws');
    symlinkSync(real, link);
    const result = await walkWorkspace(link);
    assert.deepEqual(paths(result), ['a.py']);
    assert.equal(result.files[0]!.absPath, join(link, 'a.py'));
  });

  it('reports an unreadable folder and carries on', { skip: process.getuid?.() === 0 || process.platform === 'win32' }, async () => {
    const root = workspace({ 'locked/a.py': '', 'b.py': '' });
    const { chmodSync } = await import('node:fs');
    chmodSync(join(root, 'locked'), 0o000);
    try {
      const result = await walkWorkspace(root);
      assert.deepEqual(paths(result), ['b.py']);
      assert.deepEqual(result.skipped, [{ path: 'locked', reason: 'unreadable: EACCES' }]);
    } finally {
      chmodSync(join(root, 'locked'), 0o755);
    }
  });

  it('rejects a root that is not a folder, with a prefixed error', async () => {
    await assert.rejects(walkWorkspace(join(tmpdir(), 'kg-walk-does-not-exist')), /^Error: kg-memory\/walk: cannot walk/);
  });

  it('stops when cancelled', async () => {
    const root = workspace({ 'a.py': '' });
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(walkWorkspace(root, { signal: controller.signal }), { name: 'AbortError' });
  });
});
