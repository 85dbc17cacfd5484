/**
 * JSON-RPC checks before the SDK
 * ==============================
 * What the SDK answers badly, answered here for every transport: an empty batch (JSON-RPC 2.0
 * says: one Invalid Request error; the SDK's HTTP transport answered 202 with no body) and a
 * tools/call whose `params` or `arguments` is not an object (the SDK's schema check threw, and
 * the client got -32603 with a raw zod dump instead of -32602 naming the argument).
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export const INVALID_REQUEST = -32600;
export const INVALID_PARAMS = -32602;
export const PARSE_ERROR = -32700;

export interface RpcErrorAnswer {
  jsonrpc: '2.0';
  id: string | number | null;
  error: { code: number; message: string };
}

export function rpcErrorAnswer(id: unknown, code: number, message: string): RpcErrorAnswer {
  return { jsonrpc: '2.0', id: typeof id === 'string' || typeof id === 'number' ? id : null, error: { code, message } };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const kindOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v);

/** The error answer one message must get instead of reaching the SDK, or undefined when it may go on. */
function checkOne(message: unknown): RpcErrorAnswer | undefined {
  if (!isObject(message) || message.method !== 'tools/call' || !('id' in message)) return undefined;
  const params = message.params;
  if (!isObject(params)) return rpcErrorAnswer(message.id, INVALID_PARAMS, `Invalid params: tools/call needs "params" as an object with "name" and "arguments", got ${kindOf(params)}.`);
  if (typeof params.name !== 'string') return rpcErrorAnswer(message.id, INVALID_PARAMS, `Invalid params: tools/call "params.name" must be the tool's name (a string), got ${kindOf(params.name)}.`);
  if ('arguments' in params && params.arguments !== undefined && !isObject(params.arguments)) {
    return rpcErrorAnswer(message.id, INVALID_PARAMS, `Invalid params: "arguments" of tools/call ${params.name} must be an object of the tool's arguments, or left out; got ${kindOf(params.arguments)}.`);
  }
  return undefined;
}

/**
 * What to answer instead of passing `message` (one message or a batch) on: undefined when it may
 * go to the SDK as it is. A batch with one bad message is refused whole, each request told why,
 * since half a batch run is harder for a client to reason about than none.
 */
export function precheck(message: unknown): RpcErrorAnswer | RpcErrorAnswer[] | undefined {
  if (!Array.isArray(message)) return checkOne(message);
  if (message.length === 0) return rpcErrorAnswer(null, INVALID_REQUEST, 'Invalid Request: an empty batch (JSON-RPC 2.0 needs at least one message).');
  const answers = message.map(checkOne);
  if (answers.every((a) => a === undefined)) return undefined;
  return message.flatMap((m, i) => {
    const own = answers[i];
    if (own) return [own];
    return isObject(m) && 'id' in m && 'method' in m ? [rpcErrorAnswer(m.id, INVALID_REQUEST, 'Not run: another message of this batch was invalid.')] : [];
  });
}

/** A message that passed precheck, typed for the SDK (its own schema checks the rest). */
export type CheckedMessage = JSONRPCMessage | JSONRPCMessage[];
