/**
 * Explorer app
 * ============
 * Holds the graph (a graphology object, mutated by host messages) and the UI state (a reducer),
 * and wires them to the canvas and the panels. Host messages: `init` builds the graph and starts
 * the layout, `diff` patches it in place (layout and camera stay), `reveal` follows the editor,
 * `highlight` shows a set of nodes (the impact of a change) against a faded rest until cleared.
 *
 * A partial graph (above the size limit: the host sent the overview) grows on demand: expanding a
 * file or module (the detail panel's button, a double-click on it) asks the host for its symbols,
 * which arrive as a diff and are laid out around their file while the rest stays put; search asks
 * the host, and choosing a symbol not loaded yet (or following the editor to one) loads its file
 * first.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { HostMessage } from '../../extension/protocol/messages';
import { exportPng, exportSvg } from '../graph/export';
import { LayoutRunner } from '../graph/layout';
import type { GraphView } from '../graph/renderer';
import { themeColor } from '../graph/theme';
import type { ExplorerClient } from '../host/client';
import { appReducer, initialAppState } from '../model/app_state';
import { fileContext, fileOf, type FileContext } from '../model/context';
import { nodeDetail } from '../model/detail';
import { isExpanded } from '../model/filters';
import { applyDiff, buildGraph, kindCounts, type ExplorerGraph } from '../model/graph_data';
import { nodeStyle } from '../model/kinds';
import { deriveView, nodeVisible } from '../model/reducers';
import { buildSearchIndex, type SearchHit } from '../model/search';
import { ExplorerContext, type ExplorerCtx } from './context';
import { DetailPanel } from './DetailPanel';
import { FilterPanel, PresetBar } from './FilterPanel';
import { GraphCanvas } from './GraphCanvas';
import { SearchBox } from './SearchBox';
import { EmptyState, StatsBar, ZoomControls } from './StatusParts';
import { installTestHooks } from './test_hooks';

/** The layout's time budget: the issue asks for a settled picture within 5 s. */
const LAYOUT_MS = 4500;
/** Laying out the symbols an expand brought in, around their files, with everything else pinned. */
const EXPAND_LAYOUT_MS = 1500;

