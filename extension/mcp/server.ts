/**
 * MCP server
 * ==========
 * Registration only: every tool of the table becomes an MCP tool with its zod input and output
 * schemas and annotations. Answers are compact JSON, both as `structuredContent` and as text;
 * failures are `isError: true` with a JSON body {error, message, candidates?, suggestions?}.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Workspace } from '../core/workspace';
import { ToolContext } from './context';
import type { CallOutcome, Tool } from './tool';
import { memoryEnabled, registerMemoryToolset, TOOLS } from './tools';
import { llmEnabled, registerLlmToolset } from './tools/llm';

export const SERVER_NAME = 'kg-memory';

export interface McpServerOptions {
  /** Shared by every server of one process (HTTP makes one per request); made here if absent. */
  context?: ToolContext;
  version?: string;
}

const INSTRUCTIONS =
  'kg-memory answers questions about this workspace\'s code from a knowledge graph (files, modules, classes, functions, methods, tests and ' +
  'their imports, calls, inheritance and test links). Start with search or find_symbol, then callers/callees, impact, tests_for or ' +
  'file_context; read exact definitions with source. Every item has an id (pass it back to other tools) and loc "path:line". ' +
  'Lists are cut at a limit and say how many "more" there are.';

/** The MCP result of a tool outcome. */
export function toResult(outcome: CallOutcome): CallToolResult {
  if (!outcome.ok) return { isError: true, content: [{ type: 'text', text: JSON.stringify(outcome.error) }] };
  return { content: [{ type: 'text', text: JSON.stringify(outcome.result) }], structuredContent: outcome.result };
}

function register(server: McpServer, tool: Tool, ctx: ToolContext): void {
  server.registerTool(
    tool.name,
    {
      title: tool.title,
      description: tool.description,
      inputSchema: tool.input,
      outputSchema: tool.output,
      annotations: { title: tool.title, readOnlyHint: tool.readOnly, destructiveHint: false, idempotentHint: tool.readOnly, openWorldHint: false },
    },
    // The SDK has parsed the arguments with the tool's input schema already.
    async (args: unknown) => toResult(await tool.callParsed(ctx, args)),
  );
}

export function createMcpServer(ws: Workspace, options: McpServerOptions = {}): McpServer {
  const ctx = options.context ?? new ToolContext(ws);
  const server = new McpServer({ name: SERVER_NAME, version: options.version ?? '0.1.0' }, { instructions: INSTRUCTIONS, capabilities: { tools: {} } });
  for (const tool of TOOLS) register(server, tool, ctx);
  if (memoryEnabled(ctx)) registerMemoryToolset(server, ctx);
  // The LLM layer (ask, extract_decisions, llm_status) only when it is on: off by default, and then nothing changes.
  if (llmEnabled(ctx)) registerLlmToolset(server, ctx);
  return server;
}
