/**
 * Target resolution
 * =================
 * Turns what a user or agent typed into a node: an id, `path:line`, a path, a dotted or
 * qualified name, or a bare name. One match resolves; several are `ambiguous` (ranked, with
 * locations); none is `not_found` with "did you mean" suggestions from the name index.
 */
import { editDistance } from '../model/edit_distance';
import type { CodeGraph } from '../model/graph';
import { containerOf, fileId, filePathOf, moduleId } from '../model/ids';
import type { NodeKind } from '../model/types';
import { compareCandidates, describe } from './describe';
import type { Item } from './describe';
import { AmbiguousError, InvalidArgumentError, NotFoundError } from './errors';

export interface TargetOptions {
  /** Only nodes of these kinds qualify. */
  kinds?: readonly NodeKind[];
  /** How many candidates an `ambiguous` error lists (default 10). */
  limit?: number;
}

/** How the reference matched, for answers that want to say so. */
export type MatchedBy = 'id' | 'line' | 'path' | 'qualified' | 'name';

export interface Matches {
  ids: string[];
  by?: MatchedBy;
}

function normalizePath(ref: string): string {
  let p = ref.replace(/\\/g, '/');
  p = filePathOf(p) ?? p;
  while (p.startsWith('./')) p = p.slice(2);
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p;
}

function containerMatches(container: string | undefined, wanted: string): boolean {
  if (container === undefined) return false;
  return container === wanted || container.endsWith(`.${wanted}`) || container.endsWith(`/${wanted}`);
}

/** `shop.Stock.count`: the symbol's file declares package `shop` (or `com.acme.shop`): its file node's dotted name. */
function packageMatches(graph: CodeGraph, id: string, wanted: string): boolean {
  const path = graph.node(id)?.path;
  const pkg = path !== undefined ? graph.node(fileId(path))?.qualifiedName : undefined;
  return pkg !== undefined && (pkg === wanted || pkg.endsWith(`.${wanted}`));
}

/** Every node `ref` may mean, best first (possibly none). Does not throw on no/many matches. */
export function matchTarget(graph: CodeGraph, ref: string, options: TargetOptions = {}): Matches {
  const r = ref.trim();
  const kinds = options.kinds ? new Set<NodeKind>(options.kinds) : undefined;
  const keep = (ids: string[]): string[] => {
    const ok = kinds ? ids.filter((id) => kinds.has(graph.node(id)?.kind ?? 'external')) : ids;
    return ok.sort((a, b) => compareCandidates(graph, a, b));
  };

  if (graph.hasNode(r)) {
    const ids = keep([r]);
    if (ids.length > 0) return { ids, by: 'id' };
  }

  const p = normalizePath(r);
  const atLine = /^(.+):(\d+)$/.exec(p);
  if (atLine && graph.nodesInPath(atLine[1]!).length > 0) {
    const id = graph.symbolAt(atLine[1]!, Number(atLine[2]));
    return { ids: id === undefined ? [] : keep([id]), by: 'line' };
  }
  const asPath = keep([fileId(p), moduleId(p)].filter((id) => graph.hasNode(id)));
  if (asPath.length > 0) return { ids: asPath, by: 'path' };

  const qualified = new Set(graph.findByQualifiedName(r));
  const parts = r.split('.');
  for (let i = 1; i < parts.length; i++) {
    const container = parts.slice(0, i).join('.');
    for (const id of graph.findByQualifiedName(parts.slice(i).join('.'))) {
      if (containerMatches(containerOf(id), container) || packageMatches(graph, id, container)) qualified.add(id);
    }
  }
  if (parts.length > 1 || r.includes(' > ')) {
    const byQualified = keep([...qualified]);
    if (byQualified.length > 0) return { ids: byQualified, by: 'qualified' };
  }

  // A bare name: every symbol of that short name (a method `send` as much as a function `send`),
  // plus qualified-name hits such as a Python package's dotted name.
  const byName = keep([...new Set([...graph.findByName(r), ...qualified])]);
  // `Client` should not be ambiguous with a variable `client` when the case says which.
  const sameCase = byName.filter((id) => graph.node(id)?.name === r || graph.node(id)?.qualifiedName === r);
  const names = sameCase.length > 0 ? sameCase : byName;
  return names.length > 0 ? { ids: names, by: 'name' } : { ids: [] };
}

/** The one node `ref` means; throws `ambiguous` or `not_found` (with suggestions) otherwise. */
export function resolveTarget(graph: CodeGraph, ref: string, options: TargetOptions = {}): string {
  if (typeof ref !== 'string' || ref.trim() === '') {
    throw new InvalidArgumentError('query/resolveTarget: expecting a non-empty target (id, name, path or path:line).');
  }
  const { ids } = matchTarget(graph, ref, options);
  if (ids.length === 1) return ids[0]!;
  if (ids.length === 0) {
    const kinds = options.kinds ? ` of kind ${options.kinds.join('/')}` : '';
    const suggestions = suggest(graph, ref, 5, options.kinds);
    const hint = suggestions.length > 0 ? ` Did you mean ${suggestionNames(graph, suggestions).join(', ')}?` : '';
    throw new NotFoundError(`query/resolveTarget: nothing${kinds} matches "${ref}".${hint}`, suggestions);
  }
  const limit = options.limit ?? 10;
  const candidates = ids.slice(0, limit).map((id) => describe(graph, id));
  throw new AmbiguousError(
    `query/resolveTarget: "${ref}" matches ${ids.length} nodes; pass one of the candidate ids (or a path:line).`,
    candidates,
    ids.length - candidates.length,
  );
}

function unique<T>(v: T, i: number, all: T[]): boolean {
  return all.indexOf(v) === i;
}

/**
 * Names close to what was asked: prefix or substring of the last segment first, then small
 * edit distances. A scan of the name keys, paid only when a lookup failed.
 */
export function suggest(graph: CodeGraph, ref: string, max = 5, kinds?: readonly NodeKind[]): Item[] {
  const key = ref.trim().toLowerCase().split(/[.:/\\]/).filter((s) => s !== '' && !/^\d+$/.test(s)).pop() ?? '';
  if (key.length < 2) return [];
  const maxDist = key.length <= 4 ? 1 : 2;
  const scored: [number, string][] = [];
  for (const name of graph.names()) {
    let score: number;
    if (name.startsWith(key) || (key.startsWith(name) && name.length >= 3)) score = 0;
    else if (name.includes(key)) score = 1;
    else {
      const d = editDistance(key, name, maxDist);
      if (d > maxDist) continue;
      score = 1 + d;
    }
    scored.push([score * 1000 + Math.abs(name.length - key.length), name]);
  }
  scored.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  const want = kinds ? new Set(kinds) : undefined;
  const out: Item[] = [];
  for (const [, name] of scored) {
    const ids = graph.findByName(name).filter((id) => !want || want.has(graph.node(id)?.kind ?? 'external'));
    ids.sort((a, b) => compareCandidates(graph, a, b));
    for (const id of ids) {
      if (out.length >= max) return out;
      out.push(describe(graph, id));
    }
  }
  return out;
}


/** The names to offer in a "did you mean" (items leave out names their ids already say). */
export function suggestionNames(graph: CodeGraph, suggestions: readonly Item[]): string[] {
  return suggestions.map((s) => graph.node(s.id)?.name ?? s.id).filter(unique);
}
