/**
 * Scope of a target
 * =================
 * What a change to a node covers: a class with its methods and nested classes, a file with
 * every node in it, a module with the files under it. Impact and tests start from this set.
 */
import type { CodeGraph } from '../model/graph';
import { fileId } from '../model/ids';

/** The node itself first, then what it comprises. */
export function scopeOf(graph: CodeGraph, id: string): string[] {
  const a = graph.node(id);
  if (a === undefined) return [];
  const out = new Set<string>([id]);
  if (a.kind === 'file' && a.path !== undefined) {
    for (const n of graph.nodesInPath(a.path)) out.add(n);
  } else if (a.kind === 'module') {
    const stack = [id];
    while (stack.length > 0) {
      const cur = stack.pop() as string;
      graph.graph.forEachOutEdge(cur, (_k, e, _s, t) => {
        if (e.kind !== 'contains' || out.has(t)) return;
        const kind = graph.node(t)?.kind;
        if (kind !== 'module' && kind !== 'file') return;
        out.add(t);
        stack.push(t);
        const path = graph.node(t)?.path;
        if (kind === 'file' && path !== undefined) for (const n of graph.nodesInPath(path)) out.add(n);
      });
    }
  } else if ((a.kind === 'class' || a.kind === 'interface' || a.kind === 'enum') && a.path !== undefined && a.qualifiedName) {
    // Members share the file and extend the qualified name; this holds whatever edges exist.
    const prefix = `${a.qualifiedName}.`;
    for (const n of graph.nodesInPath(a.path)) {
      if (graph.node(n)?.qualifiedName?.startsWith(prefix)) out.add(n);
    }
    graph.graph.forEachInEdge(id, (_k, e, s) => {
      if (e.kind === 'method_of') out.add(s);
    });
  }
  return [...out];
}

/** The enclosing class (for a member) and file of a symbol, innermost first. */
export function containersOf(graph: CodeGraph, id: string): string[] {
  const a = graph.node(id);
  if (a === undefined || a.path === undefined || a.kind === 'file' || a.kind === 'module') return [];
  const out: string[] = [];
  const qn = a.qualifiedName ?? '';
  const dot = qn.lastIndexOf('.');
  if (dot > 0) {
    const parentQn = qn.slice(0, dot);
    for (const n of graph.nodesInPath(a.path)) if (graph.node(n)?.qualifiedName === parentQn && n !== id) out.push(n);
  }
  if (graph.hasNode(fileId(a.path))) out.push(fileId(a.path));
  return out;
}
