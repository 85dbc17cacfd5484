/**
 * Discovery file
 * ==============
 * `<root>/.kg-memory/endpoint.json` (mode 0600) names the MCP endpoint that serves a folder's
 * live graph, so that `kg-memory mcp` (the stdio command agents launch) can attach to a running
 * editor instead of indexing again:
 *
 *   { "pid": 4242, "url": "http://127.0.0.1:7519/mcp", "port": 7519,
 *     "tokenFile": "/abs/root/.kg-memory/token", "version": "0.1.0",
 *     "startedAt": "2026-12-01T10:00:00.000Z", "folder": "/abs/root" }
 *
 * On a Unix socket `socket` is the path and `url` is http://localhost/mcp (the Host the guard
 * expects there). One file per folder, written by whichever host serves the folder.
 *
 * Trust: the file sits in the workspace, so a repository could ship a forged one. Nothing in it
 * is taken on faith: the URL must be loopback and end in /mcp, `tokenFile` must be this folder's
 * own token file (the token is always read from there, never from a path the file names),
 * `folder` must be this folder, the file must belong to the current user, and an endpoint counts
 * as live only when its pid is alive AND it answers GET /health with the token, naming this
 * folder. Anything else is stale: ignored, and replaced by the next host that serves. The file
 * itself is trusted only when a host of ours wrote it (a regular file of ours, mode 0600), and the
 * endpoint must prove it holds the token (a challenge, transports/challenge.ts) before the
 * client sends the token to it.
 *
 * Pure Node: no vscode import (the CLI and the extension both use it).
 */
import { lstatSync, realpathSync, unlinkSync, type Stats } from 'node:fs';
import { request } from 'node:http';
import { isAbsolute, join, resolve } from 'node:path';
import { readSecretFile, stateDir, writeSecretFile } from '../core/index/state_dir';
import { readRegularFile } from '../core/index/workspace_fs';
import type { HealthAnswer } from './transports/http';
import { HEALTH_PATH, MCP_PATH } from './transports/http';
import { TOKEN_FILE } from './transports/token';
import { newNonce, NONCE_HEADER, proofMatches } from './transports/challenge';

export const DISCOVERY_FILE = 'endpoint.json';
const MAX_DISCOVERY_BYTES = 64 * 1024;

/** Ports the stable per-folder port is chosen from. */
export const STABLE_PORT_BASE = 7400;
export const STABLE_PORT_SPAN = 600;

export interface Discovery {
  /** The serving process. */
  pid: number;
  /** http://127.0.0.1:PORT/mcp, or http://localhost/mcp on a socket. */
  url: string;
  port?: number;
  socket?: string;
  /** Absolute path of the bearer token file: always `<folder>/.kg-memory/token`. */
  tokenFile: string;
  /** kg-memory version of the server. */
  version: string;
  startedAt: string;
  /** The folder served (real path). */
  folder: string;
}

export type DiscoveryRead = { ok: true; discovery: Discovery } | { ok: false; reason: string };

/** An endpoint that answered: what the file said and the token that opened it. */
export interface LiveEndpoint {
  discovery: Discovery;
  token: string;
  health: HealthAnswer;
}

export type LiveLookup = { live: LiveEndpoint } | { live?: undefined; reason: string };

export function discoveryPath(root: string): string {
  return join(stateDir(root), DISCOVERY_FILE);
}

export function tokenPath(root: string): string {
  return join(stateDir(root), TOKEN_FILE);
}

/** The folder's real path (how hosts name it), or the resolved path when it does not exist. */
export function realFolder(root: string): string {
  try {
    return realpathSync(resolve(root));
  } catch {
    return resolve(root);
  }
}

/**
 * The folder's stable port: FNV-1a of its real path into 7400–7999, so a folder keeps its port
 * across restarts (a configured client keeps working) and two folders rarely collide.
 */
