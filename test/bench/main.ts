/**
 * Bench
 * =====
 * `npm run bench [-- --json] [--no-peer] [--quick] [--docs-only] [--accuracy-only] [--load-only] [--languages-only] [--governs-only] [extra folders...]`: fetches the
 * corpora, measures full index (beside the peer), the 100k-line figure, incremental updates, cold
 * start, MCP latency and tokens, the VS Code extension host, the graph explorer and the docs
 * GraphRAG (ingestion rate, hybrid retrieval on 50k chunks), and prints them with
 * the machine and the corpus versions. It prints figures and target verdicts; it never fails on a
 * timing.
 */
import { Workspace } from '../../extension/core/workspace';
import { bundleChild } from './bundle';
import { clickWithDocs, django, djangoDocs, djangoWithDocs, local, requestsWithDocs, rxjsWithDocs, scratchCopy, subsetWithDocs, zod, type Corpus } from './corpora';
import { buildCli, measureColdQuery, measureStart, sideBySide, type ColdQueryFigure, type SideBySide, type StartFigure } from './measure_cli';
import { measureAccuracy, renderAccuracy } from './measure_accuracy';
import { measureGoverns, renderGoverns } from './measure_governs';
import { measureDocs, renderDocs, type DocsFigures } from './measure_docs';
import { measureColdStart, type ColdStartFigure } from './measure_cold_start';
import { measure100k, measureIndex, type HundredK, type IndexFigure } from './measure_index';
import { measureIncremental, type IncrementalFigure } from './measure_incremental';
import { measureMcp, type McpFigure } from './measure_mcp';
import { measureLoad, renderLoad, type LoadFigure } from './measure_load';
import { measureLanguages, renderLanguages } from './measure_languages';
import { fmt, heading, table, verdict } from './report';
import { GREP_LINES, READ_FILES } from './token_questions';
import { measureTokens, type TokenFigure } from './tokens';
import { measureVscode, renderVscode } from './measure_vscode';
import { measureExplorer, renderExplorer } from './measure_explorer';
import { measureExport, renderExport } from './measure_export';
import { errorText, machine } from './util';

interface Args {
  json: boolean;
  peer: boolean;
  quick: boolean;
  /** Only the docs section (its corpus is separate from the code corpora). */
  docsOnly: boolean;
  /** Only the CLI section: start, full index with documents beside the peer, cold query, edit. */
  cliOnly: boolean;
  /** Only the call-edge comparison with the language servers (measure_accuracy.ts). */
  accuracyOnly: boolean;
  /** Only MCP under load during a reindex, and serve's memory against index's (measure_load.ts). */
  loadOnly: boolean;
  /** Only the per-language throughput and update figures (measure_languages.ts). */
  languagesOnly: boolean;
  /** Only the governs links against hand-checked pairs (measure_governs.ts). */
  governsOnly: boolean;
  extra: string[];
}

function parseArgs(argv: readonly string[]): Args {
  return {
    json: argv.includes('--json'),
    peer: !argv.includes('--no-peer'),
    quick: argv.includes('--quick'),
    docsOnly: argv.includes('--docs-only'),
    cliOnly: argv.includes('--cli-only'),
    accuracyOnly: argv.includes('--accuracy-only'),
    loadOnly: argv.includes('--load-only'),
    languagesOnly: argv.includes('--languages-only'),
    governsOnly: argv.includes('--governs-only'),
    extra: argv.filter((a) => !a.startsWith('--')),
  };
}

/** Symbol of the cold-start query on the 100k-line subset of Django (the first files in path order). */
const SUBSET_FIRST_QUERY = 'django.contrib.admin.sites.AdminSite.register';
/** Symbol of the cold-start query on Django. */
const DJANGO_FIRST_QUERY = 'django.urls.base.reverse';

