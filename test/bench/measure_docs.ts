/**
 * Docs figures
 * ============
 * Ingestion rate per format (extract + redact + chunk + mentions + BM25, the whole path a saved
 * document takes) on real documents: Django's HTML documentation, the Markdown READMEs of this
 * repository's npm dependencies, and the PDF fixtures (made by LibreOffice) repeated. Then
 * hybrid_query latency on 50,000+ chunks: the real documents' facts replicated under distinct
 * paths until the corpus holds that many (every third word of a copy is changed, or the copies
 * would be indexed once, as the near-duplicates they are), queried with questions a Django user asks.
 * Retrieval quality by question class (test/fixtures/docs_retrieval/classed.json, through the
 * workspace, with and without graph expansion), and what documents cost a full index of a real
 * repository with docs (click: Debian python3-click + python-click-doc), docs on and off
 * alternately in this process, CPU and wall time.
 */
import { copyFileSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DocsIndex } from '../../extension/core/docs/docs_index';
import type { DocsState } from '../../extension/core/docs/doc_store';
import { CodeGraph } from '../../extension/core/model/graph';
import { Workspace } from '../../extension/core/workspace';
import { classedQuestions, measureQuality, openProjects, renderQuality, type QualityRun } from '../helpers/docs_quality';
import type { Corpus } from './corpora';
import { fmt, heading, table, verdict } from './report';
import { percentile, REPO_ROOT, round, SCRATCH_DIR } from './util';

export interface IngestFigure {
  format: string;
  corpus: string;
  files: number;
  pages: number;
  chunks: number;
  seconds: number;
  pagesPerSecond: number;
}

export interface HybridFigure {
  chunks: number;
  documents: number;
  buildSeconds: number;
  heapMb: number;
  queries: number;
  p50Ms: number;
  p99Ms: number;
}

export interface DocsCostFigure {
  corpus: string;
  documents: number;
  chunks: number;
  runs: number;
  /** Medians of a full in-process index, docs on and off. */
  onWallMs: number;
  offWallMs: number;
  onCpuMs: number;
  offCpuMs: number;
}

export interface DocsFigures {
  ingest: IngestFigure[];
  hybrid?: HybridFigure;
  quality?: { withGraph: QualityRun; without: QualityRun };
  cost?: DocsCostFigure;
}

const QUERIES = [
  'how do I create a custom user model',
  'what does select_related do',
  'serve static files in production',
  'configure the database connection for PostgreSQL',
  'how are migrations squashed',
  'write a custom template tag',
  'cross site request forgery protection',
  'send email from a view',
  'cache a view with per-view cache',
  'how do signals work',
  'paginate a queryset',
  'validate a form field',
  'ModelAdmin list_display',
  'time zones and USE_TZ',
  'translate strings in templates',
  'upload files with a FileField',
  'class based views ListView',
  'run tests with the test client',
  'database transactions atomic',
  'password hashing algorithms',
  'how to deploy with WSGI',
  'middleware order',
  'QuerySet.annotate aggregation',
  'content types framework',
  'security of session cookies',
];

const TARGET_CHUNKS = 50_000;

/** Every file under `dir` whose name passes `keep`, root-relative, with its size and mtime. */
function listDocs(dir: string, keep: (name: string) => boolean): { path: string; size: number; mtimeMs: number }[] {
  const out: { path: string; size: number; mtimeMs: number }[] = [];
  for (const entry of readdirSync(dir, { recursive: true })) {
    const rel = String(entry).split('\\').join('/');
    if (!keep(rel)) continue;
    const st = statSync(join(dir, rel));
    if (st.isFile()) out.push({ path: rel, size: st.size, mtimeMs: st.mtimeMs });
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : 1));
}

async function ingest(format: string, corpus: string, dir: string, keep: (name: string) => boolean): Promise<{ figure: IngestFigure; docs: DocsIndex }> {
  const found = listDocs(dir, keep);
  const docs = new DocsIndex(dir, { include: ['*'] });
  const graph = new CodeGraph();
  const started = performance.now();
  await docs.sync(graph, found);
  const seconds = (performance.now() - started) / 1000;
  let pages = 0;
  for (const path of docs.documents()) pages += docs.facts(path)?.pages?.length ?? 1;
  const chunks = docs.status().chunks;
  return { figure: { format, corpus, files: docs.documents().length, pages, chunks, seconds: round(seconds, 2), pagesPerSecond: round(pages / seconds, 1) }, docs };
}

