/**
 * stdio transport
 * ===============
 * Serves MCP on stdin/stdout until stdin closes or a signal arrives. stdout carries JSON-RPC
 * only: every log line goes to stderr. Bad input (a message over the size limit, a line that is
 * not JSON-RPC) is answered with an error and logged, and serving goes on (stdio_lines.ts).
 */
import type { Workspace } from '../../core/workspace';
import type { Logger, ToolContext } from '../context';
import { createMcpServer } from '../server';
import { StdioLinesTransport } from './stdio_lines';

export interface StdioOptions {
  /** Called once the transport listens, e.g. to start indexing without delaying the handshake. */
  onConnected?: () => void;
  log?: Logger;
}

/** Resolves when the client has gone (stdin ended) or the process was asked to stop. */
export async function serveStdio(ws: Workspace, context: ToolContext, options: StdioOptions = {}): Promise<void> {
  const log: Logger = options.log ?? ((level, message) => process.stderr.write(`kg-memory ${level}: ${message}\n`));
  const server = createMcpServer(ws, { context });
  const transport = new StdioLinesTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
  });
  await server.connect(transport);
  // The SDK's Protocol set transport.onerror to its own handler, which reports here.
  server.server.onerror = (err) => log('warn', `mcp: ${err.message}`);
  options.onConnected?.();
  await new Promise<void>((resolve) => {
    void closed.then(resolve);
    process.stdin.once('close', resolve);
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
}
