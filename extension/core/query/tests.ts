/**
 * Tests for a node
 * ================
 * The tests that exercise X: directly (a `tests` edge, or a call/reference from a test node),
 * through the class or file that holds X (a `tests` edge into it, often by naming convention),
 * or transitively (a test calling something that calls X), with the weakest confidence on the way.
 */
import type { CodeGraph } from '../model/graph';
import type { Confidence, EdgeKind } from '../model/types';
import { confRank } from './calls';
import { describe } from './describe';
import type { Item } from './describe';
import { checkObject, cut, optInt, requireString } from './options';
import type { Page } from './options';
import { containersOf, scopeOf } from './scope';
import { resolveTarget } from './target';
import { walk } from './walk';
import type { Step } from './walk';

export interface TestsOptions {
  target: string;
  /** Longest chain from a test to X, 1–5, default 3. */
  depth?: number;
  limit?: number;
}

export type TestHow = 'direct' | 'container' | 'transitive';

export interface TestItem extends Item {
  how: TestHow;
  depth: number;
  /** The weakest confidence along the chain. */
  conf?: Confidence;
  /** Some edge on the chain is only a naming convention. */
  convention?: true;
  /** What the test reaches X through (transitive) or the container it tests. */
  via?: string;
}

export interface TestsResult {
  target: Item;
  total: number;
  items: TestItem[];
  more?: number;
  /** The test files to run. */
  files: Page<string>;
}

const INTO: ReadonlySet<EdgeKind> = new Set<EdgeKind>(['calls', 'references', 'tests']);
const RANKS: Confidence[] = ['resolved', 'inferred', 'name', 'convention'];

const MAX_NESTING_HOPS = 64;

/**
 * The test a node is, or is defined inside: a test's nested helpers and local classes (a command
 * defined in a test function, a fake class declared in an `it`) count as the test itself.
 */
export function testOf(graph: CodeGraph, id: string): string | undefined {
  let current: string | undefined = id;
  for (let hops = 0; current !== undefined && hops < MAX_NESTING_HOPS; hops++) {
    const kind = graph.node(current)?.kind;
    if (kind === 'test') return current;
    if (kind === undefined || kind === 'file' || kind === 'module') return undefined;
    let parent: string | undefined;
    graph.graph.forEachInEdge(current, (_k, e, source) => {
      if (parent === undefined && e.kind === 'contains') parent = source;
    });
    current = parent;
  }
  return undefined;
}

/** Test steps reached backward from `seeds`, with the weakest confidence of each chain; `step.id` is the test. */
export function testSteps(graph: CodeGraph, seeds: readonly string[], depth: number): { step: Step; worst: number; convention: boolean }[] {
  const tests = new Map<string, string | undefined>();
  const testAt = (id: string): string | undefined => {
    if (!tests.has(id)) tests.set(id, testOf(graph, id));
    return tests.get(id);
  };
  const steps = walk(graph, seeds, {
    kinds: INTO,
    direction: 'in',
    maxDepth: depth,
    expand: (s) => testAt(s.id) === undefined,
  });
  const chain = new Map<string, { worst: number; convention: boolean }>();
  const out: { step: Step; worst: number; convention: boolean }[] = [];
  for (const s of steps) {
    const prev = chain.get(s.from) ?? { worst: 0, convention: false };
    const c = s.edge.confidence;
    const here = { worst: Math.max(prev.worst, confRank(c)), convention: prev.convention || c === 'convention' };
    chain.set(s.id, here);
    const test = testAt(s.id);
    if (test !== undefined && !seeds.includes(test)) out.push({ step: test === s.id ? s : { ...s, id: test }, ...here });
  }
  return out;
}

export function testsFor(graph: CodeGraph, options: TestsOptions): TestsResult {
  const where = 'query/testsFor';
  const o = checkObject(where, options);
  const ref = requireString(where, 'target', o.target);
  const depth = optInt(where, 'depth', o.depth, 3, 1, 5);
  const limit = optInt(where, 'limit', o.limit, 50, 1, 1000);
  const id = resolveTarget(graph, ref);

  const seeds = scopeOf(graph, id);
  const found = new Map<string, TestItem>();
  for (const { step, worst, convention } of testSteps(graph, seeds, depth)) {
    if (found.has(step.id)) continue; // reached again through one of its own helpers, no nearer
    const item: TestItem = { ...describe(graph, step.id), how: step.depth === 1 ? 'direct' : 'transitive', depth: step.depth };
    if (RANKS[worst] !== 'resolved') item.conf = RANKS[worst];
    if (convention) item.convention = true;
    if (step.from !== id) item.via = step.from;
    found.set(step.id, item);
  }
  // A test aimed at the class or file that holds X exercises X too, if less surely.
  for (const container of containersOf(graph, id)) {
    graph.graph.forEachInEdge(container, (_k, e, s) => {
      if (e.kind !== 'tests' || found.has(s) || graph.node(s)?.kind !== 'test') return;
      const item: TestItem = { ...describe(graph, s), how: 'container', depth: 1, via: container };
      if (e.confidence) item.conf = e.confidence;
      if (e.confidence === 'convention') item.convention = true;
      found.set(s, item);
    });
  }
  const order: Record<TestHow, number> = { direct: 0, container: 1, transitive: 2 };
  const all = [...found.values()].sort(
    (a, b) => order[a.how] - order[b.how] || a.depth - b.depth || confRank(a.conf) - confRank(b.conf) || (a.id < b.id ? -1 : 1),
  );
  const page = cut(all, limit);
  const files = [...new Set(all.map((t) => graph.node(t.id)?.path).filter((p): p is string => p !== undefined))].sort();
  const out: TestsResult = { target: describe(graph, id), total: all.length, items: page.items, files: cut(files, limit) };
  if (page.more) out.more = page.more;
  return out;
}
