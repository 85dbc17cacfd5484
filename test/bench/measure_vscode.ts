/**
 * VS Code extension-host figures
 * ==============================
 * §8 of the extension issue, measured in code-server's real extension host (test/vscode/bench_run.ts
 * on the fixture workspace): activation → indexed → first CodeLens without and with a snapshot, and
 * save → CodeLens updated (p50/p95 over 20 saves). `npx tsx test/bench/measure_vscode.ts [--json]`
 * prints them; `measureVscode(corpus)` returns them for the bench. Given a large corpus folder (the
 * bench passes its 100k-line Django subset) it also measures activation on it without and with a
 * snapshot, the extension host's memory, and a 500-file branch switch to a consistent graph.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './util';

export interface ActivationFigure {
  snapshot: boolean;
  activeAtStart: boolean;
  activateMs: number;
  indexedMs: number;
  firstLensMs: number;
  hostUptimeAtFirstLensMs: number;
  indexReportMs?: number;
  parsed?: number;
  snapshotNote?: string;
}

export interface SaveToLensFigure {
  saves: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export interface HostMemoryFigure {
  files: number;
  nodes: number;
  lines: number;
  rssMb: number;
  heapMb: number;
}

export interface BranchSwitchFigure {
  files: number;
  ms: number;
  updates: number;
}

export type VscodeFigure =
  | { skipped: string }
  | {
      skipped?: undefined;
      activation: ActivationFigure[];
      saveToLens: SaveToLensFigure[];
      hostMemory: HostMemoryFigure[];
      branchSwitch: BranchSwitchFigure[];
      failed?: string;
    };

export function measureVscode(corpus?: string): Promise<VscodeFigure> {
  return new Promise((resolve, reject) => {
    const args = ['--import', 'tsx', join(REPO_ROOT, 'test', 'vscode', 'bench_run.ts'), ...(corpus ? [corpus] : [])];
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const skip = /KGSKIP (.*)/.exec(out);
      if (skip?.[1]) return resolve({ skipped: skip[1] });
      const activation: ActivationFigure[] = [];
      const saveToLens: SaveToLensFigure[] = [];
      const hostMemory: HostMemoryFigure[] = [];
      const branchSwitch: BranchSwitchFigure[] = [];
      for (const m of out.matchAll(/KGBENCH (\{.*\})/g)) {
        const f = JSON.parse(m[1] ?? '{}') as { kind: string } & ActivationFigure & SaveToLensFigure & HostMemoryFigure & BranchSwitchFigure;
        if (f.kind === 'activation') activation.push(f);
        else if (f.kind === 'saveToLens') saveToLens.push(f);
        else if (f.kind === 'hostMemory') hostMemory.push(f);
        else if (f.kind === 'branchSwitch') branchSwitch.push(f);
      }
      resolve({ activation, saveToLens, hostMemory, branchSwitch, ...(code === 0 ? {} : { failed: `bench_run exited ${code}: ${out.split('\n').slice(-10).join(' | ')}` }) });
    });
  });
}

function ms(n: number | undefined): string {
  return n === undefined || Number.isNaN(n) ? '-' : `${Math.round(n)} ms`;
}

/** The figures as lines of text, for `npm run bench` and for this module run alone. */
export function renderVscode(figure: VscodeFigure): string[] {
  if (figure.skipped !== undefined) return [`SKIP ${figure.skipped}`];
  const out = ['VS Code extension host (code-server 4.139 / VS Code 1.139)'];
  for (const a of figure.activation) {
    out.push(`  activation ${a.snapshot ? 'with a snapshot   ' : 'without a snapshot'}: activate ${ms(a.activateMs)}, indexed ${ms(a.indexedMs)}, first CodeLens ${ms(a.firstLensMs)} (files parsed: ${a.parsed ?? '-'})`);
  }
  figure.saveToLens.forEach((s, i) => out.push(`  save → CodeLens updated (run ${i + 1}, ${s.saves} saves): p50 ${ms(s.p50Ms)}, p95 ${ms(s.p95Ms)}, max ${ms(s.maxMs)}`));
  for (const m of figure.hostMemory) out.push(`  extension host memory, ${m.lines.toLocaleString('en')} lines (${m.files} files, ${m.nodes} nodes) indexed: RSS ${Math.round(m.rssMb)} MB, heap ${Math.round(m.heapMb)} MB`);
  for (const b of figure.branchSwitch) out.push(`  branch switch, ${b.files} files changed on disk at once: consistent graph after ${ms(b.ms)}, in ${b.updates} graph update(s)`);
  if (figure.failed) out.push(`  FAILED: ${figure.failed}`);
  return out;
}

async function main(): Promise<void> {
  const figure = await measureVscode(process.argv.find((a, i) => i >= 2 && !a.startsWith('--')));
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(figure, null, 2));
    return;
  }
  console.log(renderVscode(figure).join('\n'));
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
