/**
 * The person's context
 * ====================
 * What the sidebar shows when it follows the editor: the file in the editor and its neighbourhood,
 * depth 1–2 by relation rather than by hops (a hop count over every edge kind reaches half a
 * repository through one `contains`): the file's symbols, the files it imports and that import it,
 * the callers and callees of its symbols, the tests of them, and the decisions that govern any of
 * these. Capped, keeping the best-connected of each group, so a hub file still reads at the
 * sidebar's width.
 *
 * Laid out fresh: a small ForceAtlas2 run over the context alone, seeded in rings (the file in the
 * centre, its symbols around it, the rest outside, grouped by their file), so the picture does not
 * depend on where the whole graph's layout put these nodes. The positions are the view's, not the
 * graph's: leaving the context gives the whole-graph layout back untouched.
 */
import { MultiDirectedGraph } from 'graphology';
import forceAtlas2 from 'graphology-layout-forceatlas2';
import type { ExplorerGraph } from './graph_data';
import { hash32 } from './graph_data';

/** What a context may show at most (the issue: a default view under 150 nodes). */
export const CONTEXT_MAX = 120;

export interface FileContext {
  /** The file the context is about. */
  file: string;
  ids: Set<string>;
  positions: Map<string, { x: number; y: number }>;
}

const SYMBOL_EDGES = new Set(['contains', 'method_of']);
const FILE_EDGES = new Set(['imports', 'depends_on']);
const DECISION_EDGES = new Set(['governs', 'references', 'about']);

/** The file node of a node: itself, or the file node of its path when the graph has one. */
export function fileOf(g: ExplorerGraph, id: string): string | undefined {
  if (!g.hasNode(id)) return undefined;
  const a = g.getNodeAttributes(id);
  if (a.kind === 'file') return id;
  if (a.path === undefined) return undefined;
  const f = `file:${a.path}`;
  return g.hasNode(f) ? f : undefined;
}

/** The context of a file node (undefined when it is not in the graph). */
export function fileContext(g: ExplorerGraph, file: string, max = CONTEXT_MAX): FileContext | undefined {
  if (!g.hasNode(file)) return undefined;
  const ids = new Set<string>([file]);
  const room = (): number => max - ids.size;
  const byDegree = (xs: Iterable<string>): string[] => [...new Set(xs)].filter((x) => !ids.has(x)).sort((a, b) => g.degree(b) - g.degree(a) || (a < b ? -1 : 1));
  const take = (xs: Iterable<string>, cap: number): string[] => {
    const chosen = byDegree(xs).slice(0, Math.max(0, Math.min(cap, room())));
    for (const x of chosen) ids.add(x);
    return chosen;
  };
  // Depth 1: the file's symbols (classes' methods too), through contains / method_of.
  const symbols: string[] = [];
  const walk = [file];
  while (walk.length > 0) {
    const at = walk.pop()!;
    g.forEachOutEdge(at, (_k, e, _s, t) => {
      if (SYMBOL_EDGES.has(e.kind) && !symbols.includes(t) && t !== file) {
        symbols.push(t);
        walk.push(t);
      }
    });
    g.forEachInEdge(at, (_k, e, s) => {
      if (e.kind === 'method_of' && !symbols.includes(s) && s !== file) {
        symbols.push(s);
        walk.push(s);
      }
    });
  }
  const own = take(symbols, Math.floor(max * 0.35));
  // Depth 1: files this one imports and files that import it.
  const files: string[] = [];
  g.forEachEdge(file, (_k, e, s, t) => {
    if (FILE_EDGES.has(e.kind)) files.push(s === file ? t : s);
  });
  take(files, Math.floor(max * 0.2));
  // Depth 2: callers and callees of its symbols, the tests of them, decisions governing any.
  const calls: string[] = [];
  const tests: string[] = [];
  for (const s of [file, ...own]) {
    g.forEachEdge(s, (_k, e, a, b) => {
      const other = a === s ? b : a;
      if (e.kind === 'calls' || e.kind === 'inherits' || e.kind === 'implements') calls.push(other);
      else if (e.kind === 'tests') tests.push(other);
    });
  }
  take(tests, Math.floor(max * 0.15));
  take(calls, Math.floor(max * 0.25));
  const decisions: string[] = [];
  for (const s of ids) {
    g.forEachInEdge(s, (_k, e, a) => {
      if (DECISION_EDGES.has(e.kind) && isDecision(g.getNodeAttribute(a, 'kind'))) decisions.push(a);
    });
  }
  take(decisions, 10);
  return { file, ids, positions: layoutContext(g, file, ids, new Set(own)) };
}

function isDecision(kind: string): boolean {
  return kind === 'adr' || kind === 'decision' || kind === 'memory' || kind === 'concept' || kind === 'doc';
}

/** Ring seeds, then ForceAtlas2 over the context's own edges (a few ms at 120 nodes). */
function layoutContext(g: ExplorerGraph, file: string, ids: Set<string>, own: Set<string>): Map<string, { x: number; y: number }> {
  const sub = new MultiDirectedGraph<{ x: number; y: number }>();
  const outer = [...ids].filter((id) => id !== file && !own.has(id));
  const ring = (list: string[], radius: number): void => {
    // Grouped by file, so the callers in one module start side by side.
    const sorted = [...list].sort((a, b) => (g.getNodeAttribute(a, 'path') ?? a).localeCompare(g.getNodeAttribute(b, 'path') ?? b) || (a < b ? -1 : 1));
    sorted.forEach((id, i) => {
      const angle = (2 * Math.PI * i) / Math.max(sorted.length, 1) + (hash32(file) % 628) / 100;
      sub.addNode(id, { x: radius * Math.cos(angle), y: radius * Math.sin(angle) });
    });
  };
  sub.addNode(file, { x: 0, y: 0 });
  ring([...own], 40);
  ring(outer, 100);
  for (const id of ids) {
    g.forEachOutEdge(id, (_k, _e, _s, t) => {
      if (t !== id && ids.has(t)) sub.addEdge(id, t);
    });
  }
  if (sub.order > 2) {
    forceAtlas2.assign(sub, { iterations: 100, settings: { ...forceAtlas2.inferSettings(sub), barnesHutOptimize: false, adjustSizes: false, gravity: 1, scalingRatio: 12 } });
  }
  // Sigma normalises by the whole graph's extent: the context fills most of it, so the camera
  // frames it at the zoom the whole graph has (labels and node sizes as usual).
  const box = (each: (fn: (x: number, y: number) => void) => void): { cx: number; cy: number; span: number } => {
    let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
    each((x, y) => {
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    });
    return { cx: (minX + maxX) / 2, cy: (minY + maxY) / 2, span: Math.max(maxX - minX, maxY - minY, 1e-6) };
  };
  const whole = box((fn) => g.forEachNode((_id, a) => fn(a.x, a.y)));
  const mine = box((fn) => sub.forEachNode((_id, a) => fn(a.x, a.y)));
  const k = (whole.span * 0.8) / mine.span;
  const out = new Map<string, { x: number; y: number }>();
  sub.forEachNode((id, a) => out.set(id, { x: whole.cx + (a.x - mine.cx) * k, y: whole.cy + (a.y - mine.cy) * k }));
  return out;
}
