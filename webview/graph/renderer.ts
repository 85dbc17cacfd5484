/**
 * The graph view
 * ==============
 * One sigma instance over the explorer's graph, for the life of the page. React never re-creates
 * it: view changes go through `setState`, which re-derives the view and refreshes sigma (the
 * reducers run again; positions and camera stay). Hover is kept here rather than in React, so
 * moving the mouse re-renders no component.
 *
 * Settings scale with the graph: past a few thousand nodes the nodes shrink (a 10k-node picture
 * at full size is one blot), edges are plain lines unless they touch the selected or hovered node,
 * edges and labels are hidden while the camera moves, and nodes and plain edges are drawn as GL
 * points and lines. Sigma's default programs draw one instance per node or edge, and software
 * WebGL (SwiftShader, what a machine without a GPU has) pays dearly per instance: 13,000 circles
 * took 400 ms a frame; as points they take a few.
 *
 * Mouse: click selects, double-click opens, drag moves a node (the camera stays put meanwhile),
 * hovering fades all but the node's neighbours.
 */
import Sigma from 'sigma';
import { EdgeLineProgram, NodePointProgram } from 'sigma/rendering';
import type { EdgeData, ExplorerGraph, NodeData } from '../model/graph_data';
import { deriveView, nodeVisible, reduceEdge, reduceNode, type DerivedView, type Palette, type ViewState } from '../model/reducers';

export interface GraphViewEvents {
  select(id: string | undefined): void;
  open(id: string): void;
  /** A node was dragged: the layout must stop, or it would pull the node back. */
  dragStart(): void;
}

/** How the drawing scales with the graph's size (node count, edge count). */
export function scaleFor(order: number, size: number): { nodeSize: number; arrows: boolean; hideOnMove: boolean; points: boolean } {
  return {
    // Software WebGL pays per instance and per label: measured at 1,013 nodes, drawing every edge
    // and label while the camera moved gave 13 fps, so the cheaper paths start in the hundreds.
    points: order > 800 || size > 2000,
    nodeSize: Math.min(1, Math.max(0.45, Math.sqrt(1000 / Math.max(order, 1)))),
    arrows: size <= 2000,
    hideOnMove: size > 1000 || order > 500,
  };
}

/**
 * While the camera moves nothing can be hovered or clicked, so the picking pass (every node drawn
 * a second time into an offscreen texture, for hit tests) is skipped; the frame after the move
 * draws it again. Sigma has no setting for this: it reaches into sigma's node programs.
 */
function skipPickingWhileMoving(sigma: Sigma<NodeData, EdgeData>): void {
  const programs = (sigma as unknown as { nodePrograms: Record<string, { pickProgram: unknown }> }).nodePrograms;
  const saved = new Map<string, unknown>();
  sigma.on('beforeRender', () => {
    const mouse = sigma.getMouseCaptor();
    const moving = sigma.getCamera().isAnimated() || mouse.isMoving || mouse.draggedEvents > 0 || mouse.currentWheelDirection !== 0;
    if (!moving) return;
    for (const [type, program] of Object.entries(programs)) {
      saved.set(type, program.pickProgram);
      program.pickProgram = null;
    }
  });
  sigma.on('afterRender', () => {
    for (const [type, pick] of saved) {
      const program = programs[type];
      if (program) program.pickProgram = pick;
    }
    saved.clear();
  });
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
    const scale = scaleFor(graph.order, graph.size);
    this.sigma = new Sigma<NodeData, EdgeData>(graph, container, {
      // Arrows: every edge kind is directed (calls, imports, contains...). In big graphs only the
      // edges of the selected or hovered node get arrow heads (see reduceEdge).
      defaultEdgeType: scale.arrows ? 'arrow' : 'line',
      labelFont: font.family,
      labelColor: { color: font.color },
      // Small graphs: every label; large ones: only nodes drawn big enough (modules, files, zoomed in).
      labelRenderedSizeThreshold: graph.order < 300 ? 1 : 9 * scale.nodeSize,
      labelDensity: graph.order < 5000 ? 0.5 : 0.3,
      zIndex: true,
      hideEdgesOnMove: scale.hideOnMove,
      hideLabelsOnMove: scale.hideOnMove,
      ...(scale.points ? { nodeProgramClasses: { circle: NodePointProgram }, edgeProgramClasses: { line: EdgeLineProgram } } : {}),
      minCameraRatio: 0.02,
      maxCameraRatio: 20,
      nodeReducer: (id, a) => reduceNode(this.derived, this.palette, id, a, scale.nodeSize),
      edgeReducer: (key, a) => {
        const [s, t] = this.graph.extremities(key);
        return reduceEdge(this.derived, this.palette, a, s, t, this.visible(s), this.visible(t), scale.arrows);
      },
    });
    if (scale.points) skipPickingWhileMoving(this.sigma);
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
