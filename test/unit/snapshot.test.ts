/**
 * Snapshot tests
 * ==============
 * State folder, atomic snapshot writes, defensive reads, secret files.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readSnapshot, removeSnapshot, snapshotPath, stringifyInSlices, writeSnapshot } from '../../extension/core/index/snapshot';
import { ensureStateDir, readSecretFile, writeSecretFile } from '../../extension/core/index/state_dir';

const temps: string[] = [];
after(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});
function root(): string {
  const r = mkdtempSync(join(tmpdir(), 'kg-snap-'));
  temps.push(r);
  return r;
}

const posix = process.platform !== 'win32';

describe('stringifyInSlices', () => {
  it("writes exactly JSON.stringify's text at every depth, undefined members and functions included", async () => {
    const cases: unknown[] = [
      { a: 1, b: undefined, c: [1, undefined, () => 1, { d: 'x"y\n' }], e: null, f: { g: { h: { i: [1, 2, { j: true }] } } } },
      [],
      {},
      'text',
      3.5,
      null,
      [{ toJSON: () => 'T' }, new Date(0)],
      { facts: Array.from({ length: 500 }, (_, i) => ({ path: `f${i}.py`, symbols: [{ name: `s${i}`, line: i }] })) },
    ];
    for (const value of cases) for (const depth of [0, 1, 2, 5]) assert.equal(await stringifyInSlices(value, depth, 0), JSON.stringify(value), `depth ${depth}: ${JSON.stringify(value).slice(0, 60)}`);
    assert.equal(await stringifyInSlices(undefined, 3), undefined);
  });
});

describe('ensureStateDir', () => {
  it('creates .kg-memory with a .gitignore of *', async () => {
    const r = root();
    const dir = await ensureStateDir(r);
    assert.equal(dir, join(r, '.kg-memory'));
    assert.equal(readFileSync(join(dir, '.gitignore'), 'utf8'), '*\n');
    await ensureStateDir(r); // idempotent
    assert.deepEqual(readdirSync(dir), ['.gitignore']);
  });
});

describe('writeSnapshot / readSnapshot', () => {
  it('round-trips data with its envelope', async () => {
    const r = root();
    const data = { files: { 'a.py': { hash: 'abc', symbols: [1, 2, 3] } }, note: 'é😀' };
    const w = await writeSnapshot(r, 'facts', data, 3);
    assert.equal(w.path, join(r, '.kg-memory', 'facts.json'));
    const envelope = JSON.parse(readFileSync(w.path, 'utf8')) as Record<string, unknown>;
    assert.equal(envelope.format, 'kg-memory-snapshot');
    assert.equal(envelope.formatVersion, 3);
    assert.ok(!Number.isNaN(Date.parse(String(envelope.writtenAt))));
    const read = await readSnapshot(r, 'facts', 3);
    assert.ok(read.ok);
    assert.deepEqual(read.data, data);
    assert.equal(read.writtenAt, envelope.writtenAt);
    assert.equal(read.bytes, w.bytes);
  });

  it('leaves no temp file behind and replaces the previous snapshot', async () => {
    const r = root();
    await writeSnapshot(r, 'facts', { v: 1 }, 1);
    await writeSnapshot(r, 'facts', { v: 2 }, 1);
    assert.deepEqual(readdirSync(join(r, '.kg-memory')).sort(), ['.gitignore', 'facts.json']);
    const read = await readSnapshot(r, 'facts', 1);
    assert.ok(read.ok);
    assert.deepEqual(read.data, { v: 2 });
  });

  it('removes temp files a killed process left (issue 21 item 9), and keeps those of live ones', async () => {
    const r = root();
    await writeSnapshot(r, 'graph', { v: 1 }, 1);
    // A real process that is gone now: its pid names the temp files it left.
    const dead = Number(execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }));
    const dir = join(r, '.kg-memory');
    writeFileSync(join(dir, `graph.json.${dead}.0a1b2c3d.tmp`), '{"format":"kg-memory-sn');
    writeFileSync(join(dir, `graph.json.${process.pid}.deadbeef.tmp`), 'being written');
    await writeSnapshot(r, 'graph', { v: 2 }, 1);
    assert.deepEqual(readdirSync(dir).sort(), ['.gitignore', 'graph.json', `graph.json.${process.pid}.deadbeef.tmp`]);
  });

  it('cleans its temp file and keeps the old snapshot when the write fails', async () => {
    const r = root();
    await writeSnapshot(r, 'facts', { v: 1 }, 1);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    await assert.rejects(writeSnapshot(r, 'facts', cyclic, 1), /circular/i);
    // A rename onto a folder fails after the temp file was written.
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(r, '.kg-memory', 'dirname.json'));
    await assert.rejects(writeSnapshot(r, 'dirname', { v: 1 }, 1), /^Error: kg-memory\/state: cannot write/);
    assert.deepEqual(readdirSync(join(r, '.kg-memory')).sort(), ['.gitignore', 'dirname.json', 'facts.json']);
    const read = await readSnapshot(r, 'facts', 1);
    assert.ok(read.ok);
    assert.deepEqual(read.data, { v: 1 });
  });

  it('says "missing" when there is no snapshot', async () => {
    const read = await readSnapshot(root(), 'facts', 1);
    assert.equal(read.ok, false);
    assert.ok(!read.ok && read.code === 'missing' && /no snapshot/.test(read.reason));
  });

  it('says "wrong-version" for another format version, without parsing the body', async () => {
    const r = root();
    await writeSnapshot(r, 'facts', { v: 1 }, 2);
    const read = await readSnapshot(r, 'facts', 3);
    assert.ok(!read.ok);
    assert.equal(read.code, 'wrong-version');
    assert.match(read.reason, /format version 2, expected 3/);
    // Header intact but body damaged: still reported as the version mismatch, cheaply.
    const p = snapshotPath(r, 'facts');
    writeFileSync(p, readFileSync(p, 'utf8').slice(0, 60));
    const cut = await readSnapshot(r, 'facts', 3);
    assert.ok(!cut.ok && cut.code === 'wrong-version');
  });

  it('says "truncated" for a cut-off or empty file', async () => {
    const r = root();
    const w = await writeSnapshot(r, 'facts', { list: Array.from({ length: 100 }, (_, i) => ({ i })) }, 1);
    const full = readFileSync(w.path);
    writeFileSync(w.path, full.subarray(0, Math.floor(full.length / 2)));
    const read = await readSnapshot(r, 'facts', 1);
    assert.ok(!read.ok);
    assert.equal(read.code, 'truncated');
    writeFileSync(w.path, '');
    const empty = await readSnapshot(r, 'facts', 1);
    assert.ok(!empty.ok && empty.code === 'truncated');
  });

  it('says "corrupt" for garbage and "wrong-format" for other JSON', async () => {
    const r = root();
    await ensureStateDir(r);
    const p = snapshotPath(r, 'facts');
    writeFileSync(p, '{"format":"kg-memory-snapshot","formatVersion":1,"writtenAt":"x","data":{"a":1,,}}\n');
    const garbage = await readSnapshot(r, 'facts', 1);
    assert.ok(!garbage.ok && garbage.code === 'corrupt', JSON.stringify(garbage));
    writeFileSync(p, Buffer.from([0xff, 0x00, 0x13, 0x37, 0x7d]));
    const binary = await readSnapshot(r, 'facts', 1);
    assert.ok(!binary.ok && binary.code === 'corrupt');
    writeFileSync(p, '[1,2,3]');
    const array = await readSnapshot(r, 'facts', 1);
    assert.ok(!array.ok && array.code === 'wrong-format');
    writeFileSync(p, '{"format":"something-else","formatVersion":1,"data":{}}');
    const other = await readSnapshot(r, 'facts', 1);
    assert.ok(!other.ok && other.code === 'wrong-format');
    writeFileSync(p, '{"formatVersion":1,"format":"kg-memory-snapshot"}');
    const noData = await readSnapshot(r, 'facts', 1);
    assert.ok(!noData.ok && noData.code === 'corrupt');
  });

  it('refuses names that could leave the folder', async () => {
    const r = root();
    await assert.rejects(writeSnapshot(r, '../evil', {}, 1), /kg-memory\/state: invalid name/);
    await assert.rejects(writeSnapshot(r, 'a/b', {}, 1), /invalid name/);
    await assert.rejects(readSnapshot(r, '..', 1), /invalid name/);
  });

  it('removes a snapshot, quietly when absent', async () => {
    const r = root();
    await writeSnapshot(r, 'facts', 1, 1);
    await removeSnapshot(r, 'facts');
    await removeSnapshot(r, 'facts');
    const read = await readSnapshot(r, 'facts', 1);
    assert.ok(!read.ok && read.code === 'missing');
  });
});

describe('secret files', () => {
  it('writes owner-only files and reads them back', async () => {
    const r = root();
    const p = await writeSecretFile(r, 'mcp-token', 's3cret');
    assert.equal(p, join(r, '.kg-memory', 'mcp-token'));
    if (posix) assert.equal(statSync(p).mode & 0o777, 0o600);
    assert.equal(await readSecretFile(r, 'mcp-token'), 's3cret');
    await writeSecretFile(r, 'mcp-token', 'rotated');
    assert.equal(await readSecretFile(r, 'mcp-token'), 'rotated');
    assert.deepEqual(readdirSync(join(r, '.kg-memory')).sort(), ['.gitignore', 'mcp-token']);
  });

  it('does not trust a secret readable by others (a repository checkout makes 0644), leaves its mode alone, and gives undefined when absent', async () => {
    const r = root();
    assert.equal(await readSecretFile(r, 'mcp-token'), undefined);
    const p = await writeSecretFile(r, 'mcp-token', 't');
    if (!posix) return;
    chmodSync(p, 0o644);
    const reasons: string[] = [];
    assert.equal(await readSecretFile(r, 'mcp-token', (why) => reasons.push(why)), undefined);
    assert.match(reasons.join(), /mode 644, not 600/);
    assert.equal(statSync(p).mode & 0o777, 0o644);
  });

  it('is 0600 even under a permissive umask', { skip: !posix }, async () => {
    const r = root();
    const old = process.umask(0);
    try {
      const p = await writeSecretFile(r, 'tok', 'x');
      assert.equal(statSync(p).mode & 0o777, 0o600);
    } finally {
      process.umask(old);
    }
  });
});
