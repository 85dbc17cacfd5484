/**
 * Answers during a reindex
 * ========================
 * `kg-memory serve` on a workspace big enough that a full reindex takes a while: calls made while
 * it runs answer from the last complete graph at once and say a newer graph is on its way
 * (`indexing.behind`); once the reindex is done, answers carry no such field.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ensureBuilt, startCli } from './helpers';

/** 400 modules of a package, each calling into the one before: a reindex of seconds, not milliseconds. */
function writeWorkspace(root: string): void {
  mkdirSync(join(root, 'pkg'), { recursive: true });
  writeFileSync(join(root, 'pkg', '__init__.py'), '');
  for (let i = 0; i < 400; i++) {
    const prev = i === 0 ? '' : `from pkg.m${i - 1} import work_${i - 1}\n`;
    const body = Array.from({ length: 20 }, (_, j) => `def helper_${i}_${j}(x):\n    return x + ${j}\n`).join('\n');
    writeFileSync(join(root, 'pkg', `m${i}.py`), `${prev}\n${body}\n\ndef work_${i}(x):\n    ${i === 0 ? 'return x' : `return work_${i - 1}(helper_${i}_0(x))`}\n`);
  }
}

describe('MCP answers while a full reindex runs', { timeout: 120_000 }, () => {
  let root: string;
  let server: Awaited<ReturnType<typeof startCli>>;
  let client: Client;

  before(async () => {
    ensureBuilt();
    root = mkdtempSync(join(tmpdir(), 'kg-during-index-'));
    writeWorkspace(root);
    server = await startCli(['serve', '--root', root, '--port', '0'], /on http:\/\/127\.0\.0\.1:(\d+)\/mcp/, 60_000);
    const token = readFileSync(join(root, '.kg-memory', 'token'), 'utf8').trim();
    client = new Client({ name: 'during-index', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${server.match[1]}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    // The first index: until it is done there is no complete graph, and calls wait for it.
    const first = await client.callTool({ name: 'callers', arguments: { target: 'work_10' } });
    assert.equal((first.structuredContent as { indexing?: unknown }).indexing, undefined);
  });

  after(async () => {
    await client?.close();
    await server?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers from the last complete graph, saying so, then from the new one', async () => {
    let reindexDone = 0;
    const reindex = client.callTool({ name: 'reindex', arguments: { full: true } }, undefined, { timeout: 100_000 }).then((r) => {
      reindexDone = performance.now();
      return r;
    });
    // Let the reindex start: the server runs it before it answers the next call.
    await new Promise((r) => setTimeout(r, 30));
    const asked = performance.now();
    const during = await client.callTool({ name: 'callers', arguments: { target: 'work_10' } });
    const answered = performance.now();
    const sc = during.structuredContent as { total: number; indexing?: { behind: boolean; note: string; asOf?: string } };
    assert.ok(!during.isError, JSON.stringify(during.content));
    assert.equal(sc.total, 1, 'work_11 calls work_10, in the graph the last index built');
    assert.equal(reindexDone, 0, `the reindex still runs when the answer comes (answered in ${Math.round(answered - asked)} ms)`);
    assert.equal(sc.indexing?.behind, true, JSON.stringify(sc));
    assert.match(sc.indexing?.note ?? '', /newer graph/);
    assert.ok(sc.indexing?.asOf !== undefined && !Number.isNaN(Date.parse(sc.indexing.asOf)));

    const done = await reindex;
    assert.ok(!done.isError, JSON.stringify(done.content));
    const after = await client.callTool({ name: 'callers', arguments: { target: 'work_10' } });
    assert.equal((after.structuredContent as { indexing?: unknown }).indexing, undefined);
    assert.equal((after.structuredContent as { total: number }).total, 1);
  });
});
