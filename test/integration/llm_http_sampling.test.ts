/**
 * MCP sampling over Streamable HTTP
 * =================================
 * The HTTP endpoint is stateless, except for a client that offers sampling: it gets a session,
 * so that `ask` can put the question to that client's own model from inside the tool call and
 * the answer comes back to the same server. Checked with the SDK's real HTTP client on a real
 * loopback socket; a client without sampling stays stateless and gets the configured endpoint.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CreateMessageRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { DEFAULT_LLM_SETTINGS } from '../../extension/core/llm/settings';
import { Workspace } from '../../extension/core/workspace';
import { ToolContext } from '../../extension/mcp';
import { configureLlm } from '../../extension/mcp/tools/llm';
import { serveHttp, type HttpEndpoint } from '../../extension/mcp/transports/http';
import { startOpenAiChatStub, type OpenAiChatStub } from '../helpers/openai_chat_stub';
import { askThroughSampling, PAYMENTS_QUESTION, SAMPLED_ANSWER } from '../helpers/sampling';
import { FIXTURES } from '../helpers/workspace';

const TOKEN = 'a'.repeat(64);

describe('MCP sampling over Streamable HTTP', { timeout: 60_000 }, () => {
  let dir: string;
  let ws: Workspace;
  let stub: OpenAiChatStub;
  let endpoint: HttpEndpoint;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kg-llm-http-'));
    cpSync(join(FIXTURES, 'decisions', 'store'), dir, { recursive: true });
    ws = await Workspace.open(dir, { persist: false, workers: 0 });
    await ws.index();
    stub = await startOpenAiChatStub(() => ({ content: `Because of the gateway [ADR-0002].\n\nSources:\n- ADR-0002` }));
    const context = new ToolContext(ws, { follow: async () => undefined });
    configureLlm(context, { settings: { ...DEFAULT_LLM_SETTINGS, enabled: true, baseUrl: stub.url, model: 'endpoint-model', retries: 0 }, persist: false });
    endpoint = await serveHttp(ws, { token: TOKEN, port: 0, context });
  });
  after(async () => {
    await endpoint?.close();
    await stub?.close();
    await ws?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const connect = async (client: Client): Promise<StreamableHTTPClientTransport> => {
    const transport = new StreamableHTTPClientTransport(new URL(endpoint.url), { requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } } });
    await client.connect(transport);
    return transport;
  };

  it('asks the client\'s own model from inside the tool call; the endpoint gets nothing', async () => {
    const asked: string[] = [];
    const client = new Client({ name: 'sampling-over-http', version: '1' }, { capabilities: { sampling: {} } });
    client.setRequestHandler(CreateMessageRequestSchema, async (request) => {
      asked.push(request.params.systemPrompt ?? '');
      return { role: 'assistant', model: 'client-model', content: { type: 'text', text: SAMPLED_ANSWER } };
    });
    const transport = await connect(client);
    try {
      assert.ok(transport.sessionId, 'a client offering sampling gets a session');
      const before = stub.requests.length;
      await askThroughSampling(client);
      assert.equal(asked.length, 1);
      assert.equal(stub.requests.length, before, 'the endpoint got nothing');
      await transport.terminateSession();
      const again = await fetch(endpoint.url, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': transport.sessionId ?? 'gone' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }),
      });
      assert.equal(again.status, 404, 'a closed session is gone');
    } finally {
      await client.close();
    }
  });

  it('keeps a client without sampling stateless, on the configured endpoint', async () => {
    const client = new Client({ name: 'plain-over-http', version: '1' });
    const transport = await connect(client);
    try {
      assert.equal(transport.sessionId, undefined);
      const before = stub.requests.length;
      const r = await client.callTool({ name: 'ask', arguments: { question: PAYMENTS_QUESTION } });
      assert.ok(!r.isError, JSON.stringify(r.content));
      assert.equal((r.structuredContent as { model: string }).model, 'endpoint:stub-model');
      assert.equal(stub.requests.length, before + 1);
    } finally {
      await client.close();
    }
  });

  it('answers an unknown session id with 404, not a stateless answer', async () => {
    const r = await fetch(endpoint.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': 'not-a-session' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    assert.equal(r.status, 404);
  });
});
