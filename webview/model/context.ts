/**
 * The person's context
 * ====================
 * What the sidebar shows when it follows the editor: the file under the cursor and its
 * neighbourhood. Depth 1 is the file, the symbols in it (what it contains, the methods of its
 * classes) and what the file itself touches (imports, importers, its tests, the decisions that
 * govern it); depth 2 adds what those symbols touch (callers, callees, bases, tests). Capped at
 * `cap` nodes, nearest first, the best connected first within a ring, so a hub file still reads.
 *
 * `contextLayout` places that neighbourhood afresh for the sidebar's shape: the file in the
 * middle, its own symbols around it, the rest on an outer ring grouped by their file (so one
 * file's nodes sit together), then a short ForceAtlas2 run to untangle it, and the picture
 * stretched to the container's aspect. Pure: positions in, positions out; the App writes them.
 */
import forceAtlas2 from 'graphology-layout-forceatlas2';
import { MultiDirectedGraph } from 'graphology';
import type { ExplorerGraph } from './graph_data';

/** The default view stays readable: the bound is fewer than 150 nodes. */
export const CONTEXT_CAP = 140;

export interface Context {
  /** The file node (`file:<path>`). */
  file: string;
  depth: 1 | 2;
}

/** Nodes that belong to a file: what it contains, and, below a class, its methods. */
function ownNodes(g: ExplorerGraph, file: string): string[] {
  const own: string[] = [];
  const seen = new Set([file]);
  const queue = [file];
  while (queue.length > 0) {
    const id = queue.shift() as string;
    g.forEachOutEdge(id, (_k, e, _s, t) => {
      if (e.kind === 'contains' && !seen.has(t)) {
        seen.add(t);
        own.push(t);
        queue.push(t);
      }
    });
    g.forEachInEdge(id, (_k, e, s) => {
      if (e.kind === 'method_of' && !seen.has(s)) {
        seen.add(s);
        own.push(s);
        queue.push(s);
      }
    });
  }
  return own;
}

/** Edges that are structure, not a relation worth showing as a neighbour. */
const STRUCTURE = new Set(['contains', 'method_of']);

/** The neighbours of `from` (both directions, any relation but structure) not in `seen`, best connected first. */
function ring(g: ExplorerGraph, from: Iterable<string>, seen: ReadonlySet<string>): string[] {
  const weight = new Map<string, number>();
  for (const id of from) {
    g.forEachEdge(id, (_k, e, s, t) => {
      if (STRUCTURE.has(e.kind)) return;
      const other = s === id ? t : s;
      if (!seen.has(other)) weight.set(other, (weight.get(other) ?? 0) + 1);
    });
  }
  return [...weight.entries()].sort((a, b) => b[1] - a[1] || g.degree(b[0]) - g.degree(a[0]) || (a[0] < b[0] ? -1 : 1)).map(([id]) => id);
}

/** The context's nodes, at most `cap`, the file first. Empty when the file is not in the graph. */
export function contextNodes(g: ExplorerGraph, ctx: Context, cap = CONTEXT_CAP): Set<string> {
  const out = new Set<string>();
  if (!g.hasNode(ctx.file)) return out;
  const add = (ids: Iterable<string>): void => {
    for (const id of ids) {
      if (out.size >= cap) return;
      out.add(id);
    }
  };
  add([ctx.file]);
  const own = ownNodes(g, ctx.file);
  add(own);
  add(ring(g, [ctx.file], out));
  if (ctx.depth >= 2) add(ring(g, own, out));
  return out;
}

/** The file a node belongs to (`file:<path>`), or undefined for a node with no path. */
export function fileOf(g: ExplorerGraph, id: string): string | undefined {
  if (!g.hasNode(id)) return undefined;
  const path = g.getNodeAttribute(id, 'path');
  if (path === undefined) return undefined;
  const file = `file:${path}`;
  return g.hasNode(file) ? file : undefined;
}

/**
 * Positions for the context's nodes, fitted to a container of `aspect` (height / width): seeded
 * rings, then ForceAtlas2 (graphology's, synchronously: 150 nodes take a few ms).
 */
export function contextLayout(g: ExplorerGraph, nodes: ReadonlySet<string>, file: string, aspect: number): Map<string, { x: number; y: number }> {
  const sub = new MultiDirectedGraph<{ x: number; y: number; fixed?: boolean }>();
  const own = new Set(ownNodes(g, file).filter((id) => nodes.has(id)));
  const ownList = [...own];
  sub.addNode(file, { x: 0, y: 0 });
  ownList.forEach((id, i) => {
    const a = (2 * Math.PI * i) / Math.max(ownList.length, 1);
    sub.addNode(id, { x: Math.cos(a) * 10, y: Math.sin(a) * 10 });
  });
  // The others grouped by their file, each group one sector of the outer ring.
  const groups = new Map<string, string[]>();
  for (const id of nodes) {
    if (id === file || own.has(id)) continue;
    const key = g.getNodeAttribute(id, 'path') ?? id;
    const list = groups.get(key);
    if (list) list.push(id);
    else groups.set(key, [id]);
  }
  const outer = [...groups.values()].flat();
  let k = 0;
  for (const list of groups.values()) {
    for (const id of list) {
      const a = (2 * Math.PI * k++) / Math.max(outer.length, 1);
      sub.addNode(id, { x: Math.cos(a) * 25, y: Math.sin(a) * 25 });
    }
  }
  for (const id of nodes) {
    g.forEachOutEdge(id, (_k, _e, s, t) => {
      if (s !== t && nodes.has(t) && !sub.hasEdge(s, t)) sub.addEdge(s, t);
    });
  }
  const positions = forceAtlas2(sub, { iterations: 120, settings: { gravity: 1, scalingRatio: 8, barnesHutOptimize: false, adjustSizes: false, strongGravityMode: true } });
  // Stretch the picture to the container's shape (a tall sidebar gets a tall picture).
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const p of Object.values(positions)) {
    minX = Math.min(minX, p.x);
    maxX = Math.max(maxX, p.x);
    minY = Math.min(minY, p.y);
    maxY = Math.max(maxY, p.y);
  }
  const w = Math.max(maxX - minX, 1e-6);
  const h = Math.max(maxY - minY, 1e-6);
  const stretch = Math.min(Math.max(aspect / (h / w), 0.4), 3);
  const out = new Map<string, { x: number; y: number }>();
  for (const [id, p] of Object.entries(positions)) out.set(id, { x: p.x, y: p.y * stretch });
  return out;
}
