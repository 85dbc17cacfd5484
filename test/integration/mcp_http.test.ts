/**
 * MCP over HTTP and a Unix socket
 * ===============================
 * `kg-memory serve` as a client meets it: the SDK's Streamable HTTP client with the token gets
 * answers; requests without the token, with a foreign Host or Origin, with an oversized or
 * malformed body are turned away before the MCP layer, with the right status.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { MEMORY_TOOL_NAMES, workspaceToken } from '../../extension/mcp';
import { ensureBuilt, fixtureCopy, rawRequest, runCli, startCli, unixFetch } from './helpers';

const INIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});
const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('MCP over HTTP on 127.0.0.1', { timeout: 90_000 }, () => {
  let fixture: ReturnType<typeof fixtureCopy>;
  let server: Awaited<ReturnType<typeof startCli>>;
  let port: number;
  let token: string;

  before(async () => {
    ensureBuilt();
    fixture = fixtureCopy();
    server = await startCli(['serve', '--root', fixture.root, '--port', '0'], /on http:\/\/127\.0\.0\.1:(\d+)\/mcp/);
    port = Number(server.match[1]);
    token = readFileSync(join(fixture.root, '.kg-memory', 'token'), 'utf8').trim();
  });

  after(async () => {
    await server?.stop();
    fixture?.dispose();
  });

  it('keeps the token owner-only and reuses it', async () => {
    assert.match(token, /^[0-9a-f]{64}$/);
    assert.equal(statSync(join(fixture.root, '.kg-memory', 'token')).mode & 0o777, 0o600);
    assert.equal(await workspaceToken(fixture.root), token);
  });

  it('serves the SDK client with the token', async () => {
    const client = new Client({ name: 'http-test', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
    );
    try {
      const { tools } = await client.listTools();
      assert.equal(tools.filter((t) => !(MEMORY_TOOL_NAMES as readonly string[]).includes(t.name)).length, 22, 'the code, decision, docs and changes tools, besides the memory toolset (the LLM toolset is off)');
      const search = await client.callTool({ name: 'search', arguments: { query: 'Order' } });
      assert.ok((search.structuredContent as { items: { id: string }[] }).items.some((i) => i.id === 'py:shop.models:Order'));
      const callers = await client.callTool({ name: 'callers', arguments: { target: 'Client.send' } });
      assert.equal((callers.structuredContent as { total: number }).total, 2);
      const impact = await client.callTool({ name: 'impact', arguments: { target: 'shop/models.py' } });
      assert.ok(!impact.isError, JSON.stringify(impact.content));
      const passwd = await client.callTool({ name: 'source', arguments: { target: '../../etc/passwd' } });
      assert.equal(passwd.isError, true);
    } finally {
      await client.close();
    }
  });

  it('answers 401 without the token or with a wrong one', async () => {
    const none = await rawRequest({ port }, { headers: { ...JSON_HEADERS, host: `127.0.0.1:${port}` }, body: INIT });
    assert.equal(none.status, 401);
    assert.match(String(none.headers['www-authenticate']), /Bearer/);
    const wrong = await rawRequest({ port }, { headers: { ...JSON_HEADERS, host: `127.0.0.1:${port}`, authorization: `Bearer ${'0'.repeat(64)}` }, body: INIT });
    assert.equal(wrong.status, 401);
  });

  it('answers 403 to a foreign Host or a non-loopback Origin (DNS rebinding)', async () => {
    const auth = { ...JSON_HEADERS, authorization: `Bearer ${token}` };
    for (const host of ['evil.example:' + port, `127.0.0.1:${port + 1}`, 'localhost']) {
      const r = await rawRequest({ port }, { headers: { ...auth, host }, body: INIT });
      assert.equal(r.status, 403, host);
    }
    const origin = await rawRequest({ port }, { headers: { ...auth, host: `localhost:${port}`, origin: 'http://evil.example' }, body: INIT });
    assert.equal(origin.status, 403);
    const local = await rawRequest({ port }, { headers: { ...auth, host: `localhost:${port}`, origin: 'http://localhost:3000' }, body: INIT });
    assert.equal(local.status, 200, local.body);
  });

  it('answers 413 to an oversized body, 400 with a JSON-RPC parse error to malformed JSON, 405 to GET', async () => {
    const headers = { ...JSON_HEADERS, host: `127.0.0.1:${port}`, authorization: `Bearer ${token}` };
    const big = await rawRequest({ port }, { headers, body: `{"x":"${'a'.repeat(2 * 1024 * 1024)}"}` });
    assert.equal(big.status, 413);
    const bad = await rawRequest({ port }, { headers, body: '{"jsonrpc": "2.0", "id": 1, "method": ' });
    assert.equal(bad.status, 400);
    assert.equal((JSON.parse(bad.body) as { error: { code: number } }).error.code, -32700);
    const notRpc = await rawRequest({ port }, { headers, body: '{"hello": "world"}' });
    assert.ok(notRpc.status >= 400 && notRpc.status < 500, String(notRpc.status));
    assert.ok('error' in (JSON.parse(notRpc.body) as object));
    const get = await rawRequest({ port }, { method: 'GET', headers });
    assert.equal(get.status, 405);
    // And it still serves.
    const ok = await rawRequest({ port }, { headers, body: INIT });
    assert.equal(ok.status, 200);
  });

  it('answers a tools/call on the direct path exactly as the SDK path answers it', async () => {
    const headers = { ...JSON_HEADERS, host: `127.0.0.1:${port}`, authorization: `Bearer ${token}`, 'mcp-protocol-version': '2025-06-18' };
    const call = (name: string, args: unknown, meta?: unknown) =>
      rawRequest({ port }, { headers, body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: args, ...(meta ? { _meta: meta } : {}) } }) });
    for (const [name, args] of [['search', { query: 'Order' }], ['callers', { target: 'Client.send' }], ['impact', { target: 'shop/models.py' }], ['callers', { target: 'no_such_symbol_anywhere' }]] as const) {
      const direct = await call(name, args);
      // A progress token is one of the things only the SDK's machinery handles: that request takes the SDK path.
      const viaSdk = await call(name, args, { progressToken: 'p1' });
      assert.equal(direct.status, 200);
      assert.equal(viaSdk.status, 200);
      assert.deepEqual(JSON.parse(direct.body), JSON.parse(viaSdk.body), `${name} ${JSON.stringify(args)}`);
    }
    // Arguments the schema refuses go to the SDK, which names the problem as it always did.
    const bad = JSON.parse((await call('callers', { target: 3 })).body) as { result: { isError: boolean; content: { text: string }[] } };
    assert.equal(bad.result.isError, true);
    assert.match(bad.result.content[0]!.text, /target/);
    // An unsupported protocol version is refused as the SDK refuses it.
    const old = await rawRequest({ port }, { headers: { ...headers, 'mcp-protocol-version': '1999-01-01' }, body: JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'search', arguments: { query: 'Order' } } }) });
    assert.equal(old.status, 400);
  });
});

describe('MCP over a Unix socket', { timeout: 60_000 }, () => {
  let fixture: ReturnType<typeof fixtureCopy>;

  before(() => {
    ensureBuilt();
    fixture = fixtureCopy();
  });
  after(() => fixture?.dispose());

  it('replaces a stale socket, listens 0600, serves the SDK client and removes the socket on close', async () => {
    const socket = join(fixture.root, 'kg.sock');
    // A stale socket: its server was killed without cleaning up.
    spawnSync(process.execPath, ['-e', `require('net').createServer().listen(${JSON.stringify(socket)}, () => process.kill(process.pid, 'SIGKILL'))`]);
    assert.ok(statSync(socket).isSocket());
    const server = await startCli(['serve', '--root', fixture.root, '--socket', socket], /over the Unix socket/);
    try {
      assert.equal(statSync(socket).mode & 0o777, 0o600);
      const token = readFileSync(join(fixture.root, '.kg-memory', 'token'), 'utf8').trim();
      const client = new Client({ name: 'socket-test', version: '1' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL('http://localhost/mcp'), { fetch: unixFetch(socket), requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
      );
      const r = await client.callTool({ name: 'callers', arguments: { target: 'refund', depth: 1 } });
      assert.ok((r.structuredContent as { levels: { items: { id: string }[] }[] }).levels[0]!.items.some((i) => i.id === 'py:tests.test_service:test_refund'));
      await client.close();
      const foreign = await rawRequest({ socketPath: socket }, { headers: { ...JSON_HEADERS, host: 'evil.example', authorization: `Bearer ${token}` }, body: INIT });
      assert.equal(foreign.status, 403);
      const noToken = await rawRequest({ socketPath: socket }, { headers: { ...JSON_HEADERS, host: 'localhost' }, body: INIT });
      assert.equal(noToken.status, 401);
    } finally {
      assert.equal(await server.stop(), 0);
    }
    assert.equal(existsSync(socket), false, 'socket removed on close');
  });

  it('refuses to replace a file that is not a socket (exit 2)', () => {
    const path = join(fixture.root, 'not-a-socket');
    writeFileSync(path, 'keep me');
    const r = runCli(['serve', '--root', fixture.root, '--socket', path]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /is not a socket/);
    assert.equal(readFileSync(path, 'utf8'), 'keep me');
  });
});
