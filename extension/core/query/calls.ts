/**
 * Call graph
 * ==========
 * `callers` and `callees` of a symbol to a depth (1–5), grouped by depth, each with its call
 * sites and the confidence of the edge it was reached by.
 */
import type { CodeGraph } from '../model/graph';
import type { Confidence, EdgeAttributes, EdgeKind } from '../model/types';
import { describe } from './describe';
import type { Item } from './describe';
import { checkObject, optInt, requireString } from './options';
import { resolveTarget } from './target';
import { walk } from './walk';

export interface CallsOptions {
  target: string;
  /** 1–5, default 1. */
  depth?: number;
  /** Most items over all levels (default 50); the rest are counted in `more`. */
  limit?: number;
}

export interface CallItem extends Item {
  /** Call sites "path:l1,l2" in the calling side's file. */
  at?: string;
  conf?: Confidence;
  /** The node of the previous level this one was reached from (depth > 1). */
  via?: string;
}

export interface CallLevel {
  depth: number;
  items: CallItem[];
}

export interface CallsResult {
  target: Item;
  total: number;
  levels: CallLevel[];
  more?: number;
  /** The target calls itself. */
  recursive?: true;
}

const CALLS: ReadonlySet<EdgeKind> = new Set<EdgeKind>(['calls']);
const CONF_RANK: Record<Confidence, number> = { resolved: 0, inferred: 1, name: 2, convention: 3 };

export function confRank(c: Confidence | undefined): number {
  return c === undefined ? 0 : CONF_RANK[c];
}

/** "path:l1,l2" for lines in the file of node `id`. */
/** Call-site lines, in the file of the calling side (`"20,23"`): its path is already in that item's `loc`. */
export function sitesOf(edge: EdgeAttributes): string | undefined {
  return edge.lines?.length ? edge.lines.join(',') : undefined;
}

export function callers(graph: CodeGraph, options: CallsOptions): CallsResult {
  return calls(graph, options, 'in', 'query/callers');
}

export function callees(graph: CodeGraph, options: CallsOptions): CallsResult {
  return calls(graph, options, 'out', 'query/callees');
}

function calls(graph: CodeGraph, options: CallsOptions, dir: 'in' | 'out', where: string): CallsResult {
  const o = checkObject(where, options);
  const ref = requireString(where, 'target', o.target);
  const depth = optInt(where, 'depth', o.depth, 1, 1, 5);
  const limit = optInt(where, 'limit', o.limit, 50, 1, 1000);
  const id = resolveTarget(graph, ref);

  const steps = walk(graph, [id], { kinds: CALLS, direction: dir, maxDepth: depth });
  const levels: CallLevel[] = [];
  let shown = 0;
  for (let d = 1; d <= depth; d++) {
    const level = steps.filter((s) => s.depth === d);
    level.sort((a, b) => confRank(a.edge.confidence) - confRank(b.edge.confidence) || (a.id < b.id ? -1 : 1));
    const items: CallItem[] = [];
    for (const s of level) {
      if (shown >= limit) break;
      const item: CallItem = describe(graph, s.id);
      // The edge's lines are in its source's file: the caller's.
      const at = sitesOf(s.edge);
      if (at) item.at = at;
      // "resolved" is the norm and goes unsaid; a weaker edge says what it is.
      if (s.edge.confidence && s.edge.confidence !== 'resolved') item.conf = s.edge.confidence;
      if (d > 1) item.via = s.from;
      items.push(item);
      shown++;
    }
    if (items.length > 0) levels.push({ depth: d, items });
  }
  const out: CallsResult = { target: describe(graph, id, { sig: true }), total: steps.length, levels };
  if (steps.length > shown) out.more = steps.length - shown;
  if (graph.hasEdge(`calls|${id}|${id}`)) out.recursive = true;
  return out;
}
