/**
 * MCP query latency
 * =================
 * Times search, callers and impact calls over MCP on loopback with the SDK's Client and
 * StreamableHTTPClientTransport (bearer token). Preferred server: `node dist/cli.js serve --port N
 * --root DIR`, as an agent's host would run it. When the CLI cannot serve yet, the fallback is
 * `createMcpServer` in this process behind a real HTTP socket on 127.0.0.1 (stateless: a server
 * and transport per request), and the figure says which one was measured.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { join } from 'node:path';
import type { Workspace } from '../../extension/core/workspace';
import { ToolContext } from '../../extension/mcp/context';
import { errorText, freePort, killGroup, percentile, REPO_ROOT } from './util';

export interface ToolLatency {
  tool: string;
  calls: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface McpFigure {
  corpus: string;
  server: string;
  tools: ToolLatency[];
  note?: string;
}

export interface McpTargets {
  /** Names for search. */
  names: string[];
  /** Ids of symbols with callers, for callers and impact. */
  ids: string[];
}

/** Real symbols of the graph: the most-called functions and methods (ids) and their names. */
export function pickTargets(ws: Workspace, count = 20): McpTargets {
  const g = ws.graph.graph;
  const scored: { id: string; name: string; n: number }[] = [];
  g.forEachNode((id, attrs) => {
    if (attrs.kind !== 'function' && attrs.kind !== 'method') return;
    let n = 0;
    g.forEachInEdge(id, (_e, a) => {
      if (a.kind === 'calls') n++;
    });
    if (n > 0) scored.push({ id, name: attrs.name, n });
  });
  scored.sort((a, b) => b.n - a.n || a.id.localeCompare(b.id));
  const top = scored.slice(0, count);
  return { ids: top.map((s) => s.id), names: [...new Set(top.map((s) => s.name))] };
}

export interface Endpoint {
  url: string;
  token: string;
  label: string;
  stop: () => Promise<void>;
}

const CLI = join(REPO_ROOT, 'dist', 'cli.js');

function waitFor(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const started = Date.now();
  return new Promise((done) => {
    const tick = (): void => {
      if (check()) done(true);
      else if (Date.now() - started > timeoutMs) done(false);
      else setTimeout(tick, 100);
    };
    tick();
  });
}

/** `kg-memory serve` in a child; undefined (with the reason) when the CLI is not there or fails. */
export async function cliEndpoint(root: string): Promise<(Endpoint & { pid: number }) | string> {
  if (!existsSync(CLI)) return 'dist/cli.js does not exist (the CLI is not built yet)';
  const port = await freePort();
  const tokenFile = join(root, '.kg-memory', 'token');
  const child: ChildProcess = spawn(process.execPath, [CLI, 'serve', '--port', String(port), '--root', root], { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let stderr = '';
  let exited = false;
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-4000)));
  child.on('exit', () => (exited = true));
  const stop = async (): Promise<void> => {
    killGroup(child.pid);
  };
  const ready = await waitFor(() => exited || (existsSync(tokenFile) && /listening|http:\/\/127\.0\.0\.1/i.test(stderr)), 120_000);
  if (!ready || exited) {
    await stop();
    return `kg-memory serve did not come up: ${exited ? `exited (${stderr.trim().slice(-300)})` : 'no "listening" line in 120 s'}`;
  }
  return { url: `http://127.0.0.1:${port}/mcp`, token: readFileSync(tokenFile, 'utf8').trim(), label: 'node dist/cli.js serve (child process)', stop, pid: child.pid! };
}

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((done, fail) => {
    let body = '';
    req.setEncoding('utf8').on('data', (d: string) => (body += d));
    req.on('end', () => {
      try {
        done(body ? JSON.parse(body) : undefined);
      } catch (err) {
        fail(err);
      }
    });
    req.on('error', fail);
  });
}

