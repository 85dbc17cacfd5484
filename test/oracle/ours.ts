/**
 * Our call edges in the oracles' terms
 * ====================================
 * Indexes a folder with our Workspace and maps every `calls` edge to (path, name line) pairs, the
 * form the oracles speak (file nodes are line 0). Also keeps what the breakdown of differences
 * needs (causes.ts): each edge's confidence, and the call facts of every file.
 */
import type { CallFact } from '../../extension/core/parse/facts';
import { Workspace } from '../../extension/core/workspace';
import type { EdgeLike } from './compare';
import type { DeclRef } from './types';

export interface OurEdge extends EdgeLike {
  confidence?: string;
}

export interface OurGraph {
  edges: OurEdge[];
  declarations: DeclRef[];
  /** Call facts by file, each with the name line of its caller (0: module level). */
  calls: Map<string, { fact: CallFact; callerLine: number }[]>;
  /** Our declaration kinds by `path:line`. */
  kinds: Map<string, string>;
  /** `inherits` edges between declarations (subclass as caller, base as callee). */
  inherits: OurEdge[];
}

export async function ourCallEdges(root: string): Promise<OurGraph> {
  const ws = await Workspace.open(root, { persist: false, workers: 0 });
  try {
    await ws.index();
    const g = ws.graph.graph;
    const refOf = new Map<string, DeclRef>();
    const kinds = new Map<string, string>();
    g.forEachNode((id, attrs) => {
      if (!attrs.path) return; // externals
      if (attrs.kind === 'file') refOf.set(id, { path: attrs.path, line: 0 });
      else if (attrs.kind !== 'module' && attrs.kind !== 'external' && attrs.line !== undefined) {
        refOf.set(id, { path: attrs.path, line: attrs.line });
        kinds.set(`${attrs.path}:${attrs.line}`, attrs.kind);
      }
    });
    const edges: OurEdge[] = [];
    const inherits: OurEdge[] = [];
    g.forEachEdge((_key, attrs, source, target) => {
      if (attrs.kind !== 'calls' && attrs.kind !== 'inherits') return;
      const caller = refOf.get(source);
      const callee = refOf.get(target);
      if (!caller || !callee) return;
      if (attrs.kind === 'inherits') inherits.push({ caller, callee, callSiteLines: [] });
      else edges.push({ caller, callee, callSiteLines: attrs.lines ?? [], ...(attrs.confidence ? { confidence: attrs.confidence } : {}) });
    });
    const calls = new Map<string, { fact: CallFact; callerLine: number }[]>();
    for (const { path } of refOf.values()) {
      const facts = calls.has(path) ? undefined : ws.facts(path);
      if (!facts) continue;
      const lineOf = new Map(facts.symbols.map((s) => [s.qualifiedName, s.line]));
      calls.set(path, facts.calls.map((fact) => ({ fact, callerLine: fact.caller !== undefined ? (lineOf.get(fact.caller) ?? 0) : 0 })));
    }
    return { edges, declarations: [...refOf.values()], calls, kinds, inherits };
  } finally {
    await ws.close();
  }
}
