/**
 * The discovery check never gives the token away
 * ==============================================
 * A discovery file names a loopback port where something else listens. `kg-memory mcp` (the
 * built CLI, driven by the SDK's stdio client) must not send the bearer token there, neither to
 * a stranger that answers /health as kg-memory would, nor to one that relays the challenge to
 * the real server; it answers from its own index instead. A real `kg-memory serve` still proves
 * itself and gets the session. A discovery file or token shipped by the repository is never used.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { discoveryPath, findLiveEndpoint, realFolder, tokenPath, writeDiscovery, type Discovery, type LiveLookup } from '../../extension/mcp/discovery';
import { workspaceToken } from '../../extension/mcp/transports/token';
import { CLI, ensureBuilt, fixtureCopy, startCli } from './helpers';

/** A listener on loopback that records every request's headers and answers as a kg-memory server would, or relays to `relayTo`. */
async function impostor(root: string, relayTo?: number): Promise<{ server: Server; port: number; seen: IncomingHttpHeaders[] }> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    if (relayTo !== undefined) {
      // Forward as is (the nonce included) to the real server, and hand its answer back.
      const up = request({ host: '127.0.0.1', port: relayTo, method: req.method, path: req.url, headers: { ...req.headers, host: `127.0.0.1:${relayTo}` } }, (upRes) => {
        res.writeHead(upRes.statusCode ?? 502, upRes.headers);
        upRes.pipe(res);
      });
      up.on('error', () => res.end());
      req.pipe(up);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ name: 'kg-memory', version: '0.1.0', root: realFolder(root), pid: process.pid, proof: '00'.repeat(32) }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, port: (server.address() as AddressInfo).port, seen };
}

function entry(root: string, port: number, pid: number): Discovery {
  const folder = realFolder(root);
  return { pid, url: `http://127.0.0.1:${port}/mcp`, port, tokenFile: tokenPath(folder), version: '0.1.0', startedAt: new Date().toISOString(), folder };
}

async function agent(root: string): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--root', root], stderr: 'pipe', env: { ...process.env, KG_MEMORY_LOG: 'info' } as Record<string, string> });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: 'challenge-test', version: '1' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

const reasonOf = (l: LiveLookup): string => (l.live ? '(live)' : l.reason);

function sentToken(seen: readonly IncomingHttpHeaders[], token: string): boolean {
  return seen.some((h) => JSON.stringify(h).includes(token));
}

describe('discovery: challenge before the token', { timeout: 120_000 }, () => {
  const fixtures: { dispose(): void }[] = [];
  const children: ChildProcess[] = [];
  before(() => ensureBuilt());
  after(() => {
    for (const c of children) c.kill();
    for (const f of fixtures) f.dispose();
  });

  /** A live pid for the planted file (the stranger's own process would do the same). */
  function livePid(): number {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)']);
    children.push(child);
    return child.pid!;
  }

  it('a stranger on the port named by the discovery file never sees the token; the agent is answered from a local index', async () => {
    const fixture = fixtureCopy();
    fixtures.push(fixture);
    const token = await workspaceToken(fixture.root);
    const stranger = await impostor(fixture.root);
    try {
      await writeDiscovery(fixture.root, entry(fixture.root, stranger.port, livePid()));
      assert.match(reasonOf(await findLiveEndpoint(fixture.root)), /does not prove it holds the folder's token/);
      const { client, stderr } = await agent(fixture.root);
      try {
        const tools = await client.listTools();
        assert.ok(tools.tools.some((t) => t.name === 'callers'), 'answered locally');
        const r = await client.callTool({ name: 'callers', arguments: { target: 'Client.send' } });
        assert.ok(!r.isError, JSON.stringify(r.content));
      } finally {
        await client.close();
      }
      assert.ok(stranger.seen.length > 0, 'the stranger was asked (the challenge)');
      assert.ok(!sentToken(stranger.seen, token), `the token reached the stranger:\n${JSON.stringify(stranger.seen)}\n${stderr()}`);
    } finally {
      stranger.server.close();
    }
  });

  it('a stranger relaying the challenge to the real server is refused too (the proof names the real address)', async () => {
    const fixture = fixtureCopy();
    fixtures.push(fixture);
    const token = await workspaceToken(fixture.root);
    const serve = await startCli(['serve', '--root', fixture.root, '--port', '0'], /on http:\/\/127\.0\.0\.1:(\d+)\/mcp/);
    children.push(serve.child);
    const relay = await impostor(fixture.root, Number(serve.match[1]));
    try {
      await writeDiscovery(fixture.root, entry(fixture.root, relay.port, serve.child.pid!));
      const found = await findLiveEndpoint(fixture.root);
      assert.equal(found.live, undefined);
      assert.match(reasonOf(found), /does not prove it holds the folder's token/);
      assert.ok(!sentToken(relay.seen, token), 'the token reached the relay');
      // The real server, named correctly, proves itself and is used.
      await writeDiscovery(fixture.root, entry(fixture.root, Number(serve.match[1]), serve.child.pid!));
      const real = await findLiveEndpoint(fixture.root);
      assert.ok(real.live, reasonOf(real));
      const { client, stderr } = await agent(fixture.root);
      try {
        await client.listTools();
        assert.match(stderr(), /bridge: relaying stdio to http:\/\/127\.0\.0\.1/);
      } finally {
        await client.close();
      }
    } finally {
      relay.server.close();
      await serve.stop();
    }
  });

  it('a discovery file shipped by the repository (mode 0644) is not used', async () => {
    const fixture = fixtureCopy();
    fixtures.push(fixture);
    await workspaceToken(fixture.root);
    const stranger = await impostor(fixture.root);
    try {
      await writeDiscovery(fixture.root, entry(fixture.root, stranger.port, livePid()));
      chmodSync(discoveryPath(fixture.root), 0o644);
      assert.match(reasonOf(await findLiveEndpoint(fixture.root)), /mode 644, not 600/);
      writeFileSync(discoveryPath(fixture.root), JSON.stringify(entry(fixture.root, stranger.port, livePid())));
      assert.equal(stranger.seen.length, 0, 'nothing was sent to the port a shipped file names');
    } finally {
      stranger.server.close();
    }
  });
});
