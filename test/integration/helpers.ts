/**
 * Integration helpers
 * ===================
 * What the integration tests share: the built CLI (built if missing or older than the sources),
 * throwaway copies of the fixture project, spawned processes that are always killed, and a
 * fetch over a Unix socket for the SDK's HTTP client transport.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';

export const REPO = join(__dirname, '..', '..');
export const CLI = join(REPO, 'dist', 'cli.js');
const FIXTURE = join(REPO, 'test', 'fixtures', 'mcp_project');

function newestSource(dir: string): number {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestSource(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Runs `npm run build` unless dist/cli.js is newer than every source (KG_MEMORY_NO_BUILD=1 skips). */
export function ensureBuilt(): void {
  if (process.env.KG_MEMORY_NO_BUILD === '1' && existsSync(CLI)) return;
  if (existsSync(CLI) && statSync(CLI).mtimeMs > newestSource(join(REPO, 'extension'))) return;
  // Test files run in parallel: one builds, the others wait for its lock to go.
  const lock = join(REPO, 'dist.build.lock');
  try {
    mkdirSync(lock);
  } catch {
    const until = Date.now() + 60_000;
    while (existsSync(lock) && Date.now() < until) spawnSync('sleep', ['0.2']);
    return;
  }
  try {
    const r = spawnSync('npm', ['run', 'build'], { cwd: REPO, encoding: 'utf8', timeout: 120_000 });
    if (r.status !== 0) throw new Error(`npm run build failed:\n${r.stdout}\n${r.stderr}`);
  } finally {
    rmdirSync(lock);
  }
}

/** A fresh copy of the fixture project in the temp folder; `dispose` removes it. */
export function fixtureCopy(): { root: string; dispose(): void } {
  const root = mkdtempSync(join(tmpdir(), 'kg-mcp-'));
  cpSync(FIXTURE, root, { recursive: true });
  return { root, dispose: () => rmSync(root, { recursive: true, force: true }) };
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI to completion (bounded in time). */
export function runCli(args: string[], timeoutMs = 30_000): RunResult {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: timeoutMs, env: { ...process.env, KG_MEMORY_LOG: 'error' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A long-running CLI process (serve); resolves once `ready` matches its stderr. */
export async function startCli(args: string[], ready: RegExp, timeoutMs = 20_000): Promise<{ child: ChildProcess; match: RegExpMatchArray; stderr: () => string; stop(): Promise<number | null> }> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  const match = await new Promise<RegExpMatchArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${ready} within ${timeoutMs} ms; stderr:\n${err}`)), timeoutMs);
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
      const m = ready.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before ready; stderr:\n${err}`));
    });
  }).catch((e: unknown) => {
    child.kill('SIGKILL');
    throw e;
  });
  const stop = (): Promise<number | null> =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve(child.exitCode);
      const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', (code) => {
        clearTimeout(kill);
        resolve(code);
      });
      child.kill('SIGTERM');
    });
  return { child, match, stderr: () => err, stop };
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A raw HTTP request, for headers fetch will not let us forge (Host). */
export function rawRequest(
  target: { port?: number; socketPath?: string },
  options: { method?: string; path?: string; headers?: Record<string, string | number>; body?: string | Buffer },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', ...target, method: options.method ?? 'POST', path: options.path ?? '/mcp', headers: options.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error('request timed out')));
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/**
 * fetch over a Unix socket, for the SDK's StreamableHTTPClientTransport (`fetch` option).
 * Written on http.request({socketPath}) because undici (whose Agent takes a socketPath) is not a
 * dependency here and Node 20's built-in fetch exposes no dispatcher to set one.
 */
export function unixFetch(socketPath: string): (url: string | URL, init?: RequestInit) => Promise<Response> {
  return (url, init = {}) =>
    new Promise((resolve, reject) => {
      const u = new URL(url);
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((v, k) => {
        headers[k] = v;
      });
      const req = request({ socketPath, method: init.method ?? 'GET', path: `${u.pathname}${u.search}`, headers: { ...headers, host: u.host } }, (res) => {
        const out = new Headers();
        for (const [k, v] of Object.entries(res.headers)) {
          if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : v);
        }
        const status = res.statusCode ?? 500;
        const body = status === 204 || status === 304 ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
        resolve(new Response(body, { status, headers: out }));
      });
      req.on('error', reject);
      init.signal?.addEventListener('abort', () => req.destroy(new Error('aborted')));
      if (typeof init.body === 'string') req.write(init.body);
      req.end();
    });
}

/** The JSON body of a text content block. */
export function textJson(result: unknown): Record<string, unknown> {
  const content = (result as { content?: unknown }).content as { type: string; text?: string }[] | undefined;
  const first = content?.[0];
  if (!first || first.type !== 'text' || first.text === undefined) throw new Error(`no text content in ${JSON.stringify(result)}`);
  return JSON.parse(first.text) as Record<string, unknown>;
}
