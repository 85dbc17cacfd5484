/**
 * SCIP occurrences against Sourcegraph's own indexers
 * ===================================================
 * Our `export --format scip` of a real TypeScript package (zod's sources from npm) and of real
 * Python (the first files of Django from Debian's python3-django), beside the indexes that
 * `@sourcegraph/scip-typescript` and `@sourcegraph/scip-python` (npm; compiler- and
 * pyright-based) write for the same folders. Both are decoded with the one published schema.
 *
 * An occurrence is (document, line, start column, definition or not). Their locals (`local N`)
 * are left out: SCIP keeps them apart and we export no locals. Precision: the share of ours
 * they also have; recall: the share of theirs we have, over all their occurrences and over
 * those naming this package's own symbols (we index no third-party or standard-library code).
 * What we miss and what we add is broken down by the kind of symbol (its descriptor suffix) and
 * by whether the other side has anything on that line, which is what the README's explanation
 * of the differences rests on.
 *
 * `npx tsx test/bench/measure_scip.ts [--json]`; slow (minutes: both indexers type-check).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scip } from '@sourcegraph/scip-typescript/dist/src/scip.js';
import { fileSink, writeScip } from '../../extension/core/export';
import { Workspace } from '../../extension/core/workspace';
import { django, scratchCopy, subsetCopy, zod, type Corpus } from './corpora';
import { fmt, table } from './report';
import { errorText, REPO_ROOT, round, runChild } from './util';

const PY_LINES = 20_000;
const TIMEOUT_MS = 15 * 60_000;

interface Occ {
  key: string;
  def: boolean;
  symbol: string;
  line: string;
}

export interface ScipComparison {
  corpus: string;
  indexer: string;
  ours: number;
  theirs: number;
  theirsOwn: number;
  precision: { definitions: number; references: number; all: number };
  recall: { definitions: number; references: number; all: number; own: number };
  /** Their occurrences we lack, by descriptor kind, and how many of them sit on a line we have something on. */
  missed: Record<string, { count: number; sameLine: number }>;
  /** Ours they lack, by descriptor kind. */
  extra: Record<string, { count: number; sameLine: number }>;
  seconds: { ours: number; theirs: number };
  error?: string;
}

function occurrences(file: string): Occ[] {
  const index = scip.Index.deserializeBinary(readFileSync(file));
  const out: Occ[] = [];
  for (const d of index.documents) {
    for (const o of d.occurrences) {
      if (o.symbol === '' || o.symbol.startsWith('local ')) continue;
      const def = (o.symbol_roles & scip.SymbolRole.Definition) !== 0;
      out.push({ key: `${d.relative_path}:${o.range[0]}:${o.range[1]}:${def ? 'd' : 'r'}`, def, symbol: o.symbol, line: `${d.relative_path}:${o.range[0]}` });
    }
  }
  return out;
}

