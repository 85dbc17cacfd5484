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
import { edgeStyle, nodeLabel, nodeStyle, type ColorSlot } from './kinds';
import { translucent } from './colour';

export interface ViewState {
  filters: FilterState;
  selected?: string;
  hovered?: string;
  /** 0: focus mode off; N: show the selected node's neighbourhood to depth N. */
  focusDepth: number;
  /** Nodes the host asked to show against a faded rest (the impact of a change), with what they are. */
  highlight?: { label: string; ids: ReadonlySet<string>; tests?: readonly string[] };
  /** Following the editor (the sidebar): only the file's context, at positions laid out for it (model/context.ts). */
  context?: { file: string; ids: ReadonlySet<string>; positions: ReadonlyMap<string, { x: number; y: number }> };
  /** The file in the editor, marked wherever it is drawn. */
  current?: string;
}

export type Palette = Record<ColorSlot | 'faded' | 'edge' | 'highlight', string>;

export interface DerivedView {
  state: ViewState;
  /** Focus mode: the only nodes shown. */
  focus?: Set<string>;
  /** Nodes shown besides the kinds because a `via` edge joins them to a shown node. */
  extra?: Set<string>;
  /** Hover: the hovered node and its neighbours. */
  hover?: Set<string>;
  /** Fade what is not hovered (small graphs). */
  fade: boolean;
  /** 0..1 per node: log degree over the graph's largest; sizes nodes and ranks their labels. */
  importance?: ReadonlyMap<string, number>;
}

/** A node's importance: its degree on a log scale, relative to the best-connected node. */
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

/** Whether edges of this kind are drawn: the filters say, but a context shows every kind among its nodes. */
export function edgeKindShown(state: Pick<ViewState, 'filters' | 'context'>, kind: string): boolean {
  return state.context !== undefined || state.filters.edgeKinds.has(kind);
}

