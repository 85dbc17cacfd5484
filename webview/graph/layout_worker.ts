/**
 * ForceAtlas2 worker
 * ==================
 * Runs graphology's ForceAtlas2 off the main thread, in batches of iterations, posting the
 * positions after each batch so the picture moves while it settles. It stops when the nodes
 * barely move (settled), when the time budget is spent, or when told to.
 *
 * Built as its own bundle and started from a blob: URL (see graph/layout.ts): a VS Code webview
 * cannot start a worker from its resource origin.
 */
import Graph from 'graphology';
import forceAtlas2 from 'graphology-layout-forceatlas2';
import type { FromWorker, LayoutStart, ToWorker } from './layout_protocol';

interface WorkerScope {
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker, transfer: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

let run = 0;

/** Mean movement per node per batch, relative to the spread of the layout, under which it has settled. */
const SETTLED = 0.0004;

function start(msg: LayoutStart): void {
  const id = ++run;
  const n = msg.positions.length / 2;
  const g = new Graph({ type: 'undirected', multi: false, allowSelfLoops: false });
  for (let i = 0; i < n; i++) g.addNode(i, { x: msg.positions[2 * i], y: msg.positions[2 * i + 1] });
  for (let i = 0; i < msg.edges.length; i += 2) {
    const s = msg.edges[i];
    const t = msg.edges[i + 1];
    if (s !== t && !g.hasEdge(s, t)) g.addEdge(s, t);
  }
  const settings = { ...forceAtlas2.inferSettings(g), barnesHutOptimize: n > 1500, barnesHutTheta: 0.6 };
  // Bigger graphs: fewer iterations per batch, so the first positions arrive soon.
  const batch = n > 5000 ? 5 : n > 1000 ? 15 : 40;
  const t0 = performance.now();
  let iterations = 0;
  const step = (): void => {
    if (id !== run) return;
    const before = new Float32Array(n * 2);
    g.forEachNode((k, a) => {
      before[2 * Number(k)] = a.x as number;
      before[2 * Number(k) + 1] = a.y as number;
    });
    forceAtlas2.assign(g, { iterations: batch, settings });
    iterations += batch;
    const positions = new Float32Array(n * 2);
    let moved = 0;
    let minX = Infinity;
    let maxX = -Infinity;
    g.forEachNode((k, a) => {
      const i = Number(k);
      const x = a.x as number;
      const y = a.y as number;
      positions[2 * i] = x;
      positions[2 * i + 1] = y;
      moved += Math.hypot(x - before[2 * i], y - before[2 * i + 1]);
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
    });
    const spread = Math.max(maxX - minX, 1);
    const elapsedMs = performance.now() - t0;
    const settled = n === 0 || moved / Math.max(n, 1) / batch / spread < SETTLED;
    const done = settled || elapsedMs > msg.maxMs;
    scope.postMessage({ type: 'tick', positions, iterations, elapsedMs, done, settled }, [positions.buffer]);
    if (!done) setTimeout(step, 0);
  };
  setTimeout(step, 0);
}

scope.onmessage = (e) => {
  if (e.data.type === 'start') start(e.data);
  else run++;
};