/** `Class#`, `method().`, `term.`, `(param)`, `[T]`, `ns/`, `meta:`, `macro!` → a kind name. */
function descriptorKind(symbol: string): string {
  // Our tests are definitions named by their title (`describe > it`), which a compiler does not define.
  if (/`[^`]* [^`]*`\(\)\.$/.test(symbol)) return 'test block (title)';
  const s = symbol.replace(/`[^`]*`/g, 'x');
  if (s.endsWith('().')) return 'method/function';
  if (s.endsWith('#')) return 'type';
  if (s.endsWith(')')) return 'parameter';
  if (s.endsWith(']')) return 'type parameter';
  if (s.endsWith('/')) return 'namespace (module)';
  if (s.endsWith('.')) return 'term (variable, field, property)';
  return 'other';
}

function compare(ours: Occ[], theirs: Occ[], ownPackage: (symbol: string) => boolean): Omit<ScipComparison, 'corpus' | 'indexer' | 'seconds'> {
  const oursKeys = new Set(ours.map((o) => o.key));
  const theirsKeys = new Set(theirs.map((o) => o.key));
  const oursLines = new Set(ours.map((o) => o.line));
  const theirsLines = new Set(theirs.map((o) => o.line));
  const ratio = (a: number, b: number): number => (b === 0 ? 0 : round(a / b, 3));
  const hit = (list: Occ[], other: Set<string>): number => list.filter((o) => other.has(o.key)).length;
  const split = (list: Occ[], def: boolean): Occ[] => list.filter((o) => o.def === def);
  const own = theirs.filter((o) => ownPackage(o.symbol));
  const breakdown = (list: Occ[], other: Set<string>, otherLines: Set<string>): Record<string, { count: number; sameLine: number }> => {
    const out: Record<string, { count: number; sameLine: number }> = {};
    for (const o of list) {
      if (other.has(o.key)) continue;
      const k = `${o.def ? 'definition' : 'reference'}: ${descriptorKind(o.symbol)}`;
      const b = (out[k] ??= { count: 0, sameLine: 0 });
      b.count++;
      if (otherLines.has(o.line)) b.sameLine++;
    }
    return out;
  };
  return {
    ours: ours.length,
    theirs: theirs.length,
    theirsOwn: own.length,
    precision: {
      definitions: ratio(hit(split(ours, true), theirsKeys), split(ours, true).length),
      references: ratio(hit(split(ours, false), theirsKeys), split(ours, false).length),
      all: ratio(hit(ours, theirsKeys), ours.length),
    },
    recall: {
      definitions: ratio(hit(split(theirs, true), oursKeys), split(theirs, true).length),
      references: ratio(hit(split(theirs, false), oursKeys), split(theirs, false).length),
      all: ratio(hit(theirs, oursKeys), theirs.length),
      own: ratio(hit(own, oursKeys), own.length),
    },
    missed: breakdown(theirs, oursKeys, oursLines),
    extra: breakdown(ours, theirsKeys, theirsLines),
  };
}

async function ourIndex(dir: string, out: string): Promise<number> {
  const t0 = performance.now();
  const ws = await Workspace.open(dir, { persist: false });
  try {
    await ws.index();
    const sink = fileSink(out);
    await writeScip(ws.graph, { root: dir, read: (p) => ws.readSource(p), facts: (p) => ws.facts(p) }, sink);
    await sink.close();
  } finally {
    await ws.close();
  }
  return (performance.now() - t0) / 1000;
}

async function theirIndex(command: string[], cwd: string): Promise<number> {
  const t0 = performance.now();
  const r = await runChild(process.execPath, ['--max-old-space-size=6144', ...command], { cwd, timeoutMs: TIMEOUT_MS });
  if (r.code !== 0) throw new Error(`${command.slice(0, 2).join(' ')} exited ${r.code}${r.timedOut ? ' (timed out)' : ''}: ${r.stderr.trim().slice(-400)}`);
  return (performance.now() - t0) / 1000;
}

async function one(corpus: Corpus, dir: string, indexer: string, command: (out: string) => string[], ownPackage: (symbol: string) => boolean): Promise<ScipComparison> {
  const ours = join(dir, '..', `${corpus.name}-ours.scip`);
  const theirs = join(dir, '..', `${corpus.name}-theirs.scip`);
  try {
    const oursS = await ourIndex(dir, ours);
    const theirsS = await theirIndex(command(theirs), dir);
    return { corpus: corpus.origin, indexer, ...compare(occurrences(ours), occurrences(theirs), ownPackage), seconds: { ours: round(oursS), theirs: round(theirsS) } };
  } catch (err) {
    const empty = { definitions: 0, references: 0, all: 0 };
    return { corpus: corpus.origin, indexer, ours: 0, theirs: 0, theirsOwn: 0, precision: empty, recall: { ...empty, own: 0 }, missed: {}, extra: {}, seconds: { ours: 0, theirs: 0 }, error: errorText(err) };
  } finally {
    rmSync(ours, { force: true });
    rmSync(theirs, { force: true });
  }
}

export async function measureScip(): Promise<ScipComparison[]> {
  const out: ScipComparison[] = [];
  const z = await zod();
  const zdir = scratchCopy(z, 'scip');
  const tsMain = join(REPO_ROOT, 'node_modules', '@sourcegraph', 'scip-typescript', 'dist', 'src', 'main.js');
  out.push(await one(z, zdir, '@sourcegraph/scip-typescript', (file) => [tsMain, 'index', '--infer-tsconfig', '--no-progress-bar', '--output', file], (s) => s.startsWith('scip-typescript npm zod ')));

  const dj = await django();
  const sub = subsetCopy(dj, PY_LINES, 'scip');
  const pyMain = join(REPO_ROOT, 'node_modules', '@sourcegraph', 'scip-python', 'index.js');
  const env = join(sub.dir, '..', 'scip-python-env.json');
  mkdirSync(join(sub.dir, '..'), { recursive: true });
  // No pip run: the environment is said to be empty (the subset imports only itself and the standard library).
  writeFileSync(env, '[]');
  const corpus: Corpus = { ...dj, name: 'django-subset', origin: `${dj.origin}, first ${fmt(sub.lines)} lines (${sub.files} files)` };
  out.push(await one(corpus, sub.dir, '@sourcegraph/scip-python', (file) => [pyMain, 'index', '--quiet', '--project-name', 'django', '--project-version', '0', '--environment', env, '--output', file], (s) => s.startsWith('scip-python python django ')));
  return out;
}

export function renderScip(list: ScipComparison[]): string[] {
  const lines: string[] = [];
  for (const c of list) {
    lines.push(`\n${c.corpus} vs ${c.indexer}${c.error ? `: error ${c.error}` : ''}`);
    if (c.error) continue;
    lines.push(`ours ${fmt(c.ours)} occurrences in ${c.seconds.ours} s; theirs ${fmt(c.theirs)} (${fmt(c.theirsOwn)} naming this package's symbols) in ${c.seconds.theirs} s`);
    lines.push(table(['', 'definitions', 'references', 'all', 'own symbols'], [
      ['precision', ...[c.precision.definitions, c.precision.references, c.precision.all].map((n) => n.toFixed(3)), ''],
      ['recall', ...[c.recall.definitions, c.recall.references, c.recall.all, c.recall.own].map((n) => n.toFixed(3))],
    ]));
    const rows = (b: Record<string, { count: number; sameLine: number }>): (string | number)[][] => Object.entries(b).sort((x, y) => y[1].count - x[1].count).slice(0, 8).map(([k, v]) => [k, v.count, v.sameLine]);
    lines.push('their occurrences we lack:', table(['kind', 'count', 'we have something on that line'], rows(c.missed)));
    lines.push('our occurrences they lack:', table(['kind', 'count', 'they have something on that line'], rows(c.extra)));
  }
  return lines;
}

if (require.main === module) {
  void measureScip().then((r) => process.stdout.write(process.argv.includes('--json') ? `${JSON.stringify(r, null, 2)}\n` : `${renderScip(r).join('\n')}\n`));
}
