/**
 * Incremental update figures
 * ==========================
 * One-file updates on an indexed 100k-line corpus: a fresh child loads the snapshot, then edits
 * ~50 different files one at a time (alternately a line added to a function body and a function
 * appended) and times `ws.update([path])` for each. p50/p95/max over the edits after the first,
 * which is shown apart (`first`: it loads the grammar and links the documents the snapshot restored).
 */
import { lastJson, percentile, runChild } from './util';

export interface IncrementalFigure {
  corpus: string;
  edits: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  firstMs: number;
  nodes: number;
  rssMb: number;
  slowest: { path: string; kind: string; ms: number }[];
}

interface ChildIncremental {
  nodes: number;
  edges: number;
  warmupMs: number;
  samples: { path: string; kind: string; ms: number; parsed: number }[];
  rssMb: number;
}

export async function measureIncremental(childJs: string, corpus: string, dir: string, edits = 50): Promise<IncrementalFigure | { corpus: string; error: string }> {
  const r = await runChild(process.execPath, [childJs, 'incremental', dir, String(edits)], { timeoutMs: 10 * 60_000 });
  const out = lastJson<ChildIncremental>(r.stdout);
  if (r.code !== 0 || !out) return { corpus, error: r.timedOut ? 'timed out' : `exit ${r.code}: ${r.stderr.trim().slice(-400)}` };
  // The first update loads the grammar in process and links what the snapshot left unlinked: it is the `first` figure, not a sample.
  const timed = out.samples.slice(1);
  const ms = timed.map((s) => s.ms);
  return {
    corpus,
    edits: ms.length,
    p50Ms: percentile(ms, 50),
    p95Ms: percentile(ms, 95),
    maxMs: Math.max(...ms),
    firstMs: out.warmupMs,
    nodes: out.nodes,
    rssMb: out.rssMb,
    slowest: [...timed].sort((a, b) => b.ms - a.ms).slice(0, 3).map(({ path, kind, ms: t }) => ({ path, kind, ms: t })),
  };
}
