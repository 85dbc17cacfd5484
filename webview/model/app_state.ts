/**
 * Explorer UI state
 * =================
 * Everything React shows besides the canvas, changed only through `appReducer` actions, so the
 * transitions are testable without a browser. The graph itself is not here (it is a mutable
 * graphology object held by the App); `graphVersion` counts its changes so derived lists refresh.
 */
import type { HostInfo, WireIndexState, WireTotals } from '../../extension/protocol/messages';
import { applyPreset, expandPath, initialPreset, toggleEdgeKind, toggleExpanded, toggleNodeKind, type PresetId } from './filters';
import type { ViewState } from './reducers';

export interface LayoutStatus {
  running: boolean;
  iterations: number;
  elapsedMs: number;
  settled: boolean;
  coarseMs?: number;
  iterationMs?: number;
}

export interface AppState {
  host?: HostInfo;
  /** The whole graph's size, and whether only part of it is loaded. */
  totals: WireTotals;
  indexState: WireIndexState;
  graphVersion: number;
  /** Kinds present in the graph, in the filter panel. */
  present: { nodes: string[]; edges: string[] };
  view: ViewState;
  follow: boolean;
  layout: LayoutStatus;
  notice?: string;
  /** The node a path question starts from, chosen with "Path from here". */
  pathFrom?: string;
}

export const initialAppState: AppState = {
  totals: { partial: false, nodes: 0, edges: 0 },
  indexState: { kind: 'idle' },
  graphVersion: 0,
  present: { nodes: [], edges: [] },
  view: { filters: applyPreset('everything', { nodes: [], edges: [] }), focusDepth: 0 },
  follow: false,
  layout: { running: false, iterations: 0, elapsedMs: 0, settled: false },
};

export type AppAction =
  | { type: 'init'; host: HostInfo; state: WireIndexState; present: AppState['present']; totals: WireTotals }
  | { type: 'graphChanged'; present: AppState['present']; totals?: WireTotals }
  | { type: 'indexState'; state: WireIndexState }
  | { type: 'preset'; preset: PresetId }
  | { type: 'toggleNodeKind'; kind: string }
  | { type: 'toggleEdgeKind'; kind: string }
  | { type: 'toggleExpanded'; path: string }
  | { type: 'expand'; path: string }
  | { type: 'select'; id: string | undefined }
  | { type: 'focusDepth'; depth: number }
  | { type: 'follow'; on: boolean }
  | { type: 'layout'; status: LayoutStatus }
  | { type: 'notice'; text: string | undefined }
  /** The host's highlight; no ids clears it. */
  | { type: 'highlight'; label: string; ids: readonly string[]; tests?: readonly string[] }
  /** "Path from here": the start of the next path question. */
  | { type: 'pathFrom'; id: string | undefined }
  /** Following the editor in the sidebar: the file's context (model/context.ts); undefined leaves it. */
  | { type: 'context'; context: ViewState['context'] }
  /** The file in the editor (marked on the graph). */
  | { type: 'current'; id: string | undefined };

export function appReducer(s: AppState, a: AppAction): AppState {
  switch (a.type) {
    case 'init': {
      // A partial graph is above the limit by definition; the whole graph's size decides otherwise.
      const preset = a.totals.partial ? 'architecture' : initialPreset(a.totals.nodes, a.host.largeGraph);
      return { ...s, host: a.host, totals: a.totals, indexState: a.state, present: a.present, graphVersion: s.graphVersion + 1, follow: a.host.follow ?? s.follow, view: { filters: applyPreset(preset, a.present), focusDepth: 0 } };
    }
    case 'graphChanged': {
      // Kinds that appear for the first time are shown when the preset shows everything.
      const f = s.view.filters;
      const everything = f.preset === 'everything';
      const nodeKinds = everything ? new Set(a.present.nodes) : f.nodeKinds;
      const edgeKinds = everything ? new Set(a.present.edges) : f.edgeKinds;
      return { ...s, ...(a.totals ? { totals: a.totals } : {}), present: a.present, graphVersion: s.graphVersion + 1, view: { ...s.view, filters: { ...f, nodeKinds, edgeKinds } } };
    }
    case 'indexState':
      return { ...s, indexState: a.state };
    case 'preset':
      return { ...s, view: { ...s.view, filters: applyPreset(a.preset, s.present, s.view.filters.expanded) } };
    case 'toggleNodeKind':
      return { ...s, view: { ...s.view, filters: toggleNodeKind(s.view.filters, a.kind) } };
    case 'toggleEdgeKind':
      return { ...s, view: { ...s.view, filters: toggleEdgeKind(s.view.filters, a.kind) } };
    case 'toggleExpanded':
      return { ...s, view: { ...s.view, filters: toggleExpanded(s.view.filters, a.path) } };
    case 'expand':
      return { ...s, view: { ...s.view, filters: expandPath(s.view.filters, a.path) } };
    case 'select': {
      const view: ViewState = { ...s.view };
      if (a.id === undefined) delete view.selected;
      else view.selected = a.id;
      return { ...s, view };
    }
    case 'focusDepth':
      return { ...s, view: { ...s.view, focusDepth: Math.max(0, Math.min(5, Math.round(a.depth))) } };
    case 'follow': {
      // Leaving follow leaves the context: the whole graph at its own layout again.
      if (a.on) return { ...s, follow: true };
      const view: ViewState = { ...s.view };
      delete view.context;
      return { ...s, follow: false, view };
    }
    case 'layout':
      return { ...s, layout: a.status };
    case 'highlight': {
      const view: ViewState = { ...s.view };
      if (a.ids.length === 0) delete view.highlight;
      // An answer reaches past the file's context: the whole graph shows it, at its own layout.
      else if (view.context) delete view.context;
      if (a.ids.length > 0) view.highlight = { label: a.label, ids: new Set(a.ids), ...(a.tests && a.tests.length > 0 ? { tests: [...a.tests] } : {}) };
      return { ...s, view };
    }
    case 'context': {
      const view: ViewState = { ...s.view };
      if (a.context === undefined) delete view.context;
      else view.context = a.context;
      return { ...s, view };
    }
    case 'current': {
      if (s.view.current === a.id) return s;
      const view: ViewState = { ...s.view };
      if (a.id === undefined) delete view.current;
      else view.current = a.id;
      return { ...s, view };
    }
    case 'pathFrom': {
      const next = { ...s };
      if (a.id === undefined) delete next.pathFrom;
      else next.pathFrom = a.id;
      return next;
    }
    case 'notice': {
      const next = { ...s };
      if (a.text === undefined) delete next.notice;
      else next.notice = a.text;
      return next;
    }
  }
}
