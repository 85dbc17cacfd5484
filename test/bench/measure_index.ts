/**
 * Full index figures
 * ==================
 * Cold full index of each corpus in a fresh child process (persist on, in a scratch copy, so the
 * snapshot is written too), beside the peer's `codegraph init` on another copy of the same folder;
 * and the 100k-line figure, timed on the first 100k lines of a corpus.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Corpus } from './corpora';
import { scratchCopy, subsetCopy } from './corpora';
import { runPeer, type PeerRun } from './peer';
import { errorText, lastJson, runChild } from './util';

export interface ChildIndex {
  openMs: number;
  indexMs: number;
  reportMs: number;
  files: number;
  parsed: number;
  failed: number;
  firstFailure?: string;
  skipped: number;
  nodes: number;
  edges: number;
  lines: number;
  rssMb: number;
}

export interface IndexFigure {
  corpus: string;
  dir: string;
  ours: (ChildIndex & { wallMs: number; snapshotMb: number; linesPerSec: number }) | { error: string };
  peer: PeerRun | { ok: false; reason: string };
  /** ours / peer, on wall-clock time of a fresh process each. */
  ratio?: number;
}

const INDEX_TIMEOUT_MS = 10 * 60_000;

function dirBytes(dir: string): number {
  let n = 0;
  try {
    for (const f of readdirSync(dir)) n += statSync(join(dir, f)).size;
  } catch {
    return 0;
  }
  return n;
}

/** One cold full index of `dir` in a fresh bundled child. */
export async function indexOnce(childJs: string, dir: string): Promise<IndexFigure['ours']> {
  const r = await runChild(process.execPath, [childJs, 'index', dir], { timeoutMs: INDEX_TIMEOUT_MS });
  const out = lastJson<ChildIndex>(r.stdout);
  if (r.code !== 0 || !out) return { error: r.timedOut ? `timed out after ${INDEX_TIMEOUT_MS} ms` : `exit ${r.code}: ${r.stderr.trim().slice(-400)}` };
  return {
    ...out,
    wallMs: r.wallMs,
    snapshotMb: dirBytes(join(dir, '.kg-memory')) / 2 ** 20,
    linesPerSec: out.lines / (out.indexMs / 1000),
  };
}

export async function measureIndex(childJs: string, corpus: Corpus, withPeer: boolean): Promise<IndexFigure> {
  const dir = scratchCopy(corpus, 'ours');
  const ours = await indexOnce(childJs, dir);
  let peer: IndexFigure['peer'] = { ok: false, reason: 'skipped (--no-peer)' };
  if (withPeer) {
    try {
      peer = await runPeer(scratchCopy(corpus, 'peer'), INDEX_TIMEOUT_MS);
    } catch (err) {
      peer = { ok: false, reason: errorText(err) };
    }
  }
  const fig: IndexFigure = { corpus: corpus.name, dir, ours, peer };
  if (!('error' in ours) && peer.ok) fig.ratio = ours.wallMs / peer.wallMs;
  return fig;
}

export interface HundredK {
  corpus: string;
  /** The subset's folder, indexed (its snapshot is written): the cold-start figure reads it. */
  dir: string;
  files: number;
  lines: number;
  result: IndexFigure['ours'];
}

/** "100k lines in X s": the first source files of the corpus making up 100,000 lines, indexed cold. */
export async function measure100k(childJs: string, corpus: Corpus): Promise<HundredK> {
  const subset = subsetCopy(corpus, 100_000, '100k');
  return { corpus: corpus.name, dir: subset.dir, files: subset.files, lines: subset.lines, result: await indexOnce(childJs, subset.dir) };
}
