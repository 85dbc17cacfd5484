/**
 * Decision queries and tools
 * ==========================
 * "Which decisions govern X" through the class, file and folder; "what does ADR Y touch"; the
 * stale list; file_context's decisions; the MCP tools over the same queries.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decisionTouches, fileContext, governingDecisions, listDecisions, resolveDecision } from '../../extension/core/query';
import { ToolContext } from '../../extension/mcp/context';
import { findTool } from '../../extension/mcp/tools';
import type { Workspace } from '../../extension/core/workspace';
import { indexFixture } from '../helpers/workspace';

const A2 = 'adr:docs/adr/0002-payments-go-through-one-gateway.md';
const A3 = 'adr:docs/adr/0003-cache-orders-in-memory.md';
const A4 = 'adr:docs/adr/0004-the-order-service-owns-caching.md';

describe('decision queries', () => {
  let ws: Workspace;
  before(async () => {
    ws = await indexFixture('decisions/store');
  });
  after(() => ws.close());

  it('finds the decisions governing a method: itself, its class, its file', () => {
    const r = governingDecisions(ws.graph, { target: 'py:shop.payments:PaymentGateway.refund' });
    const got = r.decisions.items.map((i) => `${i.id} ${i.via}${i.through ? ` ${i.through}` : ''}`);
    assert.deepEqual(got, ['config:CLAUDE.md#testing direct', `${A2} class py:shop.payments:PaymentGateway`]);
    assert.equal(r.decisions.items[1]!.status, 'accepted');
    assert.match(r.decisions.items[1]!.decision ?? '', /^All card payments go through PaymentGateway/);
  });

  it('finds a decision governing a folder for the files under it, the superseded one after the live one', () => {
    const r = governingDecisions(ws.graph, { target: 'shop/orders/service.py' });
    const item = r.decisions.items.find((i) => i.id === A3);
    assert.equal(item?.via, 'folder');
    assert.equal(item?.through, 'module:shop/orders');
    assert.deepEqual(item?.supersededBy, ['ADR-0004']);
  });

  it('resolves ADR references in the ways people write them', () => {
    assert.equal(resolveDecision(ws.graph, A4), A4);
    assert.equal(resolveDecision(ws.graph, 'docs/adr/0004-the-order-service-owns-caching.md'), A4);
    // Two folders each have a record 1 and 2: the number alone is ambiguous, and says so.
    assert.throws(() => resolveDecision(ws.graph, 'ADR-0002'), /names 2 records/);
    assert.equal(resolveDecision(ws.graph, 'ADR-0004'), A4);
    assert.equal(resolveDecision(ws.graph, '3'), A3);
  });

  it('says what a record touches', () => {
    const r = decisionTouches(ws.graph, { target: 'ADR-0003' });
    assert.equal(r.decision.status, 'superseded');
    assert.deepEqual(r.governs?.items.map((i) => i.id), ['module:shop/orders', 'py:shop.cache:Cache']);
    assert.deepEqual(r.referencedBy?.map((i) => i.id), [A4]);
    const kg = r.concepts?.items.find((c) => c.name === 'KG' || c.id.endsWith('#kg'));
    assert.deepEqual(kg?.sameAs?.map((i) => i.id), ['concept:CLAUDE.md#glossary/knowledge-graph', 'concept:docs/decisions/0001-use-a-typed-http-client.md#knowledge-graph']);
    const r4 = decisionTouches(ws.graph, { target: 'ADR-0004' });
    assert.deepEqual(r4.supersedes?.map((i) => i.id), [A3]);
    assert.deepEqual(r4.unresolved?.map((m) => m.text), ['OrderManager', 'ADR-0009']);
  });

  it('lists records, and the stale ones', () => {
    const all = listDecisions(ws.graph);
    assert.equal(all.items.length, 6);
    assert.deepEqual(listDecisions(ws.graph, { stale: true }).items.map((i) => `${i.name} ${i.unresolved}`), ['ADR-0002 1', 'ADR-0004 2', 'ADR-0001 1']);
    assert.deepEqual(listDecisions(ws.graph, { status: 'superseded' }).items.map((i) => i.id), [A3]);
  });

  it('puts the governing decisions and their concepts in file_context', () => {
    const r = fileContext(ws.graph, { target: 'shop/payments.py' });
    const ids = r.decisions?.governedBy?.items.map((i) => i.id);
    assert.deepEqual(ids, [A2, 'config:CLAUDE.md#testing']);
    assert.deepEqual(r.decisions?.governedBy?.items[1]!.symbols, ['py:shop.payments:PaymentGateway.refund']);
    const cache = fileContext(ws.graph, { target: 'shop/cache.py' });
    assert.ok(cache.decisions?.concepts?.items.some((c) => c.id.endsWith('#kg')));
  });

  it('serves the same answers as MCP tools', async () => {
    const ctx = new ToolContext(ws, { follow: () => ws.settled() });
    const out = await findTool('decisions_for')!.call(ctx, { target: 'OrderService.place_order' });
    assert.ok(out.ok);
    const items = (out.result as { decisions: { items: { id: string }[] } }).decisions.items.map((i) => i.id);
    assert.ok(items.includes(A4));
    const touch = await findTool('decision')!.call(ctx, { target: 'ADR-0004' });
    assert.ok(touch.ok && (touch.result as { supersedes: { id: string }[] }).supersedes[0]!.id === A3);
    const stale = await findTool('decisions')!.call(ctx, { stale: true });
    assert.ok(stale.ok);
    const ctxFile = await findTool('file_context')!.call(ctx, { target: 'shop/payments.py' });
    assert.ok(ctxFile.ok && 'decisions' in ctxFile.result, 'the MCP schema keeps the decisions section');
  });
});
