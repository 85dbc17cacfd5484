/**
 * MCP over stdio
 * ==============
 * An agent's view: the SDK client spawns `kg-memory mcp`, lists the tools and calls them,
 * including with hostile input (huge strings, unknown arguments, paths outside the root,
 * absurd depths), which must come back as tool errors, never a crash.
 */
import assert from 'node:assert/strict';
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { MEMORY_TOOL_NAMES } from '../../extension/mcp';
import { CLI, ensureBuilt, fixtureCopy, textJson } from './helpers';

type CallResult = Awaited<ReturnType<Client['callTool']>>;

describe('MCP over stdio', { timeout: 90_000 }, () => {
  let fixture: ReturnType<typeof fixtureCopy>;
  let client: Client;
  let stderr = '';

  const call = (name: string, args: Record<string, unknown>): Promise<CallResult> => client.callTool({ name, arguments: args });

  before(async () => {
    ensureBuilt();
    fixture = fixtureCopy();
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--root', fixture.root], stderr: 'pipe' });
    transport.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    client = new Client({ name: 'kg-memory-test', version: '1.0.0' });
    await client.connect(transport);
  });

  after(async () => {
    await client?.close(); // closes stdin: the server exits and its transport kills it if not
    fixture?.dispose();
  });

  it('lists every tool with schemas and honest annotations', async () => {
    // The memory toolset keeps the official server's contract; memory_contract.test.ts checks it.
    const tools = (await client.listTools()).tools.filter((t) => !(MEMORY_TOOL_NAMES as readonly string[]).includes(t.name));
    const names = tools.map((t) => t.name).sort();
    assert.deepEqual(names, ['callees', 'callers', 'changes', 'decision', 'decisions', 'decisions_for', 'dependencies', 'dependents', 'docs_search', 'entity_lookup', 'explain_entity', 'file_context', 'find_symbol', 'impact', 'ingest_docs', 'path', 'reindex', 'relate', 'search', 'source', 'status', 'tests_for']);
    for (const t of tools) {
      assert.equal(t.annotations?.readOnlyHint, !['reindex', 'ingest_docs'].includes(t.name), t.name);
      assert.equal(t.annotations?.openWorldHint, false, t.name);
      assert.ok(t.outputSchema, `${t.name} has an output schema`);
      assert.equal(t.inputSchema.additionalProperties, false, `${t.name} input is strict`);
      assert.ok((t.description ?? '').length > 80, `${t.name} is described`);
    }
  });

  it('answers search, callers and impact with path:line on every item', async () => {
    const search = await call('search', { query: 'send' });
    assert.ok(!search.isError);
    const found = search.structuredContent as { items: { id: string; loc?: string }[] };
    assert.ok(found.items.some((i) => i.id === 'py:shop.client:Client.send' && i.loc === 'shop/client.py:18'));
    assert.deepEqual(textJson(search), search.structuredContent, 'text carries the same JSON');
    assert.ok(!(search.content as { text: string }[])[0]!.text.includes('\n'), 'compact JSON');

    const callers = await call('callers', { target: 'Client.send', depth: 2 });
    const levels = (callers.structuredContent as { levels: { depth: number; items: { id: string; loc?: string; at?: string }[] }[] }).levels;
    assert.deepEqual(levels[0]!.items.map((i) => i.id).sort(), ['py:shop.service:checkout', 'py:shop.service:refund']);
    // `at` is the call-site lines, in the caller's own file (the path is in its `loc`).
    assert.ok(levels[0]!.items.every((i) => /^shop\/service\.py:\d+$/.test(i.loc ?? '') && /^\d+(,\d+)*$/.test(i.at ?? '')));
    assert.ok(levels[1]!.items.some((i) => i.id === 'py:tests.test_service:test_checkout'));

    const impact = await call('impact', { target: 'py:shop.client:Client.send' });
    const r = impact.structuredContent as { counts: { callers: number; tests: number }; files: { items: string[] } };
    assert.equal(r.counts.callers, 2);
    assert.equal(r.counts.tests, 2);
    assert.ok(r.files.items.includes('tests/test_service.py'));
  });

  it('reaches the other queries too', async () => {
    const ok = async (name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> => {
      const r = await call(name, args);
      assert.ok(!r.isError, `${name}: ${JSON.stringify(r.content)}`);
      return r.structuredContent as Record<string, unknown>;
    };
    const sym = await ok('find_symbol', { name: 'shop/client.py:19', includeSource: true });
    const first = (sym.items as { id: string; source?: { code: string } }[])[0]!;
    assert.equal(first.id, 'py:shop.client:Client.send');
    assert.match(first.source?.code ?? '', /def send/);
    const src = await ok('source', { target: 'py:shop.models:Order.total' });
    assert.equal(src.start, 17);
    assert.match(String(src.code), /return sum\(self.items\)/);
    assert.ok((await ok('callees', { target: 'checkout' })).total as number >= 3);
    const rel = await ok('relate', { target: 'py:shop.models:Order', edges: ['inherits'], direction: 'in' });
    assert.deepEqual((rel.items as { id: string }[]).map((i) => i.id), ['py:shop.models:RushOrder']);
    const path = await ok('path', { from: 'test_checkout', to: 'Transport.write', edges: ['calls'] });
    assert.equal(path.found, true);
    const deps = await ok('dependencies', { target: 'shop/service.py' });
    assert.ok(((deps.internal as { items: { id: string }[] }).items).some((i) => i.id === 'file:shop/client.py'));
    const dependents = await ok('dependents', { target: 'shop/client.py' });
    assert.ok(((dependents.internal as { items: { id: string }[] }).items).some((i) => i.id === 'file:shop/service.py'));
    const tests = await ok('tests_for', { target: 'refund' });
    assert.ok((tests.items as { id: string }[]).some((i) => i.id === 'py:tests.test_service:test_refund'));
    const ctx = await ok('file_context', { target: 'web/cache.ts' });
    assert.ok((ctx.classes as { items: { id: string }[] }).items.some((c) => c.id === 'ts:web/cache:Cache'));
    const status = await ok('status', {});
    assert.equal(status.files, 7);
    assert.ok((status.nodesByKind as Record<string, number>).class! >= 4);
  });

  it('returns ambiguity and not-found as JSON errors with candidates and suggestions', async () => {
    const amb = await call('callers', { target: 'total' });
    assert.equal(amb.isError, true);
    const body = textJson(amb) as { error: string; candidates: { id: string; loc: string }[] };
    assert.equal(body.error, 'ambiguous');
    assert.ok(body.candidates.length >= 2 && body.candidates.every((c) => /:\d+$/.test(c.loc)));
    const missing = await call('find_symbol', { name: 'sendd' });
    const nf = textJson(missing) as { error: string; suggestions?: { id: string }[] };
    assert.equal(nf.error, 'not_found');
    assert.ok(nf.suggestions?.some((s) => s.id === 'py:shop.client:Client.send'));
  });

  it('refuses hostile input as tool errors and keeps serving', async () => {
    const huge = await call('search', { query: 'x'.repeat(1024 * 1024) });
    assert.equal(huge.isError, true);
    assert.match(JSON.stringify(huge.content), /longer than 2000/);
    const unknown = await call('callers', { target: 'Client.send', bogus: 1 });
    assert.equal(unknown.isError, true);
    assert.match(JSON.stringify(unknown.content), /bogus/);
    const passwd = await call('source', { target: '../../etc/passwd' });
    assert.equal(passwd.isError, true);
    assert.equal(textJson(passwd).error, 'invalid_argument');
    assert.match(String(textJson(passwd).message), /outside the workspace root/);
    const abs = await call('source', { target: '/etc/passwd:1' });
    assert.match(String(textJson(abs).message), /outside the workspace root/);
    const deep = await call('callers', { target: 'Client.send', depth: 1000 });
    assert.equal(deep.isError, true);
    assert.match(JSON.stringify(deep.content), /at most 5/);
    const wrongType = await call('impact', { target: 42 });
    assert.equal(wrongType.isError, true);
    // Still alive and answering.
    assert.ok(!(await call('search', { query: 'Order' })).isError);
  });

  it('sees edits: source is flagged stale at once, and the next refresh picks the change up', async () => {
    await call('search', { query: 'Client' }); // the refresh window starts now
    const file = join(fixture.root, 'shop', 'client.py');
    writeFileSync(file, `# moved down\n# by two lines\n${(await import('node:fs')).readFileSync(file, 'utf8')}`);
    const src = await call('source', { target: 'py:shop.client:Client.send' });
    const s = src.structuredContent as { stale?: boolean; note?: string };
    assert.equal(s.stale, true, JSON.stringify(src.structuredContent));
    appendFileSync(file, '\n\ndef brand_new_helper() -> None:\n    pass\n');
    const re = await call('reindex', { paths: ['shop/client.py'] });
    assert.ok(!re.isError, JSON.stringify(re.content));
    const found = await call('search', { query: 'brand_new_helper' });
    assert.equal((found.structuredContent as { total: number }).total, 1);
    const moved = await call('source', { target: 'py:shop.client:Client.send' });
    assert.equal((moved.structuredContent as { start: number }).start, 20);
  });

  it('logs only to stderr', () => {
    assert.doesNotMatch(stderr, /"jsonrpc"/);
  });
});
