/**
 * stdio transport
 * ===============
 * Serves MCP on stdin/stdout until stdin closes or a signal arrives. stdout carries JSON-RPC
 * only: every log line goes to stderr.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Workspace } from '../../core/workspace';
import type { ToolContext } from '../context';
import { createMcpServer } from '../server';

export interface StdioOptions {
  /** Called once the transport listens, e.g. to start indexing without delaying the handshake. */
  onConnected?: () => void;
}

/** Resolves when the client has gone (stdin ended) or the process was asked to stop. */
export async function serveStdio(ws: Workspace, context: ToolContext, options: StdioOptions = {}): Promise<void> {
  const server = createMcpServer(ws, { context });
  const transport = new StdioServerTransport();
  await server.connect(transport);
  options.onConnected?.();
  await new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
}
