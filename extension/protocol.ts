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

/** The wire form of a code graph: only what the explorer shows, doc lines cut short. */
export function toWireGraph(graph: GraphSource): WireGraph {
  const nodes: WireNode[] = [];
  const at = new Map<string, number>();
  graph.forEachNode((id, a) => {
    at.set(id, nodes.length);
    const n: WireNode = { id, kind: a.kind, name: a.name };
    if (a.path !== undefined) n.path = a.path;
    const line = a.startLine ?? a.line;
    if (line !== undefined) n.line = line;
    if (a.endLine !== undefined) n.endLine = a.endLine;
    if (a.signature) n.signature = a.signature;
    if (a.doc) n.doc = a.doc.length > DOC_LIMIT ? `${a.doc.slice(0, DOC_LIMIT)}…` : a.doc;
    if (a.language) n.language = a.language;
    if (a.exported) n.exported = true;
    nodes.push(n);
  });
  const edges: WireEdge[] = [];
  graph.forEachEdge((_key, a, s, t) => {
    const si = at.get(s);
    const ti = at.get(t);
    if (si !== undefined && ti !== undefined) edges.push([si, ti, a.kind]);
  });
  return { nodes, edges };
}

export function edgeRefKey(e: WireEdgeRef): string {
  return `${e[2]}|${e[0]}|${e[1]}`;
}

function sameNode(a: WireNode, b: WireNode): boolean {
  // Wire nodes are flat and built in one key order, so their JSON compares them.
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

export type HostMessage =
  | { type: 'init'; host: HostInfo; graph: WireGraph; state: WireIndexState }
  | { type: 'diff'; diff: WireDiff }
  | { type: 'state'; state: WireIndexState }
  /** Follow editor: the node under the cursor. */
  | { type: 'reveal'; id: string }
  | { type: 'reply'; req: number; ok: boolean; message?: string };

// ---- explorer → host ----------------------------------------------------------------------------

export type ExportFormat = 'png' | 'svg';

export type ViewMessage =
  | { type: 'ready' }
  /** Reveal the node's definition in the editor; the host finds the file and line. */
  | { type: 'open'; req: number; id: string }
  | { type: 'reindex'; req: number }
  | { type: 'follow'; on: boolean }
  /** PNG as a data: URL, SVG as text; the host asks where to save it. */
  | { type: 'export'; req: number; format: ExportFormat; data: string };

export type ViewMessageType = ViewMessage['type'];

/** Exports bigger than this are refused (a 4k PNG is ~10 MB as a data URL). */
export const MAX_EXPORT_CHARS = 64 * 1024 * 1024;
const MAX_ID_CHARS = 4096;

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

/** GET routes; both need `Authorization: Bearer <token>`. */
export const UI_API = { graph: '/api/graph', version: '/api/version' } as const;

export interface UiGraphResponse {
  version: number;
  folder: string;
  largeGraph: number;
  state: WireIndexState;
  graph: WireGraph;
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
