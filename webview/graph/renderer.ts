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
 * Hover highlights the node's neighbours. Below FADE_MAX nodes it also fades the rest (a redraw
 * of every node); above, it redraws only sigma's hover layer (see hover()): on Django (13k nodes)
 * a full redraw per hover cost ~200 ms.
 *
 * The camera frames what is shown (`fit`), not sigma's whole extent: the visible nodes, with room
 * on the right for their labels, in whatever shape the container has (a narrow sidebar, a wide
 * editor), again on every resize and layout step until the person moves the camera.
 *
 * Mouse: click selects, double-click opens (or expands, see GraphViewEvents), drag moves a node
 * (the camera stays put meanwhile).
 */
import Sigma from 'sigma';
import { EdgeLineProgram, NodePointProgram } from 'sigma/rendering';
import type { EdgeData, ExplorerGraph, NodeData } from '../model/graph_data';
import { deriveView, edgeKindShown, importanceOf, nodeVisible, reduceEdge, reduceNode, withHover, type DerivedView, type Palette, type ViewState } from '../model/reducers';
import { LabelCuller, type LabelBox } from './labels';

/** Up to this many nodes hover fades the rest of the graph (a full redraw); above, it only highlights. */
export const FADE_MAX = 500;

export interface GraphViewEvents {
  select(id: string | undefined): void;
  /** Double-click: open the definition, or expand a file not loaded yet (the App decides). */
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
 * Lighter frames for big graphs, while the camera moves and while the layout settles.
 *
 * While the camera moves nothing can be hovered or clicked, so the picking pass (every node drawn
 * a second time into an offscreen texture, for hit tests) is skipped, and so is the fresh
 * full-size picking texture sigma allocates for it on every frame. And the layers that are empty
 * while moving (edges and labels are not drawn, nothing is hovered) are hidden: sigma stacks seven
 * full-size canvases, and a machine without a GPU composites each of them on every frame, drawn or
 * not: measured on Django, sigma's own render took ~1 ms a frame while the frame rate stayed far
 * below 60. The frame after the move draws and shows it all again.
 *
 * While the layout settles (`settling`) the nodes move on every tick, and drawing tens of
 * thousands of edges and the labels each time took the CPU the layout's worker needed: edges and
 * labels wait until it is done; nodes stay clickable.
 *
 * Sigma has no setting for these: it reaches into sigma's node and edge programs, its texture
 * reset and its label pass, and hides canvases from sigma's `getCanvases()`.
 */
function lightenFrames(sigma: Sigma<NodeData, EdgeData>): { settling(on: boolean): void } {
  type Program = { pickProgram: unknown; render(params: unknown): void };
  const inner = sigma as unknown as {
    nodePrograms: Record<string, Program>;
    edgePrograms: Record<string, Program>;
    resetWebGLTexture(id: string): unknown;
    renderLabels(): unknown;
  };
  const programs = inner.nodePrograms;
  const saved = new Map<string, unknown>();
  const reset = inner.resetWebGLTexture.bind(sigma);
  const labels = inner.renderLabels.bind(sigma);
  const canvases = sigma.getCanvases();
  const layers = (names: string[]): HTMLCanvasElement[] => names.map((k) => canvases[k]).filter((c): c is HTMLCanvasElement => c !== undefined);
  const emptyWhileMoving = layers(['edges', 'labels', 'hovers', 'hoverNodes']);
  const emptyWhileSettling = layers(['edges', 'labels']);
  let moving = false;
  let settling = false;
  const hide = (which: HTMLCanvasElement[]): void => {
    for (const c of new Set([...emptyWhileMoving, ...emptyWhileSettling])) {
      const visibility = which.includes(c) ? 'hidden' : '';
      if (c.style.visibility !== visibility) c.style.visibility = visibility;
    }
  };
  inner.resetWebGLTexture = (id: string) => (moving ? sigma : reset(id));
  inner.renderLabels = () => (settling ? sigma : labels());
  for (const program of Object.values(inner.edgePrograms)) {
    const render = program.render.bind(program);
    program.render = (params) => {
      if (!settling) render(params);
    };
  }
  sigma.on('beforeRender', () => {
    const mouse = sigma.getMouseCaptor();
    moving = sigma.getCamera().isAnimated() || mouse.isMoving || mouse.draggedEvents > 0 || mouse.currentWheelDirection !== 0;
    hide(moving ? emptyWhileMoving : settling ? emptyWhileSettling : []);
    if (!moving) return;
    for (const [type, program] of Object.entries(programs)) {
      saved.set(type, program.pickProgram);
      program.pickProgram = null;
    }
  });
  sigma.on('afterRender', () => {
    moving = false;
    for (const [type, pick] of saved) {
      const program = programs[type];
      if (program) program.pickProgram = pick;
    }
    saved.clear();
  });
  return {
    settling: (on) => {
      if (on === settling) return;
      settling = on;
      // Done: draw the edges and labels that waited.
      if (!on) sigma.scheduleRender();
    },
  };
}

/** Above this many nodes edges and labels wait for the layout to settle (see lightenFrames). */
const QUIET_LAYOUT = 5000;

/** Up to this many edges shown, every one gets an arrow head (above, only the selected or hovered node's). */
const ARROW_EDGES = 2500;
/** Up to this many nodes shown, every label that fits without overlapping is drawn; above, only big nodes'. */
const ALL_LABELS = 400;

/** Room kept free around the framed nodes, and on the right for their labels, in pixels. */
const FIT_PADDING = 24;
const LABEL_ROOM = 140;

export class GraphView {
  readonly sigma: Sigma<NodeData, EdgeData>;
  private state: ViewState;
  /** The view without hover; `derived` adds the hovered node's neighbourhood. */
  private base: DerivedView;
  private derived: DerivedView;
  private readonly fade: boolean;
  private hovered: string | undefined;
  private dragging: string | undefined;
  private dragged = false;
  /** The camera follows `fit` (resize, layout steps) until the person moves it. */
  private autoFit = true;
  private fitPending = false;
  private frames: { settling(on: boolean): void } | undefined;
  /** True while `fit` moves the camera, so its own moves do not count as the person's. */
  private settingCamera = false;
  private insets = { left: 0, right: 0 };
  private readonly resizeObserver: ResizeObserver;
  private readonly scale: ReturnType<typeof scaleFor>;
  /** Whether every shown edge gets an arrow head (few enough shown), see ARROW_EDGES. */
  private arrows: boolean;
  private importance: Map<string, number>;
  private readonly labels: LabelCuller;
  private settleTimer: number | undefined;

