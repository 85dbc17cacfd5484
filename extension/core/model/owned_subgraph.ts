/**
 * Owned subgraph
 * ==============
 * The projections that live beside the code in one CodeGraph (decisions, agent memory, docs, the
 * LLM layer) each own a set of nodes and edges. After every update a projection computes what it
 * wants from scratch and this applies the difference: what it owned and no longer wants goes,
 * what changed is rewritten, nothing it does not own is touched. Computing from scratch and
 * diffing is what makes "incremental equals full" true by construction.
 */
import type { CodeGraph } from './graph';
import { sameJson } from './graph';
import type { EdgeAttributes, EdgeKind, NodeAttributes } from './types';

export interface WantedEdge {
  kind: EdgeKind;
  source: string;
  target: string;
  attrs: Omit<EdgeAttributes, 'kind'>;
}

export interface WantedSubgraph {
  nodes: ReadonlyMap<string, NodeAttributes>;
  /** Keyed by edgeKey(kind, source, target). An edge whose ends are missing is left out. */
  edges: ReadonlyMap<string, WantedEdge>;
}

export interface AppliedSubgraph {
  nodes: number;
  edges: number;
}

export class OwnedSubgraph {
  private nodes = new Set<string>();
  private edges = new Set<string>();
  private graph: CodeGraph | undefined;
  /** The objects last written, by node id and by edge key: wanted again as the same object, they need no comparing. */
  private writtenNodes = new Map<string, NodeAttributes>();
  private writtenEdges = new Map<string, WantedEdge>();

  /** Makes the owned part of `graph` equal to `want`. */
  apply(graph: CodeGraph, want: WantedSubgraph): AppliedSubgraph {
    if (graph !== this.graph) {
      // A new graph (a discarded snapshot): nothing in it is ours yet.
      this.graph = graph;
      this.nodes = new Set();
      this.edges = new Set();
      this.writtenNodes = new Map();
      this.writtenEdges = new Map();
    }
    const writtenNodes = new Map<string, NodeAttributes>();
    const writtenEdges = new Map<string, WantedEdge>();
    for (const key of this.edges) if (!want.edges.has(key)) graph.dropEdge(key);
    for (const id of this.nodes) if (!want.nodes.has(id)) graph.dropNode(id);
    for (const [id, attrs] of want.nodes) {
      writtenNodes.set(id, attrs);
      if (this.writtenNodes.get(id) === attrs && graph.hasNode(id)) continue;
      const have = graph.node(id);
      if (!have || !sameJson(have, attrs)) graph.setNode(id, attrs);
    }
    const kept = new Set<string>();
    for (const [key, e] of want.edges) {
      if (!graph.hasNode(e.source) || !graph.hasNode(e.target)) continue;
      kept.add(key);
      writtenEdges.set(key, e);
      if (this.writtenEdges.get(key) === e && graph.hasEdge(key)) continue;
      const have = graph.edge(key);
      if (!have || have.kind !== e.kind || !sameJson({ ...have, kind: undefined }, e.attrs)) graph.setEdge(e.kind, e.source, e.target, e.attrs);
    }
    this.nodes = new Set(want.nodes.keys());
    this.edges = kept;
    this.writtenNodes = writtenNodes;
    this.writtenEdges = writtenEdges;
    return { nodes: want.nodes.size, edges: kept.size };
  }

  /** Whether a node id is one this projection put in the graph. */
  owns(id: string): boolean {
    return this.nodes.has(id);
  }
}
