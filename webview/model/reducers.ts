/**
 * Reducers: the view
 * ==================
 * The graph is the model; these pure functions turn a node's or an edge's attributes and the
 * view state (filters, selection, hover, focus) into what sigma draws. Toggling a filter or
 * hovering changes only the view state and asks sigma to refresh: no graph mutation, no new
 * renderer, no layout reset.
 *
 * `deriveView` does the per-state work once (focus BFS, the `via` neighbours), `withHover` the
 * hover's neighbours, so the per-node reducer is a few set lookups: sigma calls it for every node
 * on each refresh.
 *
 * Hover in a big graph only marks the hovered node's neighbours as highlighted: sigma draws
 * highlighted nodes, with their labels, on its hover layer, so the renderer redraws that layer
 * alone and never the thousands of nodes and edges beneath. Small graphs also fade everything
 * else and colour the hovered node's edges, which means redrawing it all: cheap below a few
 * thousand nodes.
 */
import type { EdgeData, ExplorerGraph, NodeData } from './graph_data';
import { nodePasses, type FilterState } from './filters';
import { neighbourhood } from './focus';
import { contextNodes, type Context } from './context';
import { mix } from './colors';
import { edgeStyle, nodeLabel, nodeStyle, type ColorSlot } from './kinds';

export interface ViewState {
  filters: FilterState;
  selected?: string;
  hovered?: string;
  /** 0: focus mode off; N: show the selected node's neighbourhood to depth N. */
  focusDepth: number;
  /** The sidebar following the editor: only this file's neighbourhood is shown (see context.ts). */
  context?: Context;
  /** The editor's file, marked wherever it is shown. */
  current?: string;
}

export type Palette = Record<ColorSlot | 'faded' | 'edge' | 'highlight' | 'bg', string>;

/** How the drawing scales with what is shown: see deriveView. */
export interface DrawLimits {
  /** Up to this many shown nodes hover and selection fade the rest (a full redraw each time). */
  fadeMax: number;
  /** Up to this many shown edges every edge has an arrow head. */
  arrowsMax: number;
}

const DEFAULT_LIMITS: DrawLimits = { fadeMax: 500, arrowsMax: 2000 };

export interface DerivedView {
  state: ViewState;
  /** Focus mode: the only nodes shown. */
  focus?: Set<string>;
  /** Nodes shown besides the kinds because a `via` edge joins them to a shown node. */
  extra?: Set<string>;
  /** Hover: the hovered node and its neighbours. */
  hover?: Set<string>;
  /** Fade what is not hovered or selected (few nodes shown). */
  fade: boolean;
  /** Every shown edge gets an arrow head (few edges shown). */
  arrows: boolean;
  /** 0..1 per node: its degree on a log scale, for node size and label priority (absent: 0). */
  importance: Map<string, number>;
}

export function nodeVisible(v: DerivedView, id: string, a: Pick<NodeData, 'kind' | 'path'>): boolean {
  if (v.focus) return v.focus.has(id);
  return nodePasses(v.state.filters, a.kind, a.path) || id === v.state.selected || (v.extra?.has(id) ?? false);
}

/** The nodes a `via` edge joins to a node the kinds show (the code a doc mentions). */
function viaNeighbours(g: ExplorerGraph, state: ViewState): Set<string> {
  const f = state.filters;
  const out = new Set<string>();
  const passes = (id: string): boolean => nodePasses(f, g.getNodeAttribute(id, 'kind'), g.getNodeAttribute(id, 'path'));
  g.forEachEdge((_k, e, s, t) => {
    if (!f.via.has(e.kind)) return;
    if (passes(s)) out.add(t);
    if (passes(t)) out.add(s);
  });
  return out;
}

/** Degree on a log scale, 0..1: hubs are drawn bigger and win the label grid. */
export function importanceOf(g: ExplorerGraph): Map<string, number> {
  let max = 1;
  g.forEachNode((id) => {
    max = Math.max(max, g.degree(id));
  });
  const out = new Map<string, number>();
  const top = Math.log1p(max);
  g.forEachNode((id) => out.set(id, Math.log1p(g.degree(id)) / top));
  return out;
}

/**
 * The view for a state: what is shown (filters, focus, the editor's context) and how it is drawn.
 * `fade` and `arrows` follow what is shown, not the graph's size: the sidebar's 100-node context of
 * a 10k-node graph gets arrows and fading like a small graph. `importance` may be passed in when
 * the graph has not changed since it was computed.
 */
export function deriveView(g: ExplorerGraph, state: ViewState, limits: DrawLimits = DEFAULT_LIMITS, importance: Map<string, number> = importanceOf(g)): DerivedView {
  const { hovered, ...rest } = state;
  const v: DerivedView = { state: rest, fade: false, arrows: false, importance };
  const edgeOk = (k: string): boolean => state.filters.edgeKinds.has(k);
  if (state.filters.via.size > 0) v.extra = viaNeighbours(g, state);
  const nodeOk = (id: string): boolean => nodeVisible({ ...v, ...(v.extra ? { extra: v.extra } : {}) }, id, g.getNodeAttributes(id));
  if (state.context && g.hasNode(state.context.file)) {
    v.focus = contextNodes(g, state.context);
  } else if (state.focusDepth > 0 && state.selected !== undefined && g.hasNode(state.selected)) {
    v.focus = neighbourhood(g, state.selected, state.focusDepth, edgeOk, nodeOk);
  }
  let nodes = 0;
  g.forEachNode((id, a) => {
    if (nodeVisible(v, id, a)) nodes++;
  });
  let edges = 0;
  g.forEachEdge((_k, a, s, t) => {
    if (edgeShown(v, a.kind, s, t)) edges++;
  });
  v.fade = nodes <= limits.fadeMax;
  v.arrows = edges <= limits.arrowsMax;
  return withHover(g, v, hovered);
}

