/**
 * Memory in the code graph
 * ========================
 * The memory entities as `memory` nodes of the CodeGraph (id `mem:` + a hash of the name, the
 * entity's own id) with an `about` edge to each code node or ADR the name names (links.ts), so
 * file_context, relate and path show agent memories beside the code, and any item can say
 * "2 notes".
 *
 * The same discipline as the DecisionIndex: the Workspace calls `relink` after every index and
 * update, and the memory side calls `set` after every write it makes or notices; each call
 * computes the memory subgraph from scratch and applies the difference, touching only the nodes
 * and edges it owns. Linking is a few index lookups per entity, so "incremental equals full"
 * holds by construction: a renamed class drops its about edge, restoring the name brings it back.
 */
import type { CodeGraph } from '../model/graph';
import { OwnedSubgraph, type WantedEdge } from '../model/owned_subgraph';
import { edgeKey } from '../model/types';
import type { NodeAttributes } from '../model/types';
import { linkEntityName } from './links';

/** What the graph needs of an entity. */
export interface MemoryEntitySummary {
  id: string;
  name: string;
  entityType: string;
  observations: readonly string[];
}

export interface MemoryNodesSummary {
  nodes: number;
  edges: number;
}

export class MemoryNodes {
  private entities: MemoryEntitySummary[] = [];
  private readonly owned = new OwnedSubgraph();

  /** The entities as they are now (after a write, or a change of the file by another process). */
  set(graph: CodeGraph, entities: readonly MemoryEntitySummary[]): MemoryNodesSummary {
    this.entities = entities.map((e) => ({ ...e, observations: [...e.observations] }));
    return this.relink(graph);
  }

  /** Re-links every entity to the code as it is now. After every index and update. */
  relink(graph: CodeGraph): MemoryNodesSummary {
    const nodes = new Map<string, NodeAttributes>();
    for (const e of this.entities) {
      nodes.set(e.id, { kind: 'memory', name: e.name, memory: { entityType: e.entityType, observations: [...e.observations] } });
    }
    // Links are resolved before our nodes change, against the code alone (links.ts skips memory nodes).
    const edges = new Map<string, WantedEdge>();
    for (const e of this.entities) {
      for (const target of linkEntityName(graph, e.name)) edges.set(edgeKey('about', e.id, target), { kind: 'about', source: e.id, target, attrs: {} });
    }
    return this.owned.apply(graph, { nodes, edges });
  }
}
