/**
 * The explorer's graph
 * ====================
 * A graphology graph built from the wire graph: node attributes are the wire node's fields plus
 * a position; edge keys are `kind|source|target`, as in the core. This is the model; what is shown
 * (colours, labels, hidden) is decided by the reducers, never written here.
 *
 * New nodes start at a deterministic place: near a neighbour that already has one (so a save
 * grows the picture where the change is), else around their file's node when it is drawn (the
 * symbols an expand brings in: on a small spiral, so a hundred of them do not start on one spot),
 * else at a spot hashed from their file, so a file's symbols start together and ForceAtlas2 has
 * less to undo.
 */
import { MultiDirectedGraph } from 'graphology';
import { fileId, type WireDiff, type WireEdgeRef, type WireGraph, type WireNode } from '../../extension/protocol/wire_graph';

export interface NodeData extends Omit<WireNode, 'id'> {
  x: number;
  y: number;
}

export interface EdgeData {
  kind: string;
}

export type ExplorerGraph = MultiDirectedGraph<NodeData, EdgeData>;

export function edgeKeyOf(kind: string, source: string, target: string): string {
  return `${kind}|${source}|${target}`;
}

/** FNV-1a, for positions that do not change between runs. */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const SPREAD = 1000;

/** A spot for a node with no placed neighbour: its file's spot, plus a little jitter of its own. */
export function seedPosition(node: WireNode): { x: number; y: number } {
  const group = node.path ?? node.id;
  const g = hash32(group);
  const angle = ((g & 0xffff) / 0x10000) * 2 * Math.PI;
  const radius = Math.sqrt(((g >>> 16) & 0xffff) / 0x10000) * SPREAD;
  const j = hash32(node.id);
  return { x: radius * Math.cos(angle) + ((j & 0xff) - 128) / 8, y: radius * Math.sin(angle) + (((j >>> 8) & 0xff) - 128) / 8 };
}

function dataOf(n: WireNode, pos: { x: number; y: number }): NodeData {
  const { id: _id, ...rest } = n;
  return { ...rest, x: pos.x, y: pos.y };
}

export function buildGraph(wire: WireGraph): ExplorerGraph {
  const g: ExplorerGraph = new MultiDirectedGraph<NodeData, EdgeData>({ allowSelfLoops: true });
  for (const n of wire.nodes) if (!g.hasNode(n.id)) g.addNode(n.id, dataOf(n, seedPosition(n)));
  for (const [s, t, kind] of wire.edges) {
    const source = wire.nodes[s]?.id;
    const target = wire.nodes[t]?.id;
    if (source === undefined || target === undefined) continue;
    const key = edgeKeyOf(kind, source, target);
    if (!g.hasEdge(key)) g.addDirectedEdgeWithKey(key, source, target, { kind });
  }
  return g;
}

function addEdge(g: ExplorerGraph, [s, t, kind]: WireEdgeRef): void {
  const key = edgeKeyOf(kind, s, t);
  if (g.hasNode(s) && g.hasNode(t) && !g.hasEdge(key)) g.addDirectedEdgeWithKey(key, s, t, { kind });
}

/**
 * Applies a diff in place. Existing nodes keep their positions; new ones are placed next to a
 * placed neighbour from the diff's edges, or at their seed. Returns the ids of the new nodes.
 */
export function applyDiff(g: ExplorerGraph, d: WireDiff): string[] {
  for (const [s, t, kind] of d.dropEdges) {
    const key = edgeKeyOf(kind, s, t);
    if (g.hasEdge(key)) g.dropEdge(key);
  }
  for (const id of d.dropNodes) if (g.hasNode(id)) g.dropNode(id);
  const added: WireNode[] = [];
  for (const n of d.putNodes) {
    if (g.hasNode(n.id)) {
      const { x, y } = g.getNodeAttributes(n.id);
      g.replaceNodeAttributes(n.id, dataOf(n, { x, y }));
    } else {
      added.push(n);
    }
  }
  const neighbour = new Map<string, string>();
  for (const [s, t] of d.addEdges) {
    if (g.hasNode(s) && !neighbour.has(t)) neighbour.set(t, s);
    if (g.hasNode(t) && !neighbour.has(s)) neighbour.set(s, t);
  }
  const anchor = new Map<string, string>();
  const count = new Map<string, number>();
  for (const n of added) {
    let near = neighbour.get(n.id);
    if ((near === undefined || !g.hasNode(near)) && n.path !== undefined && g.hasNode(fileId(n.path))) near = fileId(n.path);
    if (near === undefined || !g.hasNode(near)) continue;
    anchor.set(n.id, near);
    count.set(near, (count.get(near) ?? 0) + 1);
  }
  // The symbols around one node fill a disc of a fraction of the mean spacing between nodes.
  const radius = anchor.size > 0 ? meanSpacing(g) * 0.4 : 0;
  const placed = new Map<string, number>();
  for (const n of added) {
    const near = anchor.get(n.id);
    let pos = seedPosition(n);
    if (near !== undefined) {
      const a = g.getNodeAttributes(near);
      const k = (placed.get(near) ?? 0) + 1;
      placed.set(near, k);
      const r = radius * Math.sqrt(k / (count.get(near) ?? 1));
      pos = { x: a.x + r * Math.cos(k * 2.39996), y: a.y + r * Math.sin(k * 2.39996) };
    }
    g.addNode(n.id, dataOf(n, pos));
  }
  for (const e of d.addEdges) addEdge(g, e);
  return added.map((n) => n.id);
}

/** The mean distance between neighbouring nodes drawn so far: the layout's width over sqrt(nodes). */
function meanSpacing(g: ExplorerGraph): number {
  let minX = Infinity;
  let maxX = -Infinity;
  g.forEachNode((_id, a) => {
    if (a.x < minX) minX = a.x;
    if (a.x > maxX) maxX = a.x;
  });
  return g.order > 1 ? Math.max((maxX - minX) / Math.sqrt(g.order), 1) : 10;
}

/** Kinds present in the graph, with counts, for the filter panel and the stats bar. */
export function kindCounts(g: ExplorerGraph): { nodes: Map<string, number>; edges: Map<string, number> } {
  const nodes = new Map<string, number>();
  const edges = new Map<string, number>();
  g.forEachNode((_id, a) => nodes.set(a.kind, (nodes.get(a.kind) ?? 0) + 1));
  g.forEachEdge((_k, a) => edges.set(a.kind, (edges.get(a.kind) ?? 0) + 1));
  return { nodes, edges };
}
