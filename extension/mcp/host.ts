/**
 * Endpoint host
 * =============
 * Serves one folder's live graph over MCP (Streamable HTTP on 127.0.0.1, or a Unix socket) for a
 * long-lived host, the VS Code extension, and publishes it in the discovery file. What the
 * extension calls, kept free of vscode so that tests run it in plain Node processes.
 *
 * One endpoint per folder on the machine. start():
 *   1. the discovery file names a live endpoint for this folder (pid alive, /health answers with
 *      the token) → attach: do not serve, use that one (a second VS Code window on the folder);
 *   2. else serve on the folder's stable port (a hash of its path into 7400–7999, or the
 *      configured one); a port taken by a stranger → the next one, up to `portTries`, saying
 *      which was used; a port taken by a kg-memory server of this folder (two windows starting
 *      together, before either wrote the file) → attach to it;
 *   3. write the discovery file (0600); a stale one (crashed window) is simply replaced.
 * Every `pollMs` an attached host checks that its server is still live and, when it is not,
 * starts again (so a surviving window takes over when the serving one closes); a serving host
 * rewrites the file if it went missing or stale. dispose() closes the server and removes the
 * file if it still names this server.
 */
import type { Workspace } from '../core/workspace';
import type { ToolContext } from './context';
import type { Logger } from './context';
import type { Discovery } from './discovery';
import { findLiveEndpoint, probeHealth, readDiscovery, removeDiscoveryIfOurs, stablePort, tokenPath, writeDiscovery } from './discovery';
import { serveHttp } from './transports/http';
import type { HttpEndpoint } from './transports/http';
import { workspaceToken } from './transports/token';

export interface EndpointHostOptions {
  ws: Workspace;
  context: ToolContext;
  version: string;
  /** TCP port to try first; 0 or absent: the folder's stable port. */
  port?: number;
  /** Serve on this Unix socket instead of TCP. */
  socket?: string;
  /** Consecutive ports tried when the first is taken by something else (default 10). */
  portTries?: number;
  /** How often the attached/serving state is checked again (default 5000 ms; 0 never). */
  pollMs?: number;
  log?: Logger;
}

/** Where the folder's MCP endpoint is, for whoever connects (a registration, a status line). */
export interface EndpointAddress {
  url: string;
  port?: number;
  socket?: string;
  token: string;
}

export type EndpointState =
  | { kind: 'stopped' }
  | { kind: 'serving'; address: EndpointAddress; note?: string }
  | { kind: 'attached'; address: EndpointAddress; pid: number }
  | { kind: 'failed'; message: string };

export const DEFAULT_PORT_TRIES = 10;
/** How long a twin that just bound the port (and may be busy with its first index) gets to answer the probe; measured: 1.5 s was not enough under load (two hosts both served). */
const TWIN_PROBE_TIMEOUT_MS = 5000;

