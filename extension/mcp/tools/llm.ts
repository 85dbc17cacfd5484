/**
 * LLM toolset
 * ===========
 * The optional LLM layer over MCP: `llm_status` (which provider, what was sent, per document),
 * `ask` (a grounded answer: WHY → WHAT → WHERE with checked sources) and `extract_decisions`
 * (decisions, concepts and trade-offs from the ADRs and doc sections into the graph, then
 * tier-3 reconciliation).
 *
 * The provider is chosen per call: MCP sampling first, the calling client's own model, when that
 * client declared the `sampling` capability (no key, nothing to configure); else the
 * OpenAI-compatible endpoint of the settings. Sampling lives here, not in core, because only the
 * server can send the request, and only inside the client's tool call (over HTTP the request
 * travels on that call's response stream).
 *
 * The layer is off unless KG_LLM_ENABLED=true or `configureLlm(ctx, { settings })` turns it on;
 * while off none of these tools is served (an agent's tool list is as before) and nothing is sent;
 * `kg-memory llm status` says why it is off.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CallToolResult, RequestId } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { LlmLayer } from '../../core/llm/layer';
import type { ChatProvider, ChatRequest, ChatResponse } from '../../core/llm/provider';
import { LlmError } from '../../core/llm/provider';
import { llmSettingsFromEnv, type LlmSettings } from '../../core/llm/settings';
import { perContext, type ToolContext } from '../context';
import { errorBody } from '../tool';

export const LLM_TOOL_NAMES = ['ask', 'extract_decisions', 'llm_status'] as const;

export interface LlmToolsetOptions {
  /** Default: from the environment (KG_LLM_*). */
  settings?: LlmSettings;
  /** Default: the environment variable the settings name. */
  apiKey?: string;
  /** Why the layer is off although enabled (e.g. an untrusted workspace). */
  blockedBy?: string;
  persist?: boolean;
  log?: (level: 'info' | 'warn', message: string) => void;
}

interface LlmState {
  options: LlmToolsetOptions;
  layer?: LlmLayer;
}

// One layer (cache, ledger) per host.
const stateOf = perContext<LlmState>(() => ({ options: {} }));

/** Sets the layer's options for every server built on this context (call before serving). */
export function configureLlm(ctx: ToolContext, options: LlmToolsetOptions): void {
  const state = stateOf(ctx);
  state.options = { ...state.options, ...options };
  state.layer = undefined;
}

/** The context's layer, made on first use; what the cache holds is put in the graph once it is current. */
export function llmFor(ctx: ToolContext, env: NodeJS.ProcessEnv = process.env): LlmLayer {
  const state = stateOf(ctx);
  if (!state.layer) {
    const settings = state.options.settings ?? llmSettingsFromEnv(env);
    const apiKey = state.options.apiKey ?? env[settings.apiKeyEnv];
    const layer = new LlmLayer(ctx.ws, {
      settings,
      ...(apiKey ? { apiKey } : {}),
      ...(state.options.blockedBy ? { blockedBy: state.options.blockedBy } : {}),
      ...(state.options.persist !== undefined ? { persist: state.options.persist } : {}),
      log: state.options.log ?? ((level, message) => process.stderr.write(`kg-memory ${level}: ${message}\n`)),
    });
    state.layer = layer;
    if (!layer.enabled) return layer;
    let restored = false;
    ctx.onFresh(async () => {
      if (restored || state.layer !== layer) return;
      restored = true;
      await layer.restore();
    });
  }
  return state.layer;
}

/** Whether the layer is on for this context (reads the settings only: opens no cache). */
export function llmEnabled(ctx: ToolContext, env: NodeJS.ProcessEnv = process.env): boolean {
  const { options } = stateOf(ctx);
  return (options.settings ?? llmSettingsFromEnv(env)).enabled && options.blockedBy === undefined;
}

/**
 * The connected client's model through `sampling/createMessage`, or undefined when the client did
 * not declare the capability. `relatedRequestId` ties the request to the tool call that needs it.
 */