export function nodeVisible(v: DerivedView, id: string, a: Pick<NodeData, 'kind' | 'path'>): boolean {
  if (v.focus) return v.focus.has(id);
  const c = v.state.context;
  if (c) return c.ids.has(id) || id === v.state.selected || (v.state.highlight?.ids.has(id) ?? false);
  // A highlighted node is shown whatever the filters say: it is what the person asked to see.
  return nodePasses(v.state.filters, a.kind, a.path) || id === v.state.selected || (v.extra?.has(id) ?? false) || (v.state.highlight?.ids.has(id) ?? false);
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

/** `fade`: fade what is not hovered (redraws every node on each hover). */
export function deriveView(g: ExplorerGraph, state: ViewState, fade = true, importance?: ReadonlyMap<string, number>): DerivedView {
  const { hovered, ...rest } = state;
  const v: DerivedView = { state: rest, fade, ...(importance ? { importance } : {}) };
  const edgeOk = (k: string): boolean => state.filters.edgeKinds.has(k);
  if (state.filters.via.size > 0) v.extra = viaNeighbours(g, state);
  const nodeOk = (id: string): boolean => nodeVisible({ state: v.state, fade, ...(v.extra ? { extra: v.extra } : {}) }, id, g.getNodeAttributes(id));
  if (state.focusDepth > 0 && state.selected !== undefined && g.hasNode(state.selected)) {
    v.focus = neighbourhood(g, state.selected, state.focusDepth, edgeOk, nodeOk);
  }
  return withHover(g, v, hovered);
}

/** The view with this node hovered (or none): its neighbours over the edges and through the nodes shown. */
export function withHover(g: ExplorerGraph, base: DerivedView, hovered: string | undefined): DerivedView {
  const { hovered: _was, ...state } = base.state;
  const { hover: _hover, ...rest } = base;
  const v: DerivedView = { ...rest, state };
  if (hovered === undefined || !g.hasNode(hovered)) return v;
  v.state = { ...state, hovered };
  const edgeOk = (k: string): boolean => state.filters.edgeKinds.has(k);
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

/** `scale` shrinks nodes in big graphs (see graph/renderer.ts). */
export function reduceNode(v: DerivedView, palette: Palette, id: string, a: NodeData, scale = 1): NodeDisplay {
  const style = nodeStyle(a.kind);
  // Importance grows a node by up to 80 %: hubs stand out, and sigma's label grid prefers big nodes.
  const size = style.size * scale * (0.8 + 0.8 * (v.importance?.get(id) ?? 0.25));
  const current = id === v.state.current;
  const at = v.state.context?.positions.get(id);
  const hidden = !nodeVisible(v, id, a);
  const selected = id === v.state.selected;
  const inHover = v.hover?.has(id) ?? false;
  // A host highlight fades everything outside it, whatever the graph's size; hover still works on top.
  const marked = v.state.highlight?.ids.has(id) ?? false;
  const outsideHighlight = v.state.highlight !== undefined && !marked;
  const faded = (v.fade && v.hover !== undefined && !inHover) || (outsideHighlight && !inHover);
  return {
    x: at?.x ?? a.x,
    y: at?.y ?? a.y,
    label: faded ? '' : current ? `${nodeLabel(a.kind, a.name)} (open)` : nodeLabel(a.kind, a.name),
    size: selected || current ? Math.max(size * 1.6, 6) : marked ? Math.max(size * 1.3, 4) : size,
    color: faded ? palette.faded : selected || current ? palette.highlight : palette[style.color],
    hidden,
    // Without fading, hover changes only `highlighted`: the renderer redraws only sigma's hover layer.
    highlighted: selected || id === v.state.hovered || (!v.fade && inHover),
    forceLabel: selected || current || marked || (v.fade && inHover),
    zIndex: selected || current || marked || (v.fade && inHover) ? 2 : faded ? 0 : 1,
  };
}

/** The opacity of an edge that touches nothing selected: visible on every theme's background, behind the nodes. */
export const EDGE_ALPHA = 0.55;

export interface EdgeDisplay {
  /** 'arrow' or 'line'; 'line' only where arrows are off for the graph and the edge is not highlighted. */
  type: 'arrow' | 'line';
  color: string;
  size: number;
  hidden: boolean;
  zIndex: number;
}

/** `arrows`: whether every edge gets an arrow head, or only those touching the hovered or selected node. */
export function reduceEdge(v: DerivedView, palette: Palette, a: EdgeData, source: string, target: string, sourceVisible: boolean, targetVisible: boolean, arrows = true): EdgeDisplay {
  const hidden = !edgeKindShown(v.state, a.kind) || !sourceVisible || !targetVisible;
  const touchesHover = v.state.hovered !== undefined && (source === v.state.hovered || target === v.state.hovered);
  const touchesSelected = v.state.selected !== undefined && (source === v.state.selected || target === v.state.selected);
  const slot = edgeStyle(a.kind).color;
  // Without fading, hover leaves the edges alone (see reduceNode).
  const type = arrows || touchesSelected || (v.fade && touchesHover) ? 'arrow' : 'line';
  if (v.fade && v.hover !== undefined) {
    return { type, hidden, color: touchesHover ? palette[slot] : palette.faded, size: touchesHover ? 2 : 0.5, zIndex: touchesHover ? 2 : 0 };
  }
  const highlight = v.state.highlight?.ids;
  if (highlight && !touchesSelected) {
    const inside = highlight.has(source) && highlight.has(target);
    return { type: inside ? 'arrow' : type, hidden, color: inside ? palette[slot] : palette.faded, size: inside ? 1.5 : 0.4, zIndex: inside ? 1 : 0 };
  }
  // Every edge in its kind's colour, translucent so nodes stay in front; the selected node's opaque.
  return { type, hidden, color: touchesSelected ? palette[slot] : translucent(palette[slot], EDGE_ALPHA), size: touchesSelected ? 1.5 : 0.8, zIndex: touchesSelected ? 1 : 0 };
}
