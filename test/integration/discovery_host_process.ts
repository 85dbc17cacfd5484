/**
 * A host process for the discovery tests
 * ======================================
 * Runs the serve path the extension runs (EndpointHost over a Workspace whose graph something
 * else keeps current), in its own process, the way a VS Code window would: index, follow the
 * disk, serve or attach. Prints each endpoint state as one JSON line on stdout; SIGTERM disposes
 * (closing the server and removing the discovery file), SIGKILL plays a crashed window.
 *
 *   node --import tsx discovery_host_process.ts <root> [--port N] [--socket PATH] [--poll MS]
 */
import { parseArgs } from 'node:util';
import { Workspace } from '../../extension/core/workspace';
import { ToolContext } from '../../extension/mcp';
import { EndpointHost } from '../../extension/mcp/host';

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { port: { type: 'string' }, socket: { type: 'string' }, poll: { type: 'string' } } });
  const log = (level: string, message: string): void => void process.stderr.write(`${level}: ${message}\n`);
  const ws = await Workspace.open(positionals[0]!, { log });
  // As in the extension: the host indexes and watches; tool calls only wait for that.
  const indexed = ws.index().then(() => ws.watch());
  const context = new ToolContext(ws, { log, follow: () => indexed.then(() => ws.settled()) });
  const host = new EndpointHost({
    ws,
    context,
    version: 'test',
    log,
    pollMs: Number(values.poll ?? 300),
    ...(values.socket ? { socket: values.socket } : values.port ? { port: Number(values.port) } : {}),
  });
  host.onDidChange((state) => void process.stdout.write(`${JSON.stringify(state)}\n`));
  await host.start();
  // A window stays open whether it serves or not (an attached host holds no server to keep it alive).
  const open = setInterval(() => undefined, 60_000);
  await new Promise<void>((resolve) => process.once('SIGTERM', resolve));
  clearInterval(open);
  await host.dispose();
  await ws.close();
  process.exit(0);
}

void main();
