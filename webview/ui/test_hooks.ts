/**
 * Test and bench hooks
 * ====================
 * `window.__kgExplorer` lets the Playwright tests and the bench read what the page cannot show in
 * the DOM: node positions on screen (to click a node), the layout's progress, and the frame rate
 * of a camera animation. Read-only but for `measureFps`, which pans and zooms the camera.
 */
import type { WireTotals } from '../../extension/protocol/messages';
import type { LayoutStatus } from '../model/app_state';
import type { ExplorerGraph } from '../model/graph_data';
import type { GraphView } from '../graph/renderer';

export interface ExplorerHooks {
  order(): number;
  size(): number;
  /** The whole graph's size and whether only part of it is loaded (order() counts what is). */
  totals(): WireTotals;
  /** Measures one hover enter and leave on the node: ms until each redraw is done. */
  measureHover(id: string): Promise<{ enterMs: number; leaveMs: number }>;
  layout(): LayoutStatus;
  /** The node's centre in viewport pixels, or undefined when it is hidden. */
  nodeOnScreen(id: string): { x: number; y: number } | undefined;
  visibleNodes(): number;
  measureFps(ms: number): Promise<number>;
  /** The main thread's share of the frames in the last measureFps: sigma's render() time, mean and max ms. */
  lastRenderMs(): { mean: number; max: number };
  /** performance.now() when sigma drew its first frame: time from navigation to first frame. */
  firstFrameMs(): number | undefined;
  /** The visible node with the most edges: the costliest to hover. */
  hubNode(): string | undefined;
  /** The canvas's size and the screen box of the visible nodes' centres: is the graph framed? */
  framing(): { width: number; height: number; box: { left: number; right: number; top: number; bottom: number } | undefined };
  /** The labels drawn in the last frame, as boxes in canvas pixels. */
  labels(): { label: string; x: number; y: number; width: number; height: number }[];
  /**
   * Draws a frame and reads the edges layer back in the same task: for up to `max` shown edges
   * between nodes on screen, whether the pixels around the middle of the edge are drawn (alpha
   * above a threshold) and differ from the background; and whether the layer is visible at all.
   */
  edgePixels(max: number): Promise<{ sampled: number; drawn: number; layerVisible: boolean; background: string }>;
  /** The file the view follows (the editor's), and how many nodes its context shows; undefined when not following. */
  context(): { file: string; nodes: number } | undefined;
}

declare global {
  interface Window {
    __kgExplorer?: ExplorerHooks;
  }
}

let firstFrame: number | undefined;
let renderStats = { mean: 0, max: 0 };

/** Called right after the renderer is created (sigma draws its first frame synchronously). */
export function markFirstFrame(): void {
  firstFrame ??= performance.now();
}

