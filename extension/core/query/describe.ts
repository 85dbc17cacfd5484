/**
 * Item formatting
 * ===============
 * One way to present a node in any answer: `{id, kind, name, loc}` plus, on request, the
 * signature and doc line. Every query formats through here so all surfaces look alike.
 *
 * Answers go into an agent's context, so nothing is said twice: `name` is left out when the id
 * ends with it (`py:app.api:Client.send` is `send`), and `kind` when the id's prefix says it
 * (`file:`, `module:`, `ext:`).
 *
 * `loc` is "path:line" for symbols, "path:1" for files, the folder path for modules;
 * externals have no location, so no `loc`.
 */
import type { CodeGraph } from '../model/graph';
import type { NodeAttributes, NodeKind } from '../model/types';

export interface Item {
  id: string;
  kind?: NodeKind;
  name?: string;
  loc?: string;
  sig?: string;
  doc?: string;
  /** How many agent notes are about this node: the observations of the memories about it (absent when none). */
  notes?: number;
}

export interface DescribeOptions {
  sig?: boolean;
  doc?: boolean;
}

export function locOf(a: NodeAttributes): string | undefined {
  if (a.path === undefined) return undefined;
  if (a.kind === 'module') return a.path;
  if (a.kind === 'file') return `${a.path}:1`;
  return `${a.path}:${a.line ?? a.startLine ?? 1}`;
}

const KIND_IN_ID = new Set<NodeKind>(['file', 'module', 'external']);

function nameInId(id: string, name: string): boolean {
  if (!id.endsWith(name)) return false;
  const before = id[id.length - name.length - 1];
  return before === ':' || before === '.' || before === '/';
}

export function describeAttrs(id: string, a: NodeAttributes, opts: DescribeOptions = {}): Item {
  const item: Item = { id };
  if (!KIND_IN_ID.has(a.kind)) item.kind = a.kind;
  if (!nameInId(id, a.name)) item.name = a.name;
  const loc = locOf(a);
  if (loc !== undefined) item.loc = loc;
  if (opts.sig && a.signature) item.sig = a.signature;
  if (opts.doc && a.doc) item.doc = a.doc;
  return item;
}

/** The item of node `id`; the node must exist. */
export function describe(graph: CodeGraph, id: string, opts: DescribeOptions = {}): Item {
  const a = graph.node(id);
  if (a === undefined) return { id };
  return withNotes(graph, describeAttrs(id, a, opts));
}

/**
 * How many notes are about node `id`: each observation of a memory `about` it is one (a memory
 * with none still counts once). Free when no memory is linked at all.
 */
export function notesOn(graph: CodeGraph, id: string): number {
  if (graph.edgeCount('about') === 0 || !graph.hasNode(id)) return 0;
  let n = 0;
  graph.graph.forEachInEdge(id, (_k, e, source) => {
    if (e.kind === 'about') n += Math.max(1, graph.node(source)?.memory?.observations.length ?? 0);
  });
  return n;
}

/** Sets `notes` on the item when memories are about it ("2 notes"). */
export function withNotes<T extends Item>(graph: CodeGraph, item: T): T {
  const n = notesOn(graph, item.id);
  if (n > 0) item.notes = n;
  return item;
}

/** Rank of a kind when several nodes compete: definitions first, then values, then containers. */
const KIND_RANK: Record<NodeKind, number> = {
  class: 0,
  interface: 0,
  function: 1,
  method: 1,
  enum: 2,
  type: 2,
  test: 3,
  constant: 4,
  variable: 5,
  file: 6,
  module: 7,
  external: 8,
  // Decision nodes rank after code: a bare name should find the code it names first.
  adr: 9,
  config: 9,
  concept: 10,
  memory: 11,
  doc: 12,
  entity: 12,
  decision: 10,
  trade_off: 10,
};

export function kindRank(kind: NodeKind): number {
  return KIND_RANK[kind] ?? 9;
}

/** Candidate order: kind rank, exported first, then id (deterministic). */
export function compareCandidates(graph: CodeGraph, a: string, b: string): number {
  const na = graph.node(a);
  const nb = graph.node(b);
  if (na === undefined || nb === undefined) return a < b ? -1 : a > b ? 1 : 0;
  const byKind = kindRank(na.kind) - kindRank(nb.kind);
  if (byKind !== 0) return byKind;
  const byExport = (nb.exported ? 1 : 0) - (na.exported ? 1 : 0);
  if (byExport !== 0) return byExport;
  return a < b ? -1 : a > b ? 1 : 0;
}