export function stablePort(root: string): number {
  let h = 0x811c9dc5;
  for (const byte of Buffer.from(realFolder(root), 'utf8')) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return STABLE_PORT_BASE + (h % STABLE_PORT_SPAN);
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Validates a discovery file's text for this folder; says why when it is not usable. */
export function parseDiscovery(text: string, root: string): DiscoveryRead {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { ok: false, reason: `not JSON: ${(err as Error).message}` };
  }
  if (!isRecord(raw)) return { ok: false, reason: 'not a JSON object' };
  const { pid, url, port, socket, tokenFile, version, startedAt, folder } = raw;
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return { ok: false, reason: 'pid is not a positive integer' };
  if (typeof url !== 'string') return { ok: false, reason: 'url is missing' };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: `url ${JSON.stringify(url)} is not a URL` };
  }
  if (parsed.protocol !== 'http:' || !LOOPBACK.has(parsed.hostname) || parsed.pathname !== MCP_PATH) {
    return { ok: false, reason: `url ${JSON.stringify(url)} is not a loopback http://…${MCP_PATH} address` };
  }
  if (port !== undefined && (typeof port !== 'number' || !Number.isInteger(port) || port <= 0 || port > 65535 || String(port) !== parsed.port)) {
    return { ok: false, reason: 'port does not match the url' };
  }
  if (socket !== undefined && (typeof socket !== 'string' || !isAbsolute(socket))) return { ok: false, reason: 'socket is not an absolute path' };
  if (socket === undefined && parsed.port === '') return { ok: false, reason: 'a TCP url needs a port' };
  const real = realFolder(root);
  if (typeof folder !== 'string' || folder !== real) return { ok: false, reason: `folder ${JSON.stringify(folder)} is not ${real}` };
  // The token is read from this folder's token file only; a file naming another path is forged or foreign.
  if (tokenFile !== tokenPath(real)) return { ok: false, reason: `tokenFile ${JSON.stringify(tokenFile)} is not ${tokenPath(real)}` };
  if (typeof version !== 'string' || typeof startedAt !== 'string') return { ok: false, reason: 'version or startedAt is missing' };
  const discovery: Discovery = { pid, url, tokenFile, version, startedAt, folder };
  if (typeof port === 'number') discovery.port = port;
  if (typeof socket === 'string') discovery.socket = socket;
  return { ok: true, discovery };
}

/** Reads and validates the folder's discovery file (synchronously: it is small, and read at start-up). */
export function readDiscovery(root: string): DiscoveryRead {
  const path = discoveryPath(root);
  let st: Stats;
  try {
    st = lstatSync(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { ok: false, reason: code === 'ENOENT' ? `no ${path}` : `cannot read ${path}: ${code ?? String(err)}` };
  }
  // Only a file a host of ours wrote: a repository can ship one (a checkout makes it 0644, or a
  // link), and another user's file (a shared folder) could point us at their server.
  if (st.isSymbolicLink()) return { ok: false, reason: `${path} is a symlink: not followed` };
  if (typeof process.getuid === 'function' && st.uid !== process.getuid()) return { ok: false, reason: `${path} belongs to another user` };
  if (process.platform !== 'win32' && (st.mode & 0o077) !== 0) return { ok: false, reason: `${path} has mode ${(st.mode & 0o777).toString(8)}, not 600: not written by kg-memory` };
  const read = readRegularFile(path, MAX_DISCOVERY_BYTES);
  if (!read.ok) return { ok: false, reason: `cannot read ${path}: ${read.reason}` };
  return parseDiscovery(read.bytes.toString('utf8'), root);
}

/** Writes the discovery file atomically, owner-only. */
export async function writeDiscovery(root: string, discovery: Discovery): Promise<string> {
  return writeSecretFile(root, DISCOVERY_FILE, `${JSON.stringify(discovery, null, 2)}\n`);
}

/**
 * Removes the discovery file if it still names this server (pid and url): a host never deletes
 * the entry of the host that replaced it. Synchronous, because it runs while a window closes and
 * the extension host may not wait for promises then.
 */
export function removeDiscoveryIfOurs(root: string, owner: { pid: number; url: string; socket?: string }): boolean {
  const read = readDiscovery(root);
  if (!read.ok) return false;
  const d = read.discovery;
  if (d.pid !== owner.pid || d.url !== owner.url || d.socket !== owner.socket) return false;
  try {
    unlinkSync(discoveryPath(root));
    return true;
  } catch {
    return false;
  }
}

/** The process exists (EPERM: it exists but is another user's). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface ProbeTarget {
  url: string;
  socket?: string;
}

/** GET /health with these headers: the parsed JSON body of a 200 answer, else undefined (refused, not JSON, no answer within `timeoutMs`). */
function getHealth(target: ProbeTarget, headers: Record<string, string>, timeoutMs: number): Promise<unknown> {
  return new Promise((resolvePromise) => {
    const url = new URL(HEALTH_PATH, target.url);
    let done = false;
    const finish = (answer: unknown): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolvePromise(answer);
    };
    const req = request(
      {
        ...(target.socket ? { socketPath: target.socket } : { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port) }),
        method: 'GET',
        path: HEALTH_PATH,
        // On a socket the guard wants Host "localhost"; on TCP, the loopback name and port of the URL.
        headers: { host: url.host, accept: 'application/json', ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > 64 * 1024) req.destroy();
          else chunks.push(c);
        });
        res.on('end', () => {
          if (res.statusCode !== 200) return finish(undefined);
          try {
            finish(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch {
            finish(undefined);
          }
        });
        res.on('error', () => finish(undefined));
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish(undefined);
    }, timeoutMs);
    req.on('error', () => finish(undefined));
    req.end();
  });
}

