/**
 * MCP over HTTP under bad input
 * =============================
 * Issue 21 item 9 over HTTP, against a real `kg-memory serve`: `arguments: null` got -32603
 * with a raw zod dump, an empty JSON-RPC batch got 202 with no body, and a stalled request body
 * stayed open for 75 s while stalled headers were cut at 30 s though headersTimeout says 10 s.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ensureBuilt, fixtureCopy, rawRequest, startCli } from './helpers';

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** Opens a raw connection, writes `text`, then stalls; resolves with what came back and when the server hung up. */
function stall(port: number, text: string): Promise<{ ms: number; reply: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let reply = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    socket.on('data', (d: Buffer) => (reply += d.toString()));
    socket.on('close', () => resolve({ ms: Date.now() - started, reply }));
    socket.on('error', () => undefined);
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after 40 s; got ${JSON.stringify(reply)}`));
    }, 40_000).unref();
  });
}

describe('MCP over HTTP under bad input', { timeout: 90_000 }, () => {
  let fixture: ReturnType<typeof fixtureCopy>;
  let server: Awaited<ReturnType<typeof startCli>>;
  let port: number;
  let headers: Record<string, string>;

  before(async () => {
    ensureBuilt();
    fixture = fixtureCopy();
    server = await startCli(['serve', '--root', fixture.root, '--port', '0'], /on http:\/\/127\.0\.0\.1:(\d+)\/mcp/);
    port = Number(server.match[1]);
    const token = readFileSync(join(fixture.root, '.kg-memory', 'token'), 'utf8').trim();
    headers = { ...JSON_HEADERS, host: `127.0.0.1:${port}`, authorization: `Bearer ${token}` };
  });
  after(async () => {
    await server?.stop();
    fixture?.dispose();
  });

  it('arguments: null gets -32602 naming the argument, not -32603 with a zod dump', async () => {
    const r = await rawRequest({ port }, { headers, body: JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'search', arguments: null } }) });
    const body = JSON.parse(r.body) as { id: number; error: { code: number; message: string } };
    assert.equal(body.id, 4);
    assert.equal(body.error.code, -32602);
    assert.match(body.error.message, /"arguments" of tools\/call search must be an object/);
    assert.doesNotMatch(body.error.message, /invalid_type|expected/);
  });

  it('an empty batch gets 400 with one JSON-RPC Invalid Request error', async () => {
    const r = await rawRequest({ port }, { headers, body: '[]' });
    assert.equal(r.status, 400);
    const body = JSON.parse(r.body) as { id: null; error: { code: number; message: string } };
    assert.equal(body.error.code, -32600);
    assert.equal(body.id, null);
    assert.match(body.error.message, /empty batch/);
  });

  it('a stalled body and stalled headers are both cut after about 10 s', async () => {
    const auth = `Host: 127.0.0.1:${port}\r\nAuthorization: ${headers.authorization}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n`;
    const [body, head] = await Promise.all([
      stall(port, `POST /mcp HTTP/1.1\r\n${auth}Content-Length: 100\r\n\r\n{"jsonrpc"`),
      stall(port, `POST /mcp HTTP/1.1\r\n${auth}`),
    ]);
    assert.ok(body.ms >= 9000 && body.ms < 13_000, `stalled body closed after ${body.ms} ms`);
    assert.match(body.reply, /^HTTP\/1\.1 408/);
    assert.match(body.reply, /stalled/);
    assert.ok(head.ms >= 9000 && head.ms < 13_000, `stalled headers closed after ${head.ms} ms`);
    // The server still serves.
    const ok = await rawRequest({ port }, { headers, body: JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'status', arguments: {} } }) });
    assert.equal(ok.status, 200, ok.body);
  });
});