  constructor(
    container: HTMLElement,
    private readonly graph: ExplorerGraph,
    state: ViewState,
    private palette: Palette,
    font: { family: string; color: string },
    private readonly events: GraphViewEvents,
  ) {
    this.state = state;
    this.fade = graph.order <= FADE_MAX;
    this.importance = importanceOf(graph);
    this.base = this.derived = deriveView(graph, state, this.fade, this.importance);
    const scale = (this.scale = scaleFor(graph.order, graph.size));
    this.arrows = scale.arrows;
    this.labels = new LabelCuller();
    this.sigma = new Sigma<NodeData, EdgeData>(graph, container, {
      // Arrows: every edge kind is directed (calls, imports, contains...). In big graphs only the
      // edges of the selected or hovered node get arrow heads (see reduceEdge).
      defaultEdgeType: scale.arrows ? 'arrow' : 'line',
      labelFont: font.family,
      labelColor: { color: font.color },
      // Small graphs: every label; large ones: only nodes drawn big enough (modules, files, zoomed in).
      labelRenderedSizeThreshold: graph.order < 300 ? 1 : 9 * scale.nodeSize,
      labelDensity: graph.order < 5000 ? 0.5 : 0.3,
      // Labels never overlap: each is drawn only where no label drawn before it in this frame is
      // (sigma hands them over biggest node first, so the important ones win).
      defaultDrawNodeLabel: (ctx, data, settings) => this.labels.draw(ctx, data, settings),
      zIndex: true,
      hideEdgesOnMove: scale.hideOnMove,
      hideLabelsOnMove: scale.hideOnMove,
      ...(scale.points ? { nodeProgramClasses: { circle: NodePointProgram }, edgeProgramClasses: { line: EdgeLineProgram } } : {}),
      minCameraRatio: 0.005,
      maxCameraRatio: 20,
      // Framing is ours (fit): sigma's own padding would count twice.
      stagePadding: 0,
      nodeReducer: (id, a) => reduceNode(this.derived, this.palette, id, a, scale.nodeSize),
      edgeReducer: (key, a) => {
        const [s, t] = this.graph.extremities(key);
        return reduceEdge(this.derived, this.palette, a, s, t, this.visible(s), this.visible(t), this.arrows);
      },
    });
    // Edge labels are never drawn here: that layer need not be composited at all, in any graph.
    const edgeLabels = this.sigma.getCanvases().edgeLabels;
    if (edgeLabels) edgeLabels.style.display = 'none';
    if (scale.points && scale.hideOnMove) this.frames = lightenFrames(this.sigma);
    this.sigma.on('beforeRender', () => this.labels.reset());
    this.settleAfterMoves();
    this.countShown();
    this.wireMouse();
    this.wireCamera();
    this.resizeObserver = new ResizeObserver(() => {
      this.sigma.resize();
      if (this.autoFit) this.fit();
      else this.sigma.refresh();
    });
    this.resizeObserver.observe(container);
    this.fit();
  }

