/**
 * Breadth-first walk
 * ==================
 * The one traversal behind callers/callees, neighbourhoods, impact, tests and dependencies:
 * level by level from seeds, over chosen edge kinds and direction, to a depth bound.
 *
 * Written here (about 40 lines) rather than taken from graphology-traversal, which is not a
 * dependency and walks every edge kind with no depth-per-level bookkeeping we need.
 */
import type { CodeGraph } from '../model/graph';
import type { EdgeAttributes, EdgeKind } from '../model/types';
import type { Direction } from './options';

/** How a node was first reached: from `from` over an edge of `kind`, walked `dir`. */
export interface Step {
  id: string;
  depth: number;
  from: string;
  kind: EdgeKind;
  dir: 'in' | 'out';
  edge: EdgeAttributes;
}

export interface WalkOptions {
  kinds?: ReadonlySet<EdgeKind>;
  direction: Direction;
  maxDepth: number;
  /** Whether to walk on from a reached node (a test node ends a chain, for instance). */
  expand?: (step: Step) => boolean;
  /** Whether to take an edge at all. */
  follow?: (from: string, to: string, edge: EdgeAttributes, dir: 'in' | 'out') => boolean;
  /** Stop after the level where this node is reached (shortest-path searches). */
  until?: string;
}

/**
 * Every node reachable from `seeds` within `maxDepth`, once, at its shortest depth, in BFS order;
 * the seeds themselves are not listed. Each level is sorted by id so answers do not depend on the
 * order the graph was built in. Cycles are harmless: a node is visited once.
 */
export function walk(graph: CodeGraph, seeds: readonly string[], opts: WalkOptions): Step[] {
  const g = graph.graph;
  const seen = new Set<string>(seeds);
  const out: Step[] = [];
  let frontier = [...seeds].filter((s) => g.hasNode(s)).sort();
  for (let depth = 1; depth <= opts.maxDepth && frontier.length > 0; depth++) {
    const level: Step[] = [];
    const visit = (from: string, to: string, edge: EdgeAttributes, dir: 'in' | 'out'): void => {
      if (seen.has(to)) return;
      if (opts.kinds && !opts.kinds.has(edge.kind)) return;
      if (opts.follow && !opts.follow(from, to, edge, dir)) return;
      seen.add(to);
      level.push({ id: to, depth, from, kind: edge.kind, dir, edge });
    };
    for (const id of frontier) {
      if (opts.direction !== 'in') g.forEachOutEdge(id, (_k, e, _s, t) => visit(id, t, e, 'out'));
      if (opts.direction !== 'out') g.forEachInEdge(id, (_k, e, s) => visit(id, s, e, 'in'));
    }
    level.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    out.push(...level);
    if (opts.until !== undefined && seen.has(opts.until)) break;
    frontier = level.filter((s) => !opts.expand || opts.expand(s)).map((s) => s.id);
  }
  return out;
}
