/**
 * Shortest path
 * =============
 * The shortest chain of edges between two nodes over chosen edge kinds, following edges
 * forward (default), backward or either way. A plain BFS with parent links: the graph is
 * unweighted, so this is what graphology-shortest-path's unweighted bidirectional search would
 * give, without adding the dependency.
 */
import type { CodeGraph } from '../model/graph';
import type { EdgeKind } from '../model/types';
import { describe } from './describe';
import type { Item } from './describe';
import { checkObject, optEnum, optInt, optKinds, requireString } from './options';
import { EDGE_KINDS } from '../model/kinds';
import type { Direction } from './options';
import { resolveTarget } from './target';
import { walk } from './walk';

export interface PathOptions {
  from: string;
  to: string;
  edges?: EdgeKind[] | EdgeKind;
  direction?: Direction;
  /** Longest chain searched, 1–12, default 8. */
  maxDepth?: number;
}

export interface PathStep extends Item {
  /** The edge from the previous step to this one; `dir: "in"` when it was walked backward. */
  edge?: EdgeKind;
  dir?: 'in' | 'out';
}

export interface PathResult {
  from: Item;
  to: Item;
  found: boolean;
  length?: number;
  steps?: PathStep[];
}

export function shortestPath(graph: CodeGraph, options: PathOptions): PathResult {
  const where = 'query/shortestPath';
  const o = checkObject(where, options);
  const fromRef = requireString(where, 'from', o.from);
  const toRef = requireString(where, 'to', o.to);
  const kinds = optKinds(where, 'edges', o.edges, EDGE_KINDS);
  const direction = optEnum<Direction>(where, 'direction', o.direction, ['in', 'out', 'both'], 'out');
  const maxDepth = optInt(where, 'maxDepth', o.maxDepth, 8, 1, 12);
  const from = resolveTarget(graph, fromRef);
  const to = resolveTarget(graph, toRef);
  const out: PathResult = { from: describe(graph, from), to: describe(graph, to), found: false };
  if (from === to) return { ...out, found: true, length: 0, steps: [describe(graph, from)] };

  const steps = walk(graph, [from], { kinds: kinds ? new Set(kinds) : undefined, direction, maxDepth, until: to });
  const byId = new Map(steps.map((s) => [s.id, s]));
  if (!byId.has(to)) return out;
  const chain: PathStep[] = [];
  for (let cur = byId.get(to); cur !== undefined; cur = byId.get(cur.from)) {
    chain.push({ ...describe(graph, cur.id), edge: cur.kind, dir: cur.dir });
  }
  chain.push(describe(graph, from));
  chain.reverse();
  return { ...out, found: true, length: chain.length - 1, steps: chain };
}
