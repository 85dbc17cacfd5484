/**
 * Explorer protocol: the messages
 * ===============================
 * The typed messages between the graph explorer (webview/) and its two hosts: the VS Code
 * extension (extension/vscode/explorer*.ts) and `kg-memory serve --ui` (extension/cli). Both sides
 * import this file; the webview takes only its types and pure helpers, never the core.
 *
 * Trust runs one way: the host trusts nothing the webview sends. `parseViewMessage` accepts only
 * the known message types with well-formed fields, and the webview never names a file: it asks to
 * open a node id, and the host looks the path up in its own graph and checks it is inside the root.
 *
 * The host answers search over the whole graph, so a symbol not loaded yet can still be found,
 * and loads its file when chosen.
 */
import type { WireDiff, WireGraph, WireSlice } from './wire_graph';

/** The index state shown in the stats bar and the empty state. */
export type WireIndexState =
  | { kind: 'idle' }
  | { kind: 'indexing'; done: number; total: number }
  | { kind: 'ready' }
  | { kind: 'error'; message: string };

// ---- host → explorer ----------------------------------------------------------------------------

export interface HostInfo {
  /** 'vscode': can open files, reindex, follow the editor, save exports. 'browser': read-only. */
  kind: 'vscode' | 'browser';
  /** The folder's name, for the title. */
  folder: string;
  /** Above this many nodes the explorer opens at module level and expands on demand. */
  largeGraph: number;
  /** Where it is shown in VS Code: the sidebar follows the editor (the file's context), the panel opens on the architecture. Absent: the browser. */
  surface?: 'sidebar' | 'panel';
  /** Whether "Follow editor" starts on. */
  follow?: boolean;
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
  /** The node under the editor's cursor (or its file): marked always, shown (the sidebar: its file's context) when following. */
  | { type: 'reveal'; id: string }
  /** Show these nodes against a faded rest (the impact of a change, callers): `ids` empty clears it. */
  | { type: 'highlight'; label: string; ids: string[] }
  | { type: 'reply'; req: number; ok: boolean; message?: string; hits?: WireHit[]; answer?: WireAnswer };

/** A query's answer (callers, impact, path): what to highlight and the tests to run. */
export interface WireAnswer {
  label: string;
  ids: string[];
  tests: string[];
}

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
  | { type: 'search'; req: number; query: string; limit: number }
  /** Callers, impact (of `id`) or the path from `id` to `to`, with the core queries MCP uses; the reply carries the answer, its files loaded first. */
  | { type: 'query'; req: number; query: 'callers' | 'impact' | 'path'; id: string; to?: string }
  /** What the explorer shows of the host's last highlight: how many of its nodes are drawn (0 and label '' once cleared). */
  | { type: 'highlighted'; label: string; shown: number };

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
    case 'query': {
      if (!isReq(raw.req) || (raw.query !== 'callers' && raw.query !== 'impact' && raw.query !== 'path')) return undefined;
      if (typeof raw.id !== 'string' || raw.id === '' || raw.id.length > MAX_ID_CHARS) return undefined;
      if (raw.query !== 'path') return { type: 'query', req: raw.req, query: raw.query, id: raw.id };
      if (typeof raw.to !== 'string' || raw.to === '' || raw.to.length > MAX_ID_CHARS) return undefined;
      return { type: 'query', req: raw.req, query: 'path', id: raw.id, to: raw.to };
    }
    case 'highlighted':
      if (typeof raw.label !== 'string' || raw.label.length > MAX_QUERY_CHARS) return undefined;
      if (typeof raw.shown !== 'number' || !Number.isSafeInteger(raw.shown) || raw.shown < 0) return undefined;
      return { type: 'highlighted', label: raw.label, shown: raw.shown };
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
export const UI_API = { graph: '/api/graph', version: '/api/version', expand: '/api/expand', search: '/api/search', query: '/api/query' } as const;

/** GET /api/query?kind=callers|impact|path&id=&to= */
export interface UiQueryResponse {
  answer: WireAnswer;
  message?: string;
}

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