export function installTestHooks(get: () => { graph: ExplorerGraph | undefined; gv: GraphView | undefined; layout: LayoutStatus; totals: WireTotals; context?: { file: string; ids: ReadonlySet<string> } | undefined }): void {
  const hooks: ExplorerHooks = {
    labels: () => get().gv?.labelBoxes() ?? [],
    context: () => {
      const c = get().context;
      return c ? { file: c.file, nodes: c.ids.size } : undefined;
    },
    edgePixels: async (max) => {
      const { graph, gv } = get();
      const none = { sampled: 0, drawn: 0, layerVisible: false, background: '' };
      if (!graph || !gv) return none;
      const canvas = gv.sigma.getCanvases().edges;
      if (!canvas) return none;
      const layerVisible = getComputedStyle(canvas).visibility !== 'hidden' && getComputedStyle(canvas).display !== 'none';
      const background = getComputedStyle(document.body).backgroundColor;
      return new Promise((resolve) => {
        const onRender = (): void => {
          gv.sigma.off('afterRender', onRender);
          const w = canvas.width;
          const h = canvas.height;
          const copy = document.createElement('canvas');
          copy.width = w;
          copy.height = h;
          const ctx = copy.getContext('2d', { willReadFrequently: true });
          if (!ctx) return resolve({ ...none, layerVisible, background });
          // In the task that drew it, the WebGL drawing buffer is still there to copy.
          ctx.drawImage(canvas, 0, 0);
          const ratio = w / Math.max(canvas.clientWidth, 1);
          const bg = background.match(/\d+/g)?.map(Number) ?? [0, 0, 0];
          let sampled = 0;
          let drawn = 0;
          graph.forEachEdge((key, _a, s, t) => {
            if (sampled >= max) return;
            const ds = gv.sigma.getEdgeDisplayData(key);
            if (!ds || ds.hidden || s === t) return;
            const a = hooks.nodeOnScreen(s);
            const b = hooks.nodeOnScreen(t);
            if (!a || !b) return;
            const len = Math.hypot(b.x - a.x, b.y - a.y);
            if (len < 40) return;
            const mx = ((a.x + b.x) / 2) * ratio;
            const my = ((a.y + b.y) / 2) * ratio;
            if (mx < 2 || my < 2 || mx > w - 3 || my > h - 3) return;
            sampled++;
            const px = ctx.getImageData(Math.round(mx) - 2, Math.round(my) - 2, 5, 5).data;
            for (let i = 0; i < px.length; i += 4) {
              const diff = Math.abs(px[i]! - bg[0]!) + Math.abs(px[i + 1]! - bg[1]!) + Math.abs(px[i + 2]! - bg[2]!);
              if (px[i + 3]! > 24 && diff > 24) {
                drawn++;
                break;
              }
            }
          });
          resolve({ sampled, drawn, layerVisible, background });
        };
        gv.sigma.on('afterRender', onRender);
        gv.sigma.scheduleRender();
      });
    },
    firstFrameMs: () => firstFrame,
    lastRenderMs: () => renderStats,
    order: () => get().graph?.order ?? 0,
    size: () => get().graph?.size ?? 0,
    totals: () => get().totals,
    measureHover: async (id) => {
      const gv = get().gv;
      if (!gv) return { enterMs: -1, leaveMs: -1 };
      // sigma emits enterNode/leaveNode from its mouse handling; the same events, sent directly,
      // measure the redraw they cause (up to the frame that shows it).
      const timed = async (event: 'enterNode' | 'leaveNode'): Promise<number> => {
        const t0 = performance.now();
        gv.sigma.emit(event, { node: id, event: { x: 0, y: 0, original: new MouseEvent('mousemove'), preventSigmaDefault: () => undefined } } as never);
        await new Promise<void>((r) => requestAnimationFrame(() => r()));
        return performance.now() - t0;
      };
      const enterMs = await timed('enterNode');
      const leaveMs = await timed('leaveNode');
      return { enterMs, leaveMs };
    },
    layout: () => get().layout,
    nodeOnScreen: (id) => {
      const gv = get().gv;
      const d = gv?.sigma.getNodeDisplayData(id);
      if (!gv || !d || d.hidden) return undefined;
      return gv.sigma.framedGraphToViewport(d);
    },
    hubNode: () => {
      const { graph, gv } = get();
      let best: string | undefined;
      let degree = -1;
      graph?.forEachNode((id) => {
        const d = graph.degree(id);
        if (d > degree && gv?.isVisible(id)) {
          best = id;
          degree = d;
        }
      });
      return best;
    },
    framing: () => {
      const { graph, gv } = get();
      if (!gv || !graph) return { width: 0, height: 0, box: undefined };
      const { width, height } = gv.sigma.getDimensions();
      let box: { left: number; right: number; top: number; bottom: number } | undefined;
      graph.forEachNode((id) => {
        const d = gv.sigma.getNodeDisplayData(id);
        if (!d || d.hidden) return;
        const p = gv.sigma.framedGraphToViewport(d);
        box = box ? { left: Math.min(box.left, p.x), right: Math.max(box.right, p.x), top: Math.min(box.top, p.y), bottom: Math.max(box.bottom, p.y) } : { left: p.x, right: p.x, top: p.y, bottom: p.y };
      });
      return { width, height, box };
    },
    visibleNodes: () => {
      const { graph, gv } = get();
      let n = 0;
      graph?.forEachNode((id) => {
        if (gv?.isVisible(id)) n++;
      });
      return n;
    },
    measureFps: async (ms) => {
      const gv = get().gv;
      if (!gv) return 0;
      const camera = gv.sigma.getCamera();
      let frames = 0;
      const t0 = performance.now();
      let counting = true;
      const count = (): void => {
        frames++;
        if (counting) requestAnimationFrame(count);
      };
      // Frames are counted only when sigma renders one (afterRender), so idle frames do not count.
      let rendered = 0;
      let renderStart = 0;
      let renderTotal = 0;
      let renderMax = 0;
      const onBefore = (): void => {
        renderStart = performance.now();
      };
      const onRender = (): void => {
        rendered++;
        const d = performance.now() - renderStart;
        renderTotal += d;
        renderMax = Math.max(renderMax, d);
      };
      gv.sigma.on('beforeRender', onBefore);
      gv.sigma.on('afterRender', onRender);
      requestAnimationFrame(count);
      while (performance.now() - t0 < ms) {
        await camera.animate({ x: 0.3 + Math.random() * 0.4, y: 0.3 + Math.random() * 0.4, ratio: 0.3 + Math.random() }, { duration: 300 });
      }
      counting = false;
      gv.sigma.off('beforeRender', onBefore);
      gv.sigma.off('afterRender', onRender);
      renderStats = { mean: rendered ? renderTotal / rendered : 0, max: renderMax };
      const seconds = (performance.now() - t0) / 1000;
      return Math.min(frames, rendered) / seconds;
    },
  };
  window.__kgExplorer = hooks;
}
