/**
 * Bench utilities
 * ===============
 * Small shared helpers for the bench: the machine's description, percentiles, a bounded child
 * process runner that reads one JSON result line, line counting and free loopback ports.
 */
import { SOURCE_EXTENSIONS as REGISTRY_EXTENSIONS } from '../../extension/core/parse/languages';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, totalmem } from 'node:os';
import { extname, join, resolve } from 'node:path';

export const REPO_ROOT = resolve(__dirname, '..', '..');
export const WORK = join(REPO_ROOT, 'test', 'bench', 'work');
/** Dot-folders: TypeScript's `include` globs skip them, so unpacked .ts corpora are never type-checked. */
export const CORPORA_DIR = join(WORK, '.corpora');
export const SCRATCH_DIR = join(WORK, '.scratch');

export interface Machine {
  cores: number;
  cpu: string;
  memoryGb: number;
  node: string;
  platform: string;
}

export function machine(): Machine {
  const list = cpus();
  return {
    cores: list.length,
    cpu: list[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
  };
}

/** Nearest-rank percentile of unsorted samples (p in 0..100). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

export function median(samples: readonly number[]): number {
  return percentile(samples, 50);
}

export function round(n: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

export interface ChildResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  wallMs: number;
  timedOut: boolean;
}

export interface ChildOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs: number;
}

/** Runs a command to its end or its time limit (then kills its process group); never rejects. */
export function runChild(command: string, args: readonly string[], options: ChildOptions): Promise<ChildResult> {
  return new Promise((done) => {
    const started = performance.now();
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-20000)));
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, options.timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      done({ code: null, signal: null, stdout, stderr: `${stderr}${err.message}`, wallMs: performance.now() - started, timedOut });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code, signal, stdout, stderr, wallMs: performance.now() - started, timedOut });
    });
  });
}

/** Ends a detached child's whole process group (the child and what it started), by its id only. */
export function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** The last line of stdout that parses as a JSON object. */
export function lastJson<T>(stdout: string): T | undefined {
  const lines = stdout.trim().split('\n').reverse();
  for (const line of lines) {
    const t = line.trim();
    if (!t.startsWith('{')) continue;
    try {
      return JSON.parse(t) as T;
    } catch {
      // not the result line
    }
  }
  return undefined;
}

/** The extensions the index reads, with the dot (the language registry's). */
export const SOURCE_EXTENSIONS: Readonly<Record<string, true>> = Object.fromEntries(REGISTRY_EXTENSIONS.map((e) => [`.${e}`, true]));

const SKIP_DIRS = new Set(['node_modules', '.git', '.kg-memory', '.codegraph', '__pycache__', 'dist', 'build']);

/** Source files under a folder (the languages we index), sorted, as absolute paths. */
export function sourceFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return;
    }
    for (const name of names) {
      const p = join(dir, name);
      let st: ReturnType<typeof statSync>;
      try {
        st = statSync(p);
      } catch {
        continue;
      }
      if (st.isDirectory()) {
        if (!SKIP_DIRS.has(name)) walk(p);
      } else if (SOURCE_EXTENSIONS[extname(name)] && !name.endsWith('.d.ts')) {
        out.push(p);
      }
    }
  };
  walk(root);
  return out;
}

export function lineCount(text: string): number {
  if (text.length === 0) return 0;
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return text.endsWith('\n') ? n : n + 1;
}

/** Files and lines of the source files under a folder. */
export function countSource(root: string): { files: number; lines: number } {
  let lines = 0;
  const files = sourceFiles(root);
  for (const f of files) lines += lineCount(readFileSync(f, 'utf8'));
  return { files: files.length, lines };
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => done(port));
    });
  });
}

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