/** How long a probe of the endpoint waits for each answer. */
const PROBE_TIMEOUT_MS = 1500;

/**
 * Whether the endpoint proves it holds the token, without the token being sent: a fresh nonce
 * out, HMAC(token, nonce, the address we connected to) back (transports/challenge.ts).
 */
export async function proveEndpoint(target: ProbeTarget, token: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  const nonce = newNonce();
  const address = target.socket !== undefined ? { socket: target.socket } : { port: Number(new URL(target.url).port) };
  const answer = await getHealth(target, { [NONCE_HEADER]: nonce }, timeoutMs);
  return isRecord(answer) && answer.name === 'kg-memory' && proofMatches(token, nonce, address, answer.proof);
}

/**
 * GET /health with the token, once the endpoint has proved it holds the token: the server's
 * answer when it is a kg-memory server that accepts this token, else undefined (no proof,
 * refused, wrong token, not ours, or no answer within `timeoutMs`). The token never goes to an
 * endpoint that did not prove it already has it.
 */
export async function probeHealth(target: ProbeTarget, token: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<HealthAnswer | undefined> {
  return (await proveEndpoint(target, token, timeoutMs)) ? provenHealth(target, token, timeoutMs) : undefined;
}

/** GET /health with the token, for an endpoint that has already proved it holds the token. */
async function provenHealth(target: ProbeTarget, token: string, timeoutMs: number): Promise<HealthAnswer | undefined> {
  const body = await getHealth(target, { authorization: `Bearer ${token}` }, timeoutMs);
  if (isRecord(body) && body.name === 'kg-memory' && typeof body.root === 'string' && typeof body.pid === 'number' && typeof body.version === 'string') {
    return { name: 'kg-memory', root: body.root, pid: body.pid, version: body.version };
  }
  return undefined;
}

/** The folder's token if it has one; never creates it (no token means no server ever served here). */
export async function readToken(root: string): Promise<string | undefined> {
  const token = (await readSecretFile(root, TOKEN_FILE).catch(() => undefined))?.trim();
  return token && /^[0-9a-f]{64}$/.test(token) ? token : undefined;
}

/**
 * The live endpoint the discovery file names, or why there is none. Live means: a valid file,
 * its pid alive, and the endpoint answering /health with the token for this very folder.
 */
export async function findLiveEndpoint(root: string, options: { token?: string; timeoutMs?: number; ignorePid?: number } = {}): Promise<LiveLookup> {
  const read = readDiscovery(root);
  if (!read.ok) return { reason: read.reason };
  const d = read.discovery;
  if (d.pid === options.ignorePid) return { reason: `the discovery file names this process (${d.pid})` };
  if (!pidAlive(d.pid)) return { reason: `the process ${d.pid} that wrote it is gone` };
  const token = options.token ?? (await readToken(root));
  if (!token) return { reason: 'the folder has no token' };
  if (!(await proveEndpoint(d, token, options.timeoutMs))) return { reason: `${d.socket ?? d.url} does not prove it holds the folder's token (or does not answer): the token is not sent to it` };
  const health = await provenHealth(d, token, options.timeoutMs ?? PROBE_TIMEOUT_MS);
  if (!health) return { reason: `${d.socket ?? d.url} does not answer` };
  if (health.root !== d.folder) return { reason: `${d.socket ?? d.url} serves ${health.root}, not ${d.folder}` };
  return { live: { discovery: d, token, health } };
}
