/**
 * Streamable HTTP transport
 * =========================
 * Serves MCP over HTTP on a loopback port or a Unix socket, with node:http directly (the few
 * routes need no framework). Every request passes the guard (Host, Origin, bearer token), a
 * body limit checked before parsing (413), a body that stalls for BODY_IDLE_MS given up (408),
 * and JSON parsing that answers malformed input with a JSON-RPC parse error (and what the SDK
 * answers badly with a proper JSON-RPC error, rpc_checks.ts). `GET /health` (behind the same guard) says whose server this is, so a
 * second host of the same folder can tell its twin from a stranger on the port without an MCP
 * handshake.
 *
 * Stateless: each POST gets a fresh McpServer and transport over the shared workspace and
 * freshness gate. The server keeps no per-client state and sends no notifications, so
 * sessions would only add ids to track, expire and leak; stateless also survives restarts.
 *
 * One exception: a client that offers MCP sampling gets a session (an `Mcp-Session-Id`, SSE
 * responses), because the LLM layer asks that client's model from inside a tool call, and both
 * the request to the client and its answer must reach the same server. Sessions are few (at most
 * MAX_SESSIONS, the idlest closed first), expire when idle, and end with DELETE.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Workspace } from '../../core/workspace';
import { ToolContext } from '../context';
import type { Logger } from '../context';
import { createMcpServer } from '../server';
import { TOOLS } from '../tools';
import { directAnswer, directCall } from './direct_call';
import { endpointProof, isNonce, NONCE_HEADER } from './challenge';
import { checkHostAndOrigin, checkRequest } from './guard';
import { INVALID_REQUEST, precheck } from './rpc_checks';
import { listenOnSocket, removeSocket } from './socket_file';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
export const MCP_PATH = '/mcp';
export const HEALTH_PATH = '/health';
const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '::1'];
/** Sampling sessions held at once; a new one closes the idlest. */
export const MAX_SESSIONS = 16;
/** A sampling session nobody used for this long is closed. */
export const SESSION_IDLE_MS = 30 * 60_000;

interface Session {
  transport: StreamableHTTPServerTransport;
  close(): Promise<void>;
  touched: number;
}

/** An `initialize` request whose client declares the sampling capability. */
function initializeWithSampling(message: unknown): boolean {
  const m = message as { method?: unknown; params?: { capabilities?: { sampling?: unknown } } } | null;
  return m !== null && typeof m === 'object' && m.method === 'initialize' && typeof m.params?.capabilities?.sampling === 'object';
}

export interface HttpServeOptions {
  token: string;
  /** TCP port on `host` (0 picks a free one). Ignored when `socket` is set. */
  port?: number;
  /** Loopback only: 127.0.0.1 (default), localhost or ::1. */
  host?: string;
  /** Listen on this Unix socket instead of TCP. */
  socket?: string;
  context?: ToolContext;
  bodyLimit?: number;
  log?: Logger;
  /** Reported by /health and in the MCP handshake. */
  version?: string;
}

/** The body of GET /health. */
export interface HealthAnswer {
  name: 'kg-memory';
  version: string;
  root: string;
  pid: number;
}

export interface HttpEndpoint {
  /** http://127.0.0.1:PORT/mcp, or http://localhost/mcp on a socket. */
  url: string;
  port?: number;
  socket?: string;
  close(): Promise<void>;
}

class BodyTooLarge extends Error {}
class BodyStalled extends Error {}

/** A request body that sends nothing for this long is given up, as headers are (headersTimeout). */
export const BODY_IDLE_MS = 10_000;

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function rpcError(code: number, message: string): unknown {
  return { jsonrpc: '2.0', error: { code, message }, id: null };
}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let idle: NodeJS.Timeout | undefined;
    const stalled = (): void => reject(new BodyStalled());
    const touch = (): void => {
      clearTimeout(idle);
      idle = setTimeout(stalled, BODY_IDLE_MS);
    };
    touch();
    req.on('data', (chunk: Buffer) => {
      touch();
      size += chunk.length;
      // Past the limit nothing more is kept; the rest is drained so the 413 reaches the client.
      if (size > limit) reject(new BodyTooLarge());
      else chunks.push(chunk);
    });
    req.on('end', () => {
      clearTimeout(idle);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', (err) => {
      clearTimeout(idle);
      reject(err);
    });
    req.on('close', () => clearTimeout(idle));
  });
}