/** createMcpServer in process behind node:http on 127.0.0.1, with a bearer token check. */
async function inProcessEndpoint(ws: Workspace): Promise<Endpoint | string> {
  let createMcpServer: (w: Workspace, o: { context: ToolContext }) => { connect(t: unknown): Promise<void>; close(): Promise<void> };
  let Transport: new (o: { sessionIdGenerator: undefined; enableJsonResponse: boolean }) => {
    handleRequest(req: IncomingMessage, res: import('node:http').ServerResponse, body: unknown): Promise<void>;
    close(): Promise<void>;
  };
  try {
    ({ createMcpServer } = (await import('../../extension/mcp/server')) as unknown as { createMcpServer: typeof createMcpServer });
    ({ StreamableHTTPServerTransport: Transport } = (await import('@modelcontextprotocol/sdk/server/streamableHttp.js')) as unknown as { StreamableHTTPServerTransport: typeof Transport });
  } catch (err) {
    return `createMcpServer is not importable: ${errorText(err)}`;
  }
  // One context for the process, as the server expects: a context per request would re-walk the tree each time.
  const context = new ToolContext(ws);
  const token = randomBytes(24).toString('hex');
  const http: Server = createServer((req, res) => {
    if (req.headers.authorization !== `Bearer ${token}`) {
      res.writeHead(401).end();
      return;
    }
    void (async () => {
      const server = createMcpServer(ws, { context });
      const transport = new Transport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, req.method === 'POST' ? await readBody(req) : undefined);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  const port = await freePort();
  await new Promise<void>((done) => http.listen(port, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    token,
    label: 'createMcpServer in process + SDK StreamableHTTPServerTransport over node:http (CLI serve not available)',
    stop: () => new Promise((done) => http.close(() => done())),
  };
}

async function timeCalls(client: Client, tool: string, argsList: Record<string, unknown>[], calls: number, deadline: number): Promise<ToolLatency> {
  const samples: number[] = [];
  let errors = 0;
  for (let i = 0; i < calls && Date.now() < deadline; i++) {
    const args = argsList[i % argsList.length]!;
    const t0 = performance.now();
    try {
      const r = await client.callTool({ name: tool, arguments: args }, undefined, { timeout: 10_000 });
      if (r.isError) errors++;
    } catch {
      errors++;
    }
    samples.push(performance.now() - t0);
  }
  return { tool, calls: samples.length, errors, p50Ms: percentile(samples, 50), p99Ms: percentile(samples, 99), maxMs: Math.max(...samples) };
}

export async function measureMcp(corpus: string, root: string, ws: Workspace, calls = 200): Promise<McpFigure | { corpus: string; error: string }> {
  const targets = pickTargets(ws);
  if (targets.ids.length === 0) return { corpus, error: 'no called functions in the graph to query' };
  const viaCli = await cliEndpoint(root);
  let endpoint: Endpoint | string = viaCli;
  let note: string | undefined;
  if (typeof viaCli === 'string') {
    note = viaCli;
    endpoint = await inProcessEndpoint(ws);
  }
  if (typeof endpoint === 'string') return { corpus, error: `${note ?? ''}; ${endpoint}` };
  const client = new Client({ name: 'kg-memory-bench', version: '0.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(endpoint.url), { requestInit: { headers: { Authorization: `Bearer ${endpoint.token}` } } });
  const deadline = Date.now() + 5 * 60_000;
  try {
    await client.connect(transport);
    // Warm-up: the first call may wait for the server's first index.
    await client.callTool({ name: 'search', arguments: { query: targets.names[0]! } }, undefined, { timeout: 300_000 });
    const tools = [
      await timeCalls(client, 'search', targets.names.map((query) => ({ query })), calls, deadline),
      await timeCalls(client, 'callers', targets.ids.map((target) => ({ target })), calls, deadline),
      await timeCalls(client, 'impact', targets.ids.map((target) => ({ target })), calls, deadline),
    ];
    const fig: McpFigure = { corpus, server: endpoint.label, tools };
    if (note) fig.note = note;
    return fig;
  } catch (err) {
    return { corpus, error: `${endpoint.label}: ${errorText(err)}` };
  } finally {
    await client.close().catch(() => undefined);
    await endpoint.stop();
  }
}