/** Is this edge drawn: its kind shown (any kind in the editor's context) and both ends visible? */
function edgeShown(v: DerivedView, kind: string, s: string, t: string): boolean {
  if (v.state.context && v.focus) return v.focus.has(s) && v.focus.has(t);
  return v.state.filters.edgeKinds.has(kind) && (v.focus ? v.focus.has(s) && v.focus.has(t) : true);
}

/** The view with this node hovered (or none): its neighbours over the edges and through the nodes shown. */
export function withHover(g: ExplorerGraph, base: DerivedView, hovered: string | undefined): DerivedView {
  const { hovered: _was, ...state } = base.state;
  const { hover: _hover, ...rest } = base;
  const v: DerivedView = { ...rest, state };
  if (hovered === undefined || !g.hasNode(hovered)) return v;
  v.state = { ...state, hovered };
  const edgeOk = (k: string): boolean => state.context !== undefined || state.filters.edgeKinds.has(k);
  v.hover = neighbourhood(g, hovered, 1, edgeOk, (id) => nodeVisible(v, id, g.getNodeAttributes(id)));
  return v;
}

export interface NodeDisplay {
  x: number;
  y: number;
  label: string;
  size: number;
  color: string;
  hidden: boolean;
  highlighted: boolean;
  forceLabel: boolean;
  zIndex: number;
}

/** `scale` shrinks nodes in big graphs (see graph/renderer.ts); importance grows hubs up to 1.6x. */
export function reduceNode(v: DerivedView, palette: Palette, id: string, a: NodeData, scale = 1): NodeDisplay {
  const style = nodeStyle(a.kind);
  const size = style.size * scale * (0.7 + 0.9 * (v.importance.get(id) ?? 0));
  const hidden = !nodeVisible(v, id, a);
  const selected = id === v.state.selected;
  const current = id === v.state.current;
  const inHover = v.hover?.has(id) ?? false;
  const faded = v.fade && v.hover !== undefined && !inHover;
  return {
    x: a.x,
    y: a.y,
    label: faded ? '' : nodeLabel(a.kind, a.name),
    size: selected || current ? Math.max(size * 1.5, 7) : size,
    color: faded ? palette.faded : selected || current ? palette.highlight : palette[style.color],
    hidden,
    // Without fading, hover changes only `highlighted`: the renderer redraws only sigma's hover layer.
    highlighted: selected || id === v.state.hovered || (!v.fade && inHover),
    forceLabel: selected || current || (v.fade && inHover),
    zIndex: selected || current || (v.fade && inHover) ? 2 : faded ? 0 : 1,
  };
}

export interface EdgeDisplay {
  /** 'arrow' or 'line'; 'line' only where arrows are off for the graph and the edge is not highlighted. */
  type: 'arrow' | 'line';
  color: string;
  size: number;
  hidden: boolean;
  zIndex: number;
}

/** Edge colours per palette: each kind's colour mixed toward the background (quiet), and dimmed further (the rest while a node is hovered or selected). */
const shadeCache = new WeakMap<Palette, Map<string, string>>();
function shade(palette: Palette, slot: ColorSlot | 'edge', t: number): string {
  let m = shadeCache.get(palette);
  if (!m) shadeCache.set(palette, (m = new Map()));
  const key = `${slot}:${t}`;
  let c = m.get(key);
  if (c === undefined) m.set(key, (c = mix(palette[slot], palette.bg, t)));
  return c;
}

/**
 * An edge in its kind's colour, with an arrow head when few edges are shown (v.arrows). The edges
 * of the selected or hovered node come forward (full colour, thicker, on top); with fading on,
 * the others dim.
 */
export function reduceEdge(v: DerivedView, palette: Palette, a: EdgeData, source: string, target: string, sourceVisible: boolean, targetVisible: boolean): EdgeDisplay {
  const kindShown = v.state.context !== undefined || v.state.filters.edgeKinds.has(a.kind);
  const hidden = !kindShown || !sourceVisible || !targetVisible;
  const touchesHover = v.state.hovered !== undefined && (source === v.state.hovered || target === v.state.hovered);
  const touchesSelected = v.state.selected !== undefined && (source === v.state.selected || target === v.state.selected);
  const slot = edgeStyle(a.kind).color;
  // Without fading, hover leaves the edges alone (see reduceNode).
  const forward = touchesSelected || (v.fade && touchesHover);
  const type = v.arrows || forward ? 'arrow' : 'line';
  const dimming = v.fade && (v.hover !== undefined || v.state.selected !== undefined);
  if (forward) return { type, hidden, color: palette[slot], size: 2, zIndex: 2 };
  if (dimming) return { type, hidden, color: shade(palette, slot, 0.8), size: 0.8, zIndex: 0 };
  return { type, hidden, color: shade(palette, slot, v.arrows ? 0.35 : 0.5), size: v.arrows ? 1.2 : 0.8, zIndex: 1 };
}
