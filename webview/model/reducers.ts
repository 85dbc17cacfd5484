/**
 * Reducers: the view
 * ==================
 * The graph is the model; these pure functions turn a node's or an edge's attributes and the
 * view state (filters, selection, hover, focus) into what sigma draws. Toggling a filter or
 * hovering changes only the view state and asks sigma to refresh: no graph mutation, no new
 * renderer, no layout reset.
 *
 * `deriveView` does the per-state work once (focus BFS, hover neighbours), so the per-node
 * reducer is a few set lookups: sigma calls it for every node on each refresh.
 */
import type { EdgeData, ExplorerGraph, NodeData } from './graph_data';
import { nodePasses, type FilterState } from './filters';
import { neighbourhood } from './focus';
import { edgeStyle, nodeLabel, nodeStyle, type ColorSlot } from './kinds';

export interface ViewState {
  filters: FilterState;
  selected?: string;
  hovered?: string;
  /** 0: focus mode off; N: show the selected node's neighbourhood to depth N. */
  focusDepth: number;
}

export type Palette = Record<ColorSlot | 'faded' | 'edge' | 'highlight', string>;

export interface DerivedView {
  state: ViewState;
  /** Focus mode: the only nodes shown. */
  focus?: Set<string>;
  /** Hover: the hovered node and its neighbours. */
  hover?: Set<string>;
}

export function nodeVisible(v: DerivedView, id: string, a: Pick<NodeData, 'kind' | 'path'>): boolean {
  if (v.focus) return v.focus.has(id);
  return nodePasses(v.state.filters, a.kind, a.path) || id === v.state.selected;
}

export function deriveView(g: ExplorerGraph, state: ViewState): DerivedView {
  const v: DerivedView = { state };
  const edgeOk = (k: string): boolean => state.filters.edgeKinds.has(k);
  const nodeOk = (id: string): boolean => nodePasses(state.filters, g.getNodeAttribute(id, 'kind'), g.getNodeAttribute(id, 'path'));
  if (state.focusDepth > 0 && state.selected !== undefined && g.hasNode(state.selected)) {
    v.focus = neighbourhood(g, state.selected, state.focusDepth, edgeOk, nodeOk);
  }
  if (state.hovered !== undefined && g.hasNode(state.hovered)) {
    const ok = (id: string): boolean => nodeVisible(v, id, g.getNodeAttributes(id));
    v.hover = neighbourhood(g, state.hovered, 1, edgeOk, ok);
  }
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
  const size = style.size * scale;
  const hidden = !nodeVisible(v, id, a);
  const selected = id === v.state.selected;
  const inHover = v.hover?.has(id) ?? false;
  const faded = v.hover !== undefined && !inHover;
  return {
    x: a.x,
    y: a.y,
    label: faded ? '' : nodeLabel(a.kind, a.name),
    size: selected ? Math.max(size * 1.6, 6) : size,
    color: faded ? palette.faded : selected ? palette.highlight : palette[style.color],
    hidden,
    highlighted: selected || id === v.state.hovered,
    forceLabel: selected || (inHover && !faded),
    zIndex: selected || inHover ? 2 : faded ? 0 : 1,
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

/** `arrows`: whether every edge gets an arrow head, or only those touching the hovered or selected node. */
export function reduceEdge(v: DerivedView, palette: Palette, a: EdgeData, source: string, target: string, sourceVisible: boolean, targetVisible: boolean, arrows = true): EdgeDisplay {
  const hidden = !v.state.filters.edgeKinds.has(a.kind) || !sourceVisible || !targetVisible;
  const touchesHover = v.state.hovered !== undefined && (source === v.state.hovered || target === v.state.hovered);
  const touchesSelected = v.state.selected !== undefined && (source === v.state.selected || target === v.state.selected);
  const slot = edgeStyle(a.kind).color;
  const type = arrows || touchesHover || touchesSelected ? 'arrow' : 'line';
  if (v.hover !== undefined) {
    return { type, hidden, color: touchesHover ? palette[slot] : palette.faded, size: touchesHover ? 2 : 0.5, zIndex: touchesHover ? 2 : 0 };
  }
  return { type, hidden, color: touchesSelected ? palette[slot] : palette.edge, size: touchesSelected ? 1.5 : 0.6, zIndex: touchesSelected ? 1 : 0 };
}
