/**
 * Explorer protocol
 * =================
 * The typed messages between the graph explorer (webview/) and its two hosts: the VS Code
 * extension (extension/vscode/explorer*.ts) and `kg-memory serve --ui` (extension/cli). Both sides
 * import this file; the webview takes only its types and pure helpers, never the core.
 *
 * Trust runs one way: the host trusts nothing the webview sends. `parseViewMessage` accepts only
 * the known message types with well-formed fields, and the webview never names a file: it asks to
 * open a node id, and the host looks the path up in its own graph and checks it is inside the root.
 *
 * The graph crosses as a compact "wire graph" (nodes with the attributes the explorer shows, edges
 * as node indexes) and, after a save, as a diff between two wire graphs, so the webview keeps its
 * layout and camera.
 *
 * A graph above the explorer's size limit crosses in part: its overview (modules, files, packages,
 * decisions, docs: every node that is not a symbol inside a file) and, on demand, the symbols of
 * the files and folders the person expands (a `WireScope`). The host answers search over the
 * whole graph, so a symbol not loaded yet can still be found, and loads its file when chosen.
 */
import type { EdgeAttributes, NodeAttributes } from './core/model/types';

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

/** The index state shown in the stats bar and the empty state. */
export type WireIndexState =
  | { kind: 'idle' }
  | { kind: 'indexing'; done: number; total: number }
  | { kind: 'ready' }
  | { kind: 'error'; message: string };

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
export const OVERVIEW_KINDS: ReadonlySet<string> = new Set(['module', 'file', 'external', 'adr', 'config', 'concept', 'memory', 'doc', 'entity', 'decision', 'trade_off']);

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
    const ref: WireEdgeRef = [g.nodes[s].id, g.nodes[t].id, kind];
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

// ---- host → explorer ----------------------------------------------------------------------------

export interface HostInfo {
  /** 'vscode': can open files, reindex, follow the editor, save exports. 'browser': read-only. */
  kind: 'vscode' | 'browser';
  /** The folder's name, for the title. */
  folder: string;
  /** Above this many nodes the explorer opens at module level and expands on demand. */
  largeGraph: number;
}

/** How much of the graph the explorer was sent. */
export interface WireTotals {
  /** True when only the overview and the expanded files are loaded: search and expand ask the host. */
  partial: boolean;
  /** The whole graph's size. */
  nodes: number;
  edges: number;
}

/** A search result, ranked by the host over the whole graph. */
export interface WireHit {
  id: string;
  name: string;
  kind: string;
  path?: string;
  /** 0 exact, 1 prefix, 2 word start, 3 contains, 4 path or id. */
  tier: number;
}

export type HostMessage =
  | { type: 'init'; host: HostInfo; graph: WireGraph; state: WireIndexState; totals: WireTotals }
  | { type: 'diff'; diff: WireDiff; totals?: WireTotals }
  | { type: 'state'; state: WireIndexState }
  /** Follow editor: the node under the cursor. */
  | { type: 'reveal'; id: string }
  | { type: 'reply'; req: number; ok: boolean; message?: string; hits?: WireHit[] };

// ---- explorer → host ----------------------------------------------------------------------------

export type ExportFormat = 'png' | 'svg';

export type ViewMessage =
  | { type: 'ready' }
  /** Reveal the node's definition in the editor; the host finds the file and line. */
  | { type: 'open'; req: number; id: string }
  | { type: 'reindex'; req: number }
  | { type: 'follow'; on: boolean }
  /** PNG as a data: URL, SVG as text; the host asks where to save it. */
  | { type: 'export'; req: number; format: ExportFormat; data: string }
  /** Load the symbols of this node's file, or of the files under this module (a partial graph); they arrive as a diff before the reply. */
  | { type: 'expand'; req: number; id: string }
  /** Search the whole graph; the reply carries the hits. */
  | { type: 'search'; req: number; query: string; limit: number };

export type ViewMessageType = ViewMessage['type'];

