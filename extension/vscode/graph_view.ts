/**
 * What the graph says about a file, for the editor
 * ================================================
 * The lookups CodeLens and hover share: the definitions of a file, who calls one (distinct callers
 * and every call site), its tests, and which symbol a word on a line stands for. Index lookups and
 * one-hop edge scans only (`nodesInPath`, in/out edges), so they are fast enough for the UI path;
 * nothing here parses or reads a file.
 *
 * Pure: no VS Code here. Lines are 0-based (the graph's are 1-based; converted here, once).
 */
import type { CodeGraph } from '../core/model/graph';
import { type NodeKind } from '../core/model/types';
import { fileId } from '../core/model/ids';
import { testsFor, type TestItem } from '../core/query';

/** The definitions that get lenses and hovers (tests and values do not: nobody "calls" them). */
export const DEFINITION_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>(['function', 'method', 'class']);

export interface Definition {
  id: string;
  name: string;
  kind: NodeKind;
  /** First line of the definition, decorators included: where its lenses sit. */
  anchor: number;
  /** The line of its name. */
  nameLine: number;
}

/** A place in the workspace, root-relative. */
export interface Place {
  path: string;
  line: number;
}

export interface CallSite extends Place {
  /** The calling node (a symbol, or the file for module-level code). */
  caller: string;
}

/** The file's definitions, in line order. */
export function definitionsIn(graph: CodeGraph, path: string): Definition[] {
  const out: Definition[] = [];
  for (const id of graph.nodesInPath(path)) {
    const a = graph.node(id);
    if (a === undefined || !DEFINITION_KINDS.has(a.kind) || a.startLine === undefined) continue;
    const anchor = a.startLine - 1;
    out.push({ id, name: a.name, kind: a.kind, anchor, nameLine: (a.line ?? a.startLine) - 1 });
  }
  return out.sort((x, y) => x.anchor - y.anchor || x.nameLine - y.nameLine || (x.id < y.id ? -1 : 1));
}

/** The indexed content hash of a file, which names the text version the graph describes. */
export function indexedHash(graph: CodeGraph, path: string): string | undefined {
  return graph.node(fileId(path))?.hash;
}

/**
 * Distinct callers over `calls` edges. A function calling itself is not counted: "1 caller" on a
 * recursive function nobody else calls would say it is used when it is not.
 */
export function callerCount(graph: CodeGraph, id: string): number {
  let n = 0;
  graph.graph.forEachInEdge(id, (_k, e, source) => {
    if (e.kind === 'calls' && source !== id) n++;
  });
  return n;
}

/** Every call site of `id`, in the callers' files, sorted by path and line. */
export function callSites(graph: CodeGraph, id: string): CallSite[] {
  const out: CallSite[] = [];
  graph.graph.forEachInEdge(id, (_k, e, source) => {
    if (e.kind !== 'calls' || source === id) return;
    const path = graph.node(source)?.path;
    if (path === undefined) return;
    // A call edge's lines are in its source's file: the caller's.
    for (const line of e.lines ?? []) out.push({ caller: source, path, line: line - 1 });
  });
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line));
}

/** Distinct callers with the place of their first call, in path and line order. */
export function callersOf(graph: CodeGraph, id: string): CallSite[] {
  const seen = new Set<string>();
  const out: CallSite[] = [];
  for (const s of callSites(graph, id)) {
    if (seen.has(s.caller)) continue;
    seen.add(s.caller);
    out.push(s);
  }
  return out;
}

/** Tests that exercise `id`, directly or transitively (core testsFor, default depth). */
export function testsOf(graph: CodeGraph, id: string, limit = 200): { total: number; items: TestItem[] } {
  const r = testsFor(graph, { target: id, limit });
  return { total: r.total, items: r.items };
}

/** "src/a.py:12" (1-based, as people and the MCP answers write it) → a Place. */
export function placeOfLoc(loc: string | undefined): Place | undefined {
  const m = loc === undefined ? null : /^(.*):(\d+)$/.exec(loc);
  return m?.[1] !== undefined && m[2] !== undefined ? { path: m[1], line: Number(m[2]) - 1 } : undefined;
}

/**
 * The definition a word on a line of `path` stands for: the definition named there (its name line),
 * else the callee of a call or reference made on that line (any node of the file whose span holds
 * the line may be the edge's source: module-level code calls from the file node).
 */
export function symbolForWord(graph: CodeGraph, path: string, line: number, word: string): string | undefined {
  const oneBased = line + 1;
  let found: string | undefined;
  const sources: string[] = [];
  for (const id of graph.nodesInPath(path)) {
    const a = graph.node(id);
    if (a === undefined) continue;
    if (DEFINITION_KINDS.has(a.kind) && a.name === word && (a.line ?? a.startLine) === oneBased) return id;
    if (a.kind === 'file' || (a.startLine !== undefined && a.endLine !== undefined && a.startLine <= oneBased && oneBased <= a.endLine)) sources.push(id);
  }
  // Innermost first is not needed: an edge records its own lines, so only real sites match.
  for (const source of sources.sort()) {
    graph.graph.forEachOutEdge(source, (_k, e, _s, target) => {
      if (found !== undefined || (e.kind !== 'calls' && e.kind !== 'references')) return;
      const t = graph.node(target);
      if (t !== undefined && DEFINITION_KINDS.has(t.kind) && t.name === word && e.lines?.includes(oneBased)) found = target;
    });
    if (found !== undefined) break;
  }
  return found;
}
