/**
 * Impact
 * ======
 * What may break if X changes: transitive callers, referencers, subclasses and (for files and
 * modules) importers, the tests to run and the files touched, to a bounded depth, each list cut
 * at a limit with counts of everything found.
 */
import type { CodeGraph } from '../model/graph';
import type { Confidence, EdgeKind } from '../model/types';
import { confRank } from './calls';
import { describe } from './describe';
import type { Item } from './describe';
import { testOf } from './tests';
import { checkObject, cut, optInt, requireString } from './options';
import type { Page } from './options';
import { scopeOf } from './scope';
import { resolveTarget } from './target';
import { walk } from './walk';

export interface ImpactOptions {
  target: string;
  /** 1–5, default 3. */
  depth?: number;
  /** Per list, default 30. */
  limit?: number;
}

export interface ImpactItem extends Item {
  depth: number;
  conf?: Confidence;
  /** The node it depends on, when not the target itself. */
  via?: string;
}

export interface ImpactResult {
  target: Item;
  depth: number;
  counts: { callers: number; references: number; subclasses: number; importers: number; tests: number; files: number };
  callers: Page<ImpactItem>;
  references: Page<ImpactItem>;
  subclasses: Page<ImpactItem>;
  importers: Page<ImpactItem>;
  tests: Page<ImpactItem>;
  /** Paths of the target and of every impacted node and test. */
  files: Page<string>;
}

type Bucket = 'callers' | 'references' | 'subclasses' | 'importers';
const BUCKET: Partial<Record<EdgeKind, Bucket>> = {
  calls: 'callers',
  references: 'references',
  inherits: 'subclasses',
  implements: 'subclasses',
  imports: 'importers',
  depends_on: 'importers',
};
const TEST_EDGES: ReadonlySet<EdgeKind> = new Set<EdgeKind>(['calls', 'references', 'tests']);
const SYMBOL_EDGES: EdgeKind[] = ['calls', 'references', 'inherits', 'implements'];

export function impact(graph: CodeGraph, options: ImpactOptions): ImpactResult {
  const where = 'query/impact';
  const o = checkObject(where, options);
  const ref = requireString(where, 'target', o.target);
  const depth = optInt(where, 'depth', o.depth, 3, 1, 5);
  const limit = optInt(where, 'limit', o.limit, 30, 1, 1000);
  const id = resolveTarget(graph, ref);
  const kind = graph.node(id)?.kind;
  // Importers matter for files, modules and packages; a symbol's importers are its file's, too coarse.
  const kinds = new Set<EdgeKind>(kind === 'file' || kind === 'module' || kind === 'external' ? [...SYMBOL_EDGES, 'imports', 'depends_on'] : SYMBOL_EDGES);

  const seeds = scopeOf(graph, id);
  const steps = walk(graph, seeds, { kinds, direction: 'in', maxDepth: depth, expand: (s) => graph.node(s.id)?.kind !== 'test' });
  const lists: Record<Bucket | 'tests', ImpactItem[]> = { callers: [], references: [], subclasses: [], importers: [], tests: [] };
  const toItem = (sid: string, d: number, from: string, conf: Confidence | undefined): ImpactItem => {
    const item: ImpactItem = { ...describe(graph, sid), depth: d };
    if (conf && conf !== 'resolved') item.conf = conf;
    if (from !== id) item.via = from;
    return item;
  };
  for (const s of steps) {
    if (graph.node(s.id)?.kind === 'test') continue; // gathered below with the tests
    const bucket = BUCKET[s.kind];
    if (bucket) lists[bucket].push(toItem(s.id, s.depth, s.from, s.edge.confidence));
  }
  // Tests: anything impacted (seeds first, then by depth) that a test calls or aims at, one
  // step past the depth bound, each test once at its shortest depth.
  const order: [string, number][] = [...seeds.map((s): [string, number] => [s, 0]), ...steps.map((s): [string, number] => [s.id, s.depth])];
  const seenTests = new Set<string>();
  for (const [nid, d] of order) {
    if (testOf(graph, nid) !== undefined) continue;
    graph.graph.forEachInEdge(nid, (_k, e, src) => {
      if (!TEST_EDGES.has(e.kind)) return;
      // A test's nested helper or local class calling X counts as the test.
      const test = testOf(graph, src);
      if (test === undefined || seenTests.has(test)) return;
      seenTests.add(test);
      lists.tests.push(toItem(test, d + 1, nid, e.confidence));
    });
  }
  lists.tests.sort((a, b) => a.depth - b.depth || confRank(a.conf) - confRank(b.conf) || (a.id < b.id ? -1 : 1));

  const files = new Set<string>(seeds.map((s) => graph.node(s)?.path).filter((p): p is string => p !== undefined));
  for (const list of Object.values(lists)) {
    for (const item of list) {
      const p = graph.node(item.id)?.path;
      if (p !== undefined) files.add(p);
    }
  }
  const fileList = [...files].sort();
  return {
    target: describe(graph, id),
    depth,
    counts: {
      callers: lists.callers.length,
      references: lists.references.length,
      subclasses: lists.subclasses.length,
      importers: lists.importers.length,
      tests: lists.tests.length,
      files: fileList.length,
    },
    callers: cut(lists.callers, limit),
    references: cut(lists.references, limit),
    subclasses: cut(lists.subclasses, limit),
    importers: cut(lists.importers, limit),
    tests: cut(lists.tests, limit),
    files: cut(fileList, limit),
  };
}
