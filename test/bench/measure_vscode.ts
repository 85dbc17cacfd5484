/**
 * VS Code extension-host figures
 * ==============================
 * §8 of the extension issue, measured in code-server's real extension host (test/vscode/bench_run.ts
 * on the fixture workspace): activation → indexed → first CodeLens without and with a snapshot, and
 * save → CodeLens updated (p50/p95 over 20 saves). `npx tsx test/bench/measure_vscode.ts [--json]`
 * prints them; `measureVscode()` returns them for the bench. Not measured here: extension-host memory
 * on a 100k-line workspace and a 500-file branch switch.
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

export type VscodeFigure =
  | { skipped: string }
  | { skipped?: undefined; activation: ActivationFigure[]; saveToLens: SaveToLensFigure[]; failed?: string };

export function measureVscode(): Promise<VscodeFigure> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'test', 'vscode', 'bench_run.ts')], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const skip = /KGSKIP (.*)/.exec(out);
      if (skip?.[1]) return resolve({ skipped: skip[1] });
      const activation: ActivationFigure[] = [];
      const saveToLens: SaveToLensFigure[] = [];
      for (const m of out.matchAll(/KGBENCH (\{.*\})/g)) {
        const f = JSON.parse(m[1] ?? '{}') as { kind: string } & ActivationFigure & SaveToLensFigure;
        if (f.kind === 'activation') activation.push(f);
        else if (f.kind === 'saveToLens') saveToLens.push(f);
      }
      resolve({ activation, saveToLens, ...(code === 0 ? {} : { failed: `bench_run exited ${code}: ${out.split('\n').slice(-10).join(' | ')}` }) });
    });
  });
}

function ms(n: number | undefined): string {
  return n === undefined || Number.isNaN(n) ? '-' : `${Math.round(n)} ms`;
}

async function main(): Promise<void> {
  const figure = await measureVscode();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(figure, null, 2));
    return;
  }
  if (figure.skipped !== undefined) {
    console.log(`SKIP ${figure.skipped}`);
    return;
  }
  console.log('VS Code extension host (code-server 4.139 / VS Code 1.139, fixture workspace)');
  for (const a of figure.activation) {
    console.log(`  activation ${a.snapshot ? 'with a snapshot   ' : 'without a snapshot'}: activate ${ms(a.activateMs)}, indexed ${ms(a.indexedMs)}, first CodeLens ${ms(a.firstLensMs)} (files parsed: ${a.parsed ?? '-'})`);
  }
  figure.saveToLens.forEach((s, i) => console.log(`  save → CodeLens updated (run ${i + 1}, ${s.saves} saves): p50 ${ms(s.p50Ms)}, p95 ${ms(s.p95Ms)}, max ${ms(s.maxMs)}`));
  if (figure.failed) console.log(`  FAILED: ${figure.failed}`);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
