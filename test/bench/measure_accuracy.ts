/**
 * Call-edge accuracy on real code
 * ===============================
 * Our `calls` edges against the language servers' (pyright for Python, the TypeScript checker for
 * TS) on public packages the bench fetches itself: Debian python3-* packages and npm packages that
 * ship their TypeScript sources. Per repository: precision, recall, the differences by cause
 * (test/oracle/causes.ts), and precision per confidence (name-only edges are kept only when they
 * are right often enough: issue 14 §3). Conventions are the oracles' (caller = innermost named
 * definition, constructor calls target the class); dispatch through interfaces is counted apart.
 */
import { causesOf, type Causes } from '../oracle/causes';
import { compareEdges, compareInherits, scopeFor } from '../oracle/compare';
import { goOracle } from '../oracle/go_oracle';
import { ourCallEdges } from '../oracle/ours';
import { pyrightOracle } from '../oracle/pyright_oracle';
import { tsOracle } from '../oracle/ts_oracle';
import { javaOracle, JAVA_EXTENSIONS } from '../oracle/java_oracle';
import { javaCorpus, javacOptions } from './measure_java';
import { declKey, listSourceFiles, PY_EXTENSIONS, TS_EXTENSIONS } from '../oracle/types';
import { debianGo, debianPython, npmSources, type Corpus } from './corpora';
import { fmt, heading, table } from './report';
import { errorText } from './util';

/** Pinned so figures compare across runs. */
export const ACCURACY_PYTHON: readonly (readonly [pkg: string, module: string])[] = [
  ['python3-click', 'click'],
  ['python3-jinja2', 'jinja2'],
  ['python3-flask', 'flask'],
  ['python3-requests', 'requests'],
  ['python3-attr', 'attr'],
];
export const ACCURACY_TYPESCRIPT: readonly string[] = ['immer@10.1.1', '@tanstack/query-core@5.59.0', '@trpc/server@10.45.2', 'rxjs@7.8.1'];
/** Go libraries from Debian's golang-*-dev packages (their sources under /usr/share/gocode), against go/types. */
export const ACCURACY_GO: readonly (readonly [pkg: string, importPath: string])[] = [
  ['golang-github-spf13-pflag-dev', 'github.com/spf13/pflag'],
  ['golang-github-google-go-cmp-dev', 'github.com/google/go-cmp'],
  ['golang-github-burntsushi-toml-dev', 'github.com/BurntSushi/toml'],
];

export type AccuracyLanguage = 'python' | 'typescript' | 'java' | 'go';

export interface AccuracyFigure {
  corpus: string;
  origin: string;
  language: AccuracyLanguage;
  precision: number;
  recall: number;
  agree: number;
  onlyOurs: number;
  onlyOracle: number;
  /** Precision of our edges by confidence (resolved, inferred, name). */
  byConfidence: Record<string, { right: number; wrong: number }>;
  causes: Causes;
  /** `inherits` edges against the checker's bases (Python and TypeScript oracles only). */
  inherits?: { precision: number; recall: number; agree: number; onlyOurs: number; onlyOracle: number };
  oracleMs: number;
}

