/**
 * ForceAtlas2 worker
 * ==================
 * Runs graphology's ForceAtlas2 off the main thread. The graph is laid out as the flat typed
 * arrays ForceAtlas2's own iteration works on (10 floats a node, 3 an edge), built once per run:
 * no graphology graph, no conversion per batch.
 *
 * Big graphs are laid out in two levels: first the graph of groups (a file and its symbols are
 * one group), which is ten times smaller and settles in a fraction of a second; then each node
 * starts on a small spiral around its group's spot and ForceAtlas2 refines the whole graph. At
 * 13,000 nodes an iteration costs ~50 ms once V8 has optimised it (see coarsen: Barnes-Hut runs
 * at both levels for that reason): from scattered seeds the full graph would need hundreds; from
 * the coarse picture it needs tens. Settled means the mean movement per node in one iteration is
 * under SETTLED of the layout's width; the cooling below is what brings it there in time. Iterations run in time slices; after each slice
 * the positions are posted so the picture moves while it settles. It stops when the nodes barely
 * move (settled), when the time budget is spent, or when told to.
 *
 * Built as its own bundle and started from a blob: URL (see graph/layout.ts): a VS Code webview
 * cannot start a worker from its resource origin.
 */
import forceAtlas2 from 'graphology-layout-forceatlas2';
import iterate from 'graphology-layout-forceatlas2/iterate.js';
import type { FromWorker, LayoutStart, ToWorker } from './layout_protocol';