/** READMEs and docs of the npm dependencies: real Markdown, written by many hands. */
function markdownCorpus(): string {
  const dest = join(SCRATCH_DIR, 'docs-markdown');
  rmSync(dest, { recursive: true, force: true });
  const modules = join(REPO_ROOT, 'node_modules');
  let n = 0;
  for (const entry of readdirSync(modules, { recursive: true })) {
    const rel = String(entry);
    if (!/\.md$/i.test(rel) || /CHANGELOG|HISTORY|LICENSE/i.test(rel)) continue;
    const out = join(dest, rel);
    mkdirSync(join(out, '..'), { recursive: true });
    copyFileSync(join(modules, rel), out);
    if (++n >= 1000) break;
  }
  return dest;
}

/** The PDF fixtures, each copied `times` times. */
function pdfCorpus(times: number): string | undefined {
  const fixtures = join(REPO_ROOT, 'test', 'fixtures', 'docs');
  const pdfs = readdirSync(fixtures, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.pdf') && !/broken|truncated|encrypted|malformed/i.test(f));
  if (pdfs.length === 0) return undefined;
  const dest = join(SCRATCH_DIR, 'docs-pdf');
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  for (let i = 0; i < times; i++) for (const f of pdfs) copyFileSync(join(fixtures, f), join(dest, `${i}-${f.replace(/[\\/]/g, '_')}`));
  return dest;
}

/** The facts of `docs` under copy prefixes until the chunks reach the target, then built and queried. */
async function measureHybrid(base: readonly DocsState[], perCopy: number): Promise<HybridFigure> {
  const copies = Math.max(1, Math.ceil(TARGET_CHUNKS / Math.max(1, perCopy)));
  const state: DocsState = { files: {}, facts: [], tags: {}, skipped: [] };
  for (let c = 0; c < copies; c++) {
    for (const s of base) {
      for (const f of s.facts) {
        const path = `copy${c}/${relative('', f.path)}`;
        state.files[path] = s.files[f.path]!;
        state.facts.push(c === 0 ? { ...f, path } : { ...f, path, blocks: f.blocks.map((b) => ({ ...b, text: perturb(b.text, c) })) });
      }
    }
  }
  const docs = new DocsIndex(SCRATCH_DIR, { include: ['*'] });
  const graph = new CodeGraph();
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  docs.restore(state);
  docs.relink(graph);
  const buildSeconds = (performance.now() - started) / 1000;
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
  for (const q of QUERIES.slice(0, 3)) await docs.query(graph, q); // warm
  const samples: number[] = [];
  for (let round_ = 0; round_ < 4; round_++) {
    for (const q of QUERIES) {
      const t = performance.now();
      await docs.query(graph, q, { k: 8, hops: 1 });
      samples.push(performance.now() - t);
    }
  }
  return {
    chunks: docs.status().chunks,
    documents: docs.documents().length,
    buildSeconds: round(buildSeconds, 1),
    heapMb: Math.round(heapMb),
    queries: samples.length,
    p50Ms: round(percentile(samples, 50), 1),
    p99Ms: round(percentile(samples, 99), 1),
  };
}

/** Every third word gets the copy's number: a different paragraph to the near-duplicate check, still prose. */
function perturb(text: string, copy: number): string {
  let i = 0;
  return text.replace(/[A-Za-z]{3,}/g, (w) => (++i % 3 === 0 ? `${w}${copy}` : w));
}

/** A full index of `dir` in this process (no snapshot, no workers), docs on or off: wall and CPU ms. */
async function indexOnce(dir: string, docs: boolean): Promise<{ wallMs: number; cpuMs: number; documents: number; chunks: number }> {
  global.gc?.();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const ws = await Workspace.open(dir, { persist: false, workers: 0, docs: { enabled: docs } });
  await ws.index();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const st = ws.status().docs;
  await ws.close();
  return { wallMs, cpuMs: (used.user + used.system) / 1000, documents: st?.documents ?? 0, chunks: st?.chunks ?? 0 };
}

async function measureCost(corpus: Corpus, runs: number): Promise<DocsCostFigure> {
  const on: { wallMs: number; cpuMs: number }[] = [];
  const off: { wallMs: number; cpuMs: number }[] = [];
  let last = { documents: 0, chunks: 0 };
  await indexOnce(corpus.dir, true); // warm: the grammars and the code paths
  for (let i = 0; i < runs; i++) {
    const a = await indexOnce(corpus.dir, true);
    last = a;
    on.push(a);
    off.push(await indexOnce(corpus.dir, false));
  }
  const med = (xs: number[]): number => round(percentile(xs, 50), 0);
  return {
    corpus: corpus.origin,
    documents: last.documents,
    chunks: last.chunks,
    runs,
    onWallMs: med(on.map((x) => x.wallMs)),
    offWallMs: med(off.map((x) => x.wallMs)),
    onCpuMs: med(on.map((x) => x.cpuMs)),
    offCpuMs: med(off.map((x) => x.cpuMs)),
  };
}

export async function measureDocs(djangoDocs: Corpus | undefined, log: (m: string) => void, clickDocs?: Corpus): Promise<DocsFigures> {
  log('docs: retrieval quality by question class');
  const questions = classedQuestions();
  const projects = await openProjects(questions);
  const quality = { withGraph: await measureQuality(projects, questions, true), without: await measureQuality(projects, questions, false) };
  for (const ws of projects.values()) await ws.close();
  let cost: DocsCostFigure | undefined;
  if (clickDocs) {
    log('docs: what documents cost a full index of click (docs on / off, alternately)');
    cost = await measureCost(clickDocs, 3);
  }
  // Only the facts are kept between phases: three live indexes and the 50k one would not fit beside each other.
  const ingested: { figure: IngestFigure; state: DocsState; chunks: number }[] = [];
  const keep = ({ figure, docs }: { figure: IngestFigure; docs: DocsIndex }): { figure: IngestFigure; state: DocsState; chunks: number } => ({ figure, state: docs.state(), chunks: docs.status().chunks });
  if (djangoDocs) {
    log('docs: ingesting Django HTML documentation');
    ingested.push(keep(await ingest('HTML', djangoDocs.origin, djangoDocs.dir, (p) => p.endsWith('.html'))));
  }
  log('docs: ingesting Markdown READMEs of node_modules');
  ingested.push(keep(await ingest('Markdown', 'READMEs and docs of this repository\'s npm dependencies', markdownCorpus(), (p) => p.endsWith('.md'))));
  const pdf = pdfCorpus(20);
  if (pdf) {
    log('docs: ingesting PDFs');
    ingested.push(keep(await ingest('PDF', 'test/fixtures/docs PDFs (LibreOffice), 20 copies', pdf, (p) => p.endsWith('.pdf'))));
  }
  log('docs: hybrid_query on 50k chunks');
  const prose = ingested.filter((i) => i.figure.format !== 'PDF');
  const hybrid = await measureHybrid(
    prose.map((i) => i.state),
    prose.reduce((n, i) => n + i.chunks, 0),
  );
  return { ingest: ingested.map((i) => i.figure), hybrid, quality, ...(cost ? { cost } : {}) };
}

export function renderDocs(f: DocsFigures): string {
  const out = [heading('Docs GraphRAG')];
  if (f.quality) {
    const q = f.quality.withGraph;
    out.push('Retrieval by question class (test/fixtures/docs_retrieval/classed.json, through the workspace, no model), with graph expansion and without:');
    const [head, ...rows] = renderQuality(f.quality.withGraph, f.quality.without).map((r) => r.split(' | '));
    out.push(table(head!, rows));
    out.push(
      table(
        ['target', 'figure', 'verdict'],
        [
          ['recall@5 >= 0.90', fmt(q.scores.all.recall5), verdict(q.scores.all.recall5 >= 0.9)],
          ['MRR >= 0.80', fmt(q.scores.all.mrr), verdict(q.scores.all.mrr >= 0.8)],
          ['paraphrase recall@5 >= 0.70 (no model)', fmt(q.scores.paraphrase.recall5), verdict(q.scores.paraphrase.recall5 >= 0.7)],
          ['top-5 chunks: at most 80 lines, 40 or fewer', `max ${q.top5Lines.max}, median ${q.top5Lines.median}, ${Math.round(q.top5Lines.over40 * 100)}% over 40`, verdict(q.top5Lines.max <= 80)],
        ],
      ),
    );
  }
  if (f.cost) {
    const c = f.cost;
    out.push(`What documents cost a full index (in process, median of ${c.runs}, docs on and off alternately): ${c.corpus}`);
    out.push(
      table(
        ['documents', 'chunks', 'wall on ms', 'wall off ms', 'docs wall ms', 'CPU on ms', 'CPU off ms', 'docs CPU ms'],
        [[c.documents, c.chunks, c.onWallMs, c.offWallMs, c.onWallMs - c.offWallMs, c.onCpuMs, c.offCpuMs, c.onCpuMs - c.offCpuMs]],
      ),
    );
  }
  out.push(
    table(
      ['format', 'corpus', 'files', 'pages', 'chunks', 'seconds', 'pages/s'],
      f.ingest.map((i) => [i.format, i.corpus, i.files, i.pages, i.chunks, fmt(i.seconds), fmt(i.pagesPerSecond)]),
    ),
  );
  if (f.hybrid) {
    const h = f.hybrid;
    out.push(
      table(
        ['chunks', 'documents', 'build s', 'heap MB', 'queries', 'p50 ms', 'p99 ms', 'target p99 < 100 ms'],
        [[h.chunks, h.documents, fmt(h.buildSeconds), h.heapMb, h.queries, fmt(h.p50Ms), fmt(h.p99Ms), verdict(h.p99Ms < 100)]],
      ),
    );
  }
  return out.join('\n');
}
