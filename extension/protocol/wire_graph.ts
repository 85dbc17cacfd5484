/**
 * Explorer protocol: the graph on the wire
 * ========================================
 * The graph crosses to the explorer as a compact "wire graph" (nodes with the attributes the
 * explorer shows, edges as node indexes) and, after a save, as a diff between two wire graphs, so
 * the webview keeps its layout and camera.
 *
 * A graph above the explorer's size limit crosses in part: its overview (modules, files, packages,
 * decisions, docs: every node that is not a symbol inside a file) and, on demand, the symbols of
 * the files and folders the person expands (a `WireScope`).
 *
 * Pure functions over a read view of the graph: the webview imports them as the hosts do.
 */
import { NODE_KINDS, SYMBOL_KINDS } from '../core/model/kinds';
import type { EdgeAttributes, NodeAttributes } from '../core/model/types';

/** The webview reaches the id scheme only through the protocol. */
export { fileId } from '../core/model/ids';

// ---- the graph on the wire ----------------------------------------------------------------------

export interface WireNode {
  id: string;
  kind: string;
  name: string;
  path?: string;
  line?: number;
  endLine?: number;
  signature?: string;
  doc?: string;
  language?: string;
  exported?: boolean;
  /** doc and entity nodes (docs GraphRAG). */
  docs?: WireDocs;
  /** decision and trade_off nodes (the LLM layer). */
  llm?: WireLlm;
}

export interface WireDocs {
  title?: string;
  format?: string;
  chunks?: number;
  aliases?: string[];
  entityType?: string;
  mentionCount?: number;
}

export interface WireLlm {
  statement?: string;
  rationale?: string;
  confidence?: number;
  chosen?: string;
  rejected?: string;
}

/** [source index, target index, edge kind] into `WireGraph.nodes`. */
export type WireEdge = [number, number, string];

export interface WireGraph {
  nodes: WireNode[];
  edges: WireEdge[];
}

/** An edge named by its ends' ids, for diffs (indexes differ between two graphs). */
export type WireEdgeRef = [string, string, string];

export interface WireDiff {
  /** New nodes, and nodes whose attributes changed (replace them whole). */
  putNodes: WireNode[];
  dropNodes: string[];
  addEdges: WireEdgeRef[];
  dropEdges: WireEdgeRef[];
}

/** The minimal read view of a graphology graph that `toWireGraph` needs (CodeGraph.graph is one). */
export interface GraphSource {
  forEachNode(fn: (id: string, attrs: NodeAttributes) => void): void;
  forEachEdge(fn: (key: string, attrs: EdgeAttributes, source: string, target: string) => void): void;
}

const DOC_LIMIT = 300;
const ALIAS_LIMIT = 12;

const cut = (s: string): string => (s.length > DOC_LIMIT ? `${s.slice(0, DOC_LIMIT)}…` : s);

// Built in one key order, field by field: wire nodes are compared by their JSON (sameNode).
function wireDocs(d: NonNullable<NodeAttributes['docs']>): WireDocs | undefined {
  const out: WireDocs = {};
  if (d.title) out.title = cut(d.title);
  if (d.format) out.format = d.format;
  if (d.chunks !== undefined) out.chunks = d.chunks;
  if (d.aliases?.length) out.aliases = d.aliases.slice(0, ALIAS_LIMIT).map(cut);
  if (d.entityType) out.entityType = d.entityType;
  if (d.mentionCount !== undefined) out.mentionCount = d.mentionCount;
  return Object.keys(out).length > 0 ? out : undefined;
}

function wireLlm(l: NonNullable<NodeAttributes['llm']>): WireLlm | undefined {
  const out: WireLlm = {};
  if (l.statement) out.statement = cut(l.statement);
  if (l.rationale) out.rationale = cut(l.rationale);
  if (l.confidence !== undefined) out.confidence = l.confidence;
  if (l.chosen) out.chosen = cut(l.chosen);
  if (l.rejected) out.rejected = cut(l.rejected);
  return Object.keys(out).length > 0 ? out : undefined;
}

