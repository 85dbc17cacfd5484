/**
 * Dependencies
 * ============
 * What a file or module depends on (internal files/modules and external packages) and what
 * depends on it, to a depth, over `imports` (file level) and `depends_on` (module level).
 * A symbol stands for its file.
 */
import type { CodeGraph } from '../model/graph';
import { fileId } from '../model/ids';
import type { EdgeKind } from '../model/types';
import { describe } from './describe';
import type { Item } from './describe';
import { checkObject, cut, optBool, optInt, requireString } from './options';
import type { Page } from './options';
import { resolveTarget } from './target';
import { walk } from './walk';
import type { Step } from './walk';

export interface DepsOptions {
  target: string;
  /** 1–5, default 1. */
  depth?: number;
  /** Per list, default 50. */
  limit?: number;
  /** dependencies only: list external packages (default true). */
  externals?: boolean;
}

export interface DepItem extends Item {
  depth: number;
  /** Import lines "path:l1,l2" in the importing file (direct file imports). */
  at?: string;
  typeOnly?: true;
  /** The node of the previous level it was reached through (depth > 1). */
  via?: string;
}

export interface DependenciesResult {
  target: Item;
  internal: Page<DepItem>;
  externals?: Page<DepItem>;
}

export interface DependentsResult {
  target: Item;
  internal: Page<DepItem>;
}

interface Parsed {
  id: string;
  depth: number;
  limit: number;
  externals: boolean;
}

function parse(graph: CodeGraph, options: DepsOptions, where: string): Parsed {
  const o = checkObject(where, options);
  const ref = requireString(where, 'target', o.target);
  const depth = optInt(where, 'depth', o.depth, 1, 1, 5);
  const limit = optInt(where, 'limit', o.limit, 50, 1, 1000);
  const externals = optBool(where, 'externals', o.externals, true);
  let id = resolveTarget(graph, ref);
  const a = graph.node(id);
  // A symbol's dependencies are its file's: imports are recorded per file.
  if (a && a.kind !== 'file' && a.kind !== 'module' && a.kind !== 'external' && a.path !== undefined && graph.hasNode(fileId(a.path))) {
    id = fileId(a.path);
  }
  return { id, depth, limit, externals };
}

function depItem(graph: CodeGraph, s: Step): DepItem {
  const item: DepItem = { ...describe(graph, s.id), depth: s.depth };
  // Import lines, in the importing file: the target's for dependencies, the item's for dependents.
  if (s.kind === 'imports' && s.edge.lines?.length) item.at = s.edge.lines.join(',');
  if (s.edge.typeOnly) item.typeOnly = true;
  if (s.depth > 1) item.via = s.from;
  return item;
}

const IMPORTS: ReadonlySet<EdgeKind> = new Set<EdgeKind>(['imports']);
const DEPENDS: ReadonlySet<EdgeKind> = new Set<EdgeKind>(['depends_on']);

export function dependencies(graph: CodeGraph, options: DepsOptions): DependenciesResult {
  const where = 'query/dependencies';
  const { id, depth, limit, externals } = parse(graph, options, where);
  const isModule = graph.node(id)?.kind === 'module';
  const steps = walk(graph, [id], { kinds: isModule ? DEPENDS : IMPORTS, direction: 'out', maxDepth: depth });
  const internal: DepItem[] = [];
  const external: DepItem[] = [];
  for (const s of steps) (graph.node(s.id)?.kind === 'external' ? external : internal).push(depItem(graph, s));
  if (isModule && externals) {
    // Modules reach packages through their files: `depends_on` only links modules.
    const seen = new Set(external.map((e) => e.id));
    for (const [mod, d] of [[id, 0] as const, ...steps.map((s) => [s.id, s.depth] as const)]) {
      if (d + 1 > depth) continue;
      graph.graph.forEachOutEdge(mod, (_k, e, _s, file) => {
        if (e.kind !== 'contains' || graph.node(file)?.kind !== 'file') return;
        graph.graph.forEachOutEdge(file, (_k2, e2, _s2, pkg) => {
          if (e2.kind !== 'imports' || graph.node(pkg)?.kind !== 'external' || seen.has(pkg)) return;
          seen.add(pkg);
          const item: DepItem = { ...describe(graph, pkg), depth: d + 1, via: file };
          external.push(item);
        });
      });
    }
    external.sort((a, b) => a.depth - b.depth || (a.id < b.id ? -1 : 1));
  }
  const out: DependenciesResult = { target: describe(graph, id), internal: cut(internal, limit) };
  if (externals) out.externals = cut(external, limit);
  return out;
}

export function dependents(graph: CodeGraph, options: DepsOptions): DependentsResult {
  const where = 'query/dependents';
  const { id, depth, limit } = parse(graph, options, where);
  const isModule = graph.node(id)?.kind === 'module';
  const steps = walk(graph, [id], { kinds: isModule ? DEPENDS : IMPORTS, direction: 'in', maxDepth: depth });
  const items = steps.map((s) => depItem(graph, s));
  return { target: describe(graph, id), internal: cut(items, limit) };
}
