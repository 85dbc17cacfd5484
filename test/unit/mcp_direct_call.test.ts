/**
 * Direct tool calls
 * =================
 * Which stateless requests skip the SDK's per-request server (only those it would take as they
 * are), and that the answer text is the one JSON.stringify would write. The end-to-end
 * comparison with the SDK's own answers is in test/integration/mcp_http.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toResult } from '../../extension/mcp/server';
import { TOOLS } from '../../extension/mcp/tools';
import { directAnswer, directCall } from '../../extension/mcp/transports/direct_call';
import type { CallOutcome } from '../../extension/mcp/tool';

const tools = new Map(TOOLS.map((t) => [t.name, t]));
const headers = { accept: 'application/json, text/event-stream', 'content-type': 'application/json; charset=utf-8', 'mcp-protocol-version': '2025-06-18' };
const call = (params: Record<string, unknown>, id: unknown = 1) => ({ jsonrpc: '2.0', id, method: 'tools/call', params });

describe('direct tool calls', () => {
  it('takes a well-formed call of a code tool, with the arguments parsed by its schema', () => {
    const d = directCall(headers, call({ name: 'search', arguments: { query: 'Order' } }), tools);
    assert.equal(d?.tool.name, 'search');
    assert.equal(d?.id, 1);
    assert.deepEqual(d?.args, tools.get('search')!.input.parse({ query: 'Order' }));
    assert.ok(directCall({ ...headers, 'mcp-protocol-version': undefined }, call({ name: 'search', arguments: { query: 'x' } }, 'a'), tools), 'no version header: the default');
  });

  it('leaves to the SDK whatever it would answer otherwise', () => {
    const ok = call({ name: 'search', arguments: { query: 'Order' } });
    const refused: [string, Record<string, string | undefined>, unknown][] = [
      ['JSON only in Accept', { ...headers, accept: 'application/json' }, ok],
      ['another media type', { ...headers, 'content-type': 'text/plain; a=application/json' }, ok],
      ['an unsupported protocol version', { ...headers, 'mcp-protocol-version': '1999-01-01' }, ok],
      ['a batch', headers, [ok]],
      ['a notification', headers, { jsonrpc: '2.0', method: 'tools/call', params: { name: 'search', arguments: { query: 'x' } } }],
      ['another method', headers, { jsonrpc: '2.0', id: 1, method: 'tools/list' }],
      ['a fractional id', headers, call({ name: 'search', arguments: { query: 'x' } }, 1.5)],
      ['an unknown tool', headers, call({ name: 'read_graph', arguments: {} })],
      ['invalid arguments', headers, call({ name: 'search', arguments: { query: 3 } })],
      ['unknown arguments', headers, call({ name: 'search', arguments: { query: 'x', bogus: 1 } })],
      ['a progress token', headers, call({ name: 'search', arguments: { query: 'x' }, _meta: { progressToken: 1 } })],
      ['a task', headers, call({ name: 'search', arguments: { query: 'x' }, task: {} })],
    ];
    for (const [why, h, message] of refused) assert.equal(directCall(h, message, tools), undefined, why);
  });

  it('writes the answer JSON.stringify would write', () => {
    const outcomes: CallOutcome[] = [
      { ok: true, result: { query: 'a "quoted"\nline', total: 1, items: [{ id: 'py:x:é', kind: 'function' }] } },
      { ok: false, error: { error: 'not_found', message: 'no such thing' } },
    ];
    for (const id of [1, 'req-\u2028']) {
      for (const outcome of outcomes) assert.equal(directAnswer(id, outcome), JSON.stringify({ jsonrpc: '2.0', id, result: toResult(outcome) }));
    }
  });
});
