/**
 * Ruby figures
 * ============
 * Call-edge accuracy against the hand-checked truth (Debian ruby-mustermann 3.0.0-2, rules in
 * test/oracle/truth/ruby/README.md), and full-index throughput and the one-file update p95 on
 * Debian ruby-sequel (~67k lines), each beside Python's on the same number of lines of Django,
 * measured the same way (in process, parsing on the main thread). Standalone:
 * `node --import tsx test/bench/measure_ruby.ts`.
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Workspace } from '../../extension/core/workspace';
import { compareEdges, scopeFor } from '../oracle/compare';
import { ourCallEdges } from '../oracle/ours';
import { rubyTruth } from '../oracle/ruby_truth';
import { listSourceFiles } from '../oracle/types';
import { debianRuby, debianRubyVendor, django, scratchCopy, subsetCopy } from './corpora';
import { lineCount, percentile } from './util';

interface Speed {
  corpus: string;
  files: number;
  lines: number;
  indexMs: number;
  linesPerSec: number;
  updateP95Ms: number;
}

/** A full index in process, then one-file updates (a definition appended to a file, files in turn); the first update warms up. */
async function speed(label: string, dir: string, ext: string, edit: (text: string, i: number) => string, edits = 30): Promise<Speed> {
  const files = listSourceFiles(dir, [ext]);
  const lines = files.reduce((n, f) => n + lineCount(readFileSync(join(dir, f), 'utf8')), 0);
  const ws = await Workspace.open(dir, { persist: false, workers: 0 });
  try {
    const t0 = performance.now();
    await ws.index();
    const indexMs = performance.now() - t0;
    const samples: number[] = [];
    for (let i = 0; i < edits && files.length; i++) {
      const file = join(dir, files[(i * 7) % files.length]!);
      writeFileSync(file, edit(readFileSync(file, 'utf8'), i));
      const t = performance.now();
      await ws.update([file]);
      if (i > 0) samples.push(performance.now() - t);
    }
    return { corpus: label, files: files.length, lines, indexMs, linesPerSec: lines / (indexMs / 1000), updateP95Ms: percentile(samples, 95) };
  } finally {
    await ws.close();
  }
}

export async function measureRuby(log: (m: string) => void): Promise<string[]> {
  const out = ['Ruby'];
  const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
  try {
    log('ruby: ruby-mustermann against its truth file');
    const gem = await debianRuby('ruby-mustermann', 'mustermann-3.0.0');
    const ours = await ourCallEdges(gem.dir);
    const truth = rubyTruth('mustermann.tsv', new Set(listSourceFiles(gem.dir, ['.rb'])), ours.declarations);
    const cmp = compareEdges(ours.edges, truth.edges, scopeFor(truth, ours.declarations));
    out.push(`  calls vs the truth file on ${gem.origin}: precision ${pct(cmp.precision)}, recall ${pct(cmp.recall)} (${cmp.truePositives} agree, ${cmp.falsePositives.length} only ours, ${cmp.falseNegatives.length} only the truth's)`);
  } catch (err) {
    out.push(`  accuracy: ${String(err).slice(0, 200)}`);
  }
  try {
    log('ruby: ruby-sequel speed');
    const sequel = await debianRubyVendor('ruby-sequel');
    const rb = await speed(sequel.origin, scratchCopy(sequel, 'ruby-speed'), '.rb', (text, i) => `${text}\nclass BenchExtra${i}\n  def go\n    to_s\n  end\nend\n`);
    const subset = subsetCopy(await django(), rb.lines, 'ruby-speed-py');
    const py = await speed(`django (first ${subset.lines} lines)`, subset.dir, '.py', (text, i) => `${text}\n\ndef bench_extra_${i}():\n    return str(1)\n`);
    for (const s of [rb, py]) out.push(`  ${s.corpus}: ${s.files} files, ${s.lines} lines, full index ${Math.round(s.indexMs)} ms = ${Math.round(s.linesPerSec)} lines/s; one-file update p95 ${s.updateP95Ms.toFixed(1)} ms`);
    out.push(`  per line, Ruby takes ${(py.linesPerSec / rb.linesPerSec).toFixed(2)}× Python's time to index (target ≤ 1.5×); update p95 ${(rb.updateP95Ms / py.updateP95Ms).toFixed(2)}× Python's`);
  } catch (err) {
    out.push(`  speed: ${String(err).slice(0, 200)}`);
  }
  return out;
}

if (require.main === module) {
  void measureRuby((m) => process.stderr.write(`${m}\n`)).then((lines) => {
    process.stdout.write(`${lines.join('\n')}\n`);
    if (process.env.KG_BENCH_OUT) appendFileSync(process.env.KG_BENCH_OUT, `${lines.join('\n')}\n`);
  });
}