/** Servers kept for reuse by stateless requests: enough for the clients a workstation runs at once. */
const MAX_IDLE_SERVERS = 64;

export async function serveHttp(ws: Workspace, options: HttpServeOptions): Promise<HttpEndpoint> {
  const host = options.host ?? '127.0.0.1';
  if (!options.socket && !LOOPBACK_HOSTS.includes(host)) {
    throw new Error(`kg-memory: refusing to listen on ${host}; the server is for this machine only (use 127.0.0.1, localhost or ::1)`);
  }
  const ctx = options.context ?? new ToolContext(ws, options.log ? { log: options.log } : {});
  const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const log: Logger = options.log ?? (() => undefined);
  let port: number | undefined;
  const sessions = new Map<string, Session>();
  /** Servers no request is using, connected to nothing: the next stateless request takes one. */
  const idleServers: ReturnType<typeof createMcpServer>[] = [];
  /** The tools every server registers: their stateless calls take the direct path (direct_call.ts). */
  const codeTools = new Map(TOOLS.map((t) => [t.name, t]));

  const expireSessions = (): void => {
    const now = Date.now();
    const idlest = [...sessions.entries()].sort((a, b) => a[1].touched - b[1].touched);
    for (const [id, session] of idlest) {
      if (now - session.touched < SESSION_IDLE_MS && sessions.size < MAX_SESSIONS) break;
      sessions.delete(id);
      void session.close();
    }
  };

  /** A fresh server on a session transport; registered once the SDK has given it its id. */
  const openSession = async (): Promise<StreamableHTTPServerTransport> => {
    expireSessions();
    const server = createMcpServer(ws, { context: ctx, ...(options.version ? { version: options.version } : {}) });
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        const close = async (): Promise<void> => {
          await Promise.allSettled([transport.close(), server.close()]);
        };
        sessions.set(id, { transport, touched: Date.now(), close });
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
        void server.close();
      },
    });
    await server.connect(transport);
    return transport;
  };

  const readMessage = async (req: IncomingMessage, res: ServerResponse): Promise<{ ok: true; message: unknown } | { ok: false }> => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) {
      send(res, 413, rpcError(-32600, `Request body over ${limit} bytes.`));
      req.resume();
      return { ok: false };
    }
    let body: string;
    try {
      body = await readBody(req, limit);
    } catch (err) {
      if (err instanceof BodyTooLarge) send(res, 413, rpcError(-32600, `Request body over ${limit} bytes.`));
      else if (err instanceof BodyStalled) {
        send(res, 408, rpcError(-32600, `Request body stalled: nothing arrived for ${BODY_IDLE_MS / 1000} s.`), { connection: 'close' });
        req.destroy();
      } else send(res, 400, rpcError(-32600, 'Could not read the request body.'));
      return { ok: false };
    }
    let message: unknown;
    try {
      message = JSON.parse(body);
    } catch (err) {
      send(res, 400, rpcError(-32700, `Parse error: ${(err as Error).message}`));
      return { ok: false };
    }
    const refused = precheck(message);
    if (refused) {
      send(res, Array.isArray(refused) || refused.error.code === INVALID_REQUEST ? 400 : 200, refused);
      return { ok: false };
    }
    return { ok: true, message };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const nonce = req.headers[NONCE_HEADER];
    if (req.method === 'GET' && req.headers.authorization === undefined && isNonce(nonce) && new URL(req.url ?? '/', 'http://localhost').pathname === HEALTH_PATH) {
      // The endpoint challenge: prove we hold the token before a client sends it (challenge.ts).
      const place = checkHostAndOrigin(req.headers, port);
      if (!place.ok) send(res, place.status, { error: place.message });
      else send(res, 200, { name: 'kg-memory', proof: endpointProof(options.token, nonce, options.socket !== undefined ? { socket: options.socket } : { port: port ?? 0 }) });
      return;
    }
    const verdict = checkRequest(req.headers, { port, token: options.token });
    if (!verdict.ok) {
      log('warn', `${verdict.status} ${req.method ?? ''} ${req.url ?? ''}: ${verdict.message}`);
      send(res, verdict.status, { error: verdict.message }, verdict.status === 401 ? { 'www-authenticate': 'Bearer realm="kg-memory"' } : {});
      return;
    }
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === HEALTH_PATH && req.method === 'GET') {
      const health: HealthAnswer = { name: 'kg-memory', version: options.version ?? '0.0.0', root: ws.root, pid: process.pid };
      send(res, 200, health);
      return;
    }
    if (path !== MCP_PATH) {
      send(res, 404, { error: `not found; the MCP endpoint is ${MCP_PATH}` });
      return;
    }
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string' && sessionId !== '') {
      const session = sessions.get(sessionId);
      if (!session) {
        send(res, 404, rpcError(-32001, 'Session not found (expired or closed): initialize again.'));
        return;
      }
      session.touched = Date.now();
      if (req.method === 'POST') {
        const read = await readMessage(req, res);
        if (read.ok) await session.transport.handleRequest(req, res, read.message);
      } else await session.transport.handleRequest(req, res);
      return;
    }
    if (req.method !== 'POST') {
      // Stateless: no server-to-client stream to GET and no session to DELETE.
      send(res, 405, rpcError(-32000, 'Method not allowed: this stateless server takes POST only.'), { allow: 'POST' });
      return;
    }
    const read = await readMessage(req, res);
    if (!read.ok) return;
    const message = read.message;
    if (initializeWithSampling(message)) {
      await (await openSession()).handleRequest(req, res, message);
      return;
    }
    const direct = directCall(req.headers, message, codeTools);
    if (direct) {
      const answer = directAnswer(direct.id, await direct.tool.callParsed(ctx, direct.args));
      if (!res.headersSent) res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
      return;
    }
    // Stateless: a transport per request (JSON-RPC ids of different clients must not meet), on a
    // server from the pool: making one registers every tool again, the larger part of a call's cost.
    const server = idleServers.pop() ?? createMcpServer(ws, { context: ctx, ...(options.version ? { version: options.version } : {}) });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close().then(() => {
        if (idleServers.length < MAX_IDLE_SERVERS) idleServers.push(server);
        else void server.close();
      });
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, message);
  };

  // Node checks headersTimeout and requestTimeout only every connectionsCheckingInterval
  // (30 s by default): a stalled client held its connection three times longer than said.
  const http: Server = createServer({ headersTimeout: 10_000, requestTimeout: 60_000, connectionsCheckingInterval: 1000 }, (req, res) => {
    handle(req, res).catch((err: unknown) => {
      log('error', `request failed: ${(err as Error).stack ?? String(err)}`);
      send(res, 500, rpcError(-32603, 'Internal error.'));
    });
  });

  let ino: number | undefined;
  if (options.socket) {
    ino = await listenOnSocket(http, options.socket);
  } else {
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(options.port ?? 0, host, () => {
        http.off('error', reject);
        resolve();
      });
    });
    port = (http.address() as AddressInfo).port;
  }
  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closed ??= new Promise<void>((resolve) => {
      for (const session of sessions.values()) void session.close();
      sessions.clear();
      http.close(() => resolve());
      http.closeAllConnections();
    }).then(() => (options.socket ? removeSocket(options.socket, ino) : undefined));
    return closed;
  };
  const hostPart = host === '::1' ? '[::1]' : host;
  return options.socket
    ? { url: `http://localhost${MCP_PATH}`, socket: options.socket, close }
    : { url: `http://${hostPart}:${port}${MCP_PATH}`, port, close };
}
