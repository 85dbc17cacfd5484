/**
 * serve --ui: the graph explorer in a browser
 * ===========================================
 * Serves the explorer bundle (dist/webview/) and a read-only API over the workspace's graph on
 * 127.0.0.1, for people outside VS Code. Every request passes the MCP endpoint's checks: the Host
 * header must name this loopback listener and an Origin must be loopback (DNS rebinding); the API
 * also needs the workspace's bearer token. The page itself and its script hold no data, so they
 * are served without the token, which reaches the page in the URL fragment (never sent to the
 * server, kept out of logs and Referer headers) and goes with each API call as a header.
 *
 * Read-only: GET only, no route writes or runs anything. Above `largeGraph` nodes `/api/graph` is
 * the overview (modules, files, packages, decisions, docs); the page asks `/api/expand?id=` for
 * the symbols of a file or module it expands and `/api/search?q=` to search the whole graph.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join, resolve } from 'node:path';
import type { CodeGraph } from '../../core/model/graph';
import { answerQuery, DEFAULT_LARGE_GRAPH, openingGraph, searchHits } from '../../protocol/explorer_host';
import { allowedHosts, checkRequest, isLoopbackOrigin } from '../../mcp';
import type { Logger } from '../../mcp';
import { MAX_QUERY_CHARS, MAX_SEARCH_HITS, parseViewMessage, UI_API, type UiQueryResponse, type UiExpandResponse, type UiGraphResponse, type UiSearchResponse, type UiVersionResponse, type WireIndexState, type WireTotals } from '../../protocol/messages';
import { EXPLORER_FILES, explorerPage } from '../../protocol/page';
import { emptyScope, scopeOf, tooMuchToExpand, widenScope, wireSlice, type WireGraph } from '../../protocol/wire_graph';

/** What the UI server reads of a workspace (a Workspace is one; the bench serves a built graph). */
export interface UiSource {
  root: string;
  graph: CodeGraph;
  status(): { lastIndexedAt?: unknown };
}

/** KG_MEMORY_EXPLORER_LARGE_GRAPH overrides the limit (the CLI has no flag for it; tests use it). */
export function largeGraphFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const n = Number(env.KG_MEMORY_EXPLORER_LARGE_GRAPH);
  return env.KG_MEMORY_EXPLORER_LARGE_GRAPH !== undefined && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

export interface UiServeOptions {
  token: string;
  /** 0 picks a free port. */
  port: number;
  /** Folder with explorer.js and explorer.css; default: dist/webview beside the CLI bundle. */
  assets?: string;
  largeGraph?: number;
  log?: Logger;
}

export interface UiEndpoint {
  /** http://127.0.0.1:PORT/ */
  url: string;
  /** The URL with the token in its fragment: what to open in a browser. */
  openUrl: string;
  port: number;
  close(): Promise<void>;
}

/** dist/webview beside dist/cli.js; from the sources (tests, tsx), the repository's dist/webview. */
export function defaultAssets(): string {
  const beside = join(__dirname, 'webview');
  return existsSync(join(beside, EXPLORER_FILES.script)) ? beside : resolve(__dirname, '../../../dist/webview');
}

function indexState(ws: UiSource): WireIndexState {
  return ws.status().lastIndexedAt === undefined ? { kind: 'indexing', done: 0, total: 0 } : { kind: 'ready' };
}

const SECURITY_HEADERS = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'x-frame-options': 'DENY' };

function send(res: ServerResponse, status: number, body: string | Buffer, type: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body), ...SECURITY_HEADERS, ...extra });
  res.end(body);
}

const json = (res: ServerResponse, status: number, body: unknown): void =>
  send(res, status, JSON.stringify(body), 'application/json; charset=utf-8', { 'cache-control': 'no-store' });

