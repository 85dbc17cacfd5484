/**
 * The Workspace as a host meets it: snapshots across restarts, and bad input
 * ==========================================================================
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Workspace } from '../../extension/core/workspace';
import { copyFixture, edge } from '../helpers/workspace';

describe('workspace snapshots', () => {
  let fixture: ReturnType<typeof copyFixture>;
  before(() => {
    fixture = copyFixture('resolve/py_rules');
  });
  after(() => fixture.dispose());

  it('restarts from the snapshot with the same graph, then re-parses only what changed meanwhile', async () => {
    const first = await Workspace.open(fixture.dir, { workers: 0 });
    await first.index();
    const graph = first.graph.canonical();
    await first.close();
    assert.match(readFileSync(join(fixture.dir, '.kg-memory/.gitignore'), 'utf8'), /\*/);

    const second = await Workspace.open(fixture.dir, { workers: 0 });
    assert.equal(second.graph.canonical(), graph, 'loaded, not rebuilt');
    assert.match(second.status().snapshot ?? '', /^loaded/);
    const untouched = await second.index();
    assert.equal(untouched.parsed, 0);

    const repo = join(fixture.dir, 'src/shop/repo.py');
    writeFileSync(repo, `${readFileSync(repo, 'utf8')}\n\ndef extra():\n    return Repository()\n`);
    const later = new Date(Date.now() + 5000);
    utimesSync(repo, later, later);
    const changed = await second.index();
    assert.equal(changed.parsed, 1);
    assert.ok(edge(second, 'calls', 'py:shop.repo:extra', 'py:shop.repo:Repository'));
    await second.close();
  });

  it('discards a corrupt snapshot with a reason and rebuilds', async () => {
    writeFileSync(join(fixture.dir, '.kg-memory/graph.json'), '{"format":"kg-memory-snapshot", "formatVersion": 10');
    const logs: string[] = [];
    const ws = await Workspace.open(fixture.dir, { workers: 0, log: (_level, m) => logs.push(m) });
    assert.equal(ws.graph.order, 0);
    assert.match(ws.status().snapshot ?? '', /^discarded/);
    assert.ok(logs.some((m) => /snapshot discarded/.test(m)));
    await ws.index();
    assert.ok(ws.graph.hasNode('py:shop.repo:Repository'));
    await ws.close();
  });
});

describe('bad input', () => {
  let dir: string;
  let ws: Workspace;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kg-bad-'));
    writeFileSync(join(dir, 'ok.py'), 'def fine():\n    return 1\n');
    writeFileSync(join(dir, 'broken.py'), 'def half(:\n    return\nclass Whole:\n    def m(self):\n        return fine()\n');
    writeFileSync(join(dir, 'binary.py'), Buffer.from([0x64, 0x65, 0x66, 0x00, 0x01, 0x02]));
    writeFileSync(join(dir, 'latin1.py'), Buffer.concat([Buffer.from('def caf'), Buffer.from([0xe9]), Buffer.from('():\n    return 1\n')]));
    writeFileSync(join(dir, 'huge.ts'), `export const big = "${'x'.repeat(300_000)}";\n`);
    writeFileSync(join(dir, 'deep.ts'), `export const deep = ${'['.repeat(3000)}${']'.repeat(3000)};\nexport function after() { return 1; }\n`);
    mkdirSync(join(dir, 'loop'));
    symlinkSync(dir, join(dir, 'loop', 'back'));
    symlinkSync('/etc', join(dir, 'outside'));
    ws = await Workspace.open(dir, { persist: false, workers: 0, maxFileSize: 200_000 });
    await ws.index();
  });
  after(async () => {
    await ws.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('skips binary and oversize files with their reasons', () => {
    const skipped = new Map(ws.status().skipped.map((s) => [s.path, s.reason]));
    assert.match(skipped.get('binary.py') ?? '', /binary/);
    assert.match(skipped.get('huge.ts') ?? '', /too large/);
    assert.ok(!ws.graph.hasNode('file:binary.py'));
  });

  it('indexes what parses in a broken file and counts its errors', () => {
    assert.ok(ws.graph.hasNode('py:broken:Whole.m'));
    assert.ok(edge(ws, 'calls', 'py:broken:Whole.m', 'py:ok:fine') === undefined, 'fine is not imported into broken.py');
    assert.ok(ws.status().parseErrors.some((e) => e.path === 'broken.py' && e.count > 0));
  });

  it('indexes bytes that are not UTF-8 with replacement characters', () => {
    assert.ok(ws.graph.hasNode('file:latin1.py'));
  });

  it('survives deep nesting, symlink loops and links out of the root', () => {
    assert.ok(ws.graph.hasNode('ts:deep:after'));
    assert.ok(!ws.graph.nodesInPath('outside/passwd').length);
    assert.ok(![...ws.graph.paths()].some((p) => p.startsWith('loop/back/loop')));
  });

  it('never reads a file outside the root', () => {
    assert.equal(ws.readSource('../../etc/passwd'), undefined);
    assert.equal(ws.readSource('/etc/passwd'), undefined);
    assert.equal(ws.relativePath('/etc/passwd'), undefined);
  });
});
