/**
 * What an export holds
 * ====================
 * Module level: files, packages and their imports. Symbol level: definitions and their calls,
 * inheritance, methods, tests and references, plus the file nodes that module-level code calls
 * or references from, so that every `calls` edge of the graph is there. All: every node and
 * edge of every layer (code, decisions, docs and entities, memory, LLM nodes). A focus keeps
 * the nodes whose path or id starts with a prefix plus their direct neighbours.
 *
 * The selection is ids and edge keys, sorted for a stable output; the text is written later,
 * a node at a time.
 */
import type { CodeGraph } from '../model/graph';
import type { EdgeKind, NodeKind } from '../model/types';

export const EXPORT_LEVELS = ['module', 'symbol', 'all'] as const;
export type ExportLevel = (typeof EXPORT_LEVELS)[number];

export interface Selection {
  /** Node ids, sorted. */
  nodes: string[];
  /** Edge keys of the graph, sorted by (source, target, kind). */
  edges: string[];
}

const SYMBOLS = new Set<NodeKind>(['class', 'interface', 'enum', 'function', 'method', 'test', 'type', 'constant', 'variable']);
const LEVEL: Record<Exclude<ExportLevel, 'all'>, { nodes: ReadonlySet<NodeKind>; edges: ReadonlySet<EdgeKind>; sources?: ReadonlySet<NodeKind> }> = {
  module: { nodes: new Set<NodeKind>(['file', 'external']), edges: new Set<EdgeKind>(['imports']) },
  // A file is the caller of module-level code: it comes in as the source of such an edge.
  symbol: { nodes: SYMBOLS, edges: new Set<EdgeKind>(['calls', 'inherits', 'implements', 'method_of', 'tests', 'references']), sources: new Set<NodeKind>(['file']) },
};

export function selectGraph(graph: CodeGraph, level: ExportLevel, focus?: string): Selection {
  const g = graph.graph;
  const spec = level === 'all' ? undefined : LEVEL[level];
  const inFocus = (id: string): boolean => {
    if (focus === undefined) return true;
    const path = graph.node(id)?.path;
    return id.startsWith(focus) || (path !== undefined && path.startsWith(focus));
  };
  const fits = (kind: NodeKind | undefined, asSource: boolean): boolean =>
    kind !== undefined && (spec === undefined || spec.nodes.has(kind) || (asSource && spec.sources?.has(kind) === true));
  const keep = new Set<string>();
  g.forEachNode((id, a) => {
    if ((spec === undefined || spec.nodes.has(a.kind)) && inFocus(id)) keep.add(id);
  });
  // Edges come out by source in node order, then by target and kind: a sort per node, not one
  // over every edge (which at 300k edges costs seconds of string building).
  const accepts = (e: { kind: EdgeKind }, s: string, t: string, sa: { kind: NodeKind }, ta: { kind: NodeKind }): boolean =>
    (spec === undefined || spec.edges.has(e.kind)) &&
    fits(sa.kind, true) &&
    fits(ta.kind, false) &&
    (keep.has(s) || keep.has(t) || (focus === undefined && spec?.sources?.has(sa.kind) === true));
  const ends = new Set<string>(keep);
  g.forEachEdge((_key, e, s, t, sa, ta) => {
    if (!accepts(e, s, t, sa, ta)) return;
    ends.add(s);
    ends.add(t);
  });
  const nodes = [...ends].sort();
  const edges: string[] = [];
  const local: { key: string; target: string; kind: string }[] = [];
  for (const s of nodes) {
    local.length = 0;
    g.forEachOutEdge(s, (key, e, _s, t, sa, ta) => {
      if (accepts(e, s, t, sa, ta)) local.push({ key, target: t, kind: e.kind });
    });
    local.sort((x, y) => (x.target < y.target ? -1 : x.target > y.target ? 1 : x.kind < y.kind ? -1 : x.kind > y.kind ? 1 : 0));
    for (const l of local) edges.push(l.key);
  }
  return { nodes, edges };
}