export async function serveUi(ws: UiSource, options: UiServeOptions): Promise<UiEndpoint> {
  const assets = options.assets ?? defaultAssets();
  const files = new Map<string, { body: Buffer; type: string }>();
  for (const [name, type] of [
    [EXPLORER_FILES.script, 'text/javascript; charset=utf-8'],
    [EXPLORER_FILES.style, 'text/css; charset=utf-8'],
  ] as const) {
    const path = join(assets, name);
    if (!existsSync(path)) throw new Error(`kg-memory: the explorer bundle is missing (${path}); run npm run build`);
    files.set(`/${name}`, { body: readFileSync(path), type });
  }
  const log: Logger = options.log ?? (() => undefined);
  let port = 0;
  const largeGraph = options.largeGraph ?? largeGraphFromEnv() ?? DEFAULT_LARGE_GRAPH;
  // The wire graph (whole, or the overview) is rebuilt only when the graph's version moves.
  let cached: { version: number; graph: WireGraph; totals: WireTotals } | undefined;
  const wire = (): { version: number; graph: WireGraph; totals: WireTotals } => {
    const version = ws.graph.version;
    if (cached?.version !== version) {
      const { graph, totals } = openingGraph(ws.graph, largeGraph);
      cached = { version, graph, totals };
    }
    return cached;
  };

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const host = req.headers.host?.toLowerCase();
    if (host === undefined || !allowedHosts(port).includes(host) || (req.headers.origin !== undefined && !isLoopbackOrigin(req.headers.origin))) {
      json(res, 403, { error: `Host or Origin not allowed; open http://127.0.0.1:${port}/` });
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      json(res, 405, { error: 'read-only: GET only' });
      return;
    }
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === '/' || path === '/index.html') {
      const nonce = randomBytes(16).toString('base64');
      const page = explorerPage({
        nonce,
        scriptUrl: `/${EXPLORER_FILES.script}`,
        styleUrl: `/${EXPLORER_FILES.style}`,
        resourceSource: "'self'",
        connectSource: "'self'",
        title: `KG Memory: ${basename(ws.root)}`,
      });
      send(res, 200, page, 'text/html; charset=utf-8', { 'cache-control': 'no-store' });
      return;
    }
    if (path === '/favicon.ico') {
      res.writeHead(204, SECURITY_HEADERS).end();
      return;
    }
    const file = files.get(path);
    if (file) {
      send(res, 200, file.body, file.type);
      return;
    }
    if (path === UI_API.graph || path === UI_API.version || path === UI_API.expand || path === UI_API.search || path === UI_API.query) {
      const verdict = checkRequest(req.headers, { port, token: options.token });
      if (!verdict.ok) {
        log('warn', `ui: ${verdict.status} ${path}: ${verdict.message}`);
        json(res, verdict.status, { error: verdict.message });
        return;
      }
      const params = new URL(req.url ?? '/', 'http://localhost').searchParams;
      if (path === UI_API.expand) {
        const add = scopeOf(ws.graph.node(params.get('id') ?? ''));
        if (!add) {
          json(res, 404, { error: 'no such file or module' });
          return;
        }
        const slice = wireSlice(ws.graph.graph, widenScope(emptyScope(), add));
        const refused = tooMuchToExpand(slice.nodes.length, largeGraph);
        if (refused) {
          json(res, 413, { error: refused });
          return;
        }
        const body: UiExpandResponse = { version: ws.graph.version, slice };
        json(res, 200, body);
        return;
      }
      if (path === UI_API.query) {
        // The same checks as the webview's query message (parseViewMessage), then the core queries.
        const m = parseViewMessage({ type: 'query', req: 0, query: params.get('kind'), id: params.get('id'), ...(params.has('to') ? { to: params.get('to') } : {}) });
        if (!m || m.type !== 'query') {
          json(res, 400, { error: 'kind: callers, impact or path; id (and to, for a path): node ids' });
          return;
        }
        const a = answerQuery(ws.graph, m.query === 'path' ? { kind: 'path', id: m.id, to: m.to ?? '' } : { kind: m.query, id: m.id });
        const body: UiQueryResponse = { answer: { label: a.label, ids: a.ids, tests: a.tests }, ...(a.message ? { message: a.message } : {}) };
        json(res, 200, body);
        return;
      }
      if (path === UI_API.search) {
        const q = params.get('q') ?? '';
        const limit = Number(params.get('limit') ?? 30);
        if (q.length > MAX_QUERY_CHARS || !Number.isSafeInteger(limit) || limit < 1 || limit > MAX_SEARCH_HITS) {
          json(res, 400, { error: `q: at most ${MAX_QUERY_CHARS} characters; limit: 1 to ${MAX_SEARCH_HITS}` });
          return;
        }
        const body: UiSearchResponse = { hits: searchHits(ws.graph, q, limit) };
        json(res, 200, body);
        return;
      }
      const w = wire();
      if (path === UI_API.version) {
        const body: UiVersionResponse = { version: w.version, state: indexState(ws) };
        json(res, 200, body);
      } else {
        const body: UiGraphResponse = { version: w.version, folder: basename(ws.root), largeGraph, state: indexState(ws), graph: w.graph, totals: w.totals };
        json(res, 200, body);
      }
      return;
    }
    json(res, 404, { error: 'not found' });
  };

  const http: Server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch (err) {
      log('error', `ui: ${(err as Error).stack ?? String(err)}`);
      if (!res.headersSent) json(res, 500, { error: 'internal error' });
    }
  });
  http.headersTimeout = 10_000;
  http.requestTimeout = 60_000;
  await new Promise<void>((resolveListen, reject) => {
    http.once('error', reject);
    http.listen(options.port, '127.0.0.1', () => {
      http.off('error', reject);
      resolveListen();
    });
  });
  port = (http.address() as AddressInfo).port;
  // The first page should not wait for the wire graph (a 100k-node graph's overview takes a moment).
  if (ws.graph.order > 0) wire();
  let closed: Promise<void> | undefined;
  const url = `http://127.0.0.1:${port}/`;
  return {
    url,
    openUrl: `${url}#token=${options.token}`,
    port,
    close: () => {
      closed ??= new Promise<void>((r) => {
        http.close(() => r());
        http.closeAllConnections();
      });
      return closed;
    },
  };
}