export function samplingProvider(server: Server, call: { requestId?: RequestId; signal?: AbortSignal } = {}): ChatProvider | undefined {
  if (!server.getClientCapabilities()?.sampling) return undefined;
  return {
    id: 'sampling',
    async complete(request: ChatRequest): Promise<ChatResponse> {
      // Sampling has no structured output: the schema goes into the prompt.
      const schema = request.jsonSchema ? `\n\nReply with JSON only, following this JSON schema:\n${JSON.stringify(request.jsonSchema.schema)}` : '';
      const signal = request.signal ?? call.signal;
      let result;
      try {
        result = await server.createMessage(
          {
            systemPrompt: request.system + schema,
            messages: request.messages.map((m) => ({ role: m.role, content: { type: 'text' as const, text: m.content } })),
            maxTokens: request.maxTokens,
            includeContext: 'none',
            temperature: 0,
          },
          { timeout: 180_000, ...(signal ? { signal } : {}), ...(call.requestId !== undefined ? { relatedRequestId: call.requestId } : {}) },
        );
      } catch (err) {
        if (signal?.aborted) throw new LlmError('aborted', 'kg-memory/llm: cancelled');
        throw new LlmError('unavailable', `kg-memory/llm: the MCP client did not answer the sampling request: ${(err as Error).message}`);
      }
      const blocks = (Array.isArray(result.content) ? result.content : [result.content]) as { type: string; text?: string }[];
      const text = blocks.filter((b) => b.type === 'text' && typeof b.text === 'string').map((b) => b.text).join('');
      if (text === '') throw new LlmError('bad_response', 'kg-memory/llm: the MCP client\'s model answered without text');
      return { text, model: result.model };
    },
  };
}

const counts = z.object({ requests: z.number().int(), failures: z.number().int(), charsSent: z.number().int(), charsReceived: z.number().int() });

const statusOut = {
  enabled: z.boolean(),
  off: z.string().optional().describe('Why the layer is off, and how to turn it on'),
  sampling: z.boolean().describe('This client offers its own model (MCP sampling), which is used first'),
  provider: z.string().optional().describe('The provider of the last request: sampling, vscode-lm or endpoint'),
  model: z.string().optional(),
  endpoint: z.object({ baseUrl: z.string(), model: z.string(), key: z.string(), usable: z.boolean() }),
  sent: counts.extend({ lastProvider: z.string().optional(), lastModel: z.string().optional(), byProvider: z.record(z.string(), counts), byDocument: z.record(z.string(), counts).describe('What was sent about each document (and for ask, reconcile)') }),
  cache: z.object({ extractions: z.number().int(), pairs: z.number().int(), discarded: z.string().optional() }),
  graph: z.object({ decisions: z.number().int(), tradeOffs: z.number().int(), concepts: z.number().int(), sources: z.number().int() }),
};

const askOut = {
  question: z.string(),
  answer: z.string().describe('Markdown: Why, What, Where, then Sources; or "The graph does not say."'),
  grounded: z.boolean().describe('false: the graph does not say'),
  sources: z.array(z.object({ cite: z.string(), id: z.string(), loc: z.string().optional() })),
  removed: z.array(z.string()).describe('Sources the model cited that were not in its context: removed from the answer'),
  context: z.array(z.object({ cite: z.string(), id: z.string(), via: z.string() })),
  model: z.string().optional(),
};

const extractOut = {
  provider: z.string(),
  sources: z.number().int().describe('ADRs and doc sections considered'),
  requests: z.number().int().describe('Requests sent (unchanged documents come from the cache)'),
  cacheHits: z.number().int(),
  dropped: z.number().int().describe('Items the model returned that failed validation'),
  failed: z.array(z.object({ path: z.string(), startLine: z.number().int(), error: z.string() })),
  decisions: z.number().int(),
  concepts: z.number().int(),
  tradeOffs: z.number().int(),
  nodes: z.number().int(),
  edges: z.number().int(),
  reconcile: z
    .object({ pairs: z.number().int(), candidates: z.number().int(), requests: z.number().int(), cacheHits: z.number().int(), dropped: z.number().int(), sameAs: z.number().int(), relatedTo: z.number().int(), clusters: z.number().int(), failed: z.array(z.string()) })
    .optional(),
};

