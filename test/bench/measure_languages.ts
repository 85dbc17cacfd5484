/**
 * Per-language throughput
 * =======================
 * Issue 15: for each language, a full index of a real corpus (lines per second, code only, no
 * snapshot) and the p95 of a one-file update (a comment line appended to the corpus's largest file,
 * then `update`), each beside Python's on a Django slice, as ratios per line (for the update: per
 * line of the edited file, since the largest file of a corpus is ten times larger in one than in another).
 * Run with `npm run bench -- --languages-only` (KG_BENCH_LANGUAGES=go,rust for some of them).
 */
import { appendFileSync, cpSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { languageForPath, type LanguageId } from '../../extension/core/parse/languages';
import { Workspace } from '../../extension/core/workspace';
import { debianGo, debianPhp, debianRubyVendor, debianRust, django, KT_NPM_BENCH_PACKAGE, npmCsharp, npmKotlin, openjdkSources, scratchCopy, subsetCopy, type Corpus } from './corpora';
import { errorText, lineCount, percentile, round } from './util';

export interface LanguageFigure {
  language: string;
  corpus: string;
  files: number;
  lines: number;
  indexMs: number;
  linesPerSecond: number;
  updateP95Ms: number;
  /** Lines of the file the update edits (the corpus's largest). */
  updatedFileLines: number;
  /** Python's lines per second over this language's (≤ 1.5 is the target). */
  throughputRatio?: number;
  /** This language's one-file update p95 per line of the edited file, over Python's (≤ 1.5 is the target). */
  updateRatio?: number;
}

interface Source {
  language: LanguageId;
  get: () => Promise<{ name: string; dir: string }>;
}

/** Real corpora the bench fetches itself (Debian and npm), one per language that has one of some size. */
const SOURCES: Source[] = [
  { language: 'python', get: async () => ({ name: 'Django (Debian python3-django), first 60k lines', dir: subsetCopy(await django(), 60_000, 'lang-python').dir }) },
  { language: 'go', get: async () => named(await debianGo('golang-golang-x-net-dev', 'golang.org/x/net'), 'lang-go') },
  { language: 'java', get: async () => named(await openjdkSources('util', ['java.util']), 'lang-java') },
  { language: 'rust', get: async () => named(await debianRust('librust-syn-dev', 'syn-1.0.107'), 'lang-rust') },
  { language: 'ruby', get: async () => named(await debianRubyVendor('ruby-sequel'), 'lang-ruby') },
  // UniTask (Cysharp, MIT) ships its 68k lines of C# on npm as a Unity package.
  { language: 'csharp', get: async () => named(await npmCsharp('com.cysharp.unitask@2.2.5'), 'lang-csharp') },
  { language: 'php', get: async () => named(await debianPhp('php-monolog', 'Monolog'), 'lang-php') },
  { language: 'kotlin', get: async () => named(await npmKotlin(KT_NPM_BENCH_PACKAGE), 'lang-kotlin') },
  // C and C++: real libraries the npm package kuzu (a dependency) ships in kuzu-source/third_party.
  { language: 'c', get: async () => kuzuThirdParty(['brotli/c'], 'Brotli c/ (npm kuzu third_party)', 'lang-c') },
  { language: 'cpp', get: async () => kuzuThirdParty(['re2', 'antlr4_runtime'], 're2 + antlr4 runtime (npm kuzu third_party)', 'lang-cpp') },
];

/** A scratch copy of folders of kuzu-source/third_party (the bench appends to files: never in node_modules). */
function kuzuThirdParty(parts: string[], name: string, purpose: string): { name: string; dir: string } {
  const src = join(__dirname, '..', '..', 'node_modules', 'kuzu', 'kuzu-source', 'third_party');
  const dir = join(tmpdir(), `kg-bench-${purpose}`);
  rmSync(dir, { recursive: true, force: true });
  for (const part of parts) cpSync(join(src, part), join(dir, part), { recursive: true });
  return { name, dir };
}

function named(c: Corpus, purpose: string): { name: string; dir: string } {
  return { name: `${c.name} ${c.version}`, dir: scratchCopy(c, purpose) };
}

/** The files of one language under a folder, with their line counts. */
function filesOf(root: string, language: LanguageId): { path: string; lines: number }[] {
  const out: { path: string; lines: number }[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        if (!e.name.startsWith('.')) walk(p);
      } else if (languageForPath(e.name) === language && statSync(p).size < 1024 * 1024) out.push({ path: p, lines: lineCount(readFileSync(p, 'utf8')) });
    }
  };
  walk(root);
  return out;
}

