/**
 * The explorer's host side, shared
 * ================================
 * What both explorer hosts (the VS Code webview session and `kg-memory serve --ui`) answer the
 * same way: the size limit above which the explorer opens on the overview, the search over the
 * whole graph (the core `search` query, the ranking MCP's `search` tool gives), and the wire
 * graph the explorer is sent (whole, or the overview when the graph is above the limit). One home,
 * so the two hosts cannot drift. Host-only: the webview never imports this file (it reaches the
 * core); it imports only messages.ts and wire_graph.ts.
 */
import type { CodeGraph } from '../core/model/graph';
import { callers } from '../core/query/calls';
import { impact } from '../core/query/impact';
import { shortestPath } from '../core/query/path';
import { search, type MatchTier } from '../core/query/search';
import type { WireHit, WireTotals } from './messages';
import { emptyScope, toWireGraph, type WireGraph, type WireScope } from './wire_graph';

/** Above this many nodes the explorer opens at module level and expands on demand (kgMemory.explorer.largeGraph). */
export const DEFAULT_LARGE_GRAPH = 20_000;

/** The explorer's tiers (0 exact … 4 doc line) for the core's match tiers. */
const TIER: Record<MatchTier, number> = { exact: 0, prefix: 1, contains: 2, words: 3, doc: 4 };

/** The core search over the whole graph, as explorer hits. An empty query finds nothing. */
export function searchHits(graph: CodeGraph, query: string, limit: number): WireHit[] {
  if (query.trim() === '') return [];
  return search(graph, { query, limit }).items.flatMap((item) => {
    const a = graph.node(item.id);
    if (!a) return [];
    const hit: WireHit = { id: item.id, name: a.name, kind: a.kind, tier: TIER[item.match] };
    if (a.path !== undefined) hit.path = a.path;
    return [hit];
  });
}

/** What the explorer is sent on opening: the whole graph, or above `largeGraph` nodes its overview (scope: what is expanded, empty). */
export function openingGraph(graph: CodeGraph, largeGraph: number): { graph: WireGraph; totals: WireTotals; scope: WireScope | undefined } {
  const g = graph.graph;
  const partial = g.order > largeGraph;
  const scope = partial ? emptyScope() : undefined;
  return { graph: toWireGraph(g, scope), totals: { partial, nodes: g.order, edges: g.size }, scope };
}

/** A question the explorer asks about a node, answered with the core queries MCP's tools use. */
export type ExplorerQuery = { kind: 'callers' | 'impact'; id: string } | { kind: 'path'; id: string; to: string };

/** The answer drawn on the canvas: the nodes to highlight, what they are, and the tests to run. */
export interface QueryAnswer {
  label: string;
  ids: string[];
  /** Test node ids, the tests that cover the answer (impact, callers). */
  tests: string[];
  /** Why nothing was found, when nothing was. */
  message?: string;
}

const ANSWER_MAX = 400;

/** Answers a question with core callers (depth 3), impact (depth 3) or shortest path (either direction). */
export function answerQuery(graph: CodeGraph, q: ExplorerQuery): QueryAnswer {
  const name = (id: string): string => graph.node(id)?.name ?? id;
  const testsOf = (ids: Iterable<string>): string[] => [...new Set(ids)].filter((id) => graph.node(id)?.kind === 'test');
  try {
    if (q.kind === 'callers') {
      const r = callers(graph, { target: q.id, depth: 3, limit: ANSWER_MAX });
      const ids = [r.target.id, ...r.levels.flatMap((l) => l.items.map((i) => i.id))];
      return { label: `Callers of ${name(r.target.id)}`, ids, tests: testsOf(ids), ...(ids.length === 1 ? { message: 'Nothing calls it.' } : {}) };
    }
    if (q.kind === 'impact') {
      const r = impact(graph, { target: q.id, depth: 3, limit: ANSWER_MAX });
      const lists = [r.callers, r.references, r.subclasses, r.importers, r.tests];
      const ids = [r.target.id, ...lists.flatMap((p) => p.items.map((i) => i.id))];
      return { label: `Impact of ${name(r.target.id)}`, ids, tests: testsOf(r.tests.items.map((i) => i.id)) };
    }
    const to = 'to' in q ? q.to : '';
    const r = shortestPath(graph, { from: q.id, to, direction: 'both', maxDepth: 12 });
    const ids = r.steps?.map((s) => s.id) ?? [];
    return { label: `Path from ${name(q.id)} to ${name(to)}`, ids, tests: [], ...(r.found ? {} : { message: 'No path within 12 steps.' }) };
  } catch (err) {
    return { label: '', ids: [], tests: [], message: (err as Error).message };
  }
}
