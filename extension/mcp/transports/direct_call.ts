/**
 * Direct tool calls
 * =================
 * A stateless `tools/call` of a code tool, answered without a per-request SDK server and
 * transport. Measured on Django under 50 clients (docs/adr/0017-direct-tool-calls.md), the
 * SDK's per-request path (a Web Request/Response made from node's, the JSON-RPC message parsed
 * by its zod schemas three times, a transport connected and closed, the output re-validated)
 * cost several times what the query itself costs; with many agents that cost is the latency.
 *
 * Only a request the SDK would take as it is comes here: POST without a session, the Accept and
 * Content-Type the transport demands, a supported (or absent) protocol version, one JSON-RPC
 * request for a tool of the table, arguments its schema accepts. Anything else, malformed or
 * merely unusual, goes to the SDK, which keeps answering it (and its errors) as before. The
 * answer is what the SDK would send: the same CallToolResult (server.ts toResult), as JSON.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { mediaTypeEssence } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { toResult } from '../server';
import type { CallOutcome, Tool } from '../tool';

export interface DirectCall {
  id: string | number;
  tool: Tool;
  /** The arguments as the tool's input schema parsed them (defaults applied). */
  args: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The headers the SDK's Streamable HTTP transport requires of a POST, checked as it checks them. */
function headersTheSdkTakes(headers: IncomingHttpHeaders): boolean {
  const accept = headers.accept ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) return false;
  if (mediaTypeEssence(headers['content-type']) !== 'application/json') return false;
  const version = headers['mcp-protocol-version'];
  return version === undefined || (typeof version === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(version));
}

/** The call to run directly, or undefined when the SDK should take the request. */
export function directCall(headers: IncomingHttpHeaders, message: unknown, tools: ReadonlyMap<string, Tool>): DirectCall | undefined {
  if (!isObject(message) || message.jsonrpc !== '2.0' || message.method !== 'tools/call') return undefined;
  const id = message.id;
  if (!(typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)))) return undefined;
  const params = message.params;
  if (!isObject(params) || typeof params.name !== 'string') return undefined;
  // A progress token asks for notifications and a task for task handling: the SDK's machinery.
  if (isObject(params._meta) && params._meta.progressToken !== undefined) return undefined;
  if (params.task !== undefined) return undefined;
  const tool = tools.get(params.name);
  if (!tool || !headersTheSdkTakes(headers)) return undefined;
  const parsed = tool.input.safeParse(params.arguments ?? {});
  return parsed.success ? { id, tool, args: parsed.data } : undefined;
}

/**
 * The JSON-RPC answer to a direct call, as text: JSON.stringify of {jsonrpc, id, result:
 * toResult(outcome)}, with the structured result serialised once and reused as the text content.
 */
export function directAnswer(id: string | number, outcome: CallOutcome): string {
  if (!outcome.ok) return JSON.stringify({ jsonrpc: '2.0', id, result: toResult(outcome) });
  const json = JSON.stringify(outcome.result);
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[{"type":"text","text":${JSON.stringify(json)}}],"structuredContent":${json}}}`;
}