const COMMENT: Partial<Record<LanguageId, string>> = { python: '#', ruby: '#' };

async function measureOne(source: Source, edits: number): Promise<LanguageFigure | { language: string; error: string }> {
  let corpus: { name: string; dir: string };
  try {
    corpus = await source.get();
  } catch (err) {
    return { language: source.language, error: `corpus: ${errorText(err)}` };
  }
  const files = filesOf(corpus.dir, source.language);
  const lines = files.reduce((n, f) => n + f.lines, 0);
  const ws = await Workspace.open(corpus.dir, { persist: false, languages: [source.language], docs: { enabled: false } });
  try {
    const t0 = performance.now();
    await ws.index();
    const indexMs = performance.now() - t0;
    const largest = files.sort((a, b) => b.lines - a.lines)[0];
    const samples: number[] = [];
    for (let i = 0; largest && i < edits; i++) {
      appendFileSync(largest.path, `\n${COMMENT[source.language] ?? '//'} kg-memory bench edit ${i}\n`);
      const u0 = performance.now();
      await ws.update([relative(corpus.dir, largest.path)]);
      samples.push(performance.now() - u0);
    }
    return { language: source.language, corpus: corpus.name, files: files.length, lines, indexMs: Math.round(indexMs), linesPerSecond: Math.round(lines / (indexMs / 1000)), updateP95Ms: round(percentile(samples, 95)), updatedFileLines: largest?.lines ?? 0 };
  } finally {
    await ws.close();
  }
}

export async function measureLanguages(log: (m: string) => void, edits = 20): Promise<(LanguageFigure | { language: string; error: string })[]> {
  const out: (LanguageFigure | { language: string; error: string })[] = [];
  // KG_BENCH_LANGUAGES=python,csharp measures only those (Python stays: the ratios need it).
  const only = process.env.KG_BENCH_LANGUAGES?.split(',').map((l) => l.trim());
  for (const s of SOURCES) {
    if (only && s.language !== 'python' && !only.includes(s.language)) continue;
    log(`languages: ${s.language}`);
    out.push(await measureOne(s, edits));
  }
  const py = out.find((f): f is LanguageFigure => f.language === 'python' && 'linesPerSecond' in f);
  for (const f of out) {
    if (!py || !('linesPerSecond' in f)) continue;
    f.throughputRatio = round(py.linesPerSecond / f.linesPerSecond, 2);
    f.updateRatio = round(f.updateP95Ms / Math.max(1, f.updatedFileLines) / (py.updateP95Ms / Math.max(1, py.updatedFileLines)), 2);
  }
  return out;
}

export function renderLanguages(figures: readonly (LanguageFigure | { language: string; error: string })[]): string[] {
  const lines = ['Per-language full index (code only, in process) and one-file update p95; ratios against Python (target <= 1.5x)'];
  for (const f of figures) {
    if ('error' in f) lines.push(`  ${f.language.padEnd(8)} n/a: ${f.error}`);
    else lines.push(`  ${f.language.padEnd(8)} ${String(f.lines).padStart(7)} lines in ${String(f.files).padStart(4)} files  ${String(f.linesPerSecond).padStart(7)} lines/s (${f.throughputRatio ?? '-'}x)  update p95 ${f.updateP95Ms} ms on ${f.updatedFileLines} lines (${f.updateRatio ?? '-'}x per line)  ${f.corpus}`);
  }
  return lines;
}
