/**
 * Cold start figures
 * ==================
 * Time from `Workspace.open()` (which loads the snapshot) to the answer of the first query, and the
 * RSS after it, each in a fresh child process so nothing is warm; repeated, median and worst.
 */
import { lastJson, median, runChild } from './util';

export interface ColdStartFigure {
  corpus: string;
  runs: number;
  openMs: number;
  queryMs: number;
  totalMs: number;
  worstTotalMs: number;
  rssMb: number;
  worstRssMb: number;
  nodes: number;
  snapshot?: string;
}

interface ChildColdStart {
  openMs: number;
  queryMs: number;
  totalMs: number;
  nodes: number;
  rssMb: number;
  snapshot?: string;
}

export async function measureColdStart(childJs: string, corpus: string, dir: string, symbol: string, runs = 5): Promise<ColdStartFigure | { corpus: string; error: string }> {
  const samples: ChildColdStart[] = [];
  for (let i = 0; i < runs; i++) {
    const r = await runChild(process.execPath, [childJs, 'coldstart', dir, symbol], { timeoutMs: 2 * 60_000 });
    const out = lastJson<ChildColdStart>(r.stdout);
    if (r.code !== 0 || !out) return { corpus, error: r.timedOut ? 'timed out' : `exit ${r.code}: ${r.stderr.trim().slice(-400)}` };
    samples.push(out);
  }
  const fig: ColdStartFigure = {
    corpus,
    runs,
    openMs: median(samples.map((s) => s.openMs)),
    queryMs: median(samples.map((s) => s.queryMs)),
    totalMs: median(samples.map((s) => s.totalMs)),
    worstTotalMs: Math.max(...samples.map((s) => s.totalMs)),
    rssMb: median(samples.map((s) => s.rssMb)),
    worstRssMb: Math.max(...samples.map((s) => s.rssMb)),
    nodes: samples[0]!.nodes,
  };
  if (samples[0]!.snapshot) fig.snapshot = samples[0]!.snapshot;
  return fig;
}
