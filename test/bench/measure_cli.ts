/**
 * The CLI as a user runs it
 * =========================
 * Issue 17's figures, measured on the shipped build (esbuild.config.mjs bundleApp into
 * work/app/, the same ESM chunks as dist/):
 *   - full index with the defaults (code, decisions, docs), `kg-memory index` on a folder with no
 *     state, beside the peer's `codegraph init`, run alternately A B A B A B on one copy of each
 *     corpus (both state folders removed before every run): median wall, ratio, peak RSS of each;
 *   - start: `--help`, `config`, `query --help`, wall from spawn to the first byte on stdout;
 *   - a cold `query callers X` on an indexed folder (p50 of 10) and `index` after a one-line edit.
 * Peak RSS is GNU time's maximum resident set (%M) of the process and what it waits for.
 * It prints figures and verdicts; nothing here fails on a timing.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Corpus } from './corpora';
import { scratchCopy } from './corpora';
import { peerCommand } from './peer';
import { errorText, median, percentile, REPO_ROOT, runChild, WORK } from './util';

const APP_DIR = join(WORK, 'app');
/** The CLI the measurements run: the last buildCli's. */
let CLI = join(APP_DIR, 'cli.js');
const TIME = '/usr/bin/time';
const TIMEOUT_MS = 10 * 60_000;

interface BuildConfig {
  bundleApp(outdir: string, options?: { production?: boolean }): Promise<void>;
}

/** The CLI exactly as `npm run package` builds it (production, split chunks), into `outdir`; the measurements below run it. */
export async function buildCli(outdir = APP_DIR): Promise<string> {
  const config = (await import(pathToFileURL(join(REPO_ROOT, 'esbuild.config.mjs')).href)) as BuildConfig;
  rmSync(outdir, { recursive: true, force: true });
  await config.bundleApp(outdir, { production: true });
  CLI = join(outdir, 'cli.js');
  return CLI;
}

interface Timed {
  ok: boolean;
  wallMs: number;
  peakRssMb?: number;
  error?: string;
}

/** Runs a command under GNU time (when installed) for its peak RSS. */
async function timed(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Timed> {
  const gnuTime = existsSync(TIME);
  const r = await runChild(gnuTime ? TIME : command, gnuTime ? ['-f', 'KG_PEAK_RSS_KB %M', command, ...args] : args, { ...options, timeoutMs: TIMEOUT_MS });
  const rss = /KG_PEAK_RSS_KB (\d+)/.exec(r.stderr);
  const out: Timed = { ok: r.code === 0, wallMs: r.wallMs };
  if (rss) out.peakRssMb = Number(rss[1]) / 1024;
  if (r.code !== 0) out.error = `exit ${r.code}${r.timedOut ? ' (timed out)' : ''}: ${r.stderr.replace(/KG_PEAK_RSS_KB \d+/, '').trim().slice(-300)}`;
  return out;
}

export interface SideBySide {
  corpus: string;
  origin: string;
  lines: number;
  runs: number;
  ours: { medianMs: number; peakRssMb: number; walls: number[] } | { error: string };
  peer: { version: string; medianMs: number; peakRssMb: number; walls: number[] } | { error: string };
  ratio?: number;
}

const clearState = (dir: string): void => {
  for (const name of ['.kg-memory', '.codegraph']) rmSync(join(dir, name), { recursive: true, force: true });
};

/** A B A B A B on one copy: ours (`kg-memory index`, defaults) and the peer (`codegraph init`). */
export async function sideBySide(corpus: Corpus | { name: string; origin: string; lines: number; dir: string }, runs: number, withPeer: boolean): Promise<SideBySide> {
  // A corpus is copied once; a subset is its own copy already.
  const dir = 'language' in corpus ? scratchCopy(corpus, 'side-by-side') : corpus.dir;
  const ours: Timed[] = [];
  const peer: Timed[] = [];
  const peerCmd = withPeer ? await peerCommand(dir) : { ok: false as const, reason: 'skipped (--no-peer)' };
  for (let i = 0; i < runs; i++) {
    clearState(dir);
    ours.push(await timed(process.execPath, [CLI, 'index', '--root', dir]));
    if (peerCmd.ok) {
      clearState(dir);
      peer.push(await timed(peerCmd.command, peerCmd.args, { cwd: dir, env: peerCmd.env }));
    }
  }
  const summary = (t: Timed[]): { medianMs: number; peakRssMb: number; walls: number[] } | { error: string } => {
    const failed = t.find((x) => !x.ok);
    if (failed || t.length === 0) return { error: failed?.error ?? 'not run' };
    return { medianMs: median(t.map((x) => x.wallMs)), peakRssMb: Math.max(...t.map((x) => x.peakRssMb ?? 0)), walls: t.map((x) => Math.round(x.wallMs)) };
  };
  const o = summary(ours);
  const ps = peerCmd.ok ? summary(peer) : { error: peerCmd.reason };
  const p: SideBySide['peer'] = 'error' in ps ? ps : { version: peerCmd.ok ? peerCmd.version : '?', ...ps };
  const fig: SideBySide = { corpus: corpus.name, origin: corpus.origin, lines: corpus.lines, runs, ours: o, peer: p };
  if (!('error' in o) && !('error' in p)) fig.ratio = o.medianMs / p.medianMs;
  return fig;
}

/** Wall from spawn to the first byte on stdout, and to the exit. */
function firstByte(args: string[]): Promise<{ firstByteMs: number; exitMs: number; code: number | null }> {
  return new Promise((done) => {
    const started = performance.now();
    let first = -1;
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'ignore'] });
    child.stdout.on('data', () => {
      if (first < 0) first = performance.now() - started;
    });
    child.on('close', (code) => done({ firstByteMs: first < 0 ? NaN : first, exitMs: performance.now() - started, code }));
  });
}

