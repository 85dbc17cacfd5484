/**
 * PHP figures
 * ===========
 * On Debian php-monolog 2.9.1-1 (usr/share/php/Monolog, ~15k lines): call-edge accuracy against
 * the hand-checked truth file (test/oracle/truth/php/monolog.tsv, 22 files), full-index throughput
 * and the one-file update p95, each beside Python's on the same number of lines of Django,
 * measured the same way (in process, parsing on the main thread), as measure_java.ts does.
 * Standalone: `node --import tsx test/bench/measure_php.ts`.
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Workspace } from '../../extension/core/workspace';
import { compareEdges } from '../oracle/compare';
import { ourCallEdges } from '../oracle/ours';
import { phpTruth } from '../oracle/php_truth';
import { listSourceFiles } from '../oracle/types';
import { debianPhp, django, scratchCopy, subsetCopy, type Corpus } from './corpora';
import { percentile } from './util';

export const phpCorpus = (): Promise<Corpus> => debianPhp('php-monolog', 'Monolog');

export interface PhpAccuracy {
  origin: string;
  precision: number;
  recall: number;
  agree: number;
  onlyOurs: number;
  onlyOracle: number;
}

export async function phpAccuracy(corpus: Corpus): Promise<PhpAccuracy> {
  const ours = await ourCallEdges(corpus.dir);
  const truth = phpTruth('monolog.tsv', corpus.dir, ours.declarations);
  const cmp = compareEdges(ours.edges, truth.edges, { callers: truth.callers });
  return { origin: corpus.origin, precision: cmp.precision, recall: cmp.recall, agree: cmp.truePositives, onlyOurs: cmp.falsePositives.length, onlyOracle: cmp.falseNegatives.length };
}

interface SpeedFigure {
  corpus: string;
  files: number;
  lines: number;
  indexMs: number;
  linesPerSec: number;
  updateP95Ms: number;
  updateP95MsPerKLine: number;
}

const linesOf = (dir: string, files: string[]): number => files.reduce((n, f) => n + readFileSync(join(dir, f), 'utf8').split('\n').length, 0);

/** A full index in process, then `edits` one-file updates (a definition appended, alternating files). */
async function speedOf(label: string, dir: string, files: string[], edit: (text: string, i: number) => string, edits = 30): Promise<SpeedFigure> {
  const lines = linesOf(dir, files);
  const ws = await Workspace.open(dir, { persist: false, workers: 0 });
  try {
    const t0 = performance.now();
    await ws.index();
    const indexMs = performance.now() - t0;
    const samples: number[] = [];
    const perKLine: number[] = [];
    for (let i = 0; i < edits && files.length; i++) {
      const file = join(dir, files[(i * 7) % files.length]!);
      const text = edit(readFileSync(file, 'utf8'), i);
      writeFileSync(file, text);
      const t = performance.now();
      await ws.update([file]);
      const ms = performance.now() - t;
      if (i === 0) continue; // the first update loads what the index left cold
      samples.push(ms);
      perKLine.push(ms / (Math.max(1, text.split('\n').length) / 1000));
    }
    return { corpus: label, files: files.length, lines, indexMs, linesPerSec: lines / (indexMs / 1000), updateP95Ms: percentile(samples, 95), updateP95MsPerKLine: percentile(perKLine, 95) };
  } finally {
    await ws.close();
  }
}

export async function phpSpeed(corpus: Corpus): Promise<{ php: SpeedFigure; python: SpeedFigure }> {
  const dir = scratchCopy(corpus, 'php-speed');
  const phpFiles = listSourceFiles(dir, ['.php']);
  const php = await speedOf(corpus.name, dir, phpFiles, (text, i) => `${text}\nfunction bench_extra_${i}() { return strlen('x'); }\n`);
  const subset = subsetCopy(await django(), php.lines, 'php-speed-py');
  const python = await speedOf('django (a subset of about as many lines)', subset.dir, listSourceFiles(subset.dir, ['.py']), (text, i) => `${text}\n\ndef bench_extra_${i}():\n    return str(1)\n`);
  return { php, python };
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

export async function measurePhp(log: (m: string) => void): Promise<string[]> {
  const out = ['PHP'];
  let corpus: Corpus;
  try {
    log('php: fetching php-monolog');
    corpus = await phpCorpus();
  } catch (err) {
    return [...out, `  no corpus: ${String(err)}`];
  }
  try {
    const a = await phpAccuracy(corpus);
    out.push(`  calls vs the truth file on ${a.origin}: precision ${pct(a.precision)}, recall ${pct(a.recall)} (${a.agree} agree, ${a.onlyOurs} only ours, ${a.onlyOracle} only the truth's)`);
  } catch (err) {
    out.push(`  accuracy: ${String(err)}`);
  }
  try {
    log('php: speed');
    const s = await phpSpeed(corpus);
    for (const f of [s.php, s.python]) {
      out.push(`  ${f.corpus}: ${f.files} files, ${f.lines} lines, full index ${Math.round(f.indexMs)} ms = ${Math.round(f.linesPerSec)} lines/s; one-file update p95 ${f.updateP95Ms.toFixed(1)} ms (${f.updateP95MsPerKLine.toFixed(1)} ms per 1,000 lines of the edited file)`);
    }
    out.push(`  per line, PHP takes ${(s.python.linesPerSec / s.php.linesPerSec).toFixed(2)}× Python's time to index (target ≤ 1.5×); update p95 per line ${(s.php.updateP95MsPerKLine / s.python.updateP95MsPerKLine).toFixed(2)}× Python's`);
  } catch (err) {
    out.push(`  speed: ${String(err)}`);
  }
  return out;
}

if (require.main === module) {
  void measurePhp((m) => process.stderr.write(`${m}\n`)).then((lines) => {
    process.stdout.write(`${lines.join('\n')}\n`);
    if (process.env.KG_BENCH_OUT) appendFileSync(process.env.KG_BENCH_OUT, `${lines.join('\n')}\n`);
  });
}
