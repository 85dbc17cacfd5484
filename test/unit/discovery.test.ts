/**
 * Discovery file, stable port, token race, freshness gate
 * =======================================================
 * The pure parts of the editor's endpoint: what a valid discovery file is (and that forged or
 * foreign ones are refused), the stable port, removal only by the owner, dead and live pids,
 * one token when hosts start together, and a ToolContext that waits for its host instead of
 * walking the folder.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Workspace } from '../../extension/core/workspace';
import { ToolContext } from '../../extension/mcp';
import { discoveryPath, findLiveEndpoint, parseDiscovery, pidAlive, readDiscovery, removeDiscoveryIfOurs, stablePort, tokenPath, writeDiscovery } from '../../extension/mcp/discovery';
import type { Discovery, LiveLookup } from '../../extension/mcp/discovery';
import { workspaceToken } from '../../extension/mcp/transports/token';

function reasonOf(lookup: LiveLookup): string {
  return lookup.live ? 'live' : lookup.reason;
}

describe('discovery file', () => {
  let root: string;
  let entry: Discovery;

  before(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'kg-disc-')));
    entry = { pid: process.pid, url: 'http://127.0.0.1:7401/mcp', port: 7401, tokenFile: tokenPath(root), version: '1', startedAt: new Date().toISOString(), folder: root };
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  const parse = (patch: Record<string, unknown>): ReturnType<typeof parseDiscovery> => parseDiscovery(JSON.stringify({ ...entry, ...patch }), root);

  it('accepts what a host writes, and a socket entry', () => {
    assert.deepEqual(parse({}), { ok: true, discovery: entry });
    const socket = parse({ url: 'http://localhost/mcp', port: undefined, socket: '/tmp/kg.sock' });
    assert.ok(socket.ok && socket.discovery.socket === '/tmp/kg.sock');
  });

  it('refuses forged or foreign entries, saying why', () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ url: 'http://evil.example:7401/mcp' }, /loopback/],
      [{ url: 'https://127.0.0.1:7401/mcp' }, /loopback/],
      [{ url: 'http://127.0.0.1:7401/other' }, /loopback/],
      [{ port: 9999 }, /port/],
      [{ tokenFile: '/home/someone/.ssh/id_rsa' }, /tokenFile/],
      [{ folder: '/elsewhere' }, /folder/],
      [{ pid: -1 }, /pid/],
      [{ pid: 1.5 }, /pid/],
      [{ socket: 'relative.sock', url: 'http://localhost/mcp', port: undefined }, /socket/],
      [{ url: 'http://localhost/mcp', port: undefined }, /port/],
    ];
    for (const [patch, why] of cases) {
      const r = parse(patch);
      assert.equal(r.ok, false, JSON.stringify(patch));
      assert.match(r.ok ? '' : r.reason, why, JSON.stringify(patch));
    }
    assert.equal(parseDiscovery('{not json', root).ok, false);
    assert.equal(parseDiscovery('[1]', root).ok, false);
  });

  it('is written 0600 and removed only by the server it names', async () => {
    await writeDiscovery(root, entry);
    assert.equal(statSync(discoveryPath(root)).mode & 0o777, 0o600);
    assert.deepEqual(readDiscovery(root), { ok: true, discovery: entry });
    assert.equal(removeDiscoveryIfOurs(root, { pid: entry.pid, url: 'http://127.0.0.1:7402/mcp' }), false);
    assert.equal(removeDiscoveryIfOurs(root, { pid: entry.pid + 1, url: entry.url }), false);
    assert.ok(existsSync(discoveryPath(root)));
    assert.equal(removeDiscoveryIfOurs(root, entry), true);
    assert.equal(existsSync(discoveryPath(root)), false);
  });

  it('calls an entry stale when its process is gone or its endpoint does not answer', async () => {
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => dead.once('exit', r));
    assert.equal(pidAlive(dead.pid!), false);
    assert.equal(pidAlive(process.pid), true);
    await workspaceToken(root);
    await writeDiscovery(root, { ...entry, pid: dead.pid! });
    assert.match(reasonOf(await findLiveEndpoint(root)), /is gone/);
    // Alive (this process) but nothing listens on the port: stale too.
    await writeDiscovery(root, { ...entry, url: 'http://127.0.0.1:1/mcp', port: 1 });
    assert.match(reasonOf(await findLiveEndpoint(root, { timeoutMs: 500 })), /does not answer/);
  });
});

describe('stable port', () => {
  it('is the same for a folder every time, in 7400–7999, and differs between folders', () => {
    const ports = new Set<number>();
    for (let i = 0; i < 20; i++) {
      const p = stablePort(`/home/user/project-${i}`);
      assert.equal(p, stablePort(`/home/user/project-${i}`));
      assert.ok(p >= 7400 && p <= 7999, String(p));
      ports.add(p);
    }
    assert.ok(ports.size >= 18, `${ports.size} distinct ports for 20 folders`);
  });
});

describe('workspace token', () => {
  it('is one token when several hosts create it at once', async () => {
    const root = mkdtempSync(join(tmpdir(), 'kg-tok-'));
    try {
      const tokens = await Promise.all(Array.from({ length: 8 }, () => workspaceToken(root)));
      assert.equal(new Set(tokens).size, 1);
      assert.equal(statSync(join(root, '.kg-memory', 'token')).mode & 0o777, 0o600);
      assert.equal(await workspaceToken(root), tokens[0]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('ToolContext with a host that follows the disk', () => {
  it('waits for the host and never indexes by itself', async () => {
    const root = mkdtempSync(join(tmpdir(), 'kg-follow-'));
    mkdirSync(join(root, 'pkg'));
    writeFileSync(join(root, 'pkg', 'a.py'), 'def f():\n    return 1\n');
    const ws = await Workspace.open(root, { persist: false });
    try {
      let release: () => void = () => undefined;
      let waited = 0;
      const ctx = new ToolContext(ws, {
        refreshMs: 0,
        follow: () => {
          waited++;
          return new Promise<void>((r) => (release = r));
        },
      });
      let done = false;
      const fresh = ctx.fresh().then(() => (done = true));
      await new Promise((r) => setTimeout(r, 50));
      assert.equal(done, false, 'still waiting for the host');
      assert.equal(ctx.indexing, false, 'and not indexing meanwhile');
      release();
      await fresh;
      assert.equal(waited, 1);
      assert.equal(ws.status().files, 0, 'nothing was walked');
    } finally {
      await ws.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
