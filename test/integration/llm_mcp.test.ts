/**
 * The LLM layer over MCP
 * ======================
 * A real SDK client that offers sampling (`capabilities: { sampling: {} }` and a
 * CreateMessageRequestSchema handler answering with recorded replies): extract_decisions and ask
 * run on the client's own model and the configured endpoint gets nothing; a client without
 * sampling gets the endpoint instead. Over linked in-memory transports, then once over a real
 * one: `kg-memory mcp` on stdio, started with KG_LLM_ENABLED=true.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CreateMessageRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { decisionId } from '../../extension/core/llm/nodes';
import { DEFAULT_LLM_SETTINGS } from '../../extension/core/llm/settings';
import { Workspace } from '../../extension/core/workspace';
import { createMcpServer, ToolContext } from '../../extension/mcp';
import { configureLlm } from '../../extension/mcp/tools/llm';
import { FIXTURES } from '../helpers/workspace';
import { startOpenAiChatStub, type OpenAiChatStub } from '../helpers/openai_chat_stub';
import { askThroughSampling, PAYMENTS_QUESTION, SAMPLED_ANSWER } from '../helpers/sampling';
import { CLI, ensureBuilt } from './helpers';

const ADR2 = 'docs/adr/0002-payments-go-through-one-gateway.md';
const GATEWAY = 'All card payments go through PaymentGateway.';
const EMPTY = JSON.stringify({ decisions: [], concepts: [], tradeOffs: [], principles: [], files: [] });

/** The client's model, recorded: extraction, pair scores and answers by the system prompt. */
function reply(system: string, user: string): string {
  if (system.startsWith('You extract')) {
    return user.includes(ADR2) ? JSON.stringify({ ...JSON.parse(EMPTY), decisions: [{ statement: GATEWAY, rationale: 'One retry loop.', confidence: 0.8, symbols: ['PaymentGateway'] }] }) : EMPTY;
  }
  if (system.startsWith('You compare')) return JSON.stringify({ scores: [] });
  return SAMPLED_ANSWER;
}

function samplingClient(log: { system: string; schemaInPrompt: boolean }[]): Client {
  const client = new Client({ name: 'sampling-client', version: '1' }, { capabilities: { sampling: {} } });
  client.setRequestHandler(CreateMessageRequestSchema, async (request) => {
    const system = request.params.systemPrompt ?? '';
    const content = request.params.messages[0]?.content;
    const user = content && !Array.isArray(content) && content.type === 'text' ? content.text : '';
    log.push({ system, schemaInPrompt: system.includes('JSON schema') });
    return { role: 'assistant', model: 'client-model', content: { type: 'text', text: reply(system, user) } };
  });
  return client;
}

function fixtureCopy(): { dir: string; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'kg-llm-mcp-'));
  cpSync(join(FIXTURES, 'decisions', 'store'), dir, { recursive: true });
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

describe('LLM layer over MCP', { timeout: 120_000 }, () => {
  let stub: OpenAiChatStub;
  let fixture: ReturnType<typeof fixtureCopy>;
  let ws: Workspace;

  before(async () => {
    stub = await startOpenAiChatStub(() => ({ content: `Because of the gateway [ADR-0002].\n\nSources:\n- ADR-0002` }));
    fixture = fixtureCopy();
    ws = await Workspace.open(fixture.dir, { persist: false, workers: 0 });
  });
  after(async () => {
    await ws?.close();
    await stub?.close();
    fixture?.dispose();
  });

  const serve = async (client: Client): Promise<void> => {
    const ctx = new ToolContext(ws);
    configureLlm(ctx, { settings: { ...DEFAULT_LLM_SETTINGS, enabled: true, baseUrl: stub.url, model: 'endpoint-model', retries: 0 }, persist: false });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await Promise.all([createMcpServer(ws, { context: ctx }).connect(b), client.connect(a)]);
  };

  it('extracts and answers with the client\'s own model when it offers sampling; the endpoint gets nothing', async () => {
    const log: { system: string; schemaInPrompt: boolean }[] = [];
    const client = samplingClient(log);
    await serve(client);
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      for (const n of ['ask', 'extract_decisions', 'llm_status']) assert.ok(names.includes(n), n);

      const ex = await client.callTool({ name: 'extract_decisions', arguments: {} });
      assert.ok(!ex.isError, JSON.stringify(ex.content));
      const report = ex.structuredContent as { provider: string; requests: number; decisions: number; sources: number };
      assert.equal(report.provider, 'sampling');
      assert.equal(report.sources, 6);
      assert.equal(report.decisions, 1);
      assert.equal(log.filter((l) => l.system.startsWith('You extract')).length, 6);
      assert.ok(log.every((l) => !l.system.startsWith('You extract') || l.schemaInPrompt), 'sampling has no response_format: the schema is in the prompt');
      assert.ok(ws.graph.hasNode(decisionId(ADR2, GATEWAY)));

      const answer = await askThroughSampling(client);
      assert.equal(answer.grounded, true);

      const status = (await client.callTool({ name: 'llm_status', arguments: {} })).structuredContent as { sampling: boolean; provider: string; sent: { byDocument: Record<string, { requests: number }> } };
      assert.equal(status.sampling, true);
      assert.equal(status.provider, 'sampling');
      assert.equal(status.sent.byDocument[ADR2]?.requests, 1);
      assert.equal(status.sent.byDocument.ask?.requests, 1);
      assert.equal(stub.requests.length, 0);
    } finally {
      await client.close();
    }
  });

  it('falls back to the endpoint for a client without sampling', async () => {
    const client = new Client({ name: 'plain', version: '1' });
    await serve(client);
    try {
      const asked = await client.callTool({ name: 'ask', arguments: { question: PAYMENTS_QUESTION } });
      assert.ok(!asked.isError, JSON.stringify(asked.content));
      assert.equal((asked.structuredContent as { model: string }).model, 'endpoint:stub-model');
      assert.equal(stub.requests.length, 1);
      assert.equal(stub.requests[0]!.body.model, 'endpoint-model');
    } finally {
      await client.close();
    }
  });

  it('samples the client over a real transport: kg-memory mcp on stdio', async () => {
    ensureBuilt();
    const real = fixtureCopy();
    const log: { system: string; schemaInPrompt: boolean }[] = [];
    const client = samplingClient(log);
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'mcp', '--root', real.dir],
      env: { ...env, KG_MEMORY_ATTACH: '0', KG_LLM_ENABLED: 'true', KG_LLM_BASE_URL: stub.url, KG_MEMORY_LOG: 'error' },
      stderr: 'pipe',
    });
    const before = stub.requests.length;
    await client.connect(transport);
    try {
      await askThroughSampling(client);
      assert.equal(log.length, 1);
      assert.equal(stub.requests.length, before, 'the endpoint got nothing');
    } finally {
      await client.close();
      real.dispose();
    }
  });
});
