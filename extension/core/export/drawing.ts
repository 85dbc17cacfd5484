/**
 * Drawings
 * ========
 * Mermaid and Graphviz DOT of a selection. A drawing of thousands of nodes helps nobody, so
 * past `maxNodes` (default 400) only the best-connected nodes are drawn and the rest counted.
 */
import type { CodeGraph } from '../model/graph';
import type { EdgeKind, NodeKind } from '../model/types';
import { locOf } from '../query/describe';
import type { ExportLevel, Selection } from './select';

export type DrawingFormat = 'mermaid' | 'dot';

interface DrawNode {
  id: string;
  kind: NodeKind;
  name: string;
  loc?: string;
}

interface DrawEdge {
  source: string;
  target: string;
  kind: EdgeKind;
}

export interface Drawing {
  text: string;
  nodes: number;
  edges: number;
  /** Nodes left out past maxNodes. */
  cut: number;
}

function label(n: DrawNode, level: ExportLevel): string {
  return level === 'module' ? (n.kind === 'external' ? n.name : (n.loc?.replace(/:1$/, '') ?? n.name)) : `${n.name} (${n.kind})`;
}

function mermaid(nodes: DrawNode[], edges: DrawEdge[], level: ExportLevel): string {
  const key = new Map(nodes.map((n, i) => [n.id, `n${i}`]));
  // Mermaid labels are quoted; a quote inside one is written as an entity.
  const esc = (s: string): string => s.replace(/"/g, '#quot;').replace(/[<>]/g, (c) => (c === '<' ? '#lt;' : '#gt;'));
  const lines = ['flowchart LR'];
  for (const n of nodes) lines.push(`  ${key.get(n.id)}["${esc(label(n, level))}"]`);
  for (const e of edges) lines.push(`  ${key.get(e.source)} -->|${e.kind}| ${key.get(e.target)}`);
  return lines.join('\n');
}

function dot(nodes: DrawNode[], edges: DrawEdge[], level: ExportLevel): string {
  const q = (s: string): string => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  const lines = ['digraph kg {', '  rankdir=LR;', '  node [shape=box, fontname="Helvetica"];'];
  for (const n of nodes) lines.push(`  ${q(n.id)} [label=${q(label(n, level))}];`);
  for (const e of edges) lines.push(`  ${q(e.source)} -> ${q(e.target)} [label=${q(e.kind)}];`);
  lines.push('}');
  return lines.join('\n');
}

export function drawGraph(graph: CodeGraph, sel: Selection, level: ExportLevel, format: DrawingFormat, maxNodes = 400): Drawing {
  const g = graph.graph;
  const nodes = sel.nodes.map((id): DrawNode => {
    const a = g.getNodeAttributes(id);
    const n: DrawNode = { id, kind: a.kind, name: a.name };
    const loc = locOf(a);
    if (loc !== undefined) n.loc = loc;
    return n;
  });
  const edges = sel.edges.map((k): DrawEdge => ({ source: g.source(k), target: g.target(k), kind: g.getEdgeAttribute(k, 'kind') }));
  let shown = nodes;
  let shownEdges = edges;
  if (nodes.length > maxNodes) {
    const degree = new Map<string, number>();
    for (const e of edges) {
      degree.set(e.source, (degree.get(e.source) ?? 0) + 1);
      degree.set(e.target, (degree.get(e.target) ?? 0) + 1);
    }
    const top = new Set([...nodes].sort((a, b) => (degree.get(b.id) ?? 0) - (degree.get(a.id) ?? 0) || (a.id < b.id ? -1 : 1)).slice(0, maxNodes).map((n) => n.id));
    shown = nodes.filter((n) => top.has(n.id));
    shownEdges = edges.filter((e) => top.has(e.source) && top.has(e.target));
  }
  const text = format === 'mermaid' ? mermaid(shown, shownEdges, level) : dot(shown, shownEdges, level);
  return { text, nodes: shown.length, edges: shownEdges.length, cut: nodes.length - shown.length };
}
