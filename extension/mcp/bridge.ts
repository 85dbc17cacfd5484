/**
 * stdio ↔ HTTP bridge
 * ===================
 * What `kg-memory mcp` does when an editor already serves the folder: a relay of JSON-RPC
 * messages between the agent on stdio (transports/stdio_lines.ts) and the editor's endpoint
 * (the SDK's StreamableHTTPClientTransport, with the bearer token; over a Unix socket through
 * unixSocketFetch). Messages are passed through unchanged, both ways, so every tool, schema and
 * answer is the editor's, from its live graph.
 *
 * When the endpoint stops answering mid-session (the editor window closed), the bridge fails
 * over once to a local upstream (`fallback`, an in-process server over its own index): it replays
 * the agent's initialize (its answer is dropped: the agent already has one) and initialized,
 * then re-sends the message that failed. The agent keeps its session and sees no error.
 */
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from './context';
import { unixSocketFetch } from './transports/unix_fetch';
import { StdioLinesTransport } from './transports/stdio_lines';

export interface BridgeTarget {
  url: string;
  socket?: string;
  token: string;
}

export interface BridgeOptions {
  target: BridgeTarget;
  /** Builds the upstream used once the endpoint fails: a started transport to a local server. */
  fallback: () => Promise<Transport>;
  log?: Logger;
  /** Defaults to process stdin/stdout (tests pass their own). */
  stdio?: Transport;
}

const REPLAY_ID = 'kg-memory-bridge-replay';

function isRequest(m: JSONRPCMessage): m is JSONRPCMessage & { id: string | number; method: string } {
  return 'method' in m && 'id' in m;
}

function isResponse(m: JSONRPCMessage): m is JSONRPCMessage & { id: string | number } {
  return !('method' in m) && 'id' in m;
}

/** The HTTP client side of the bridge. */
export function httpUpstream(target: BridgeTarget): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(new URL(target.url), {
    requestInit: { headers: { Authorization: `Bearer ${target.token}` } },
    ...(target.socket ? { fetch: unixSocketFetch(target.socket) } : {}),
  });
}

/** Relays until the agent closes stdin (or the process is asked to stop). */
export async function bridgeStdio(options: BridgeOptions): Promise<void> {
  const log: Logger = options.log ?? (() => undefined);
  const agent = options.stdio ?? new StdioLinesTransport();
  const http = httpUpstream(options.target);
  let upstream: Transport = http;
  let failover: Promise<void> | undefined;
  let initialize: JSONRPCMessage | undefined;
  let initializedSent = false;
  const replayed = new Set<string | number>();

  const fromUpstream = (message: JSONRPCMessage): void => {
    if (isResponse(message) && replayed.delete(message.id)) return;
    // The HTTP transport sends the negotiated version as a header on later requests.
    if (upstream === http && isResponse(message) && 'result' in message) {
      const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
      if (initialize && isRequest(initialize) && initialize.id === message.id && typeof version === 'string') http.setProtocolVersion(version);
    }
    agent.send(message).catch((err: unknown) => log('warn', `bridge: cannot write to stdout: ${(err as Error).message}`));
  };

  const failOver = async (failing: JSONRPCMessage, reason: Error): Promise<void> => {
    log('warn', `bridge: ${options.target.socket ?? options.target.url} stopped answering (${reason.message}); answering from a local index from now on`);
    void http.close().catch(() => undefined);
    const local = await options.fallback();
    local.onmessage = fromUpstream;
    upstream = local;
    if (initialize && isRequest(initialize) && failing !== initialize) {
      const replay = { ...initialize, id: REPLAY_ID } as JSONRPCMessage;
      replayed.add(REPLAY_ID);
      await local.send(replay);
      if (initializedSent) await local.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    }
  };

  const forward = async (message: JSONRPCMessage): Promise<void> => {
    if (isRequest(message) && message.method === 'initialize') initialize = message;
    if (failover) await failover;
    const target = upstream;
    try {
      await target.send(message);
    } catch (err) {
      if (target !== http) throw err;
      failover ??= failOver(message, err as Error);
      await failover;
      await upstream.send(message);
    }
    if ('method' in message && message.method === 'notifications/initialized') initializedSent = true;
  };

  http.onmessage = fromUpstream;
  http.onerror = (err) => log('debug', `bridge: ${err.message}`);
  agent.onerror = (err) => log('warn', `bridge: ${err.message}`);
  agent.onmessage = (message: JSONRPCMessage) => {
    forward(message).catch((err: unknown) => {
      log('error', `bridge: ${(err as Error).message}`);
      if (isRequest(message)) {
        void agent.send({ jsonrpc: '2.0', id: message.id, error: { code: -32603, message: `kg-memory bridge: ${(err as Error).message}` } });
      }
    });
  };
  await http.start();
  await agent.start();
  log('info', `bridge: relaying stdio to ${options.target.socket ? `${options.target.url} over ${options.target.socket}` : options.target.url}`);
  await new Promise<void>((resolve) => {
    if (options.stdio) {
      const previous = agent.onclose;
      agent.onclose = () => {
        previous?.();
        resolve();
      };
      return;
    }
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await upstream.close().catch(() => undefined);
  await agent.close().catch(() => undefined);
}
