/**
 * The graph view
 * ==============
 * One sigma instance over the explorer's graph, for the life of the page. React never re-creates
 * it: view changes go through `setState`, which re-derives the view and refreshes sigma (the
 * reducers run again; positions and camera stay). Hover is kept here rather than in React, so
 * moving the mouse re-renders no component.
 *
 * Mouse: click selects, double-click opens, drag moves a node (the camera stays put meanwhile),
 * hovering fades all but the node's neighbours.
 */
import Sigma from 'sigma';
import type { EdgeData, ExplorerGraph, NodeData } from '../model/graph_data';
import { deriveView, nodeVisible, reduceEdge, reduceNode, type DerivedView, type Palette, type ViewState } from '../model/reducers';

export interface GraphViewEvents {
  select(id: string | undefined): void;
  open(id: string): void;
  /** A node was dragged: the layout must stop, or it would pull the node back. */
  dragStart(): void;
}

export class GraphView {
  readonly sigma: Sigma<NodeData, EdgeData>;
  private state: ViewState;
  private derived: DerivedView;
  private hovered: string | undefined;
  private dragging: string | undefined;
  private dragged = false;

  constructor(
    container: HTMLElement,
    private readonly graph: ExplorerGraph,
    state: ViewState,
    private palette: Palette,
    font: { family: string; color: string },
    private readonly events: GraphViewEvents,
  ) {
    this.state = state;
    this.derived = deriveView(graph, state);
    this.sigma = new Sigma<NodeData, EdgeData>(graph, container, {
      // Arrows: every edge kind is directed (calls, imports, contains...).
      defaultEdgeType: 'arrow',
      labelFont: font.family,
      labelColor: { color: font.color },
      // Small graphs: every label; large ones: only nodes drawn big enough (modules, files, zoomed in).
      labelRenderedSizeThreshold: graph.order < 300 ? 1 : 9,
      labelDensity: 0.5,
      zIndex: true,
      hideEdgesOnMove: graph.size > 20000,
      minCameraRatio: 0.02,
      maxCameraRatio: 20,
      nodeReducer: (id, a) => reduceNode(this.derived, this.palette, id, a),
      edgeReducer: (key, a) => {
        const [s, t] = this.graph.extremities(key);
        return reduceEdge(this.derived, this.palette, a, s, t, this.visible(s), this.visible(t));
      },
    });
    this.wireMouse();
  }

  private visible(id: string): boolean {
    return nodeVisible(this.derived, id, this.graph.getNodeAttributes(id));
  }

  setState(state: ViewState): void {
    this.state = state;
    this.rederive();
  }

  setPalette(palette: Palette, labelColor: string): void {
    this.palette = palette;
    this.sigma.setSetting('labelColor', { color: labelColor });
    this.rederive();
  }

  private rederive(): void {
    this.derived = deriveView(this.graph, { ...this.state, hovered: this.hovered });
    this.sigma.refresh();
  }

  /** Whether a node is drawn under the current filters and focus. */
  isVisible(id: string): boolean {
    return this.graph.hasNode(id) && this.visible(id);
  }

  /** Moves the camera to the node, zooming in. */
  moveTo(id: string, duration = 400): void {
    const d = this.sigma.getNodeDisplayData(id);
    if (!d) return;
    void this.sigma.getCamera().animate({ x: d.x, y: d.y, ratio: Math.min(this.sigma.getCamera().ratio, 0.25) }, { duration });
  }

  zoom(direction: 'in' | 'out' | 'reset'): void {
    const camera = this.sigma.getCamera();
    if (direction === 'in') void camera.animatedZoom({ duration: 200 });
    else if (direction === 'out') void camera.animatedUnzoom({ duration: 200 });
    else void camera.animatedReset({ duration: 300 });
  }

  private wireMouse(): void {
    const s = this.sigma;
    s.on('enterNode', ({ node }) => {
      this.hovered = node;
      this.rederive();
    });
    s.on('leaveNode', () => {
      this.hovered = undefined;
      this.rederive();
    });
    s.on('clickNode', ({ node }) => {
      if (!this.dragged) this.events.select(node);
    });
    s.on('doubleClickNode', ({ node, event }) => {
      event.preventSigmaDefault();
      this.events.open(node);
    });
    s.on('clickStage', () => this.events.select(undefined));
    s.on('downNode', ({ node }) => {
      this.dragging = node;
      this.dragged = false;
    });
    s.on('moveBody', ({ event }) => {
      if (this.dragging === undefined) return;
      if (!this.dragged) this.events.dragStart();
      this.dragged = true;
      const p = s.viewportToGraph(event);
      this.graph.mergeNodeAttributes(this.dragging, { x: p.x, y: p.y });
      // Keep the camera still while a node is dragged.
      event.preventSigmaDefault();
      event.original.preventDefault();
      event.original.stopPropagation();
    });
    const release = (): void => {
      this.dragging = undefined;
    };
    s.on('upNode', release);
    s.on('upStage', release);
  }

  kill(): void {
    this.sigma.kill();
  }
}