export function toWireNode(id: string, a: NodeAttributes): WireNode {
  const n: WireNode = { id, kind: a.kind, name: a.name };
  if (a.path !== undefined) n.path = a.path;
  const line = a.startLine ?? a.line;
  if (line !== undefined) n.line = line;
  if (a.endLine !== undefined) n.endLine = a.endLine;
  if (a.signature) n.signature = a.signature;
  if (a.doc) n.doc = cut(a.doc);
  if (a.language) n.language = a.language;
  if (a.exported) n.exported = true;
  const docs = a.docs && wireDocs(a.docs);
  if (docs) n.docs = docs;
  const llm = a.llm && wireLlm(a.llm);
  if (llm) n.llm = llm;
  return n;
}

// ---- partial graphs: the overview and what was expanded -----------------------------------------

/** Kinds always loaded: the containers and everything that is not a symbol inside a file. */
export const OVERVIEW_KINDS: ReadonlySet<string> = new Set(NODE_KINDS.filter((k) => !(SYMBOL_KINDS as readonly string[]).includes(k)));

/** A symbol inside a file: loaded only when its file (or a folder above it) is expanded. */
export function isDetailNode(a: { kind: string; path?: string | undefined }): boolean {
  return !OVERVIEW_KINDS.has(a.kind) && a.path !== undefined;
}

/** Which symbols are loaded besides the overview: those of these files and of the files under these folders. */
export interface WireScope {
  files: ReadonlySet<string>;
  folders: readonly string[];
}

export const emptyScope = (): WireScope => ({ files: new Set(), folders: [] });

/** Is this node loaded under the scope? Every node is when there is no scope (the whole graph). */
export function inScope(scope: WireScope | undefined, a: { kind: string; path?: string | undefined }): boolean {
  if (scope === undefined || !isDetailNode(a)) return true;
  const path = a.path as string;
  if (scope.files.has(path)) return true;
  for (const f of scope.folders) if (f === '' || path.startsWith(`${f}/`)) return true;
  return false;
}

/**
 * The scope that loads a node: a module loads every file under its folder, a file its symbols, a
 * symbol its own file. Undefined when there is nothing to load for it (a package, a decision).
 */
export function scopeOf(a: { kind: string; path?: string | undefined } | undefined): { file: string } | { folder: string } | undefined {
  if (a === undefined || a.path === undefined) return undefined;
  if (a.kind === 'module') return { folder: a.path };
  if (a.kind === 'file' || isDetailNode(a)) return { file: a.path };
  return undefined;
}

/** The scope with one more file or folder in it (the same object when it was in already). */
export function widenScope(scope: WireScope, add: { file: string } | { folder: string }): WireScope {
  if ('file' in add) return scope.files.has(add.file) ? scope : { files: new Set([...scope.files, add.file]), folders: scope.folders };
  return scope.folders.includes(add.folder) ? scope : { files: scope.files, folders: [...scope.folders, add.folder] };
}

/** The wire form of a code graph: only what the explorer shows, doc lines cut short; only the nodes in `scope` when given. */
export function toWireGraph(graph: GraphSource, scope?: WireScope): WireGraph {
  const nodes: WireNode[] = [];
  const at = new Map<string, number>();
  graph.forEachNode((id, a) => {
    if (!inScope(scope, a)) return;
    at.set(id, nodes.length);
    nodes.push(toWireNode(id, a));
  });
  const edges: WireEdge[] = [];
  graph.forEachEdge((_key, a, s, t) => {
    const si = at.get(s);
    const ti = at.get(t);
    if (si !== undefined && ti !== undefined) edges.push([si, ti, a.kind]);
  });
  return { nodes, edges };
}

/** How many symbols a scope loads (to refuse an expand that would draw the whole graph at once). */
export function countInScope(graph: GraphSource, add: WireScope): number {
  let n = 0;
  graph.forEachNode((_id, a) => {
    if (isDetailNode(a) && inScope(add, a)) n++;
  });
  return n;
}

/**
 * Why an expand is refused: one expand may not load more symbols than the size limit (expanding
 * the root folder of a 100,000-node graph would draw it all at once). Expanding step by step is
 * the person's choice.
 */
