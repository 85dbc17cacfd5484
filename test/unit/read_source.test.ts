/**
 * Source reading tests
 * ====================
 * readSourceFile / decodeSource: encodings, binary and oversize files, hashes.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeSource, readSourceFile } from '../../extension/core/index/read_source';

const dir = mkdtempSync(join(tmpdir(), 'kg-read-'));
after(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function file(bytes: Buffer | string): string {
  const p = join(dir, `f${n++}.py`);
  writeFileSync(p, bytes);
  return p;
}

const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

describe('readSourceFile', () => {
  it('reads UTF-8 and hashes the raw bytes', async () => {
    const bytes = Buffer.from('def f():\n    return "é€😀"\n', 'utf8');
    const r = await readSourceFile(file(bytes), 1024);
    assert.ok(r.ok);
    assert.equal(r.text, 'def f():\n    return "é€😀"\n');
    assert.equal(r.hash, sha(bytes));
    assert.equal(r.size, bytes.length);
    assert.equal(r.encoding, 'utf-8');
    assert.equal(r.lossy, false);
  });

  it('has the same hash as contentHash of the text for plain UTF-8', async () => {
    const text = 'x = "ü"\n';
    const r = await readSourceFile(file(text), 1024);
    assert.ok(r.ok);
    assert.equal(r.hash, createHash('sha256').update(text).digest('hex'));
  });

  it('drops a UTF-8 BOM from the text but not from the hash', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('x = 1\n')]);
    const r = await readSourceFile(file(bytes), 1024);
    assert.ok(r.ok);
    assert.equal(r.text, 'x = 1\n');
    assert.equal(r.encoding, 'utf-8-bom');
    assert.equal(r.hash, sha(bytes));
  });

  it('decodes UTF-16 LE and BE by their BOM, despite the NUL bytes', async () => {
    const text = 'class Ä:\n    pass\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.from(le);
    be.swap16();
    const rl = await readSourceFile(file(le), 1024);
    const rb = await readSourceFile(file(be), 1024);
    assert.ok(rl.ok && rb.ok);
    assert.equal(rl.text, text);
    assert.equal(rl.encoding, 'utf-16le');
    assert.equal(rb.text, text);
    assert.equal(rb.encoding, 'utf-16be');
    assert.equal(rl.lossy, false);
  });

  it('replaces invalid UTF-8 and says so', async () => {
    const bytes = Buffer.concat([Buffer.from('s = "'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"\n')]);
    const r = await readSourceFile(file(bytes), 1024);
    assert.ok(r.ok);
    assert.equal(r.lossy, true);
    assert.match(r.text, /^s = "\uFFFD+"\n$/);
    assert.equal(r.hash, sha(bytes));
  });

  it('rejects binary files (a NUL in the first 8 KiB only)', async () => {
    const bin = await readSourceFile(file(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01])), 1024);
    assert.deepEqual(bin, { ok: false, reason: 'binary' });
    const lateNul = Buffer.concat([Buffer.alloc(9000, 0x61), Buffer.from([0])]);
    const r = await readSourceFile(file(lateNul), 100_000);
    assert.ok(r.ok);
  });

  it('rejects oversize files without reading them', async () => {
    const r = await readSourceFile(file('x'.repeat(2048)), 1024);
    assert.deepEqual(r, { ok: false, reason: 'too large (2048 bytes > 1024)' });
  });

  it('reports missing files and folders as reasons, never throwing', async () => {
    assert.deepEqual(await readSourceFile(join(dir, 'nope.py'), 1024), { ok: false, reason: 'unreadable: ENOENT' });
    const r = await readSourceFile(dir, 1024);
    assert.equal(r.ok, false);
  });

  it('reads an empty file', async () => {
    const r = await readSourceFile(file(''), 1024);
    assert.ok(r.ok);
    assert.equal(r.text, '');
    assert.equal(r.hash, sha(Buffer.alloc(0)));
  });
});

describe('decodeSource', () => {
  it('treats a lone odd byte in UTF-16 as lossy', () => {
    const r = decodeSource(Buffer.from([0xff, 0xfe, 0x41, 0x00, 0x42]));
    assert.ok(!r.binary);
    assert.equal(r.lossy, true);
    assert.equal(r.text, 'A\uFFFD');
  });
});