  /**
   * Frames the visible nodes: their bounding box, with FIT_PADDING around it and LABEL_ROOM on the
   * right (labels are drawn right of their node), centred in the space left. Works in sigma's
   * framed coordinates through its own projection, so the container's shape and sigma's
   * normalisation need no special case.
   */
  fit(duration = 0): void {
    const s = this.sigma;
    const { width, height } = s.getDimensions();
    if (width < 2 || height < 2) return;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    this.graph.forEachNode((id) => {
      if (!this.visible(id)) return;
      const d = s.getNodeDisplayData(id);
      if (!d) return;
      if (d.x < minX) minX = d.x;
      if (d.x > maxX) maxX = d.x;
      if (d.y < minY) minY = d.y;
      if (d.y > maxY) maxY = d.y;
    });
    const camera = s.getCamera();
    if (minX === Infinity) {
      void camera.animatedReset({ duration });
      return;
    }
    const base = { x: 0.5, y: 0.5, ratio: 1, angle: 0 };
    const o = s.framedGraphToViewport({ x: 0, y: 0 }, { cameraState: base });
    const ux = s.framedGraphToViewport({ x: 1, y: 0 }, { cameraState: base });
    const uy = s.framedGraphToViewport({ x: 0, y: 1 }, { cameraState: base });
    // Pixels per framed unit at ratio 1 (the projection keeps the aspect, so one scale each way).
    const kx = Math.hypot(ux.x - o.x, ux.y - o.y);
    const ky = Math.hypot(uy.x - o.x, uy.y - o.y);
    const labelRoom = Math.min(LABEL_ROOM, width * 0.25);
    // Panels over the canvas (filters on the left, details on the right) hide what is under them.
    const left = Math.min(this.insets.left, width * 0.4);
    const right = Math.min(this.insets.right, width * 0.4);
    const availW = Math.max(width - 2 * FIT_PADDING - labelRoom - left - right, 20);
    const availH = Math.max(height - 2 * FIT_PADDING, 20);
    const w = (maxX - minX) * kx;
    const h = (maxY - minY) * ky;
    // Camera ratio r shows everything 1/r times bigger than at ratio 1.
    const zoom = Math.min(w > 0 ? availW / w : Infinity, h > 0 ? availH / h : Infinity);
    const ratio = Math.min(Math.max(Number.isFinite(zoom) ? 1 / zoom : 0.25, s.getSetting('minCameraRatio') ?? 0), s.getSetting('maxCameraRatio') ?? Infinity);
    // Centre the box in the free space: the camera looks (labelRoom + right - left)/2 px off the box's centre.
    const shift = ((labelRoom + right - left) / 2) * (ratio / kx);
    const target = { x: (minX + maxX) / 2 + shift, y: (minY + maxY) / 2, ratio, angle: 0 };
    this.settingCamera = true;
    if (duration > 0) void camera.animate(target, { duration }).then(() => (this.settingCamera = false));
    else {
      camera.setState(target);
      this.settingCamera = false;
    }
  }

  /** The widths of the panels over the canvas's left and right edges; a fit frames what is between them. */
  setInsets(insets: { left: number; right: number }): void {
    const changed = insets.left !== this.insets.left || insets.right !== this.insets.right;
    this.insets = insets;
    if (changed && this.autoFit) this.fit(200);
  }

  /** Fit again once sigma has processed the positions the layout just wrote (if the camera still follows). */
  layoutMoved(running: boolean): void {
    if (this.autoFit) this.fitPending = true;
    this.frames?.settling(running && this.graph.order > QUIET_LAYOUT);
  }

  private wireCamera(): void {
    this.sigma.on('afterProcess', () => {
      if (!this.fitPending) return;
      this.fitPending = false;
      this.fit();
    });
    // Any camera move the person makes ends the following.
    const manual = (): void => {
      if (!this.settingCamera) this.autoFit = false;
    };
    const mouse = this.sigma.getMouseCaptor();
    mouse.on('wheel', manual);
    mouse.on('mousedown', manual);
    this.sigma.getTouchCaptor().on('touchdown', manual);
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
    if (this.importance.size !== this.graph.order) this.importance = importanceOf(this.graph);
    this.base = deriveView(this.graph, this.state, this.fade, this.importance);
    this.derived = withHover(this.graph, this.base, this.hovered);
    this.countShown();
    this.sigma.refresh();
  }