export function tooMuchToExpand(adding: number, limit: number): string | undefined {
  if (adding <= limit) return undefined;
  return `That holds ${adding.toLocaleString('en')} symbols, more than the explorer loads at once (${limit.toLocaleString('en')}, kgMemory.explorer.largeGraph): expand a subfolder or a file instead.`;
}

/** Nodes and edges named by id: a part of a graph whose edges may reach outside it. */
export interface WireSlice {
  nodes: WireNode[];
  edges: WireEdgeRef[];
}

/** The symbols a scope adds to the overview, with every edge that touches them. */
export function wireSlice(graph: GraphSource, add: WireScope): WireSlice {
  const nodes: WireNode[] = [];
  const ids = new Set<string>();
  graph.forEachNode((id, a) => {
    if (!isDetailNode(a) || !inScope(add, a)) return;
    ids.add(id);
    nodes.push(toWireNode(id, a));
  });
  const edges: WireEdgeRef[] = [];
  graph.forEachEdge((_k, a, s, t) => {
    if (ids.has(s) || ids.has(t)) edges.push([s, t, a.kind]);
  });
  return { nodes, edges };
}

/**
 * The overview and the slices as one wire graph: each node once, the edges whose two ends are both
 * in it (an edge from an expanded symbol to a file not expanded waits until that file is).
 */
export function composeWireGraph(overview: WireGraph, slices: Iterable<WireSlice>): WireGraph {
  const nodes = [...overview.nodes];
  const at = new Map(nodes.map((n, i) => [n.id, i]));
  const list = [...slices];
  for (const slice of list) {
    for (const n of slice.nodes) {
      if (at.has(n.id)) continue;
      at.set(n.id, nodes.length);
      nodes.push(n);
    }
  }
  const edges: WireEdge[] = [...overview.edges];
  const seen = new Set(edges.map(([s, t, k]) => `${k}|${s}|${t}`));
  for (const slice of list) {
    for (const [s, t, kind] of slice.edges) {
      const si = at.get(s);
      const ti = at.get(t);
      if (si === undefined || ti === undefined) continue;
      const key = `${kind}|${si}|${ti}`;
      if (seen.has(key)) continue;
      seen.add(key);
      edges.push([si, ti, kind]);
    }
  }
  return { nodes, edges };
}

export function edgeRefKey(e: WireEdgeRef): string {
  return `${e[2]}|${e[0]}|${e[1]}`;
}

function sameNode(a: WireNode, b: WireNode): boolean {
  // Wire nodes are built in one key order (toWireNode), so their JSON compares them.
  return JSON.stringify(a) === JSON.stringify(b);
}

function edgeRefs(g: WireGraph): Map<string, WireEdgeRef> {
  const out = new Map<string, WireEdgeRef>();
  for (const [s, t, kind] of g.edges) {
    const ref: WireEdgeRef = [g.nodes[s]!.id, g.nodes[t]!.id, kind];
    out.set(edgeRefKey(ref), ref);
  }
  return out;
}

/** What changed from `prev` to `next`; applying it to prev gives next. */
export function diffWireGraphs(prev: WireGraph, next: WireGraph): WireDiff {
  const before = new Map(prev.nodes.map((n) => [n.id, n]));
  const after = new Set<string>();
  const putNodes: WireNode[] = [];
  for (const n of next.nodes) {
    after.add(n.id);
    const old = before.get(n.id);
    if (!old || !sameNode(old, n)) putNodes.push(n);
  }
  const dropNodes = prev.nodes.filter((n) => !after.has(n.id)).map((n) => n.id);
  const e0 = edgeRefs(prev);
  const e1 = edgeRefs(next);
  const addEdges = [...e1].filter(([k]) => !e0.has(k)).map(([, e]) => e);
  const dropEdges = [...e0].filter(([k]) => !e1.has(k)).map(([, e]) => e);
  return { putNodes, dropNodes, addEdges, dropEdges };
}

export function isEmptyDiff(d: WireDiff): boolean {
  return d.putNodes.length + d.dropNodes.length + d.addEdges.length + d.dropEdges.length === 0;
}
