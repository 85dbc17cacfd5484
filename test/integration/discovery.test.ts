/**
 * Discovery and attach, with real processes
 * =========================================
 * Host processes run the extension's serve path (EndpointHost) on a fixture folder, as VS Code
 * windows would; `node dist/cli.js mcp` is started by the SDK's stdio client, as an agent starts
 * it. Checked: the discovery file and its stable port, an SDK HTTP client with the token named
 * by it, the CLI attaching and answering from the host's live graph (an edit shows up), two
 * hosts on one folder (the second attaches, then takes over when the first crashes), a stale
 * file ignored, a port held by another program, a Unix socket, and a `kg-memory serve` that a
 * host attaches to.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { discoveryPath, readDiscovery, realFolder, stablePort } from '../../extension/mcp/discovery';
import type { Discovery } from '../../extension/mcp/discovery';
import type { EndpointState } from '../../extension/mcp/host';
import { workspaceToken } from '../../extension/mcp/transports/token';
import { CLI, ensureBuilt, fixtureCopy, REPO, startCli } from './helpers';

const HOST_SCRIPT = join(__dirname, 'discovery_host_process.ts');

interface HostProcess {
  child: ChildProcess;
  states: EndpointState[];
  /** Resolves with the first state (already seen or to come) that `pred` accepts. */
  until(pred: (s: EndpointState) => boolean, timeoutMs?: number): Promise<EndpointState>;
  stderr(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const running = new Set<HostProcess>();

function startHost(root: string, args: string[] = []): HostProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', HOST_SCRIPT, root, ...args], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  const states: EndpointState[] = [];
  const waiters = new Set<() => void>();
  let out = '';
  let err = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
    let nl: number;
    while ((nl = out.indexOf('\n')) >= 0) {
      states.push(JSON.parse(out.slice(0, nl)) as EndpointState);
      out = out.slice(nl + 1);
      for (const w of waiters) w();
    }
  });
  child.stderr?.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const host: HostProcess = {
    child,
    states,
    stderr: () => err,
    until: (pred, timeoutMs = 30_000) =>
      new Promise((resolve, reject) => {
        let seen = 0;
        const check = (): void => {
          for (; seen < states.length; seen++) {
            if (pred(states[seen]!)) {
              waiters.delete(check);
              clearTimeout(timer);
              resolve(states[seen]!);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching state within ${timeoutMs} ms; states ${JSON.stringify(states)}; stderr:\n${err}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        running.delete(host);
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill(signal);
      }),
  };
  running.add(host);
  return host;
}

const serving = (s: EndpointState): boolean => s.kind === 'serving';

function discovery(root: string): Discovery {
  const read = readDiscovery(root);
  assert.ok(read.ok, read.ok ? '' : read.reason);
  return read.discovery;
}

/** An agent: the SDK client spawning `kg-memory mcp --root`, with its stderr kept. */
async function agent(root: string, env: Record<string, string> = {}): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--root', root], stderr: 'pipe', env: { ...process.env, KG_MEMORY_LOG: 'info', ...env } as Record<string, string> });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const client = new Client({ name: 'discovery-test', version: '1' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

async function callersTotal(client: Client, target = 'Client.send'): Promise<number> {
  const r = await client.callTool({ name: 'callers', arguments: { target } });
  assert.ok(!r.isError, JSON.stringify(r.content));
  return (r.structuredContent as { total: number }).total;
}

async function eventually(fn: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await fn())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

function pidGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

describe('discovery file and attach (real processes)', { timeout: 360_000 }, () => {
  let fixture: ReturnType<typeof fixtureCopy>;

  before(() => ensureBuilt());
  afterEach(async () => {
    for (const h of [...running]) await h.stop('SIGKILL');
    fixture?.dispose();
  });
  after(async () => {
    for (const h of [...running]) await h.stop('SIGKILL');
  });

  it('serves on the stable port, publishes a 0600 discovery file, and answers an SDK client with the token it names', async () => {
    fixture = fixtureCopy();
    const host = startHost(fixture.root);
    const state = await host.until(serving);
    assert.equal(state.kind, 'serving');
    const d = discovery(fixture.root);
    assert.equal(d.pid, host.child.pid);
    assert.equal(d.port, stablePort(fixture.root));
    assert.ok(d.port! >= 7400 && d.port! < 8000);
    assert.equal(d.url, `http://127.0.0.1:${d.port}/mcp`);
    assert.equal(statSync(discoveryPath(fixture.root)).mode & 0o777, 0o600);
    const token = readFileSync(d.tokenFile, 'utf8').trim();
    const client = new Client({ name: 'http', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(d.url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    try {
      assert.ok((await client.listTools()).tools.some((t) => t.name === 'callers'));
      assert.equal(await callersTotal(client), 2);
    } finally {
      await client.close();
    }
    await host.stop();
    assert.equal(existsSync(discoveryPath(fixture.root)), false, 'removed on dispose');
  });

  it('kg-memory mcp attaches to the running endpoint and answers from its live graph', async () => {
    fixture = fixtureCopy();
    const host = startHost(fixture.root);
    await host.until(serving);
    const { client, stderr } = await agent(fixture.root);
    try {
      const { tools } = await client.listTools();
      assert.ok(tools.some((t) => t.name === 'callers'));
      assert.equal(await callersTotal(client), 2);
      assert.match(stderr(), /attaching to the running endpoint http:\/\/127\.0\.0\.1:\d+\/mcp/);
      assert.doesNotMatch(stderr(), /indexed:/, 'the CLI indexed nothing itself');
      // An edit on disk: the host's watcher updates its graph; the attached agent sees it.
      appendFileSync(join(fixture.root, 'shop', 'service.py'), '\n\ndef resend() -> int:\n    return Client(Transport()).send({})\n');
      await eventually(async () => (await callersTotal(client)) === 3);
    } finally {
      await client.close();
    }
  });

  it('falls back to a local index when the endpoint goes away mid-session', async () => {
    fixture = fixtureCopy();
    const host = startHost(fixture.root);
    await host.until(serving);
    const { client, stderr } = await agent(fixture.root);
    try {
      assert.equal(await callersTotal(client), 2);
      await host.stop('SIGKILL');
      assert.equal(await callersTotal(client), 2);
      assert.match(stderr(), /stopped answering .*answering from a local index/);
      assert.ok((await client.listTools()).tools.some((t) => t.name === 'callers'));
    } finally {
      await client.close();
    }
  });

  it('a second host on the folder attaches; after the first crashes it takes over and corrects the stale file', async () => {
    fixture = fixtureCopy();
    const first = startHost(fixture.root);
    const s1 = await first.until(serving);
    const second = startHost(fixture.root);
    const s2 = await second.until((s) => s.kind !== 'stopped');
    assert.equal(s2.kind, 'attached', JSON.stringify(s2));
    assert.equal(s2.kind === 'attached' && s2.pid, first.child.pid);
    assert.equal(s2.kind === 'attached' && s2.address.url, s1.kind === 'serving' ? s1.address.url : '');
    assert.equal(discovery(fixture.root).pid, first.child.pid, 'the file still names the first');
    const firstPid = first.child.pid!;
    await first.stop('SIGKILL'); // a crashed window: its discovery file stays behind
    await eventually(() => pidGone(firstPid));
    assert.equal(discovery(fixture.root).pid, firstPid, 'stale file left by the crash');
    const taken = await second.until(serving);
    assert.equal(taken.kind === 'serving' && taken.address.port, stablePort(fixture.root), 'the stable port is free again and reused');
    await eventually(() => discovery(fixture.root).pid === second.child.pid);
    const { client, stderr } = await agent(fixture.root);
    try {
      assert.equal(await callersTotal(client), 2);
      assert.match(stderr(), /attaching/);
    } finally {
      await client.close();
    }
  });

  it('two hosts started together end with one serving and one attached', async () => {
    fixture = fixtureCopy();
    const a = startHost(fixture.root);
    const b = startHost(fixture.root);
    const [sa, sb] = await Promise.all([a.until((s) => s.kind !== 'stopped'), b.until((s) => s.kind !== 'stopped')]);
    assert.deepEqual([sa.kind, sb.kind].sort(), ['attached', 'serving'], `${JSON.stringify(sa)} ${JSON.stringify(sb)}`);
    const server = sa.kind === 'serving' ? a : b;
    await eventually(() => readDiscovery(fixture.root).ok && discovery(fixture.root).pid === server.child.pid);
  });

  it('ignores a stale discovery file: kg-memory mcp indexes on its own, a new host replaces the file', async () => {
    fixture = fixtureCopy();
    // A pid that is certainly gone: a process that has exited.
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => dead.once('exit', r));
    const stale: Discovery = {
      pid: dead.pid!,
      url: `http://127.0.0.1:${stablePort(fixture.root)}/mcp`,
      port: stablePort(fixture.root),
      tokenFile: join(fixture.root, '.kg-memory', 'token'),
      version: 'old',
      startedAt: new Date(0).toISOString(),
      folder: realFolder(fixture.root),
    };
    await workspaceToken(fixture.root); // a token exists, so only the dead pid makes the file stale
    writeFileSync(discoveryPath(fixture.root), JSON.stringify(stale), { mode: 0o600 });
    const { client, stderr } = await agent(fixture.root);
    try {
      assert.equal(await callersTotal(client), 2);
      assert.doesNotMatch(stderr(), /attaching/);
    } finally {
      await client.close();
    }
    const host = startHost(fixture.root);
    await host.until(serving);
    assert.equal(discovery(fixture.root).pid, host.child.pid);
  });

  it('takes the next port when another program holds the stable one, and says so', async () => {
    fixture = fixtureCopy();
    const port = stablePort(fixture.root);
    const squatter: Server = createServer(() => undefined);
    await new Promise<void>((resolve, reject) => {
      squatter.once('error', reject);
      squatter.listen(port, '127.0.0.1', () => resolve());
    });
    try {
      const host = startHost(fixture.root);
      const s = await host.until(serving);
      assert.equal(s.kind === 'serving' && s.address.port, port + 1);
      assert.match(s.kind === 'serving' ? (s.note ?? '') : '', new RegExp(`port ${port} was taken by another program; serving on ${port + 1}`));
      assert.equal(discovery(fixture.root).port, port + 1);
    } finally {
      squatter.close();
    }
  });

  it('serves on a Unix socket; kg-memory mcp attaches over it', async () => {
    fixture = fixtureCopy();
    const dir = mkdtempSync(join(tmpdir(), 'kg-sock-'));
    const socket = join(dir, 'mcp.sock');
    try {
      const host = startHost(fixture.root, ['--socket', socket]);
      await host.until(serving);
      const d = discovery(fixture.root);
      assert.equal(d.socket, socket);
      assert.equal(d.url, 'http://localhost/mcp');
      assert.equal(statSync(socket).mode & 0o777, 0o600);
      const { client, stderr } = await agent(fixture.root);
      try {
        assert.equal(await callersTotal(client), 2);
        assert.match(stderr(), /attaching to the running endpoint .*mcp\.sock/);
      } finally {
        await client.close();
      }
      await host.stop();
      assert.equal(existsSync(socket), false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a host attaches to a running kg-memory serve, which publishes itself', async () => {
    fixture = fixtureCopy();
    const serve = await startCli(['serve', '--root', fixture.root, '--port', '0'], /on http:\/\/127\.0\.0\.1:(\d+)\/mcp/);
    try {
      await eventually(() => readDiscovery(fixture.root).ok);
      assert.equal(discovery(fixture.root).pid, serve.child.pid);
      const host = startHost(fixture.root);
      const s = await host.until((x) => x.kind !== 'stopped');
      assert.equal(s.kind, 'attached');
      assert.equal(s.kind === 'attached' && s.address.port, Number(serve.match[1]));
    } finally {
      await serve.stop();
    }
    assert.equal(existsSync(discoveryPath(fixture.root)), false, 'serve removes its entry on exit');
  });
});