function errorCode(err: unknown): string | undefined {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

export class EndpointHost {
  private current: EndpointState = { kind: 'stopped' };
  private endpoint: HttpEndpoint | undefined;
  private owner: Discovery | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly listeners = new Set<(state: EndpointState) => void>();
  private readonly log: Logger;
  private disposed = false;
  /** start() and the poll run one at a time. */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: EndpointHostOptions) {
    this.log = options.log ?? (() => undefined);
  }

  get state(): EndpointState {
    return this.current;
  }

  /** Called on every state change; returns the unsubscribe. */
  onDidChange(listener: (state: EndpointState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Serves or attaches (see the banner). Never rejects: a failure is the `failed` state, with the reason. */
  start(): Promise<EndpointState> {
    const run = this.chain.then(() => this.startNow());
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async startNow(): Promise<EndpointState> {
    if (this.disposed) return this.current;
    const root = this.options.ws.root;
    let token: string;
    try {
      token = await workspaceToken(root);
    } catch (err) {
      return this.fail(`cannot create the MCP token in ${tokenPath(root)}: ${(err as Error).message}`);
    }
    const found = await findLiveEndpoint(root, { token, ignorePid: process.pid });
    if (found.live) {
      const d = found.live.discovery;
      this.log('info', `MCP: ${d.socket ?? d.url} (process ${d.pid}) already serves ${root}; using it instead of serving a second endpoint`);
      return this.attach({ url: d.url, ...(d.port ? { port: d.port } : {}), ...(d.socket ? { socket: d.socket } : {}), token }, d.pid);
    }
    this.log('debug', `MCP: no live endpoint for ${root} (${found.reason})`);
    return this.options.socket ? this.serveSocket(this.options.socket, token) : this.serveTcp(token);
  }

  private async serveSocket(socket: string, token: string): Promise<EndpointState> {
    try {
      return await this.serving(await this.listen({ socket }, token), token);
    } catch (err) {
      // A live socket: if it is a kg-memory server of this folder, it is our twin; use it.
      const health = await probeHealth({ url: 'http://localhost/mcp', socket }, token, TWIN_PROBE_TIMEOUT_MS);
      if (health && health.root === this.options.ws.root) {
        this.log('info', `MCP: ${socket} is already served for this folder by process ${health.pid}; using it`);
        return this.attach({ url: 'http://localhost/mcp', socket, token }, health.pid);
      }
      return this.fail(`cannot serve MCP on the socket ${socket}: ${(err as Error).message.replace(/^kg-memory: /, '')}`);
    }
  }

  private async serveTcp(token: string): Promise<EndpointState> {
    const first = this.options.port || stablePort(this.options.ws.root);
    const tries = Math.max(1, this.options.portTries ?? DEFAULT_PORT_TRIES);
    const taken: number[] = [];
    for (let port = first; port < first + tries && port <= 65535; port++) {
      try {
        const endpoint = await this.listen({ port }, token);
        const note = taken.length ? `port ${taken.join(', ')} ${taken.length > 1 ? 'were' : 'was'} taken by another program; serving on ${port} instead` : undefined;
        return await this.serving(endpoint, token, note);
      } catch (err) {
        if (errorCode(err) !== 'EADDRINUSE') return this.fail(`cannot serve MCP on 127.0.0.1:${port}: ${(err as Error).message}`);
        // Two windows starting together: the other bound first and has not written the file yet.
        // It may be busy with its first index, so it gets longer to answer than a probe usually does.
        const health = await probeHealth({ url: `http://127.0.0.1:${port}/mcp` }, token, TWIN_PROBE_TIMEOUT_MS);
        if (health && health.root === this.options.ws.root) {
          this.log('info', `MCP: port ${port} is already served for this folder by process ${health.pid}; using it`);
          return this.attach({ url: `http://127.0.0.1:${port}/mcp`, port, token }, health.pid);
        }
        taken.push(port);
      }
    }
    return this.fail(`cannot serve MCP: ports ${first}–${first + tries - 1} on 127.0.0.1 are all in use by other programs; set kgMemory.mcp.port to a free port (or kgMemory.mcp.socket)`);
  }

  private listen(where: { port: number } | { socket: string }, token: string): Promise<HttpEndpoint> {
    const { ws, context, version } = this.options;
    return serveHttp(ws, { token, context, version, log: this.log, ...('socket' in where ? { socket: where.socket } : { port: where.port, host: '127.0.0.1' }) });
  }

  private async serving(endpoint: HttpEndpoint, token: string, note?: string): Promise<EndpointState> {
    if (this.disposed) {
      await endpoint.close();
      return this.current;
    }
    this.endpoint = endpoint;
    const root = this.options.ws.root;
    this.owner = {
      pid: process.pid,
      url: endpoint.url,
      ...(endpoint.port !== undefined ? { port: endpoint.port } : {}),
      ...(endpoint.socket !== undefined ? { socket: endpoint.socket } : {}),
      tokenFile: tokenPath(root),
      version: this.options.version,
      startedAt: new Date().toISOString(),
      folder: root,
    };
    await this.publish();
    this.log(note ? 'warn' : 'info', `MCP: serving ${root} on ${endpoint.socket ? `the Unix socket ${endpoint.socket}` : endpoint.url}${note ? ` (${note})` : ''}`);
    this.schedulePoll();
    return this.set({ kind: 'serving', address: { url: endpoint.url, ...(endpoint.port !== undefined ? { port: endpoint.port } : {}), ...(endpoint.socket ? { socket: endpoint.socket } : {}), token }, ...(note ? { note } : {}) });
  }

  private async publish(): Promise<void> {
    if (!this.owner) return;
    try {
      await writeDiscovery(this.options.ws.root, this.owner);
    } catch (err) {
      // The endpoint still works for a client told its address; only `kg-memory mcp` cannot find it.
      this.log('warn', `MCP: cannot write the discovery file: ${(err as Error).message}`);
    }
  }

  private attach(address: EndpointAddress, pid: number): EndpointState {
    this.schedulePoll();
    return this.set({ kind: 'attached', address, pid });
  }

  private fail(message: string): EndpointState {
    this.log('error', `MCP: ${message}`);
    return this.set({ kind: 'failed', message });
  }

  private set(state: EndpointState): EndpointState {
    this.current = state;
    for (const listener of this.listeners) listener(state);
    return state;
  }

  private schedulePoll(): void {
    const ms = this.options.pollMs ?? 5000;
    if (this.timer || ms <= 0 || this.disposed) return;
    this.timer = setInterval(() => {
      this.chain = this.chain.then(() => this.check()).catch((err: unknown) => this.log('warn', `MCP: check failed: ${(err as Error).message}`));
    }, ms);
    // The poll alone must not keep a process alive.
    this.timer.unref();
  }

  /** One poll: an attached host takes over from a server that went away; a serving one keeps its file. */
  private async check(): Promise<void> {
    if (this.disposed) return;
    const state = this.current;
    if (state.kind === 'attached') {
      const health = await probeHealth(state.address, state.address.token);
      if (health && health.root === this.options.ws.root) return;
      this.log('info', `MCP: the endpoint of process ${state.pid} (${state.address.socket ?? state.address.url}) is gone; serving again`);
      await this.startNow();
    } else if (state.kind === 'serving' && this.owner) {
      const read = readDiscovery(this.options.ws.root);
      if (read.ok && read.discovery.pid === this.owner.pid && read.discovery.url === this.owner.url) return;
      // Missing, damaged or naming a server that is gone: ours is the live one, say so again.
      const other = await findLiveEndpoint(this.options.ws.root, { token: state.address.token, ignorePid: process.pid });
      if (!other.live) await this.publish();
    }
  }

  /** Stops serving (or attaching); start() may be called again, e.g. after a settings change. */
  async stop(): Promise<void> {
    await this.chain.catch(() => undefined);
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    const endpoint = this.endpoint;
    this.endpoint = undefined;
    if (this.owner) removeDiscoveryIfOurs(this.options.ws.root, this.owner);
    this.owner = undefined;
    if (this.current.kind !== 'stopped') this.set({ kind: 'stopped' });
    await endpoint?.close();
  }

  /**
   * Synchronous part first (the file goes at once, even if the caller cannot wait), then the close.
   */
  dispose(): Promise<void> {
    this.disposed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (this.owner) removeDiscoveryIfOurs(this.options.ws.root, this.owner);
    return this.stop();
  }
}

/**
 * For a server started by other means (`kg-memory serve`): names it in the discovery file unless
 * a live endpoint of the folder is already named there (that one stays the folder's endpoint).
 * Returns the entry written, to remove on close with removeDiscoveryIfOurs.
 */
export async function publishIfFree(ws: Workspace, endpoint: HttpEndpoint, token: string, version: string): Promise<Discovery | undefined> {
  const other = await findLiveEndpoint(ws.root, { token, ignorePid: process.pid });
  if (other.live) return undefined;
  const entry: Discovery = {
    pid: process.pid,
    url: endpoint.url,
    ...(endpoint.port !== undefined ? { port: endpoint.port } : {}),
    ...(endpoint.socket !== undefined ? { socket: endpoint.socket } : {}),
    tokenFile: tokenPath(ws.root),
    version,
    startedAt: new Date().toISOString(),
    folder: ws.root,
  };
  await writeDiscovery(ws.root, entry);
  return entry;
}
