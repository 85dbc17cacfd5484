/**
 * A one-shot command pays only for what it asks
 * =============================================
 * `warmUp: false` (the CLI's query, index and stats): after a restart, a code-only answer and an
 * index after a code edit leave the restored documents unlinked, and the first reader of the
 * docs' side links them against the graph as it is then, giving what a long-lived host gives.
 */
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { Workspace } from '../../extension/core/workspace';
import { ToolContext } from '../../extension/mcp/context';
import { findTool } from '../../extension/mcp/tools';
import { copyFixture } from '../helpers/workspace';

const cleanups: (() => void)[] = [];
after(() => cleanups.forEach((c) => c()));

const hasDocNodes = (ws: Workspace): boolean => ws.graph.graph.someNode((_id, a) => a.kind === 'doc');

async function call(ws: Workspace, tool: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const outcome = await findTool(tool)!.call(new ToolContext(ws, { refreshMs: 0 }), args);
  assert.ok(outcome.ok, JSON.stringify(outcome));
  return outcome.result;
}

async function open(dir: string, warmUp: boolean): Promise<Workspace> {
  const ws = await Workspace.open(dir, { workers: 0, warmUp });
  cleanups.push(() => void ws.close());
  return ws;
}

describe('warmUp: false', () => {
  it('answers callers and indexes a code edit without linking the documents, then links them for a docs reader', async () => {
    const copy = copyFixture('docs_project');
    cleanups.push(copy.dispose);
    const first = await Workspace.open(copy.dir, { workers: 0 });
    await first.index();
    assert.ok(hasDocNodes(first));
    await first.close();

    const oneShot = await open(copy.dir, false);
    const answer = await call(oneShot, 'callers', { target: 'PaymentGateway.charge' });
    assert.ok(Array.isArray(answer.levels) && answer.levels.length > 0, 'callers answered');
    assert.equal(oneShot.status().docs?.linkPending, true, 'a code-only answer leaves the documents unlinked');
    assert.ok(!hasDocNodes(oneShot));

    // A code edit: the index re-reads no document and links none.
    appendFileSync(join(copy.dir, 'shop', 'payment.py'), '\n\ndef refund(amount: int) -> str:\n    return "refunded"\n');
    const report = await oneShot.index();
    assert.equal(report.parsed, 1);
    assert.equal(oneShot.status().docs?.linkPending, true);
    assert.ok(!hasDocNodes(oneShot));

    // The first reader of the docs' side links them, against the graph as it is now.
    const found = await call(oneShot, 'docs_search', { query: 'retry with backoff' });
    assert.ok(Array.isArray(found.chunks) && found.chunks.length > 0);
    assert.equal(oneShot.status().docs?.linkPending, undefined);
    const host = await open(copy.dir, true);
    await host.index();
    await host.settled();
    assert.equal(oneShot.graph.canonical(), host.graph.canonical(), 'the same graph a long-lived host has');
  });

  it('leaves docs.json unread until something reads the documents, and never writes it meanwhile', async () => {
    const copy = copyFixture('docs_project');
    cleanups.push(copy.dispose);
    const first = await Workspace.open(copy.dir, { workers: 0 });
    await first.index();
    const linked = first.status().docs!;
    await first.close();
    // A docs.json that cannot be parsed: any read of it says so in the log.
    const docsJson = join(copy.dir, '.kg-memory', 'docs.json');
    const good = readFileSync(docsJson, 'utf8');
    writeFileSync(docsJson, '{"format":"kg-memory-snapshot","formatVersion":1, not json');
    const warnings: string[] = [];
    const oneShot = await Workspace.open(copy.dir, { workers: 0, warmUp: false, log: (level, m) => level === 'warn' && warnings.push(m) });
    cleanups.push(() => void oneShot.close());
    await call(oneShot, 'callers', { target: 'PaymentGateway.charge' });
    appendFileSync(join(copy.dir, 'shop', 'payment.py'), '\n\ndef refund(amount: int) -> str:\n    return "refunded"\n');
    assert.equal((await oneShot.index()).parsed, 1);
    const status = oneShot.status().docs!;
    assert.equal(status.linkPending, true);
    assert.equal(status.documents, linked.documents, 'the status the snapshot recorded');
    assert.deepEqual(warnings, [], 'docs.json was not read');
    assert.match(readFileSync(docsJson, 'utf8'), /not json/, 'nor written');
    // The first reader of the documents reads it: restored from it, no document read.
    writeFileSync(docsJson, good);
    const found = await call(oneShot, 'docs_search', { query: 'retry with backoff' });
    assert.ok(Array.isArray(found.chunks) && found.chunks.length > 0);
    assert.equal(oneShot.status().docs?.lastFile, undefined);
    assert.equal(oneShot.status().docs?.linkPending, undefined);
    const host = await open(copy.dir, true);
    await host.index();
    await host.settled();
    assert.equal(oneShot.graph.canonical(), host.graph.canonical(), 'the same graph a long-lived host has');
  });

  it('reads docs.json for an index when a document changed, as a long-lived host would', async () => {
    const copy = copyFixture('docs_project');
    cleanups.push(copy.dispose);
    const first = await Workspace.open(copy.dir, { workers: 0 });
    await first.index();
    await first.close();
    const oneShot = await open(copy.dir, false);
    appendFileSync(join(copy.dir, 'docs', 'ops.md'), '\n\nThe Cart calls `retry_with_backoff` when the gateway times out.\n');
    rmSync(join(copy.dir, 'docs', 'runbook.txt'));
    const report = await oneShot.index();
    assert.equal(report.parsed, 0);
    assert.deepEqual(oneShot.docs.documents(), ['README.md', 'docs/design.md', 'docs/faq.html', 'docs/ops.md']);
    assert.equal(oneShot.status().docs?.lastFile, 'docs/ops.md', 'only the changed document was read');
    const host = await open(copy.dir, true);
    await host.index();
    await host.settled();
    assert.equal(oneShot.graph.canonical(), host.graph.canonical());
  });

  it('links at once when a document changed', async () => {
    const copy = copyFixture('docs_project');
    cleanups.push(copy.dispose);
    const first = await Workspace.open(copy.dir, { workers: 0 });
    await first.index();
    await first.close();
    const oneShot = await open(copy.dir, false);
    appendFileSync(join(copy.dir, 'docs', 'ops.md'), '\n\nThe Cart calls `retry_with_backoff` when the gateway times out.\n');
    await oneShot.index();
    assert.equal(oneShot.status().docs?.linkPending, undefined);
    assert.ok(hasDocNodes(oneShot));
  });
});
