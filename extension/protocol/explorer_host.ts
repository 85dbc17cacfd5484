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