const ok = (value: Record<string, unknown>): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value });
const fail = (err: unknown): CallToolResult => {
  const body = err instanceof LlmError ? { error: err.code === 'disabled' ? 'invalid_argument' : 'internal', message: err.message, llm: err.code } : errorBody(err);
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
};

/** Registers ask, extract_decisions and llm_status (the server does so only when the layer is on). */
export function registerLlmToolset(server: McpServer, ctx: ToolContext): void {
  const layer = (): LlmLayer => llmFor(ctx);
  const provider = (extra: { requestId?: RequestId; signal?: AbortSignal }): Promise<ChatProvider> => layer().resolve({ sampling: () => samplingProvider(server.server, extra) });

  server.registerTool(
    'llm_status',
    {
      title: 'LLM layer status',
      description:
        'Whether the optional LLM layer is on (KG_LLM_ENABLED=true), which provider answers (MCP sampling from this client first, then the configured OpenAI-compatible endpoint), ' +
        'and exactly what has been sent: requests and characters, per provider and per document. Off by default: while off nothing leaves this process.',
      inputSchema: {},
      outputSchema: statusOut,
      annotations: { title: 'LLM layer status', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async () => ok({ ...layer().status(), sampling: Boolean(server.server.getClientCapabilities()?.sampling) }),
  );

  server.registerTool(
    'ask',
    {
      title: 'Ask the graph',
      description:
        'A question about this workspace answered by a language model from the knowledge graph only: the most relevant nodes, their neighbours and doc passages. ' +
        'The answer goes Why → What → Where and ends with Sources (path:line, ADR ids); sources outside the given context are removed, and when the graph has no answer it says "The graph does not say." ' +
        'Uses this client\'s own model through MCP sampling when offered.',
      inputSchema: { question: z.string().min(1).max(2000).describe('The question, in words: "why do we cache parsed files?"') },
      outputSchema: askOut,
      annotations: { title: 'Ask the graph', readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    async ({ question }, extra) => {
      try {
        await ctx.fresh();
        const answer = await layer().ask(await provider(extra), question, { signal: extra.signal });
        return ok({ ...answer });
      } catch (err) {
        return fail(err);
      }
    },
  );

  server.registerTool(
    'extract_decisions',
    {
      title: 'Extract decisions from prose',
      description:
        'Reads every ADR (and doc section, when the docs index is on) with a language model and puts its decisions (decided_in the record), concepts (defines), trade-offs (considered), ' +
        'files named (governs) and implementing symbols (implements) in the graph, then links concepts and decisions that mean the same (same_as ≥ 0.85, related_to ≥ 0.60). ' +
        'Unchanged documents come from the cache and are not sent again.',
      inputSchema: {
        force: z.boolean().optional().describe('Send every document again, ignoring the cache'),
        reconcile: z.boolean().optional().describe('Also link same-meaning concepts and decisions (default true)'),
        docs: z.boolean().optional().describe('Include doc sections, not only ADRs (default true)'),
      },
      outputSchema: extractOut,
      annotations: { title: 'Extract decisions from prose', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    },
    async ({ force, reconcile, docs }, extra) => {
      try {
        await ctx.fresh();
        const chosen = await provider(extra);
        const report = await layer().extract(chosen, { ...(force ? { force } : {}), ...(docs === false ? { docs: false } : {}), signal: extra.signal });
        let rec: Record<string, unknown> | undefined;
        if (reconcile !== false) {
          const r = await layer().reconcile(chosen, { signal: extra.signal });
          rec = { pairs: r.pairs, candidates: r.candidates, requests: r.requests, cacheHits: r.cacheHits, dropped: r.dropped, sameAs: r.matches.filter((m) => m.kind === 'same_as').length, relatedTo: r.matches.filter((m) => m.kind === 'related_to').length, clusters: r.clusters, failed: r.failed };
        }
        return ok({ ...report, ...(rec ? { reconcile: rec } : {}) });
      } catch (err) {
        return fail(err);
      }
    },
  );
}