interface WorkerScope {
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker, transfer: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

let run = 0;

/** Floats per node and per edge in ForceAtlas2's matrices (see its helpers.js). */
const PPN = 10;
const PPE = 3;

/**
 * Cooling: from this fraction of the time budget on, ForceAtlas2's slowDown grows exponentially
 * (by e^COOLING over the rest of the budget), as d3-force's alpha decays: ForceAtlas2 alone keeps
 * swinging around its equilibrium, and a big graph would reach the budget still moving.
 */
const COOL_FROM = 0.4;
const COOLING = 3.8;

/** Mean movement per node per iteration, relative to the spread of the layout, under which it has settled. */
const SETTLED = 0.0004;

/** Time between two posts of the positions: the main thread redraws on each. */
function sliceMs(n: number): number {
  return n > 5000 ? 250 : n > 1000 ? 100 : 30;
}

/** The node and edge matrices: undirected, no self-loops, no duplicate pairs; mass is 1 + degree. */
function buildMatrices(positions: Float32Array, edges: Uint32Array, fixed?: Uint8Array): { nodes: Float32Array; edges: Float32Array } {
  const n = positions.length / 2;
  const nodes = new Float32Array(n * PPN);
  for (let i = 0; i < n; i++) {
    const j = i * PPN;
    nodes[j] = positions[2 * i]!;
    nodes[j + 1] = positions[2 * i + 1]!;
    nodes[j + 6] = 1; // mass
    nodes[j + 7] = 1; // convergence
    nodes[j + 8] = 1; // size
    nodes[j + 9] = fixed?.[i] ?? 0; // fixed: ForceAtlas2 leaves it where it is
  }
  const seen = new Set<number>();
  const pairs: number[] = [];
  for (let i = 0; i < edges.length; i += 2) {
    const a = Math.min(edges[i]!, edges[i + 1]!);
    const b = Math.max(edges[i]!, edges[i + 1]!);
    if (a === b || a >= n || b >= n) continue;
    const key = a * n + b;
    if (seen.has(key)) continue;
    seen.add(key);
    pairs.push(a, b);
  }
  const matrix = new Float32Array((pairs.length / 2) * PPE);
  for (let e = 0; e < pairs.length / 2; e++) {
    const s = pairs[2 * e]! * PPN;
    const t = pairs[2 * e + 1]! * PPN;
    matrix[e * PPE] = s;
    matrix[e * PPE + 1] = t;
    matrix[e * PPE + 2] = 1;
    nodes[s + 6]! += 1;
    nodes[t + 6]! += 1;
  }
  return { nodes, edges: matrix };
}

/**
 * Barnes-Hut's approximation: coarser in big graphs. Measured on Django's 12,943 nodes (one core,
 * busy machine): 229 ms an iteration at 0.6, 112 ms at 1.0 (Gephi's default is 1.2); at 9,441
 * nodes 169 and 88 ms. The picture at that size does not show the difference; the time budget does.
 */
const thetaFor = (n: number): number => (n > 5000 ? 1.0 : 0.6);

function optionsFor(n: number): Record<string, unknown> {
  const settings = { ...forceAtlas2.inferSettings(n), barnesHutOptimize: n > 1500, barnesHutTheta: thetaFor(n) };
  return { linLogMode: false, outboundAttractionDistribution: false, adjustSizes: false, edgeWeightInfluence: 1, ...settings };
}

/** Below this many nodes the graph is laid out in one level. */
const TWO_LEVELS = 3000;

/**
 * The coarse level: lays out the graph of groups for up to `budgetMs`, then writes each node's
 * start position into `positions`, on a golden-angle spiral around its group's spot.
 */
/** How much wider than the graph of groups the full graph starts, times sqrt(nodes / groups). */
const GROW = 1;
/** Spiral step around a group's spot, as a fraction of the mean spacing per node. */
const STEP = 0.5;
function coarsen(positions: Float32Array, edges: Uint32Array, groups: Uint32Array, budgetMs: number): void {
  const n = groups.length;
  let count = 0;
  for (let i = 0; i < n; i++) count = Math.max(count, groups[i]! + 1);
  const centre = new Float32Array(count * 2);
  const members = new Uint32Array(count);
  for (let i = 0; i < n; i++) {
    centre[2 * groups[i]!]! += positions[2 * i]!;
    centre[2 * groups[i]! + 1]! += positions[2 * i + 1]!;
    members[groups[i]!]!++;
  }
  for (let g = 0; g < count; g++) {
    centre[2 * g]! /= members[g]!;
    centre[2 * g + 1]! /= members[g]!;
  }
  const coarseEdges = new Uint32Array(edges.length);
  for (let i = 0; i < edges.length; i++) coarseEdges[i] = groups[edges[i]!]!;
  const m = buildMatrices(centre, coarseEdges);
  // Barnes-Hut at this level too, though the graph of groups is small: ForceAtlas2's iteration is
  // one big function, and V8 optimises it for the branches it has seen. A coarse level run
  // without Barnes-Hut left that branch cold, and the first full-graph iterations ran it
  // unoptimised: 0.6 s each in Chromium's worker instead of 50 ms.
  const options = { ...optionsFor(count), barnesHutOptimize: true };
  const t0 = performance.now();
  for (let k = 0; k < 500 && performance.now() - t0 < budgetMs; k++) iterate(options, m.nodes, m.edges);
  // The full graph spreads wider than the graph of its groups (more nodes repel each other):
  // start it near that size, so ForceAtlas2 need not spend its iterations expanding it.
  const grow = Math.sqrt(n / count) * GROW;
  let minX = Infinity;
  let maxX = -Infinity;
  for (let g = 0; g < count; g++) {
    m.nodes[g * PPN]! *= grow;
    m.nodes[g * PPN + 1]! *= grow;
    minX = Math.min(minX, m.nodes[g * PPN]!);
    maxX = Math.max(maxX, m.nodes[g * PPN]!);
  }
  // Spiral step: a fraction of the mean spacing each node has in that area.
  const step = (Math.max(maxX - minX, 1) / Math.sqrt(n)) * STEP;
  const seen = new Uint32Array(count);
  for (let i = 0; i < n; i++) {
    const g = groups[i]!;
    const k = seen[g]!++;
    const r = step * Math.sqrt(k);
    const a = k * 2.39996;
    positions[2 * i] = m.nodes[g * PPN]! + r * Math.cos(a);
    positions[2 * i + 1] = m.nodes[g * PPN + 1]! + r * Math.sin(a);
  }
}

function start(msg: LayoutStart): void {
  const id = ++run;
  const n = msg.positions.length / 2;
  const t0 = performance.now();
  if (n > TWO_LEVELS && !msg.fixed) coarsen(msg.positions, msg.edges, msg.groups, msg.maxMs * 0.2);
  const coarseMs = performance.now() - t0;
  let iterating = 0;
  const m = buildMatrices(msg.positions, msg.edges, msg.fixed);
  // Movement is averaged over the nodes that may move.
  let free = n;
  if (msg.fixed) for (let i = 0; i < n; i++) free -= msg.fixed[i]!;
  const options = optionsFor(n);
  const slowDown = options.slowDown as number;
  const before = new Float32Array(n * 2);
  let iterations = 0;
  const step = (): void => {
    if (id !== run) return;
    const sliceStart = performance.now();
    let moved = 0;
    let done = false;
    let settled = false;
    let spread = 1;
    do {
      for (let i = 0; i < n; i++) {
        before[2 * i] = m.nodes[i * PPN]!;
        before[2 * i + 1] = m.nodes[i * PPN + 1]!;
      }
      const iterationStart = performance.now();
      const t = (iterationStart - t0) / msg.maxMs;
      options.slowDown = slowDown * Math.exp(COOLING * Math.max(0, (t - COOL_FROM) / (1 - COOL_FROM)));
      iterate(options, m.nodes, m.edges);
      iterating += performance.now() - iterationStart;
      iterations++;
      moved = 0;
      let minX = Infinity;
      let maxX = -Infinity;
      for (let i = 0; i < n; i++) {
        const x = m.nodes[i * PPN]!;
        const y = m.nodes[i * PPN + 1]!;
        moved += Math.hypot(x - before[2 * i]!, y - before[2 * i + 1]!);
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
      }
      spread = Math.max(maxX - minX, 1);
      settled = free === 0 || moved / Math.max(free, 1) / spread < SETTLED;
      // Stop when the next iteration, as long as the last one, would overrun the budget.
      const now = performance.now();
      done = settled || now + (now - iterationStart) > t0 + msg.maxMs;
    } while (!done && performance.now() - sliceStart < sliceMs(n));
    const positions = new Float32Array(n * 2);
    for (let i = 0; i < n; i++) {
      positions[2 * i] = m.nodes[i * PPN]!;
      positions[2 * i + 1] = m.nodes[i * PPN + 1]!;
    }
    const elapsedMs = performance.now() - t0;
    scope.postMessage({ type: 'tick', positions, iterations, elapsedMs, coarseMs, iterationMs: iterations ? iterating / iterations : 0, done, settled }, [positions.buffer]);
    // Yield between slices so a stop message gets through.
    if (!done) setTimeout(step, 0);
  };
  setTimeout(step, 0);
}

scope.onmessage = (e) => {
  if (e.data.type === 'start') start(e.data);
  else run++;
};
