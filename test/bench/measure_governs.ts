/**
 * Governs links on real repositories' layouts
 * ===========================================
 * Precision and recall of the decision graph's governs edges against hand-checked pairs, per
 * repository (test/fixtures/decisions/real/<repo>/truth.json: records and code reproducing
 * opensafely-core/job-server, app-sre/qontract-reconcile and SmartBear/git-en-boite), with what
 * was missed and what was wrong, and how long finding and linking the records took. Every governs
 * edge a labelled record has counts: one not in the truth is a false link.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Workspace } from '../../extension/core/workspace';
import { fmt, heading, table, verdict } from './report';
import { REPO_ROOT } from './util';

export const GOVERNS_FIXTURES = join(REPO_ROOT, 'test', 'fixtures', 'decisions', 'real');
export const GOVERNS_TARGETS = { precision: 0.9, recall: 0.85 };

export interface GovernsRepoFigure {
  repo: string;
  source: string;
  records: number;
  expected: number;
  found: number;
  correct: number;
  precision: number;
  recall: number;
  /** Fuzzy links among those found (via "fuzzy"). */
  fuzzy: number;
  missed: string[];
  wrong: string[];
  /** Milliseconds of DecisionIndex.sync (find, read, parse, link) on the indexed workspace, median of 5. */
  syncMs: number;
}

export interface GovernsFigures {
  repos: GovernsRepoFigure[];
  /** Over all pairs of all repositories. */
  precision: number;
  recall: number;
  pairs: number;
}

interface Truth {
  source: string;
  governs: Record<string, string[]>;
}

export async function measureGoverns(root = GOVERNS_FIXTURES): Promise<GovernsFigures> {
  const repos: GovernsRepoFigure[] = [];
  for (const repo of readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()) {
    const dir = join(root, repo);
    const truth = JSON.parse(readFileSync(join(dir, 'truth.json'), 'utf8')) as Truth;
    const ws = await Workspace.open(dir, { persist: false, workers: 0, warmUp: false, docs: { enabled: false } });
    try {
      await ws.index();
      const expected = new Set(Object.entries(truth.governs).flatMap(([src, targets]) => targets.map((t) => `${src} -> ${t}`)));
      const found = new Set<string>();
      let fuzzy = 0;
      ws.graph.graph.forEachEdge((_k, e, s, t) => {
        if (e.kind !== 'governs' || !(s in truth.governs)) return;
        found.add(`${s} -> ${t}`);
        if (e.via === 'fuzzy') fuzzy++;
      });
      const correct = [...found].filter((f) => expected.has(f)).length;
      const times: number[] = [];
      const listed = ws.decisions.documents();
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        ws.decisions.sync(ws.graph, listed);
        times.push(performance.now() - t0);
      }
      repos.push({
        repo,
        source: truth.source,
        records: Object.keys(truth.governs).length,
        expected: expected.size,
        found: found.size,
        correct,
        precision: found.size ? correct / found.size : 0,
        recall: expected.size ? correct / expected.size : 0,
        fuzzy,
        missed: [...expected].filter((e) => !found.has(e)).sort(),
        wrong: [...found].filter((f) => !expected.has(f)).sort(),
        syncMs: times.sort((a, b) => a - b)[2]!,
      });
    } finally {
      await ws.close();
    }
  }
  const correct = repos.reduce((n, r) => n + r.correct, 0);
  const found = repos.reduce((n, r) => n + r.found, 0);
  const pairs = repos.reduce((n, r) => n + r.expected, 0);
  return { repos, precision: found ? correct / found : 0, recall: pairs ? correct / pairs : 0, pairs };
}

export function renderGoverns(f: GovernsFigures): string {
  const out = [heading('Governs links (hand-checked pairs, real repositories\' layouts)')];
  out.push(
    table(
      ['repository', 'records', 'pairs', 'found', 'correct', 'precision', 'recall', 'fuzzy', 'sync ms'],
      [
        ...f.repos.map((r) => [r.repo, r.records, r.expected, r.found, r.correct, r.precision.toFixed(3), r.recall.toFixed(3), r.fuzzy, fmt(r.syncMs)]),
        ['all', f.repos.reduce((n, r) => n + r.records, 0), f.pairs, f.repos.reduce((n, r) => n + r.found, 0), f.repos.reduce((n, r) => n + r.correct, 0), f.precision.toFixed(3), f.recall.toFixed(3), f.repos.reduce((n, r) => n + r.fuzzy, 0), ''],
      ],
    ),
  );
  const ok = f.repos.every((r) => r.precision >= GOVERNS_TARGETS.precision && r.recall >= GOVERNS_TARGETS.recall);
  out.push(`precision >= ${GOVERNS_TARGETS.precision} and recall >= ${GOVERNS_TARGETS.recall} on every repository: ${verdict(ok)}`);
  for (const r of f.repos) {
    for (const m of r.missed) out.push(`  missed ${r.repo}: ${m}`);
    for (const w of r.wrong) out.push(`  wrong  ${r.repo}: ${w}`);
  }
  return out.join('\n');
}

if (require.main === module) {
  void measureGoverns().then((f) => process.stdout.write(`${renderGoverns(f)}\n`));
}
