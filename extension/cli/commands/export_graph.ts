/**
 * Graph export
 * ============
 * The graph, or a focused part of it, as JSON, Mermaid or Graphviz DOT. Module level shows
 * files, packages and their imports; symbol level shows definitions and calls, inheritance,
 * methods, tests and references. A focus keeps the nodes whose path or id starts with a prefix
 * plus their direct neighbours. Pure: takes a graph, returns text.
 */
import type { CodeGraph } from '../../core/model/graph';
import type { EdgeKind, NodeKind } from '../../core/model/types';
import { locOf } from '../../core/query';

export type ExportFormat = 'json' | 'mermaid' | 'dot';
export type ExportLevel = 'module' | 'symbol';

export interface ExportOptions {
  format: ExportFormat;
  level: ExportLevel;
  focus?: string;
  /** Most nodes drawn in mermaid/dot (default 400); JSON is never cut. */
  maxNodes?: number;
}

export interface ExportNode {
  id: string;
  kind: NodeKind;
  name: string;
  loc?: string;
}

export interface ExportEdge {
  source: string;
  target: string;
  kind: EdgeKind;
}

export interface ExportResult {
  text: string;
  nodes: number;
  edges: number;
  /** Nodes left out of a drawing past maxNodes. */
  cut: number;
}

const LEVEL: Record<ExportLevel, { nodes: ReadonlySet<NodeKind>; edges: ReadonlySet<EdgeKind> }> = {
  module: { nodes: new Set<NodeKind>(['file', 'external']), edges: new Set<EdgeKind>(['imports']) },
  symbol: {
    nodes: new Set<NodeKind>(['class', 'interface', 'enum', 'function', 'method', 'test', 'type', 'constant', 'variable']),
    edges: new Set<EdgeKind>(['calls', 'inherits', 'implements', 'method_of', 'tests', 'references']),
  },
};

export function selectGraph(graph: CodeGraph, level: ExportLevel, focus?: string): { nodes: ExportNode[]; edges: ExportEdge[] } {
  const spec = LEVEL[level];
  const inFocus = (id: string): boolean => {
    if (focus === undefined) return true;
    const path = graph.node(id)?.path;
    return id.startsWith(focus) || (path !== undefined && path.startsWith(focus));
  };
  const keep = new Set<string>();
  graph.graph.forEachNode((id, a) => {
    if (spec.nodes.has(a.kind) && inFocus(id)) keep.add(id);
  });
  const edges: ExportEdge[] = [];
  const ends = new Set<string>(keep);
  graph.graph.forEachEdge((_k, e, s, t) => {
    if (!spec.edges.has(e.kind) || !(keep.has(s) || keep.has(t))) return;
    const sk = graph.node(s)?.kind;
    const tk = graph.node(t)?.kind;
    if (sk === undefined || tk === undefined || !spec.nodes.has(sk) || !spec.nodes.has(tk)) return;
    edges.push({ source: s, target: t, kind: e.kind });
    ends.add(s);
    ends.add(t);
  });
  const nodes = [...ends].sort().map((id): ExportNode => {
    const a = graph.node(id);
    const n: ExportNode = { id, kind: a?.kind ?? 'external', name: a?.name ?? id };
    const loc = a ? locOf(a) : undefined;
    if (loc !== undefined) n.loc = loc;
    return n;
  });
  edges.sort((x, y) => (x.source + x.target + x.kind < y.source + y.target + y.kind ? -1 : 1));
  return { nodes, edges };
}

function label(n: ExportNode, level: ExportLevel): string {
  return level === 'module' ? (n.kind === 'external' ? n.name : (n.loc?.replace(/:1$/, '') ?? n.name)) : `${n.name} (${n.kind})`;
}

function mermaid(nodes: ExportNode[], edges: ExportEdge[], level: ExportLevel): string {
  const key = new Map(nodes.map((n, i) => [n.id, `n${i}`]));
  // Mermaid labels are quoted; a quote inside one is written as an entity.
  const esc = (s: string): string => s.replace(/"/g, '#quot;').replace(/[<>]/g, (c) => (c === '<' ? '#lt;' : '#gt;'));
  const lines = ['flowchart LR'];
  for (const n of nodes) lines.push(`  ${key.get(n.id)}["${esc(label(n, level))}"]`);
  for (const e of edges) lines.push(`  ${key.get(e.source)} -->|${e.kind}| ${key.get(e.target)}`);
  return lines.join('\n');
}

function dot(nodes: ExportNode[], edges: ExportEdge[], level: ExportLevel): string {
  const q = (s: string): string => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  const lines = ['digraph kg {', '  rankdir=LR;', '  node [shape=box, fontname="Helvetica"];'];
  for (const n of nodes) lines.push(`  ${q(n.id)} [label=${q(label(n, level))}];`);
  for (const e of edges) lines.push(`  ${q(e.source)} -> ${q(e.target)} [label=${q(e.kind)}];`);
  lines.push('}');
  return lines.join('\n');
}

export function exportGraph(graph: CodeGraph, options: ExportOptions): ExportResult {
  const { nodes, edges } = selectGraph(graph, options.level, options.focus);
  if (options.format === 'json') {
    return { text: JSON.stringify({ level: options.level, focus: options.focus ?? null, nodes, edges }), nodes: nodes.length, edges: edges.length, cut: 0 };
  }
  const max = options.maxNodes ?? 400;
  // A drawing of thousands of nodes helps nobody: keep the best-connected ones.
  let shown = nodes;
  let shownEdges = edges;
  if (nodes.length > max) {
    const degree = new Map<string, number>();
    for (const e of edges) {
      degree.set(e.source, (degree.get(e.source) ?? 0) + 1);
      degree.set(e.target, (degree.get(e.target) ?? 0) + 1);
    }
    const top = new Set([...nodes].sort((a, b) => (degree.get(b.id) ?? 0) - (degree.get(a.id) ?? 0) || (a.id < b.id ? -1 : 1)).slice(0, max).map((n) => n.id));
    shown = nodes.filter((n) => top.has(n.id));
    shownEdges = edges.filter((e) => top.has(e.source) && top.has(e.target));
  }
  const text = options.format === 'mermaid' ? mermaid(shown, shownEdges, options.level) : dot(shown, shownEdges, options.level);
  return { text, nodes: shown.length, edges: shownEdges.length, cut: nodes.length - shown.length };
}
