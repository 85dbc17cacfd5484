/**
 * Our call edges in the oracles' terms
 * ====================================
 * Indexes a folder with our Workspace and maps every `calls` edge to (path, name line) pairs, the
 * form the oracles speak (file nodes are line 0).
 */
import { Workspace } from '../../extension/core/workspace';
import type { EdgeLike } from './compare';
import type { DeclRef } from './types';

export interface OurGraph {
  edges: EdgeLike[];
  declarations: DeclRef[];
}

export async function ourCallEdges(root: string): Promise<OurGraph> {
  const ws = await Workspace.open(root, { persist: false, workers: 0 });
  try {
    await ws.index();
    const g = ws.graph.graph;
    const refOf = new Map<string, DeclRef>();
    g.forEachNode((id, attrs) => {
      if (!attrs.path) return; // externals
      if (attrs.kind === 'file') refOf.set(id, { path: attrs.path, line: 0 });
      else if (attrs.kind !== 'module' && attrs.kind !== 'external' && attrs.line !== undefined) refOf.set(id, { path: attrs.path, line: attrs.line });
    });
    const edges: EdgeLike[] = [];
    g.forEachEdge((_key, attrs, source, target) => {
      if (attrs.kind !== 'calls') return;
      const caller = refOf.get(source);
      const callee = refOf.get(target);
      if (caller && callee) edges.push({ caller, callee, callSiteLines: attrs.lines ?? [] });
    });
    return { edges, declarations: [...refOf.values()] };
  } finally {
    await ws.close();
  }
}

