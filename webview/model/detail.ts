/**
 * Detail panel data
 * =================
 * A node's properties and its connections grouped by edge kind and direction ("calls",
 * "called by"), each connection naming the node to move to. Pure over the graph.
 */
import type { ExplorerGraph, NodeData } from './graph_data';
import { edgeStyle, nodeStyle } from './kinds';

const INCOMING: Record<string, string> = {
  contains: 'contained in',
  imports: 'imported by',
  depends_on: 'depended on by',
  calls: 'called by',
  inherits: 'subclassed by',
  implements: 'implemented by',
  method_of: 'methods',
  tests: 'tested by',
  references: 'referenced by',
  governs: 'governed by',
  defines: 'defined by',
  supersedes: 'superseded by',
  mentions: 'mentioned in',
  uses: 'used by',
  part_of: 'parts',
  configured_via: 'configures',
  owned_by: 'owns',
  precedes: 'follows',
  cites: 'cited by',
  decided_in: 'decisions made here',
  considered: 'considered in',
};

export interface Connection {
  id: string;
  name: string;
  kind: string;
  path?: string;
}

export interface ConnectionGroup {
  edgeKind: string;
  direction: 'out' | 'in';
  label: string;
  items: Connection[];
}

export interface NodeDetail {
  id: string;
  name: string;
  kind: string;
  kindLabel: string;
  /** The file (or folder, for a module) it belongs to. */
  path?: string;
  location?: string;
  props: [string, string][];
  groups: ConnectionGroup[];
}

/** Incoming edge label: "called by" for calls, else "<kind> (in)". */
export function incomingLabel(kind: string): string {
  return INCOMING[kind] ?? `${edgeStyle(kind).label} (in)`;
}

export function nodeDetail(g: ExplorerGraph, id: string): NodeDetail | undefined {
  if (!g.hasNode(id)) return undefined;
  const a = g.getNodeAttributes(id);
  const props: [string, string][] = [['id', id]];
  props.push(...kindProps(a));
  if (a.signature) props.push(['signature', a.signature]);
  if (a.doc) props.push(['doc', a.doc]);
  if (a.language) props.push(['language', a.language]);
  if (a.exported) props.push(['exported', 'yes']);
  if (a.line !== undefined && a.endLine !== undefined && a.endLine > a.line) props.push(['lines', `${a.line}–${a.endLine}`]);
  const groups = new Map<string, ConnectionGroup>();
  const add = (edgeKind: string, direction: 'out' | 'in', other: string): void => {
    const key = `${direction}|${edgeKind}`;
    let group = groups.get(key);
    if (!group) {
      group = { edgeKind, direction, label: direction === 'out' ? edgeStyle(edgeKind).label : incomingLabel(edgeKind), items: [] };
      groups.set(key, group);
    }
    const o = g.getNodeAttributes(other);
    const item: Connection = { id: other, name: o.name, kind: o.kind };
    if (o.path !== undefined) item.path = o.path;
    if (!group.items.some((i) => i.id === other)) group.items.push(item);
  };
  g.forEachOutEdge(id, (_k, e, _s, t) => add(e.kind, 'out', t));
  g.forEachInEdge(id, (_k, e, s) => add(e.kind, 'in', s));
  const sorted = [...groups.values()].sort((x, y) => (x.direction === y.direction ? x.label.localeCompare(y.label) : x.direction === 'out' ? -1 : 1));
  for (const group of sorted) group.items.sort((x, y) => nodeStyle(x.kind).rank - nodeStyle(y.kind).rank || x.name.localeCompare(y.name));
  const detail: NodeDetail = { id, name: a.name, kind: a.kind, kindLabel: nodeStyle(a.kind).label, props, groups: sorted };
  if (a.path !== undefined) {
    detail.path = a.path;
    detail.location = a.line !== undefined ? `${a.path}:${a.line}` : a.path;
  }
  return detail;
}

const percent = (x: number): string => `${Math.round((x <= 1 ? x * 100 : x))} %`;

/** What a doc, an entity, a decision or a trade-off says of itself, before the common properties. */
export function kindProps(a: Pick<NodeData, 'docs' | 'llm'>): [string, string][] {
  const out: [string, string][] = [];
  const d = a.docs;
  if (d) {
    if (d.title) out.push(['title', d.title]);
    if (d.format) out.push(['format', d.format]);
    if (d.chunks !== undefined) out.push(['chunks', String(d.chunks)]);
    if (d.entityType) out.push(['type', d.entityType]);
    if (d.aliases?.length) out.push(['aliases', d.aliases.join(', ')]);
    if (d.mentionCount !== undefined) out.push(['mentions', String(d.mentionCount)]);
  }
  const l = a.llm;
  if (l) {
    if (l.statement) out.push(['statement', l.statement]);
    if (l.rationale) out.push(['rationale', l.rationale]);
    if (l.chosen) out.push(['chosen', l.chosen]);
    if (l.rejected) out.push(['rejected', l.rejected]);
    if (l.confidence !== undefined) out.push(['confidence', percent(l.confidence)]);
  }
  return out;
}
