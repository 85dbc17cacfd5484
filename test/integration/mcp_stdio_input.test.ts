/**
 * MCP over stdio under bad input
 * ==============================
 * Issue 21 items 5 and 9 over stdio: one message of 10 MiB or more made `kg-memory mcp` exit
 * with code 0 and no log line (the SDK's transport closed itself), `arguments: null` got
 * -32603 with a raw zod dump, and an empty batch got nothing. `kg-memory mcp` is spawned; the
 * SDK client sends the oversized request, raw lines send what the SDK client cannot.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { CLI, ensureBuilt, fixtureCopy } from './helpers';

const HUGE = 'x'.repeat(11 * 1024 * 1024);
const env = { ...(process.env as Record<string, string>), KG_MEMORY_ATTACH: '0' };

/** `kg-memory mcp` on raw lines: send one, read the answers by id. */
class RawServer {
  readonly child: ChildProcessWithoutNullStreams;
  stderr = '';
  private buffer = '';
  private readonly answers: unknown[] = [];
  private waiters: (() => void)[] = [];

  constructor(root: string) {
    this.child = spawn(process.execPath, [CLI, 'mcp', '--root', root], { env });
    this.child.stderr.on('data', (d: Buffer) => (this.stderr += d.toString()));
    this.child.stdout.on('data', (d: Buffer) => {
      this.buffer += d.toString();
      let nl: number;
      while ((nl = this.buffer.indexOf('\n')) !== -1) {
        this.answers.push(JSON.parse(this.buffer.slice(0, nl)));
        this.buffer = this.buffer.slice(nl + 1);
      }
      this.waiters.splice(0).forEach((w) => w());
    });
  }

  send(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }

  async answer(match: (a: Record<string, unknown> | unknown[]) => boolean): Promise<Record<string, unknown> | unknown[]> {
    const until = Date.now() + 20_000;
    for (;;) {
      const found = this.answers.find((a) => match(a as Record<string, unknown>));
      if (found) return found as Record<string, unknown>;
      if (Date.now() > until || this.child.exitCode !== null) throw new Error(`no such answer; exit ${this.child.exitCode}; stderr:\n${this.stderr}`);
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 500);
      });
    }
  }

  byId(id: number): Promise<Record<string, unknown>> {
    return this.answer((a) => !Array.isArray(a) && a.id === id) as Promise<Record<string, unknown>>;
  }
}

describe('MCP over stdio under bad input', { timeout: 90_000 }, () => {
  let fixture: ReturnType<typeof fixtureCopy>;
  before(() => {
    ensureBuilt();
    fixture = fixtureCopy();
  });
  after(() => fixture?.dispose());

  it('a request of 11 MiB gets a JSON-RPC error with its id, is logged, and the server goes on serving', async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--root', fixture.root], env, stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const client = new Client({ name: 'kg-memory-test', version: '1.0.0' });
    await client.connect(transport);
    const pid = transport.pid;
    try {
      const err = await client.callTool({ name: 'search', arguments: { query: HUGE } }, undefined, { timeout: 20_000 }).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(err instanceof McpError, `the oversized call fails with a JSON-RPC error, not a hang (${String(err)})`);
      assert.equal(err.code, -32600);
      assert.match(err.message, /stdio messages are limited to 10485760 bytes/);
      const search = await client.callTool({ name: 'search', arguments: { query: 'send' } });
      assert.ok(!search.isError, 'the same server answers the next call');
      assert.equal(transport.pid, pid);
      assert.match(stderr, /dropped: stdio messages are limited/);
    } finally {
      await client.close();
    }
  });

  it('arguments: null gets -32602 naming the argument, an empty batch and junk get JSON-RPC errors; end of stdin exits 0', async () => {
    const s = new RawServer(fixture.root);
    s.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }));
    await s.byId(1);
    s.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    s.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'search', arguments: null } }));
    const nullArgs = (await s.byId(2)).error as { code: number; message: string };
    assert.equal(nullArgs.code, -32602);
    assert.match(nullArgs.message, /"arguments" of tools\/call search must be an object/);
    assert.doesNotMatch(nullArgs.message, /invalid_type|expected/);
    s.send('[]');
    const empty = (await s.answer((a) => !Array.isArray(a) && a.id === null && (a.error as { code?: number }).code === -32600)) as { error: { message: string } };
    assert.match(empty.error.message, /empty batch/);
    s.send('{not json');
    await s.answer((a) => !Array.isArray(a) && (a.error as { code?: number } | undefined)?.code === -32700);
    s.send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'search', arguments: { query: 'send' } } }));
    assert.ok((await s.byId(3)).result, 'still serving after bad lines');
    const code = await new Promise<number | null>((resolve) => {
      s.child.once('exit', resolve);
      s.child.stdin.end();
    });
    assert.equal(code, 0);
  });
});