  /**
   * Arrows and labels follow what is shown, not the graph's size: a 150-node context of a
   * 10k-node graph gets arrow heads on every edge and a label on every node that has room.
   */
  private countShown(): void {
    const shown = new Set<string>();
    this.graph.forEachNode((id) => {
      if (this.visible(id)) shown.add(id);
    });
    let edges = 0;
    this.graph.forEachEdge((_k, a, s, t) => {
      if (edgeKindShown(this.state, a.kind) && shown.has(s) && shown.has(t)) edges++;
    });
    this.arrows = this.scale.arrows || edges <= ARROW_EDGES;
    const threshold = shown.size <= ALL_LABELS ? 1 : this.graph.order < 300 ? 1 : 9 * this.scale.nodeSize;
    if (this.sigma.getSetting('labelRenderedSizeThreshold') !== threshold) this.sigma.setSetting('labelRenderedSizeThreshold', threshold);
    // Few nodes: offer sigma's grid more labels per cell; the culler keeps them apart.
    const density = shown.size <= ALL_LABELS ? 3 : this.graph.order < 5000 ? 0.5 : 0.3;
    if (this.sigma.getSetting('labelDensity') !== density) this.sigma.setSetting('labelDensity', density);
  }

  /**
   * Sigma leaves edges out of a frame drawn while the camera moves (hideEdgesOnMove), and
   * lightenFrames hides their layer, but nothing draws them again when the move ends without a
   * camera change: a wheel zoom clears its "moving" flag after its last frame, so edges stayed
   * missing until something else redrew (the webview on a 1k-node graph showed none). After
   * every frame drawn while moving, wait for the move to end and draw once more.
   */
  private settleAfterMoves(): void {
    const moving = (): boolean => {
      const m = this.sigma.getMouseCaptor();
      return this.sigma.getCamera().isAnimated() || m.isMoving || m.draggedEvents > 0 || m.currentWheelDirection !== 0;
    };
    let drawnMoving = false;
    this.sigma.on('beforeRender', () => {
      drawnMoving = moving();
    });
    this.sigma.on('afterRender', () => {
      if (!drawnMoving || this.settleTimer !== undefined) return;
      const check = (): void => {
        if (moving()) {
          this.settleTimer = window.setTimeout(check, 60);
          return;
        }
        this.settleTimer = undefined;
        this.sigma.scheduleRender();
      };
      this.settleTimer = window.setTimeout(check, 60);
    });
  }

  /** The labels drawn in the last frame, as screen boxes (CSS pixels of the canvas). */
  labelBoxes(): LabelBox[] {
    return this.labels.boxes();
  }

  /**
   * A new hovered node (or none). Fading redraws everything. Otherwise only the nodes whose
   * `highlighted` flag changed are re-reduced (sigma's own per-node update, no indexation) and
   * sigma's hover layer is redrawn: the nodes and edges layers stay as they are. On Django a full
   * redraw per hover cost ~200 ms; this costs the hover layer.
   */
  private hover(id: string | undefined): void {
    const before = this.derived;
    this.hovered = id;
    this.derived = withHover(this.graph, this.base, id);
    if (this.fade) {
      this.sigma.refresh();
      return;
    }
    const inner = this.sigma as unknown as { updateNode(key: string): void; scheduleHighlightedNodesRender(): void };
    const changed = new Set([...(before.hover ?? []), ...(this.derived.hover ?? [])]);
    for (const n of changed) if (this.graph.hasNode(n)) inner.updateNode(n);
    inner.scheduleHighlightedNodesRender();
  }

  /** Whether a node is drawn under the current filters and focus. */
  isVisible(id: string): boolean {
    return this.graph.hasNode(id) && this.visible(id);
  }

  /** Moves the camera to the node, zooming in. */
  moveTo(id: string, duration = 400): void {
    const d = this.sigma.getNodeDisplayData(id);
    if (!d) return;
    this.autoFit = false;
    void this.sigma.getCamera().animate({ x: d.x, y: d.y, ratio: Math.min(this.sigma.getCamera().ratio, 0.25) }, { duration });
  }

  /** Zoom in or out (the camera stops following the layout), or frame what is shown again (it follows again). */
  zoom(direction: 'in' | 'out' | 'reset'): void {
    const camera = this.sigma.getCamera();
    if (direction === 'reset') {
      this.autoFit = true;
      this.fit(300);
      return;
    }
    this.autoFit = false;
    if (direction === 'in') void camera.animatedZoom({ duration: 200 });
    else void camera.animatedUnzoom({ duration: 200 });
  }

  private wireMouse(): void {
    const s = this.sigma;
    s.on('enterNode', ({ node }) => this.hover(node));
    s.on('leaveNode', () => this.hover(undefined));
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
    clearTimeout(this.settleTimer);
    this.resizeObserver.disconnect();
    this.sigma.kill();
  }
}
