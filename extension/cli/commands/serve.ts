/**
 * mcp and serve commands
 * ======================
 * `mcp` serves the tools on stdio for one agent. When the folder's discovery file names a live
 * endpoint (an editor, or `kg-memory serve`, already serving this folder's live graph), it
 * attaches: a bridge relays stdio to that endpoint, nothing is indexed here, and if the endpoint
 * goes away mid-session the bridge falls back to a local index. Otherwise (or with
 * KG_MEMORY_ATTACH=0) it indexes headless: the snapshot loads at once, the handshake is answered
 * immediately, and the incremental index starts right after; tool calls wait for it, so the
 * first answer is already current. `serve` does the same over HTTP on 127.0.0.1 or a Unix
 * socket, with the workspace's bearer token, prints how to connect (to stderr), and names itself
 * in the discovery file when no live endpoint is named there yet.
 */

import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { version } from '../../../package.json';
import { configureMemory, createMcpServer, serveHttp, serveStdio, ToolContext, workspaceToken } from '../../mcp';
import { bridgeStdio } from '../../mcp/bridge';
import { findLiveEndpoint, realFolder, removeDiscoveryIfOurs, tokenPath } from '../../mcp/discovery';
import { publishIfFree } from '../../mcp/host';
import type { Workspace } from '../../core/workspace';
import { EXIT, openWorkspace, servingWorkers, stderrLogger, UsageError } from './common';
import type { ExitCode } from './common';
import { DEFAULT_PORT } from './serve_port';

export { DEFAULT_PORT } from './serve_port';

export interface McpCommandOptions {
  root?: string;
  /** false: leave out the agent-memory tools (--no-memory). */
  memory?: boolean;
}

export async function mcpCommand(options: McpCommandOptions): Promise<ExitCode> {
  const log = stderrLogger('info');
  if (process.env.KG_MEMORY_ATTACH !== '0') {
    const found = await findLiveEndpoint(realFolder(options.root ?? process.cwd()));
    if (found.live) return attachCommand(options, found.live.discovery, found.live.token, log);
    log('debug', `no running endpoint to attach to (${found.reason}); indexing here`);
  }
  const ws = await openWorkspace(options.root, log, { workers: servingWorkers() });
  const ctx = new ToolContext(ws, { log });
  if (options.memory === false) configureMemory(ctx, { enabled: false });
  try {
    await serveStdio(ws, ctx, { onConnected: () => void followDisk(ws, ctx), log });
  } finally {
    await ws.close();
  }
  return EXIT.ok;
}

/** Relays stdio to the endpoint the discovery file names; a local index only if it goes away. */
async function attachCommand(options: McpCommandOptions, target: { url: string; socket?: string; pid: number }, token: string, log: ReturnType<typeof stderrLogger>): Promise<ExitCode> {
  log('info', `attaching to the running endpoint ${target.socket ?? target.url} (process ${target.pid}): answers come from its live graph`);
  let ws: Workspace | undefined;
  const fallback = async (): Promise<Transport> => {
    ws = await openWorkspace(options.root, log);
    const ctx = new ToolContext(ws, { log });
    const [mine, theirs] = InMemoryTransport.createLinkedPair();
    await createMcpServer(ws, { context: ctx, version }).connect(theirs);
    void followDisk(ws, ctx);
    return mine;
  };
  try {
    await bridgeStdio({ target: { url: target.url, ...(target.socket ? { socket: target.socket } : {}), token }, fallback, log });
  } finally {
    await ws?.close();
  }
  return EXIT.ok;
}

/**
 * The first index, then a watcher for what changes on disk, then one more (incremental) pass for
 * whatever changed while the first index ran and nothing watched yet.
 */
async function followDisk(ws: Workspace, ctx: ToolContext): Promise<void> {
  await ctx.refresh();
  ws.watch();
  await ctx.refresh();
}

export interface ServeCommandOptions {
  root?: string;
  port?: string;
  socket?: string;
  memory?: boolean;
  /** Also serve the graph explorer (read-only) on 127.0.0.1:uiPort. */
  ui?: boolean;
  uiPort?: string;
}

function parsePort(raw: string | undefined, fallback = DEFAULT_PORT, flag = '--port'): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new UsageError(`serve: ${flag} must be an integer from 0 to 65535, got ${JSON.stringify(raw)}`);
  return n;
}

export async function serveCommand(options: ServeCommandOptions): Promise<ExitCode> {
  if (options.port !== undefined && options.socket !== undefined) throw new UsageError('serve: pass either --port or --socket, not both');
  const port = parsePort(options.port);
  const uiPort = parsePort(options.uiPort, DEFAULT_PORT + 1, '--ui-port');
  const log = stderrLogger('info');
  const ws = await openWorkspace(options.root, log, { workers: servingWorkers() });
  try {
    const token = await workspaceToken(ws.root);
    const ctx = new ToolContext(ws, { log });
    if (options.memory === false) configureMemory(ctx, { enabled: false });
    let endpoint;
    try {
      endpoint = await serveHttp(ws, { token, context: ctx, log, version, ...(options.socket ? { socket: options.socket } : { port, host: '127.0.0.1' }) });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE') throw new UsageError(`serve: port ${port} is in use; pass another --port (0 picks a free one)`);
      if (err instanceof Error && err.message.startsWith('kg-memory:')) throw new UsageError(err.message.replace(/^kg-memory: /, 'serve: '));
      throw err;
    }
    let ui;
    if (options.ui) {
      try {
        // The explorer's HTTP server and its assets load only with --ui.
        const { serveUi } = await import('./serve_ui');
        ui = await serveUi(ws, { token, port: uiPort, log });
      } catch (err) {
        await endpoint.close();
        if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new UsageError(`serve: --ui-port ${uiPort} is in use; pass another (0 picks a free one)`);
        throw err;
      }
    }
    void followDisk(ws, ctx);
    let published;
    try {
      published = await publishIfFree(ws, endpoint, token, version);
      if (!published) log('info', 'the discovery file already names a live endpoint for this folder; kg-memory mcp attaches to that one');
    } catch (err) {
      log('warn', `cannot write the discovery file (kg-memory mcp will not find this server): ${(err as Error).message}`);
    }
    const where = endpoint.socket ? `${endpoint.url} over the Unix socket ${endpoint.socket}` : endpoint.url;
    process.stderr.write(
      [
        `kg-memory: MCP (Streamable HTTP) on ${where} for ${ws.root}`,
        `  authenticate with: Authorization: Bearer <token>; the token is in ${tokenPath(ws.root)}`,
        endpoint.socket
          ? `  e.g. curl --unix-socket ${endpoint.socket} -H "Authorization: Bearer $(cat ${tokenPath(ws.root)})" ...`
          : `  e.g. claude mcp add --transport http kg-memory ${endpoint.url} --header "Authorization: Bearer $(cat ${tokenPath(ws.root)})"`,
        ...(ui ? [`kg-memory: graph explorer (read-only) on ${ui.url}; open ${ui.openUrl}`] : []),
        '  Ctrl-C stops the server.',
        '',
      ].join('\n'),
    );
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    if (published) removeDiscoveryIfOurs(ws.root, published);
    await ui?.close();
    await endpoint.close();
  } finally {
    await ws.close();
  }
  return EXIT.ok;
}