export async function accuracyOf(corpus: Corpus, language: AccuracyLanguage): Promise<AccuracyFigure> {
  const started = performance.now();
  const truth =
    language === 'python'
      ? await pyrightOracle(corpus.dir, listSourceFiles(corpus.dir, PY_EXTENSIONS))
      : language === 'java'
        ? await javaOracle(corpus.dir, listSourceFiles(corpus.dir, JAVA_EXTENSIONS), javacOptions(corpus))
        : language === 'go'
          ? await goOracle(corpus.dir)
          : tsOracle(corpus.dir, listSourceFiles(corpus.dir, TS_EXTENSIONS));
  const oracleMs = performance.now() - started;
  const ours = await ourCallEdges(corpus.dir);
  const cmp = compareEdges(ours.edges, truth.edges, scopeFor(truth, ours.declarations));
  const wrong = new Set(cmp.falsePositives.map((e) => `${declKey(e.caller)} -> ${declKey(e.callee)}`));
  const scope = scopeFor(truth, ours.declarations);
  const callers = new Set(scope.callers.map(declKey));
  const callees = new Set(scope.callees.map(declKey));
  const byConfidence: AccuracyFigure['byConfidence'] = {};
  for (const e of ours.edges) {
    if (!callers.has(declKey(e.caller)) || !callees.has(declKey(e.callee))) continue;
    const c = (byConfidence[e.confidence ?? 'resolved'] ??= { right: 0, wrong: 0 });
    if (wrong.has(`${declKey(e.caller)} -> ${declKey(e.callee)}`)) c.wrong++;
    else c.right++;
  }
  const inh = compareInherits(ours, truth);
  return {
    ...(inh
      ? { inherits: { precision: inh.precision, recall: inh.recall, agree: inh.truePositives, onlyOurs: inh.falsePositives.length, onlyOracle: inh.falseNegatives.length } }
      : {}),
    corpus: corpus.name,
    origin: corpus.origin,
    language,
    precision: cmp.precision,
    recall: cmp.recall,
    agree: cmp.truePositives,
    onlyOurs: cmp.falsePositives.length,
    onlyOracle: cmp.falseNegatives.length,
    byConfidence,
    causes: causesOf(cmp, ours, truth.declarations),
    oracleMs,
  };
}

export async function measureAccuracy(log: (m: string) => void, errors: string[]): Promise<AccuracyFigure[]> {
  const jobs: { get: () => Promise<Corpus>; language: AccuracyLanguage; label: string }[] = [
    ...ACCURACY_PYTHON.map(([pkg, module]) => ({ get: () => debianPython(pkg, module), language: 'python' as const, label: pkg })),
    ...ACCURACY_TYPESCRIPT.map((spec) => ({ get: () => npmSources(spec), language: 'typescript' as const, label: spec })),
    { get: javaCorpus, language: 'java' as const, label: 'openjdk-17-source java.util.concurrent' },
    ...ACCURACY_GO.map(([pkg, importPath]) => ({ get: () => debianGo(pkg, importPath), language: 'go' as const, label: pkg })),
  ];
  const out: AccuracyFigure[] = [];
  for (const job of jobs) {
    try {
      log(`accuracy: ${job.label}`);
      out.push(await accuracyOf(await job.get(), job.language));
    } catch (err) {
      errors.push(`accuracy ${job.label}: ${errorText(err)}`);
    }
  }
  return out;
}

const pct = (x: number): string => `${fmt(x * 100)}%`;
const counts = (c: Record<string, number>): string =>
  Object.entries(c)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`)
    .join(', ') || '-';

export function renderAccuracy(figures: readonly AccuracyFigure[]): string {
  const out = [heading('Call edges against the language servers (pyright, TypeScript checker, javac, go/types)')];
  out.push(
    table(
      ['corpus', 'origin', 'precision', 'recall', 'agree', 'only ours', 'only oracle', 'missed by cause', 'extra by confidence', 'inherits P / R (agree)'],
      figures.map((f) => [
        f.corpus,
        f.origin,
        pct(f.precision),
        pct(f.recall),
        f.agree,
        f.onlyOurs,
        f.onlyOracle,
        counts(f.causes.missed),
        counts(f.causes.extra),
        f.inherits ? `${pct(f.inherits.precision)} / ${pct(f.inherits.recall)} (${f.inherits.agree})` : '-',
      ]),
    ),
  );
  for (const language of ['python', 'typescript', 'java', 'go'] as const) {
    const total: Record<string, { right: number; wrong: number }> = {};
    for (const f of figures.filter((x) => x.language === language)) {
      for (const [k, v] of Object.entries(f.byConfidence)) {
        const t = (total[k] ??= { right: 0, wrong: 0 });
        t.right += v.right;
        t.wrong += v.wrong;
      }
    }
    const parts = Object.entries(total).map(([k, v]) => `${k} ${pct(v.right / Math.max(1, v.right + v.wrong))} of ${v.right + v.wrong}`);
    out.push(`${language}: precision by confidence: ${parts.join(', ') || 'n/a'}`);
  }
  out.push('target: precision >= 95%, recall >= 90%, inheritance recall >= 95% on every corpus; dispatch (the oracle names an interface method) is counted apart among the misses.');
  return out.join('\n');
}