export interface StartFigure {
  command: string;
  runs: number;
  firstByteP50Ms: number;
  exitP50Ms: number;
}

/** `node -e 0` beside them: what Node itself costs on this machine, now. */
export async function measureStart(runs: number): Promise<StartFigure[]> {
  const out: StartFigure[] = [];
  const commands: [string, string[]][] = [
    ['--help', ['--help']],
    ['config claude', ['config', 'claude', '--root', REPO_ROOT]],
    ['query --help', ['query', '--help']],
  ];
  const node: number[] = [];
  for (let i = 0; i < runs; i++) node.push((await runChild(process.execPath, ['-e', '0'], { timeoutMs: 30_000 })).wallMs);
  out.push({ command: 'node -e 0 (Node alone)', runs, firstByteP50Ms: NaN, exitP50Ms: median(node) });
  for (const [label, args] of commands) {
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await firstByte(args));
    out.push({ command: label, runs, firstByteP50Ms: median(samples.map((s) => s.firstByteMs)), exitP50Ms: median(samples.map((s) => s.exitMs)) });
  }
  return out;
}

export interface ColdQueryFigure {
  corpus: string;
  symbol: string;
  runs: number;
  p50Ms: number;
  p90Ms: number;
  peakRssMb: number;
  /** `kg-memory index` after appending one line to a source file, median of `edits`. */
  editIndexP50Ms?: number;
  edits: number;
  error?: string;
}

/** Cold `query callers` on an indexed folder (with its docs), then `index` after one-line edits. */
export async function measureColdQuery(dir: string, corpus: string, symbol: string, file: string, runs: number, edits: number): Promise<ColdQueryFigure> {
  const fig: ColdQueryFigure = { corpus, symbol, runs, p50Ms: NaN, p90Ms: NaN, peakRssMb: 0, edits };
  try {
    const first = await timed(process.execPath, [CLI, 'index', '--root', dir]);
    if (!first.ok) throw new Error(first.error);
    const walls: number[] = [];
    for (let i = 0; i < runs; i++) {
      const r = await timed(process.execPath, [CLI, 'query', 'callers', symbol, '--root', dir]);
      if (!r.ok) throw new Error(r.error);
      walls.push(r.wallMs);
      fig.peakRssMb = Math.max(fig.peakRssMb, r.peakRssMb ?? 0);
    }
    fig.p50Ms = percentile(walls, 50);
    fig.p90Ms = percentile(walls, 90);
    const path = join(dir, file);
    const original = readFileSync(path, 'utf8');
    const editWalls: number[] = [];
    try {
      for (let i = 0; i < edits; i++) {
        appendFileSync(path, `\n_kg_bench_edit_${i} = ${i}\n`);
        const r = await timed(process.execPath, [CLI, 'index', '--root', dir]);
        if (!r.ok) throw new Error(r.error);
        editWalls.push(r.wallMs);
      }
    } finally {
      writeFileSync(path, original);
    }
    fig.editIndexP50Ms = median(editWalls);
  } catch (err) {
    fig.error = errorText(err);
  }
  return fig;
}
