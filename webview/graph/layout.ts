/**
 * Layout runner
 * =============
 * Starts the ForceAtlas2 worker over the current graph and writes the positions it posts back
 * into the graph (sigma redraws on its own). Ticks are coalesced: the newest one is applied on
 * the next animation frame, and no sooner than `applyEveryMs` after the last, since each apply is
 * a full redraw, and in a big graph redraws would take the CPU from the worker. The worker's text is inlined in the bundle and run
 * from a blob: URL, the one way a VS Code webview can start a worker; the CSP allows blob: workers
 * only. A run is stopped whenever the graph's node set changes (a live diff) or a node is dragged:
 * positions are matched by index, so they would land on the wrong nodes. `start(ms, moving)` lays
 * out only the nodes in `moving` (the symbols an expand brought in), every other node pinned.
 */
import workerSource from 'virtual:layout-worker';
import type { ExplorerGraph } from '../model/graph_data';
import type { FromWorker, LayoutTick, ToWorker } from './layout_protocol';

export interface LayoutProgress {
  running: boolean;
  iterations: number;
  elapsedMs: number;
  settled: boolean;
  /** See LayoutTick: the coarse level's time and the mean full-graph iteration. */
  coarseMs?: number;
  iterationMs?: number;
}

export class LayoutRunner {
  private worker: Worker | undefined;
  private url: string | undefined;
  private index = new Map<string, number>();
  private pending: LayoutTick | undefined;
  private frame: number | undefined;
  private timer: number | undefined;
  private lastApply = 0;
  private last: LayoutProgress = { running: false, iterations: 0, elapsedMs: 0, settled: false };

  constructor(
    private readonly graph: ExplorerGraph,
    private readonly onProgress: (p: LayoutProgress) => void,
  ) {}

  start(maxMs: number, moving?: ReadonlySet<string>): void {
    this.stop();
    this.url ??= URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
    const worker = (this.worker = new Worker(this.url));
    const order = this.graph.nodes();
    const at = (this.index = new Map(order.map((id, i) => [id, i])));
    const positions = new Float32Array(order.length * 2);
    order.forEach((id, i) => {
      const a = this.graph.getNodeAttributes(id);
      positions[2 * i] = a.x;
      positions[2 * i + 1] = a.y;
    });
    const edges = new Uint32Array(this.graph.size * 2);
    let e = 0;
    this.graph.forEachEdge((_k, _a, s, t) => {
      edges[e++] = at.get(s) as number;
      edges[e++] = at.get(t) as number;
    });
    const groups = new Uint32Array(order.length);
    const groupOf = new Map<string, number>();
    // A file is grouped with its symbols; a file with none loaded (the overview of a large graph)
    // with its folder, so the coarse level is the graph of folders, not one group per file.
    const withSymbols = new Set<string>();
    this.graph.forEachNode((_id, a) => {
      if (a.path !== undefined && a.kind !== 'file' && a.kind !== 'module') withSymbols.add(a.path);
    });
    order.forEach((id, i) => {
      const a = this.graph.getNodeAttributes(id);
      const key =
        a.kind === 'module' && a.path !== undefined
          ? `dir:${a.path}`
          : a.kind === 'file' && a.path !== undefined && !withSymbols.has(a.path)
            ? `dir:${a.path.slice(0, Math.max(a.path.lastIndexOf('/'), 0))}`
            : (a.path ?? id);
      let g = groupOf.get(key);
      if (g === undefined) groupOf.set(key, (g = groupOf.size));
      groups[i] = g;
    });
    worker.onmessage = (msg: MessageEvent<FromWorker>) => this.receive(worker, msg.data);
    const transfer: ArrayBuffer[] = [positions.buffer, edges.buffer, groups.buffer];
    const start: ToWorker = { type: 'start', positions, edges, groups, maxMs };
    if (moving) {
      const fixed = new Uint8Array(order.length);
      order.forEach((id, i) => {
        fixed[i] = moving.has(id) ? 0 : 1;
      });
      start.fixed = fixed;
      transfer.push(fixed.buffer);
    }
    worker.postMessage(start, transfer);
    this.onProgress((this.last = { running: true, iterations: 0, elapsedMs: 0, settled: false }));
  }

  /** Milliseconds between two applied ticks: a redraw of a 10k-node graph costs far more than one of 100. */
  private get applyEveryMs(): number {
    const n = this.graph.order;
    return n > 5000 ? 400 : n > 1000 ? 100 : 0;
  }

  private receive(worker: Worker, tick: LayoutTick): void {
    if (worker !== this.worker) return;
    this.pending = tick;
    // The last tick is drawn on the next frame, whatever the throttle.
    if (tick.done && this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.frame !== undefined || this.timer !== undefined) return;
    const wait = tick.done ? 0 : this.lastApply + this.applyEveryMs - performance.now();
    if (wait > 0) {
      this.timer = window.setTimeout(() => {
        this.timer = undefined;
        this.nextFrame(worker);
      }, wait);
    } else this.nextFrame(worker);
  }

  private nextFrame(worker: Worker): void {
    this.frame = requestAnimationFrame(() => {
      this.frame = undefined;
      const next = this.pending;
      this.pending = undefined;
      if (next && worker === this.worker) this.apply(next);
    });
  }

  private apply(tick: LayoutTick): void {
    this.lastApply = performance.now();
    const p = tick.positions;
    const index = this.index;
    this.graph.updateEachNodeAttributes((id, a) => {
      const i = index.get(id);
      if (i !== undefined) {
        a.x = p[2 * i]!;
        a.y = p[2 * i + 1]!;
      }
      return a;
    }, { attributes: ['x', 'y'] });
    this.onProgress((this.last = { running: !tick.done, iterations: tick.iterations, elapsedMs: tick.elapsedMs, settled: tick.settled, coarseMs: tick.coarseMs, iterationMs: tick.iterationMs }));
    if (tick.done) this.stop();
  }

  stop(): void {
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.frame = this.timer = undefined;
    this.pending = undefined;
    if (!this.worker) return;
    this.worker.terminate();
    this.worker = undefined;
    // Stopped before it was done (a diff, a drag): say so, or the view would wait for it.
    if (this.last.running) this.onProgress((this.last = { ...this.last, running: false }));
  }

  get running(): boolean {
    return this.worker !== undefined;
  }

  dispose(): void {
    this.stop();
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = undefined;
  }
}
