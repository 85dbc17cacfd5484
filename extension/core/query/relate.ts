/**
 * Neighbourhood
 * =============
 * What surrounds a node: a breadth-first walk over chosen edge kinds, in, out or both
 * directions, to depth 5, cut at a limit.
 */
import type { CodeGraph } from '../model/graph';
import type { EdgeKind } from '../model/types';
import { describe } from './describe';
import type { Item } from './describe';
import { checkObject, cut, optEnum, optInt, optKinds, requireString } from './options';
import { EDGE_KINDS } from '../model/kinds';
import type { Direction } from './options';
import { resolveTarget } from './target';
import { walk } from './walk';

export interface NeighborsOptions {
  target: string;
  edges?: EdgeKind[] | EdgeKind;
  direction?: Direction;
  /** 1–5, default 1. */
  depth?: number;
  limit?: number;
}

export interface NeighborItem extends Item {
  depth: number;
  /** The edge it was reached by, and whether it was walked forward (out) or backward (in). */
  edge: EdgeKind;
  dir: 'in' | 'out';
  /** The node it was reached from, when not the target. */
  from?: string;
}

export interface NeighborsResult {
  target: Item;
  total: number;
  items: NeighborItem[];
  more?: number;
}

export function neighbors(graph: CodeGraph, options: NeighborsOptions): NeighborsResult {
  const where = 'query/neighbors';
  const o = checkObject(where, options);
  const ref = requireString(where, 'target', o.target);
  const kinds = optKinds(where, 'edges', o.edges, EDGE_KINDS);
  const direction = optEnum<Direction>(where, 'direction', o.direction, ['in', 'out', 'both'], 'both');
  const depth = optInt(where, 'depth', o.depth, 1, 1, 5);
  const limit = optInt(where, 'limit', o.limit, 50, 1, 1000);
  const id = resolveTarget(graph, ref);

  const steps = walk(graph, [id], { kinds: kinds ? new Set(kinds) : undefined, direction, maxDepth: depth });
  const page = cut(steps, limit);
  const items = page.items.map((s): NeighborItem => {
    const item: NeighborItem = { ...describe(graph, s.id), depth: s.depth, edge: s.kind, dir: s.dir };
    if (s.from !== id) item.from = s.from;
    return item;
  });
  const out: NeighborsResult = { target: describe(graph, id), total: steps.length, items };
  if (page.more) out.more = page.more;
  return out;
}