function log(args: Args, message: string): void {
  // Progress goes to stderr so --json keeps stdout clean.
  if (!args.json || process.stderr.isTTY) process.stderr.write(`[bench] ${message}\n`);
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const result: Record<string, unknown> = { machine: machine(), startedAt: new Date().toISOString() };
  const errors: string[] = [];
  if (args.docsOnly) {
    const docs = await docsSection(args, errors);
    if (args.json) process.stdout.write(`${JSON.stringify({ ...result, docs, errors }, null, 2)}\n`);
    else process.stdout.write(`${docs ? renderDocs(docs) : 'docs: n/a'}\n${errors.join('\n')}\n`);
    return;
  }
  if (args.accuracyOnly) {
    const accuracy = await measureAccuracy((m) => log(args, m), errors);
    if (args.json) process.stdout.write(`${JSON.stringify({ ...result, accuracy, errors }, null, 2)}\n`);
    else process.stdout.write(`${renderAccuracy(accuracy)}\n${errors.join('\n')}\n`);
    return;
  }

  if (args.governsOnly) {
    const governs = await measureGoverns();
    if (args.json) process.stdout.write(`${JSON.stringify({ ...result, governs, errors }, null, 2)}\n`);
    else process.stdout.write(`${renderGoverns(governs)}\n`);
    return;
  }

  if (args.languagesOnly) {
    const languages = await measureLanguages((m) => log(args, m));
    if (args.json) process.stdout.write(`${JSON.stringify({ ...result, languages, errors }, null, 2)}\n`);
    else process.stdout.write(`${renderLanguages(languages).join('\n')}\n`);
    return;
  }

  if (args.loadOnly) {
    const load = await loadSection(args);
    if (args.json) process.stdout.write(`${JSON.stringify({ ...result, load, errors }, null, 2)}\n`);
    else process.stdout.write(`${renderLoad(load).join('\n')}\n`);
    return;
  }

  if (args.cliOnly) {
    const cli = await cliSection(args, errors);
    if (args.json) process.stdout.write(`${JSON.stringify({ ...result, cli, errors }, null, 2)}\n`);
    else process.stdout.write(`${renderCli(cli).join('\n')}\n${errors.join('\n')}\n`);
    return;
  }

  log(args, 'fetching corpora');
  const corpora: Corpus[] = [];
  for (const get of [django, zod]) {
    try {
      corpora.push(await get());
    } catch (err) {
      errors.push(`corpus: ${errorText(err)}`);
    }
  }
  for (const p of args.extra) {
    try {
      corpora.push(await local(p));
    } catch (err) {
      errors.push(`corpus ${p}: ${errorText(err)}`);
    }
  }
  result.corpora = corpora;
  const dj = corpora.find((c) => c.name === 'django');

  log(args, 'bundling the child process');
  const childJs = await bundleChild();

  const index: IndexFigure[] = [];
  for (const c of corpora) {
    log(args, `full index: ${c.name}${args.peer ? ' (and the peer)' : ''}`);
    index.push(await measureIndex(childJs, c, args.peer));
  }
  result.index = index;

  let hundredK: HundredK | undefined;
  const cold: (ColdStartFigure | { corpus: string; error: string })[] = [];
  let mcp: McpFigure | { corpus: string; error: string } | undefined;
  let incremental: IncrementalFigure | { corpus: string; error: string } | undefined;
  if (dj) {
    log(args, '100k-line figure');
    hundredK = await measure100k(childJs, dj);
    const djDir = index.find((f) => f.corpus === 'django')?.dir ?? scratchCopy(dj, 'ours');
    log(args, 'cold start');
    // The target is stated for 100k lines; the whole corpus is shown beside it.
    cold.push(await measureColdStart(childJs, `${dj.name} 100k`, hundredK.dir, SUBSET_FIRST_QUERY, args.quick ? 2 : 5));
    cold.push(await measureColdStart(childJs, dj.name, djDir, DJANGO_FIRST_QUERY, args.quick ? 2 : 5));
    log(args, 'MCP latency');
    let ws: Workspace | undefined;
    try {
      ws = await Workspace.open(djDir, { persist: true });
      if (ws.graph.order === 0) await ws.index();
      mcp = await measureMcp(dj.name, djDir, ws, args.quick ? 40 : 200);
    } catch (err) {
      mcp = { corpus: dj.name, error: errorText(err) };
    } finally {
      await ws?.close();
    }
    log(args, 'incremental updates');
    incremental = await measureIncremental(childJs, dj.name, djDir, args.quick ? 10 : 50);
  }
  result.hundredK = hundredK;
  result.coldStart = cold;
  result.mcp = mcp;
  result.incremental = incremental;

  log(args, 'tokens');
  const tokens: TokenFigure[] = await measureTokens(dj?.dir);
  result.tokens = tokens;

  log(args, 'VS Code extension host');
  const vscodeFigure = await measureVscode(hundredK?.dir);
  result.vscode = vscodeFigure;

  log(args, 'explorer');
  const explorerFigure = await measureExplorer(dj, { quick: args.quick });
  result.explorer = explorerFigure;

  log(args, 'export at 100k nodes');
  const exportFigure = await measureExport(dj);
  result.export = exportFigure;
  const docsFigures = await docsSection(args, errors);
  result.docs = docsFigures;
  const cli = await cliSection(args, errors);
  result.cli = cli;
  const accuracy = await measureAccuracy((m) => log(args, m), errors);
  result.accuracy = accuracy;
  const load = await loadSection(args);
  result.load = load;
  const languages = await measureLanguages((m) => log(args, m));
  result.languages = languages;
  log(args, 'governs links against hand-checked pairs');
  const governs = await measureGoverns();
  result.governs = governs;
  result.errors = errors;
  result.durationS = Math.round((Date.now() - started) / 1000);

  if (args.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else process.stdout.write(`${render(result, index, hundredK, cold, incremental, mcp, tokens, errors)}\n\n${heading('VS Code extension host')}\n${renderVscode(vscodeFigure).join('\n')}\n\n${heading('Graph explorer')}\n${renderExplorer(explorerFigure).join('\n')}\n\n${heading('Export (100k nodes)')}\n${renderExport(exportFigure).join('\n')}\n${docsFigures ? `\n${renderDocs(docsFigures)}\n` : ''}\n${renderAccuracy(accuracy)}\n\n${heading('MCP under load')}\n${renderLoad(load).join('\n')}\n\n${heading('Languages')}\n${renderLanguages(languages).join('\n')}\n\n${renderGoverns(governs)}\n`);
}

/** Issue 21: 50 MCP clients during a full reindex of Django, and serve's memory against index's. */
async function loadSection(args: Args): Promise<LoadFigure | { corpus: string; error: string }> {
  log(args, 'MCP under load: building the CLI');
  await buildCli();
  try {
    const dj = await django();
    log(args, 'MCP under load: 50 clients during a full reindex of Django');
    return await measureLoad(dj.name, scratchCopy(dj, 'load'), args.quick ? 20 : 50);
  } catch (err) {
    return { corpus: 'django', error: errorText(err) };
  }
}

interface CliFigures {
  start: StartFigure[];
  sideBySide: SideBySide[];
  cold?: ColdQueryFigure;
}

/** Issue 17: the shipped CLI's start, full index with documents beside the peer (A B A B A B), cold query and edit. */
async function cliSection(args: Args, errors: string[]): Promise<CliFigures> {
  const figures: CliFigures = { start: [], sideBySide: [] };
  log(args, 'CLI: building the shipped bundle');
  await buildCli();
  figures.start = await measureStart(args.quick ? 5 : 10);
  const withDocs: Corpus[] = [];
  for (const get of [clickWithDocs, requestsWithDocs, rxjsWithDocs, djangoWithDocs]) {
    try {
      withDocs.push(await get());
    } catch (err) {
      errors.push(`corpus: ${errorText(err)}`);
    }
  }
  for (const c of withDocs) {
    log(args, `CLI: full index with documents, ours and the peer alternately: ${c.name}`);
    figures.sideBySide.push(await sideBySide(c, 3, args.peer));
  }
  const dj = withDocs.find((c) => c.name === 'django+docs');
  if (dj) {
    const subset = subsetWithDocs(dj, 100_000, '100k');
    log(args, 'CLI: 100k lines with documents, cold query and one-line edits');
    figures.sideBySide.push(await sideBySide(subset, 3, args.peer));
    figures.cold = await measureColdQuery(subset.dir, subset.name, SUBSET_FIRST_QUERY, 'django/contrib/admin/sites.py', 10, args.quick ? 3 : 5);
  }
  return figures;
}

function renderCli(f: CliFigures): string[] {
  const out = [heading('CLI: start, full index with documents beside the peer, cold query (issue 17)')];
  out.push(table(['command', 'runs', 'first byte (p50)', 'exit (p50)'], f.start.map((s) => [s.command, s.runs, Number.isNaN(s.firstByteP50Ms) ? '' : `${fmt(s.firstByteP50Ms)} ms`, `${fmt(s.exitP50Ms)} ms`])));
  const targets: [string, string, boolean | undefined][] = [];
  for (const s of f.start.filter((x) => !Number.isNaN(x.firstByteP50Ms))) targets.push([`${s.command}: first byte <= 120 ms`, `${fmt(s.firstByteP50Ms)} ms`, s.firstByteP50Ms <= 120]);
  out.push('');
  out.push(table(
    ['corpus', 'lines', 'ours (median)', 'ours peak RSS', 'peer (median)', 'peer peak RSS', 'ours/peer', 'walls ours | peer'],
    f.sideBySide.map((s) => {
      const o = 'error' in s.ours ? undefined : s.ours;
      const p = 'error' in s.peer ? undefined : s.peer;
      return [
        s.corpus, s.lines,
        o ? `${fmt(o.medianMs / 1000)} s` : `error: ${(s.ours as { error: string }).error}`,
        o ? `${fmt(o.peakRssMb)} MB` : '',
        p ? `${fmt(p.medianMs / 1000)} s (${p.version})` : `n/a: ${(s.peer as { error: string }).error}`,
        p ? `${fmt(p.peakRssMb)} MB` : '',
        s.ratio !== undefined ? `${fmt(s.ratio)}x` : 'n/a',
        `${o?.walls.join(' ') ?? ''} | ${p?.walls.join(' ') ?? ''}`,
      ];
    }),
  ));
  out.push('`kg-memory index` (defaults: code, decisions, docs) and `codegraph init`, each on a folder with no state, run A B A B A B on one copy; peak RSS by GNU time.');
  for (const s of f.sideBySide) {
    targets.push([`full index with docs <= 0.5x the peer (${s.corpus})`, s.ratio !== undefined ? `${fmt(s.ratio)}x` : 'n/a', s.ratio === undefined ? undefined : s.ratio <= 0.5]);
    if (s.corpus.startsWith('django+docs-100k') && !('error' in s.ours)) {
      targets.push(['100k lines + docs full index < 1.5 s (process)', `${fmt(s.ours.medianMs / 1000)} s`, s.ours.medianMs < 1500]);
      targets.push(['peak RSS indexing 100k lines + docs <= 250 MB', `${fmt(s.ours.peakRssMb)} MB`, s.ours.peakRssMb <= 250]);
    }
  }
  const c = f.cold;
  if (c) {
    if (c.error) out.push(`cold query: error ${c.error}`);
    else {
      out.push(`\ncold \`query callers ${c.symbol}\` on ${c.corpus}: p50 ${fmt(c.p50Ms)} ms, p90 ${fmt(c.p90Ms)} ms (${c.runs} runs), peak RSS ${fmt(c.peakRssMb)} MB; \`index\` after a one-line edit: p50 ${fmt(c.editIndexP50Ms ?? NaN)} ms (${c.edits} edits)`);
      targets.push(['cold query callers <= 300 ms (p50, 100k + docs)', `${fmt(c.p50Ms)} ms`, c.p50Ms <= 300]);
      targets.push(['index after a one-line edit <= 400 ms', `${fmt(c.editIndexP50Ms ?? NaN)} ms`, (c.editIndexP50Ms ?? Infinity) <= 400]);
    }
  }
  out.push(heading('CLI targets'));
  out.push(table(['target', 'figure', 'verdict'], targets.map(([a, b, v]) => [a, b, verdict(v)])));
  return out;
}

async function docsSection(args: Args, errors: string[]): Promise<DocsFigures | undefined> {
  log(args, 'docs: fetching Django\'s HTML documentation');
  let corpus: Corpus | undefined;
  try {
    corpus = await djangoDocs();
  } catch (err) {
    errors.push(`docs corpus: ${errorText(err)}`);
  }
  let click: Corpus | undefined;
  try {
    click = await clickWithDocs();
  } catch (err) {
    errors.push(`docs corpus: ${errorText(err)}`);
  }
  try {
    return await measureDocs(corpus, (m) => log(args, m), click);
  } catch (err) {
    errors.push(`docs: ${errorText(err)}`);
    return undefined;
  }
}

function render(
  result: Record<string, unknown>,
  index: IndexFigure[],
  hundredK: HundredK | undefined,
  cold: (ColdStartFigure | { corpus: string; error: string })[],
  incremental: IncrementalFigure | { corpus: string; error: string } | undefined,
  mcp: McpFigure | { corpus: string; error: string } | undefined,
  tokens: TokenFigure[],
  errors: string[],
): string {
  const m = machine();
  const out: string[] = [];
  const targets: [string, string, boolean | undefined][] = [];
  out.push(heading('kg-memory bench'), `machine: ${m.cores} cores (${m.cpu}), ${m.memoryGb} GB, node ${m.node}, ${m.platform}`);

  out.push(heading('Corpora'));
  const corpora = (result.corpora as Corpus[]) ?? [];
  out.push(table(['corpus', 'origin', 'files', 'lines'], corpora.map((c) => [c.name, c.origin, c.files, c.lines])));

  out.push(heading('Full index (cold, fresh process, persist: snapshot written)'));
  const rows = index.map((f) => {
    const o = f.ours;
    const peer = f.peer.ok ? `${fmt(f.peer.wallMs / 1000)} s (reports ${f.peer.reportedMs !== undefined ? fmt(f.peer.reportedMs / 1000) : '?'} s; ${fmt(f.peer.nodes ?? 0)} nodes, ${fmt(f.peer.edges ?? 0)} edges)` : `n/a: ${f.peer.reason}`;
    if ('error' in o) return [f.corpus, `error: ${o.error}`, '', '', '', '', '', peer, ''];
    return [f.corpus, `${fmt(o.indexMs / 1000)} s`, `${fmt(o.wallMs / 1000)} s`, Math.round(o.linesPerSec), `${o.files} (${o.failed} failed)`, o.nodes, o.edges, peer, f.ratio !== undefined ? `${fmt(f.ratio)}x` : 'n/a', f.peer.ok && f.peer.reportedMs ? `${fmt(o.indexMs / f.peer.reportedMs)}x` : 'n/a'];
  });
  out.push(table(['corpus', 'index()', 'process', 'lines/s', 'files', 'nodes', 'edges', 'peer @colbymchenry/codegraph init (process)', 'ours/peer', 'index()/peer-reported'], rows));
  out.push('index() = Workspace.open + ws.index({full}) incl. snapshot write, timed in the child; process = child wall clock incl. Node start.');
out.push('ours/peer compares process wall clocks; the peer also prints its own (shorter) in-process time, compared in the last column.');
  for (const f of index) {
    const peerOk = f.ratio === undefined ? undefined : f.ratio < 1;
    targets.push([`full index faster than the peer (${f.corpus})`, f.ratio !== undefined ? `${fmt(f.ratio)}x of the peer's time` : 'peer n/a', peerOk]);
  }
  if (hundredK) {
    const r = hundredK.result;
    if ('error' in r) out.push(`100k lines: error ${r.error}`);
    else {
      out.push(`\n100k lines in ${fmt(r.indexMs / 1000)} s  (first ${fmt(hundredK.lines)} lines of ${hundredK.corpus}, ${hundredK.files} files; process ${fmt(r.wallMs / 1000)} s; RSS ${fmt(r.rssMb)} MB; snapshot ${fmt(r.snapshotMb)} MB)`);
      targets.push(['100k lines full index < 3 s', `${fmt(r.indexMs / 1000)} s`, r.indexMs < 3000]);
    }
  }

  out.push(heading('Incremental one-file update (ws.update([path]))'));
  if (!incremental) out.push('n/a (no 100k-line corpus)');
  else if ('error' in incremental) out.push(`error: ${incremental.error}`);
  else {
    out.push(table(['corpus', 'edits', 'p50', 'p95', 'max', 'first', 'nodes'], [[incremental.corpus, incremental.edits, `${fmt(incremental.p50Ms)} ms`, `${fmt(incremental.p95Ms)} ms`, `${fmt(incremental.maxMs)} ms`, `${fmt(incremental.firstMs)} ms`, incremental.nodes]]));
    out.push(`slowest: ${incremental.slowest.map((s) => `${s.path} (${s.kind}) ${fmt(s.ms)} ms`).join('; ')}`);
    targets.push(['incremental p95 <= 50 ms', `${fmt(incremental.p95Ms)} ms`, incremental.p95Ms <= 50]);
  }

  out.push(heading('Cold start from the snapshot (fresh process: Workspace.open + first query)'));
  if (cold.length === 0) out.push('n/a');
  for (const c of cold.filter((c): c is { corpus: string; error: string } => 'error' in c)) out.push(`${c.corpus}: error ${c.error}`);
  const figures = cold.filter((c): c is ColdStartFigure => !('error' in c));
  if (figures.length) {
    out.push(table(['corpus', 'runs', 'open', 'first query', 'total (median)', 'total (worst)', 'RSS (median)', 'RSS (worst)'], figures.map((c) => [c.corpus, c.runs, `${fmt(c.openMs)} ms`, `${fmt(c.queryMs)} ms`, `${fmt(c.totalMs)} ms`, `${fmt(c.worstTotalMs)} ms`, `${fmt(c.rssMb)} MB`, `${fmt(c.worstRssMb)} MB`])));
    out.push(`first query: callers ${SUBSET_FIRST_QUERY} (100k), ${DJANGO_FIRST_QUERY}; ${figures.map((c) => `${c.corpus}: ${c.nodes} nodes`).join(', ')}`);
  }
  for (const c of figures) {
    targets.push([`cold start <= 500 ms (${c.corpus})`, `${fmt(c.totalMs)} ms`, c.totalMs <= 500]);
    targets.push([`RSS after cold start <= 300 MB (${c.corpus})`, `${fmt(c.rssMb)} MB`, c.rssMb <= 300]);
  }

  out.push(heading('MCP query latency (loopback, Streamable HTTP, bearer token)'));
  if (!mcp) out.push('n/a');
  else if ('error' in mcp) out.push(`error: ${mcp.error}`);
  else {
    out.push(`server: ${mcp.server}${mcp.note ? ` (${mcp.note})` : ''}`);
    out.push(table(['tool', 'calls', 'errors', 'p50', 'p99', 'max'], mcp.tools.map((t) => [t.tool, t.calls, t.errors, `${fmt(t.p50Ms)} ms`, `${fmt(t.p99Ms)} ms`, `${fmt(t.maxMs)} ms`])));
    const p50 = Math.max(...mcp.tools.map((t) => t.p50Ms));
    const p99 = Math.max(...mcp.tools.map((t) => t.p99Ms));
    targets.push(['MCP p50 <= 5 ms (worst tool)', `${fmt(p50)} ms`, p50 <= 5]);
    targets.push(['MCP p99 <= 50 ms (worst tool)', `${fmt(p99)} ms`, p99 <= 50]);
  }

  out.push(heading('Tokens: MCP answer vs grep-then-read'));
  out.push(`grep-then-read: grep -rn <literal> over the indexed files (output, at most ${GREP_LINES} lines) + every matching file in full, at most ${READ_FILES}; file questions read the file(s) instead.`);
  for (const t of tokens) {
    if (!t.summary) {
      out.push(`${t.corpus}: error ${t.error}`);
      continue;
    }
    out.push(`\n${t.corpus} (${t.summary.tokenizer})`);
    out.push(table(['question', 'tool', 'graph', 'grep+read', 'files', 'ratio'], [
      ...t.summary.rows.map((r) => [r.answered ? r.question : `${r.question} [tool error: ${r.error ?? ''}]`, r.tool, r.graphTokens, r.baselineTokens, r.filesRead, `${fmt(r.ratio)}x`]),
      ['TOTAL', '', t.summary.graphTokens, t.summary.baselineTokens, '', `${fmt(t.summary.ratio)}x`],
    ]));
    targets.push([`tokens >= 20x (${t.corpus})`, `${fmt(t.summary.ratio)}x`, t.summary.ratio >= 20]);
  }

  out.push(heading('Targets'));
  out.push(table(['target', 'figure', 'verdict'], targets.map(([a, b, c]) => [a, b, verdict(c)])));
  if (errors.length) out.push(heading('Errors'), ...errors);
  out.push(`\nbench took ${result.durationS as number} s`);
  return out.join('\n');
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