/** Exports bigger than this are refused (a 4k PNG is ~10 MB as a data URL). */
export const MAX_EXPORT_CHARS = 64 * 1024 * 1024;
const MAX_ID_CHARS = 4096;
export const MAX_QUERY_CHARS = 200;
export const MAX_SEARCH_HITS = 100;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isReq = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** The message if it is one the host accepts, else undefined. Unknown fields are dropped. */
export function parseViewMessage(raw: unknown): ViewMessage | undefined {
  if (!isObject(raw) || typeof raw.type !== 'string') return undefined;
  switch (raw.type) {
    case 'ready':
      return { type: 'ready' };
    case 'open':
      if (!isReq(raw.req) || typeof raw.id !== 'string' || raw.id === '' || raw.id.length > MAX_ID_CHARS) return undefined;
      return { type: 'open', req: raw.req, id: raw.id };
    case 'reindex':
      return isReq(raw.req) ? { type: 'reindex', req: raw.req } : undefined;
    case 'follow':
      return typeof raw.on === 'boolean' ? { type: 'follow', on: raw.on } : undefined;
    case 'expand':
      if (!isReq(raw.req) || typeof raw.id !== 'string' || raw.id === '' || raw.id.length > MAX_ID_CHARS) return undefined;
      return { type: 'expand', req: raw.req, id: raw.id };
    case 'search':
      if (!isReq(raw.req) || typeof raw.query !== 'string' || raw.query.length > MAX_QUERY_CHARS) return undefined;
      if (typeof raw.limit !== 'number' || !Number.isSafeInteger(raw.limit) || raw.limit < 1 || raw.limit > MAX_SEARCH_HITS) return undefined;
      return { type: 'search', req: raw.req, query: raw.query, limit: raw.limit };
    case 'export': {
      if (!isReq(raw.req) || (raw.format !== 'png' && raw.format !== 'svg') || typeof raw.data !== 'string') return undefined;
      if (raw.data.length > MAX_EXPORT_CHARS) return undefined;
      if (raw.format === 'png' && !raw.data.startsWith('data:image/png;base64,')) return undefined;
      if (raw.format === 'svg' && !raw.data.startsWith('<svg')) return undefined;
      return { type: 'export', req: raw.req, format: raw.format, data: raw.data };
    }
    default:
      return undefined;
  }
}

/** A handler per message type; the dispatcher narrows each message to its own type. */
export type ViewHandlers = { [K in ViewMessageType]: (m: Extract<ViewMessage, { type: K }>) => void | Promise<void> };

export function dispatchViewMessage(handlers: ViewHandlers, m: ViewMessage): void | Promise<void> {
  // The cast is what the mapped type proves: handlers[m.type] takes exactly this m.
  return (handlers[m.type] as (m: ViewMessage) => void | Promise<void>)(m);
}

// ---- the browser host's read-only API (kg-memory serve --ui) ----------------------------------

/**
 * GET routes; all need `Authorization: Bearer <token>`. `graph` is the whole graph, or its overview
 * when the graph is above the size limit; `expand?id=` the slice a node's file or module adds;
 * `search?q=&limit=` hits over the whole graph.
 */
export const UI_API = { graph: '/api/graph', version: '/api/version', expand: '/api/expand', search: '/api/search' } as const;

export interface UiGraphResponse {
  version: number;
  folder: string;
  largeGraph: number;
  state: WireIndexState;
  graph: WireGraph;
  totals: WireTotals;
}

export interface UiExpandResponse {
  version: number;
  slice: WireSlice;
}

export interface UiSearchResponse {
  hits: WireHit[];
}

export interface UiVersionResponse {
  version: number;
  state: WireIndexState;
}

// ---- the page ------------------------------------------------------------------------------------

/** The bundle's file names (beside each other in dist/webview/) and the element the app mounts on. */
export const EXPLORER_FILES = { script: 'explorer.js', style: 'explorer.css' } as const;
export const EXPLORER_ROOT_ID = 'kg-explorer';

export interface PageOptions {
  nonce: string;
  scriptUrl: string;
  styleUrl: string;
  /** Where styles and fonts may come from besides the nonce (VS Code: webview.cspSource; browser: 'self'). */
  resourceSource: string;
  /** connect-src: 'none' in VS Code (messages only), 'self' in the browser (the read-only API). */
  connectSource: string;
  title: string;
}

/**
 * The explorer's HTML with a strict Content Security Policy: scripts only with the nonce, no
 * remote loads, no inline styles but the nonce'd sheet; the layout worker runs from a blob: URL
 * built from the bundle's own text (a webview cannot start a worker from its resource origin).
 */
export function explorerPage(o: PageOptions): string {
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${o.nonce}'`,
    `style-src ${o.resourceSource} 'nonce-${o.nonce}'`,
    `img-src ${o.resourceSource} data: blob:`,
    `font-src ${o.resourceSource}`,
    `connect-src ${o.connectSource}`,
    'worker-src blob:',
  ].join('; ');
  const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(o.title)}</title>
<link rel="stylesheet" nonce="${esc(o.nonce)}" href="${esc(o.styleUrl)}">
</head>
<body>
<div id="${EXPLORER_ROOT_ID}"></div>
<script nonce="${esc(o.nonce)}" src="${esc(o.scriptUrl)}"></script>
</body>
</html>
`;
}
