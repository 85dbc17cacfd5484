/**
 * The off switch
 * ==============
 * With the LLM layer off (the default), nothing leaves the process: a loopback chat server
 * counts TCP connections while every path that could send is driven (the layer's extract,
 * reconcile and ask, the MCP server with a client that offers sampling, the CLI's ask and llm
 * extract), and it must count zero; the sampling client must see no request.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CreateMessageRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { askCommand, llmCommand } from '../../extension/cli/commands/ask';
import { LlmLayer } from '../../extension/core/llm/layer';
import { LlmError } from '../../extension/core/llm/provider';
import { DEFAULT_LLM_SETTINGS } from '../../extension/core/llm/settings';
import { Workspace } from '../../extension/core/workspace';
import { createMcpServer, ToolContext } from '../../extension/mcp';
import { configureLlm, LLM_TOOL_NAMES } from '../../extension/mcp/tools/llm';
import { copyFixture } from '../helpers/workspace';
import { startOpenAiChatStub, type OpenAiChatStub } from '../helpers/openai_chat_stub';

describe('LLM layer off', () => {
  let stub: OpenAiChatStub;
  let fixture: ReturnType<typeof copyFixture>;
  let ws: Workspace;
  const saved = { ...process.env };

  before(async () => {
    stub = await startOpenAiChatStub(() => ({ content: '{}' }));
    fixture = copyFixture('decisions/store');
    ws = await Workspace.open(fixture.dir, { persist: false, workers: 0 });
    await ws.index();
    // Everything configured except the switch: a key, a reachable endpoint.
    delete process.env.KG_LLM_ENABLED;
    process.env.KG_LLM_BASE_URL = stub.url;
    process.env.KG_LLM_MODEL = 'm';
    process.env.OPENAI_API_KEY = 'sk-test';
  });
  after(async () => {
    process.env = saved;
    await ws.close();
    await stub.close();
    fixture.dispose();
  });

  it('refuses every operation before choosing a provider', async () => {
    const layer = new LlmLayer(ws, { settings: { ...DEFAULT_LLM_SETTINGS, baseUrl: stub.url }, apiKey: 'sk-test', persist: false });
    assert.equal(layer.enabled, false);
    let asked = 0;
    await assert.rejects(layer.resolve({ sampling: () => (asked++, undefined) }), (e: LlmError) => e.code === 'disabled' && /KG_LLM_ENABLED=true/.test(e.message));
    assert.equal(asked, 0, 'no provider factory is even asked');
    assert.equal(layer.endpoint(), undefined);
    const fake = { id: 'endpoint', complete: () => Promise.reject(new Error('must not be called')) };
    await assert.rejects(layer.extract(fake), /off/);
    await assert.rejects(layer.reconcile(fake), /off/);
    await assert.rejects(layer.ask(fake, 'why a gateway?'), /off/);
    assert.equal(layer.status().enabled, false);
    assert.equal(layer.status().sent.requests, 0);
    const untrusted = new LlmLayer(ws, { settings: { ...DEFAULT_LLM_SETTINGS, enabled: true, baseUrl: stub.url }, blockedBy: 'the workspace is not trusted', persist: false });
    assert.equal(untrusted.enabled, false);
    await assert.rejects(untrusted.resolve(), /not trusted/);
  });

  it('serves no LLM tool over MCP, and never samples the client', async () => {
    const ctx = new ToolContext(ws);
    const server = createMcpServer(ws, { context: ctx });
    const client = new Client({ name: 'sampler', version: '1' }, { capabilities: { sampling: {} } });
    let sampled = 0;
    client.setRequestHandler(CreateMessageRequestSchema, async () => {
      sampled++;
      return { role: 'assistant', model: 'client-model', content: { type: 'text', text: '{}' } };
    });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(b), client.connect(a)]);
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      for (const n of LLM_TOOL_NAMES) assert.ok(!names.includes(n), `${n} is not served while off`);
      const r = await client.callTool({ name: 'decisions', arguments: {} });
      assert.ok(!r.isError, 'the rest works as before');
      const ask = await client.callTool({ name: 'ask', arguments: { question: 'why?' } });
      assert.equal(ask.isError, true);
    } finally {
      await client.close();
    }
    assert.equal(sampled, 0);
    // configureLlm with the switch off, explicitly: the same.
    const ctx2 = new ToolContext(ws);
    configureLlm(ctx2, { settings: { ...DEFAULT_LLM_SETTINGS, baseUrl: stub.url }, persist: false });
    const s2 = createMcpServer(ws, { context: ctx2 });
    const c2 = new Client({ name: 'plain', version: '1' });
    const [a2, b2] = InMemoryTransport.createLinkedPair();
    await Promise.all([s2.connect(b2), c2.connect(a2)]);
    assert.ok(!(await c2.listTools()).tools.some((t) => t.name === 'ask'));
    await c2.close();
  });

  it('the CLI says how to turn it on and sends nothing', async () => {
    await assert.rejects(askCommand('why do payments go through one gateway?', { root: fixture.dir }), /KG_LLM_ENABLED=true/);
    await assert.rejects(llmCommand('extract', { root: fixture.dir }), /KG_LLM_ENABLED=true/);
  });

  it('no connection reached the endpoint', () => {
    assert.equal(stub.connections, 0);
    assert.equal(stub.requests.length, 0);
  });
});