export function App({ client }: { client: ExplorerClient }) {
  const [state, dispatch] = useReducer(appReducer, initialAppState);
  const [graph, setGraph] = useState<ExplorerGraph>();
  const [gv, setGv] = useState<GraphView>();
  const [showFilters, setShowFilters] = useState(() => window.innerWidth > 640);
  const layout = useRef<LayoutRunner>();
  const search = useRef<HTMLInputElement>(null);
  const followRef = useRef(state.follow);
  followRef.current = state.follow;
  const surfaceRef = useRef(state.host?.surface);
  const gvRef = useRef(gv);
  gvRef.current = gv;
  const graphRef = useRef<ExplorerGraph>();
  const partialRef = useRef(false);
  partialRef.current = state.totals.partial;
  const expandedRef = useRef(state.view.filters.expanded);
  expandedRef.current = state.view.filters.expanded;

  // ---- host messages --------------------------------------------------------------------------
  useEffect(() => {
    let g: ExplorerGraph | undefined;
    const off = client.onMessage((m: HostMessage) => {
      switch (m.type) {
        case 'init': {
          // A reveal may follow in the same task, before React re-renders with the host's settings.
          followRef.current = m.host.follow ?? followRef.current;
          surfaceRef.current = m.host.surface;
          // A new graph: the context is computed again on it.
          contextRef.current = undefined;
          layout.current?.dispose();
          g = graphRef.current = buildGraph(m.graph);
          const c = kindCounts(g);
          dispatch({ type: 'init', host: m.host, state: m.state, present: presentKinds(c), totals: m.totals });
          setGraph(g);
          layout.current = new LayoutRunner(g, (status) => {
            dispatch({ type: 'layout', status });
            gvRef.current?.layoutMoved(status.running);
          });
          if (g.order > 0) layout.current.start(LAYOUT_MS);
          return;
        }
        case 'diff': {
          if (!g) return;
          // Positions are matched by index in the worker: a changed node set ends the run.
          layout.current?.stop();
          const added = applyDiff(g, m.diff);
          dispatch({ type: 'graphChanged', present: presentKinds(kindCounts(g)), ...(m.totals ? { totals: m.totals } : {}) });
          // Symbols an expand brought in settle around their files; nothing else moves.
          if (partialRef.current && added.length > 0) layout.current?.start(EXPAND_LAYOUT_MS, new Set(added));
          return;
        }
        case 'state':
          dispatch({ type: 'indexState', state: m.state });
          return;
        case 'reveal':
          revealRef.current(m.id);
          return;
        case 'highlight': {
          // The host loads what a partial graph lacks before it asks; count what is here to draw.
          const shown = m.ids.filter((id) => g?.hasNode(id)).length;
          dispatch({ type: 'highlight', label: m.label, ids: m.ids });
          client.highlighted(m.ids.length ? m.label : '', shown);
          if (shown > 0) requestAnimationFrame(() => gvRef.current?.zoom('reset'));
          return;
        }
        case 'reply':
          return;
      }
    });
    client.ready();
    return () => {
      off();
      layout.current?.dispose();
    };
  }, [client]);

  // ---- view state → sigma (no new renderer, no layout reset) ----------------------------------
  useEffect(() => {
    gv?.setState(state.view);
  }, [gv, state.view, state.graphVersion]);

  // The filter panel covers the canvas's left edge: framing leaves it free.
  useEffect(() => {
    const filters = document.querySelector<HTMLElement>('.panel.filters');
    gv?.setInsets({ left: showFilters && filters ? filters.offsetWidth + filters.offsetLeft : 0, right: 0 });
  }, [gv, showFilters, state.present]);

  // A preset is a new level of detail: fit it in view (single toggles keep the camera where it is).
  const preset = state.view.filters.preset;
  useEffect(() => {
    if (preset !== 'custom') gvRef.current?.zoom('reset');
  }, [preset]);

  /**
   * Shows the symbols of a node's file, or of a module's files: in a partial graph they are fetched
   * from the host first (they arrive as a diff before the reply). Resolves when they are in.
   */
  const expand = useCallback(
    async (id: string, path: string | undefined): Promise<void> => {
      if (partialRef.current) {
        const r = await client.expand(id);
        if (!r.ok) {
          dispatch({ type: 'notice', text: r.message ?? 'Could not load its symbols.' });
          return;
        }
      }
      const p = path ?? graphRef.current?.getNodeAttribute(id, 'path');
      if (p !== undefined) dispatch({ type: 'expand', path: p });
    },
    [client],
  );
  const goTo = useCallback(
    (id: string) => {
      const select = (): void => {
        dispatch({ type: 'select', id });
        // The node may be hidden until the selection shows it; move once sigma has its position.
        requestAnimationFrame(() => gvRef.current?.moveTo(id));
      };
      // A symbol of a file not loaded yet (a search hit, the editor's cursor): load its file first.
      if (graphRef.current?.hasNode(id) || !partialRef.current) select();
      else void expand(id, undefined).then(() => graphRef.current?.hasNode(id) && select());
    },
    [expand],
  );
  /**
   * The editor's cursor moved: mark its file; when following, the sidebar shows the file's context
   * (laid out fresh when the file changes) and the panel moves to the symbol.
   */
  const reveal = useCallback(
    async (id: string) => {
      const g = graphRef.current;
      if (!g) return;
      let file = fileOf(g, id);
      dispatch({ type: 'current', id: file });
      if (!followRef.current) return;
      if (surfaceRef.current !== 'sidebar') {
        goTo(id);
        return;
      }
      // A partial graph loads the file's symbols first.
      if (partialRef.current && (file === undefined || !g.hasNode(id))) {
        const path = g.hasNode(id) ? g.getNodeAttribute(id, 'path') : undefined;
        await expand(id, path);
        file = fileOf(g, id) ?? file;
      }
      if (file === undefined) {
        goTo(id);
        return;
      }
      if (contextRef.current?.file !== file) {
        const c = fileContext(g, file);
        if (c) {
          contextRef.current = c;
          dispatch({ type: 'context', context: c });
          // A detail panel left open from before would cover the new context at the sidebar's width.
          dispatch({ type: 'select', id: undefined });
          requestAnimationFrame(() => gvRef.current?.zoom('reset'));
        }
      }
      // No selection: in a sidebar the detail panel would cover the picture. The file is marked.
    },
    [goTo, expand],
  );
  const revealRef = useRef<(id: string) => void>(() => undefined);
  revealRef.current = (id: string) => void reveal(id);
  const contextRef = useRef<FileContext | undefined>();
  contextRef.current = state.view.context ? (state.view.context as FileContext) : undefined;
  const open = useCallback(
    (id: string) => {
      void client.open(id).then((r) => {
        if (!r.ok) dispatch({ type: 'notice', text: r.message ?? 'Could not open it.' });
      });
    },
    [client],
  );
  /** Callers, impact or a path: the host answers with the core queries; the answer is highlighted with its tests. */
  const ask = useCallback(
    (query: 'callers' | 'impact' | 'path', id: string, to?: string) => {
      void client.query(query, id, to).then((r) => {
        const a = r.answer;
        if (!r.ok || !a || a.ids.length === 0) {
          dispatch({ type: 'notice', text: r.message ?? 'Nothing found.' });
          return;
        }
        if (query === 'path') dispatch({ type: 'pathFrom', id: undefined });
        const shown = a.ids.filter((x) => graphRef.current?.hasNode(x)).length;
        dispatch({ type: 'highlight', label: a.label, ids: a.ids, tests: a.tests });
        client.highlighted(a.label, shown);
        requestAnimationFrame(() => gvRef.current?.zoom('reset'));
      });
    },
    [client],
  );
  const ctx = useMemo<ExplorerCtx>(() => ({ client, dispatch, goTo, open, ask, expand: (id, path) => void expand(id, path) }), [client, goTo, open, expand, ask]);
  const events = useMemo(
    () => ({
      select: (id: string | undefined) => dispatch({ type: 'select', id }),
      // Double-click on a file or module whose symbols are not loaded yet loads them; else it opens.
      open: (id: string) => {
        const a = graphRef.current?.hasNode(id) ? graphRef.current.getNodeAttributes(id) : undefined;
        const collapsed = a !== undefined && (a.kind === 'file' || a.kind === 'module') && a.path !== undefined && !isExpanded(expandedRef.current, a.path);
        if (partialRef.current && collapsed) void expand(id, a.path);
        else open(id);
      },
      dragStart: () => layout.current?.stop(),
    }),
    [open, expand],
  );
  // Search over the whole graph on the host, when only part of it is here.
  const remoteSearch = useMemo(
    () => (state.totals.partial ? (query: string): Promise<SearchHit[]> => client.search(query, 30) : undefined),
    [client, state.totals.partial],
  );

  // ---- derived data -----------------------------------------------------------------------------
  const v = state.graphVersion;
  const counts = useMemo(() => (graph ? kindCounts(graph) : { nodes: new Map<string, number>(), edges: new Map<string, number>() }), [graph, v]);
  const index = useMemo(() => {
    const entries: { id: string; name: string; kind: string; path?: string }[] = [];
    graph?.forEachNode((id, a) => entries.push(a.path === undefined ? { id, name: a.name, kind: a.kind } : { id, name: a.name, kind: a.kind, path: a.path }));
    return buildSearchIndex(entries);
  }, [graph, v]);
  const shown = useMemo(() => {
    if (!graph) return { nodes: 0, edges: 0 };
    const d = deriveView(graph, state.view);
    const vis = new Set<string>();
    graph.forEachNode((id, a) => {
      if (nodeVisible(d, id, a)) vis.add(id);
    });
    let edges = 0;
    graph.forEachEdge((_k, a, s, t) => {
      if (state.view.filters.edgeKinds.has(a.kind) && vis.has(s) && vis.has(t)) edges++;
    });
    return { nodes: vis.size, edges };
  }, [graph, state.view, v]);
  // Search finds every node; choosing one selects it, which shows it even if filtered out.
  const accept = useCallback(() => true, []);
  const detail = useMemo(() => (graph && state.view.selected ? nodeDetail(graph, state.view.selected) : undefined), [graph, state.view.selected, v]);

  // ---- keyboard: `/` focuses search, Escape clears the selection --------------------------------
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      const typing = e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement || e.target instanceof HTMLTextAreaElement;
      if (e.key === '/' && !typing) {
        e.preventDefault();
        search.current?.focus();
      } else if (e.key === 'Escape' && !typing) {
        dispatch({ type: 'select', id: undefined });
        dispatch({ type: 'focusDepth', depth: 0 });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(
    () => installTestHooks(() => ({ graph, gv: gvRef.current, layout: state.layout, totals: state.totals, context: state.view.context })),
    [graph, state.layout, state.totals, state.view.context],
  );

  const save = (format: 'png' | 'svg'): void => {
    if (!gv) return;
    const bg = themeColor('bg') || '#ffffff';
    const data = format === 'png' ? exportPng(gv.sigma, bg) : exportSvg(gv.sigma, bg, themeColor('fg'), themeColor('font') || 'sans-serif');
    void client.save(format, data).then((r) => dispatch({ type: 'notice', text: r.ok ? (r.message ?? `Exported ${format.toUpperCase()}.`) : (r.message ?? 'Export failed.') }));
  };

  const host = state.host;
  const empty = host !== undefined && graph !== undefined && graph.order === 0;
  return (
    <ExplorerContext.Provider value={ctx}>
      <div className={`app ${host ? '' : 'loading'}`}>
        <header className="toolbar">
          <SearchBox ref={search} index={index} accept={accept} {...(remoteSearch ? { remote: remoteSearch } : {})} />
          <PresetBar filters={state.view.filters} />
          <div className="tools">
            <button aria-pressed={showFilters} onClick={() => setShowFilters((s) => !s)}>Filters</button>
            {host?.kind === 'vscode' && (
              <label className="check" title="Keep the symbol under the cursor in the centre">
                <input
                  type="checkbox"
                  checked={state.follow}
                  onChange={(e) => {
                    dispatch({ type: 'follow', on: e.target.checked });
                    client.follow(e.target.checked);
                    if (!e.target.checked) requestAnimationFrame(() => gvRef.current?.zoom('reset'));
                  }}
                />
                Follow editor
              </label>
            )}
            <button onClick={() => layout.current?.start(LAYOUT_MS)} disabled={!graph || state.layout.running}>Re-layout</button>
            <button onClick={() => save('png')} disabled={!gv}>PNG</button>
            <button onClick={() => save('svg')} disabled={!gv}>SVG</button>
          </div>
        </header>
        <main className="stage">
          {graph && !empty && <GraphCanvas graph={graph} view={state.view} events={events} onReady={setGv} />}
          {empty && <EmptyState indexState={state.indexState} canReindex={host?.kind === 'vscode'} onReindex={() => void client.reindex()} />}
          {!host && <p className="loading-note">Loading the graph…</p>}
          {showFilters && graph && !empty && <FilterPanel filters={state.view.filters} present={state.present} counts={counts} />}
          {detail && (
            <DetailPanel
              detail={detail}
              focusDepth={state.view.focusDepth}
              expanded={detail.path !== undefined && isExpanded(state.view.filters.expanded, detail.path)}
              canExpand={(detail.kind === 'file' || (detail.kind === 'module' && state.totals.partial)) && (state.totals.partial || !state.view.filters.nodeKinds.has('function'))}
              pathFrom={state.pathFrom !== undefined && graph?.hasNode(state.pathFrom) ? { id: state.pathFrom, name: graph.getNodeAttribute(state.pathFrom, 'name') } : undefined}
              onClose={() => dispatch({ type: 'select', id: undefined })}
            />
          )}
          {gv && <ZoomControls zoom={(d) => gv.zoom(d)} />}
          {state.view.highlight && (
            <div className="highlight-bar" role="status">
              <span>
                {state.view.highlight.label}: {state.view.highlight.ids.size} nodes
                {state.view.highlight.tests && (
                  <span className="tests" title={state.view.highlight.tests.map((t) => graph?.hasNode(t) ? graph.getNodeAttribute(t, 'name') : t).join(', ')}>
                    {' '}· {state.view.highlight.tests.length} tests to run: {state.view.highlight.tests.slice(0, 5).map((t) => (graph?.hasNode(t) ? graph.getNodeAttribute(t, 'name') : t)).join(', ')}
                    {state.view.highlight.tests.length > 5 ? ', …' : ''}
                  </span>
                )}
              </span>
              <button
                onClick={() => {
                  dispatch({ type: 'highlight', label: '', ids: [] });
                  client.highlighted('', 0);
                }}
              >
                Clear
              </button>
            </div>
          )}
          {state.notice && (
            <div className="notice" role="alert">
              {state.notice}
              <button className="icon" aria-label="Dismiss" onClick={() => dispatch({ type: 'notice', text: undefined })}>×</button>
            </div>
          )}
        </main>
        <StatsBar
          shown={shown}
          loaded={state.totals.partial ? { nodes: graph?.order ?? 0, edges: graph?.size ?? 0 } : undefined}
          total={state.totals.partial ? state.totals : { nodes: graph?.order ?? 0, edges: graph?.size ?? 0 }}
          layout={state.layout}
          indexState={state.indexState}
          folder={host?.folder ?? ''}
        />
      </div>
    </ExplorerContext.Provider>
  );
}

function presentKinds(c: { nodes: Map<string, number>; edges: Map<string, number> }): { nodes: string[]; edges: string[] } {
  return {
    nodes: [...c.nodes.keys()].sort((a, b) => nodeStyle(a).rank - nodeStyle(b).rank || a.localeCompare(b)),
    edges: [...c.edges.keys()].sort(),
  };
}
