/**
 * changes, as a user meets it
 * ===========================
 * The CLI (`kg-memory changes`, JSON and Markdown, and its errors) and the MCP tool over stdio
 * with the SDK's client, both on a git repository made by the test.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { ChangesResult } from '../../extension/core/changes';
import { makeGitFixture } from '../helpers/git_fixture';
import type { GitFixture } from '../helpers/git_fixture';
import { CLI, ensureBuilt, runCli, textJson } from './helpers';

describe('changes through the CLI and MCP', { timeout: 120_000 }, () => {
  let fx: GitFixture;
  before(() => {
    ensureBuilt();
    fx = makeGitFixture();
    fx.change();
  });
  after(() => fx?.dispose());

  it('kg-memory changes prints the JSON answer and a Markdown review summary', () => {
    const json = runCli(['changes', '--root', fx.root, '--depth', '1']);
    assert.equal(json.code, 0, json.stderr);
    const r = JSON.parse(json.stdout) as ChangesResult;
    assert.deepEqual(r.definitions.items.map((d) => `${d.change} ${d.name}`), ['modified Invoice', 'modified amount', 'removed old_helper', 'renamed renamed', 'added new_rate', 'modified bump']);
    assert.deepEqual(r.definitions.items[1]?.callers?.items.map((c) => c.id), ['py:app.billing:total'], 'depth 1 stops at the direct caller');
    assert.ok(r.stale.items.some((s) => s.text === 'old_helper'));
    const md = runCli(['changes', '--root', fx.root, '--format', 'markdown']);
    assert.equal(md.code, 0, md.stderr);
    assert.match(md.stdout, /^## Impact of this change\n/);
    assert.match(md.stdout, /### Tests to run\n\n- `tests\/test_billing\.py:5`/);
  });

  it('exits 2 with a clear message outside a repository, on a bad format or an unknown ref', () => {
    const bare = mkdtempSync(join(tmpdir(), 'kg-nogit-'));
    try {
      const r = runCli(['changes', '--root', bare]);
      assert.equal(r.code, 2);
      assert.match(r.stderr, /is not in a git repository/);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
    const fmt = runCli(['changes', '--root', fx.root, '--format', 'html']);
    assert.equal(fmt.code, 2);
    assert.match(fmt.stderr, /--format must be one of json, markdown/);
    const ref = runCli(['changes', '--root', fx.root, '--base', 'nope']);
    assert.equal(ref.code, 2);
    assert.match(ref.stderr, /unknown revision "nope"/);
  });

  it('answers the changes tool over stdio, and says what is wrong with a bad ref', async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--root', fx.root, '--no-memory'], stderr: 'pipe' });
    const client = new Client({ name: 'kg-memory-changes-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const tools = (await client.listTools()).tools;
      const tool = tools.find((t) => t.name === 'changes');
      assert.ok(tool?.outputSchema, 'changes has an output schema');
      assert.equal(tool.annotations?.readOnlyHint, true);
      const res = await client.callTool({ name: 'changes', arguments: { limit: 50 } });
      assert.ok(!res.isError, JSON.stringify(res.content));
      const r = res.structuredContent as unknown as ChangesResult;
      assert.deepEqual(textJson(res), r as unknown as Record<string, unknown>);
      assert.deepEqual(r.files.items.map((f) => `${f.status} ${f.path}`), ['modified app/billing.py', 'renamed app/exports.py', 'modified app/report.py']);
      assert.deepEqual(r.definitions.items.map((d) => `${d.change} ${d.name} ${d.loc}`), [
        'modified Invoice app/billing.py:1',
        'modified amount app/billing.py:7',
        'removed old_helper app/billing.py:13',
        'renamed renamed app/billing.py:15',
        'added new_rate app/billing.py:19',
        'modified bump app/report.py:8',
      ]);
      assert.deepEqual(r.tests.items.map((t) => t.loc), ['tests/test_billing.py:5', 'tests/test_billing.py:9']);
      assert.ok(r.decisions.items.some((d) => d.id === 'adr:docs/adr/0001-invoices-are-summed-in-one-place.md' && d.governs.includes('py:app.billing:Invoice')));
      assert.deepEqual(r.stale.items.map((s) => s.text).sort(), ['app/legacy_export.py', 'old_helper', 'rename_me']);
      assert.ok(r.docs.items.some((d) => d.id === 'doc:docs/guide.md'));
      const bad = await client.callTool({ name: 'changes', arguments: { base: 'no-such-ref' } });
      assert.equal(bad.isError, true);
      assert.equal(textJson(bad).error, 'invalid_argument');
      assert.match(String(textJson(bad).message), /unknown revision "no-such-ref"/);
    } finally {
      await client.close();
    }
  });
});
