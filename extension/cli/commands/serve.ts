/**
 * mcp and serve commands
 * ======================
 * `mcp` serves the tools on stdio for one agent: the snapshot loads at once, the handshake is
 * answered immediately, and the incremental index starts right after; tool calls wait for it,
 * so the first answer is already current. `serve` does the same over HTTP on 127.0.0.1 or a
 * Unix socket, with the workspace's bearer token, and prints how to connect (to stderr).
 */
import { join } from 'node:path';
import { serveHttp, serveStdio, TOKEN_FILE, ToolContext, workspaceToken } from '../../mcp';
import { STATE_DIR_NAME } from '../../core/index/snapshot';
import type { Workspace } from '../../core/workspace';
import { EXIT, openWorkspace, stderrLogger, UsageError } from './common';
import { serveUi } from './serve_ui';
import type { ExitCode } from './common';

export const DEFAULT_PORT = 7345;

export interface McpCommandOptions {
  root?: string;
}

export async function mcpCommand(options: McpCommandOptions): Promise<ExitCode> {
  const log = stderrLogger('info');
  const ws = await openWorkspace(options.root, log);
  const ctx = new ToolContext(ws, { log });
  try {
    await serveStdio(ws, ctx, { onConnected: () => void followDisk(ws, ctx) });
  } finally {
    await ws.close();
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
  const ws = await openWorkspace(options.root, log);
  try {
    const token = await workspaceToken(ws.root);
    const ctx = new ToolContext(ws, { log });
    let endpoint;
    try {
      endpoint = await serveHttp(ws, { token, context: ctx, log, ...(options.socket ? { socket: options.socket } : { port, host: '127.0.0.1' }) });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE') throw new UsageError(`serve: port ${port} is in use; pass another --port (0 picks a free one)`);
      if (err instanceof Error && err.message.startsWith('kg-memory:')) throw new UsageError(err.message.replace(/^kg-memory: /, 'serve: '));
      throw err;
    }
    let ui;
    if (options.ui) {
      try {
        ui = await serveUi(ws, { token, port: uiPort, log });
      } catch (err) {
        await endpoint.close();
        if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new UsageError(`serve: --ui-port ${uiPort} is in use; pass another (0 picks a free one)`);
        throw err;
      }
    }
    void followDisk(ws, ctx);
    const where = endpoint.socket ? `${endpoint.url} over the Unix socket ${endpoint.socket}` : endpoint.url;
    process.stderr.write(
      [
        `kg-memory: MCP (Streamable HTTP) on ${where} for ${ws.root}`,
        `  authenticate with: Authorization: Bearer <token>; the token is in ${join(ws.root, STATE_DIR_NAME, TOKEN_FILE)}`,
        endpoint.socket
          ? `  e.g. curl --unix-socket ${endpoint.socket} -H "Authorization: Bearer $(cat ${join(ws.root, STATE_DIR_NAME, TOKEN_FILE)})" ...`
          : `  e.g. claude mcp add --transport http kg-memory ${endpoint.url} --header "Authorization: Bearer $(cat ${join(ws.root, STATE_DIR_NAME, TOKEN_FILE)})"`,
        ...(ui ? [`kg-memory: graph explorer (read-only) on ${ui.url}; open ${ui.openUrl}`] : []),
        '  Ctrl-C stops the server.',
        '',
      ].join('\n'),
    );
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    await ui?.close();
    await endpoint.close();
  } finally {
    await ws.close();
  }
  return EXIT.ok;
}
