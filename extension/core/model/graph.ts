/**
 * Code graph
 * ==========
 * The typed graph every query reads: a graphology multi-directed graph plus lookup indexes
 * (short name, qualified name, path) kept up to date on every mutation, a deterministic
 * serialization for tests and fast snapshots.
 *
 * Mutate only through this class so the indexes and `version` stay right; `graph` is exposed
 * for read-only use (traversals, the explorer).
 */
import { MultiDirectedGraph } from 'graphology';
import { ChangeJournal } from './change_journal';
import { DERIVED_EDGE_KINDS, DERIVED_NODE_KINDS } from './kinds';
import { edgeKey } from './types';
import type { EdgeAttributes, EdgeKind, NodeAttributes, NodeKind } from './types';

/** Thrown on misuse of the graph API (missing endpoint, bad snapshot). */
export class CodeGraphError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CodeGraphError';
  }
}

/**
 * The snapshot shape written by `toJSON()`. Edge ends are indexes into `nodes`: a third smaller
 * than repeating ids, faster to parse, and the loader reuses the node id strings (graphology keys
 * its adjacency by id, and reusing one string instance spares a hash per edge). Edge keys are
 * derived from (kind, source, target).
 */
export interface GraphSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: typeof SNAPSHOT_VERSION;
  nodes: [id: string, attributes: NodeAttributes][];
  edges: [source: number, target: number, attributes: EdgeAttributes][];
}

export interface GraphStats {
  nodes: number;
  edges: number;
  nodesByKind: Partial<Record<NodeKind, number>>;
  edgesByKind: Partial<Record<EdgeKind, number>>;
}

const SNAPSHOT_FORMAT = 'kg-memory/graph';
const SNAPSHOT_VERSION = 2;

/**
 * key → ids. Most keys map to one id, so a single id is stored as a bare string and only
 * upgraded to a Set on the second one: a Set per node would cost tens of MB at 100k nodes.
 */
class MultiIndex {
  private readonly map = new Map<string, string | Set<string>>();

  add(key: string, id: string): void {
    const cur = this.map.get(key);
    if (cur === undefined) this.map.set(key, id);
    else if (typeof cur === 'string') {
      if (cur !== id) this.map.set(key, new Set([cur, id]));
    } else cur.add(id);
  }

  remove(key: string, id: string): void {
    const cur = this.map.get(key);
    if (cur === undefined) return;
    if (typeof cur === 'string') {
      if (cur === id) this.map.delete(key);
      return;
    }
    cur.delete(id);
    if (cur.size === 1) this.map.set(key, cur.values().next().value as string);
    else if (cur.size === 0) this.map.delete(key);
  }

  get(key: string): string[] {
    const cur = this.map.get(key);
    if (cur === undefined) return [];
    return typeof cur === 'string' ? [cur] : [...cur];
  }

  forEach(key: string, fn: (id: string) => void): void {
    const cur = this.map.get(key);
    if (cur === undefined) return;
    if (typeof cur === 'string') fn(cur);
    else cur.forEach(fn);
  }

  keys(): IterableIterator<string> {
    return this.map.keys();
  }

  get size(): number {
    return this.map.size;
  }
}

const NOT_SYMBOLS: ReadonlySet<NodeKind> = new Set<NodeKind>(['file', 'module', 'external']);

export class CodeGraph {
  /** The graphology instance. Read it freely; mutate only through CodeGraph. */
  readonly graph: MultiDirectedGraph<NodeAttributes, EdgeAttributes>;
  private _version = 0;
  private _codeVersion = 0;
  private readonly journal = new ChangeJournal(0);
  private readonly byName = new MultiIndex(); // lower-cased short name
  private readonly byQualified = new MultiIndex();
  private readonly byPath = new MultiIndex();
  private readonly nodeKinds = new Map<NodeKind, number>();
  private readonly edgeKinds = new Map<EdgeKind, number>();

  constructor() {
    this.graph = new MultiDirectedGraph<NodeAttributes, EdgeAttributes>({ allowSelfLoops: true });
  }

  /** Incremented on every mutation, so caches built over the graph know when to rebuild. */
  get version(): number {
    return this._version;
  }

  /**
   * Incremented when a code or decision node is added, removed or renamed (kind, name, qualified
   * name, path), or an edge other than the derived kinds is added or removed: what the projections
   * (docs, memory, LLM) link by. Line numbers moving, their own writes and edge attributes leave it
   * alone, so a cache keyed on it survives an ordinary save and their relinks.
   */
  get codeVersion(): number {
    return this._codeVersion;
  }

  /**
   * The nodes whose code-level facts may have moved since `codeVersion` was `version`: added,
   * removed or renamed nodes, and the targets of code edges added or removed (their in-degree).
   * Undefined when that is further back than the graph remembers: rebuild from every node.
   */
  codeChangesSince(version: number): Set<string> | undefined {
    return this.journal.since(version);
  }

  get order(): number {
    return this.graph.order;
  }

  get size(): number {
    return this.graph.size;
  }

  // ---- nodes ---------------------------------------------------------------------------------

  /** Adds the node, or replaces all its attributes (the indexes follow). */
  setNode(id: string, attrs: NodeAttributes): void {
    if (typeof id !== 'string' || id === '') throw new CodeGraphError('CodeGraph.setNode: expecting a non-empty string id.');
    if (attrs === null || typeof attrs !== 'object' || typeof attrs.kind !== 'string' || typeof attrs.name !== 'string') {
      throw new CodeGraphError(`CodeGraph.setNode: attributes of "${id}" need at least a kind and a name.`);
    }
    this.putNode(id, { ...attrs });
  }

  /** Removes the node and its edges. Returns false when there was no such node. */
  dropNode(id: string): boolean {
    const attrs = this.graph.hasNode(id) ? this.graph.getNodeAttributes(id) : undefined;
    if (attrs === undefined) return false;
    const touched = DERIVED_NODE_KINDS.has(attrs.kind) ? [] : [id];
    this.graph.forEachEdge(id, (_key, edge, source, target) => {
      this.count(this.edgeKinds, edge.kind, -1);
      if (touched.length && source === id && target !== id && !DERIVED_EDGE_KINDS.has(edge.kind)) touched.push(target);
    });
    this.unindex(id, attrs);
    this.graph.dropNode(id);
    this._version++;
    if (touched.length) this.codeChanged(touched);
    return true;
  }

  hasNode(id: string): boolean {
    return this.graph.hasNode(id);
  }

  /** The node's attributes (the live object: do not mutate it). */
  node(id: string): NodeAttributes | undefined {
    return this.graph.hasNode(id) ? this.graph.getNodeAttributes(id) : undefined;
  }

  // ---- edges ---------------------------------------------------------------------------------

  /** Adds the edge of this kind between the two nodes, or replaces its attributes. Returns its key. */
  setEdge(kind: EdgeKind, source: string, target: string, attrs: Omit<EdgeAttributes, 'kind'> = {}): string {
    if (!this.graph.hasNode(source)) {
      throw new CodeGraphError(`CodeGraph.setEdge: ${kind} edge from "${source}" to "${target}": the source node does not exist; add it with setNode first.`);
    }
    if (!this.graph.hasNode(target)) {
      throw new CodeGraphError(`CodeGraph.setEdge: ${kind} edge from "${source}" to "${target}": the target node does not exist; add it with setNode first.`);
    }
    const key = edgeKey(kind, source, target);
    const full: EdgeAttributes = { ...attrs, kind };
    if (this.graph.hasEdge(key)) this.graph.replaceEdgeAttributes(key, full);
    else {
      this.graph.addEdgeWithKey(key, source, target, full);
      this.count(this.edgeKinds, kind, 1);
      if (!DERIVED_EDGE_KINDS.has(kind)) this.codeChanged([target]);
    }
    this._version++;
    return key;
  }

  /** Removes the edge. Returns false when there was no such edge. */
  dropEdge(key: string): boolean {
    if (!this.graph.hasEdge(key)) return false;
    const kind = this.graph.getEdgeAttribute(key, 'kind');
    const target = this.graph.target(key);
    this.count(this.edgeKinds, kind, -1);
    this.graph.dropEdge(key);
    this._version++;
    if (!DERIVED_EDGE_KINDS.has(kind)) this.codeChanged([target]);
    return true;
  }

  hasEdge(key: string): boolean {
    return this.graph.hasEdge(key);
  }

  edge(key: string): EdgeAttributes | undefined {
    return this.graph.hasEdge(key) ? this.graph.getEdgeAttributes(key) : undefined;
  }

  // ---- indexes -------------------------------------------------------------------------------

  /** Ids whose short name equals `name`, ignoring case. */
  findByName(name: string): string[] {
    return this.byName.get(name.toLowerCase());
  }

  /** Ids whose qualified name is exactly `qualifiedName` (`Client.send`, or a dotted Python module). */
  findByQualifiedName(qualifiedName: string): string[] {
    return this.byQualified.get(qualifiedName);
  }

  /** Ids of the nodes whose `path` is `path`: a file node and the symbols in it (or a module for a folder). */
  nodesInPath(path: string): string[] {
    return this.byPath.get(path);
  }

  /** Every indexed lower-cased short name (for "did you mean" suggestions). */
  names(): IterableIterator<string> {
    return this.byName.keys();
  }

  /** Every indexed path. */
  paths(): IterableIterator<string> {
    return this.byPath.keys();
  }

  /**
   * The innermost symbol of `path` whose startLine..endLine contains `line`, else the file node,
   * else undefined. A scan of the file's own nodes: a file holds hundreds of symbols at most,
   * and a scan needs no second structure to keep in step.
   */
  symbolAt(path: string, line: number): string | undefined {
    let best: string | undefined;
    let bestSpan = Infinity;
    let bestStart = -Infinity;
    let fileNode: string | undefined;
    this.byPath.forEach(path, (id) => {
      const a = this.graph.getNodeAttributes(id);
      if (a.kind === 'file') {
        fileNode = id;
        return;
      }
      if (NOT_SYMBOLS.has(a.kind) || a.startLine === undefined || a.endLine === undefined) return;
      if (line < a.startLine || line > a.endLine) return;
      const span = a.endLine - a.startLine;
      // Smaller span is deeper; on equal spans the later start, then the id, keep it deterministic.
      if (span < bestSpan || (span === bestSpan && (a.startLine > bestStart || (a.startLine === bestStart && best !== undefined && id > best)))) {
        best = id;
        bestSpan = span;
        bestStart = a.startLine;
      }
    });
    return best ?? fileNode;
  }

  /** How many edges of this kind the graph holds (a cheap test before a scan). */
  edgeCount(kind: EdgeKind): number {
    return this.edgeKinds.get(kind) ?? 0;
  }

  // ---- whole-graph views ---------------------------------------------------------------------

  stats(): GraphStats {
    return {
      nodes: this.graph.order,
      edges: this.graph.size,
      nodesByKind: Object.fromEntries([...this.nodeKinds].filter(([, n]) => n > 0).sort(byFirst)),
      edgesByKind: Object.fromEntries([...this.edgeKinds].filter(([, n]) => n > 0).sort(byFirst)),
    };
  }

  /**
   * A deterministic text of the whole graph: nodes sorted by id, edges by key, object keys sorted.
   * Two graphs with the same content give the same string whatever the order of mutations.
   */
  canonical(): string {
    const nodes: string[] = [];
    this.graph.forEachNode((id, attrs) => nodes.push(`${JSON.stringify(id)}:${stableStringify(attrs)}`));
    nodes.sort();
    const edges: string[] = [];
    this.graph.forEachEdge((key, attrs) => edges.push(`${JSON.stringify(key)}:${stableStringify(attrs)}`));
    edges.sort();
    return `{"nodes":{${nodes.join(',')}},"edges":{${edges.join(',')}}}`;
  }

  toJSON(): GraphSnapshot {
    const nodes: GraphSnapshot['nodes'] = [];
    const at = new Map<string, number>();
    this.graph.forEachNode((id, attrs) => {
      at.set(id, nodes.length);
      nodes.push([id, attrs]);
    });
    const edges: GraphSnapshot['edges'] = [];
    this.graph.forEachEdge((_key, attrs, source, target) => edges.push([at.get(source) as number, at.get(target) as number, attrs]));
    return { format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, nodes, edges };
  }

  /** Loads a snapshot from `toJSON()` (parsed JSON). The attribute objects are taken over, not copied. */
  static fromJSON(data: unknown): CodeGraph {
    if (!isSnapshot(data)) {
      throw new CodeGraphError(`CodeGraph.fromJSON: not a ${SNAPSHOT_FORMAT} v${SNAPSHOT_VERSION} snapshot; re-index the workspace to write a new one.`);
    }
    const cg = new CodeGraph();
    const ids: string[] = [];
    for (const [id, attrs] of data.nodes) {
      if (cg.graph.hasNode(id)) throw new CodeGraphError(`CodeGraph.fromJSON: node "${id}" appears twice.`);
      cg.putNode(id, attrs);
      ids.push(id);
    }
    for (const [s, t, attrs] of data.edges) {
      const source = ids[s];
      const target = ids[t];
      if (source === undefined || target === undefined) {
        throw new CodeGraphError(`CodeGraph.fromJSON: ${attrs.kind} edge ${s} → ${t} has a missing end.`);
      }
      cg.graph.addEdgeWithKey(edgeKey(attrs.kind, source, target), source, target, attrs);
      cg.count(cg.edgeKinds, attrs.kind, 1);
    }
    cg._version = 1;
    cg.journal.reset(cg._codeVersion);
    return cg;
  }

  // ---- internals -----------------------------------------------------------------------------

  private putNode(id: string, attrs: NodeAttributes): void {
    const before = this.graph.hasNode(id) ? this.graph.getNodeAttributes(id) : undefined;
    if (before) {
      this.unindex(id, before);
      this.graph.replaceNodeAttributes(id, attrs);
    } else this.graph.addNode(id, attrs);
    this.index(id, attrs);
    this._version++;
    const renamed = !before || before.kind !== attrs.kind || before.name !== attrs.name || before.qualifiedName !== attrs.qualifiedName || before.path !== attrs.path;
    if (renamed && !(DERIVED_NODE_KINDS.has(attrs.kind) && (!before || DERIVED_NODE_KINDS.has(before.kind)))) {
      const touched = [id];
      // A node turning code or derived changes whether its edges count for their targets.
      if (before && before.kind !== attrs.kind) this.graph.forEachOutNeighbor(id, (n) => touched.push(n));
      this.codeChanged(touched);
    }
  }

  private codeChanged(ids: readonly string[]): void {
    this._codeVersion++;
    for (const id of ids) this.journal.record(this._codeVersion, id);
  }

  private index(id: string, a: NodeAttributes): void {
    // A note named after a class must not make that class's name ambiguous: memory nodes are found by id.
    if (a.kind !== 'memory') this.byName.add(a.name.toLowerCase(), id);
    if (a.qualifiedName !== undefined) this.byQualified.add(a.qualifiedName, id);
    if (a.path !== undefined) this.byPath.add(a.path, id);
    this.count(this.nodeKinds, a.kind, 1);
  }

  private unindex(id: string, a: NodeAttributes): void {
    if (a.kind !== 'memory') this.byName.remove(a.name.toLowerCase(), id);
    if (a.qualifiedName !== undefined) this.byQualified.remove(a.qualifiedName, id);
    if (a.path !== undefined) this.byPath.remove(a.path, id);
    this.count(this.nodeKinds, a.kind, -1);
  }

  private count<K>(map: Map<K, number>, key: K, delta: number): void {
    map.set(key, (map.get(key) ?? 0) + delta);
  }
}

function byFirst<T>(a: [string, T], b: [string, T]): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}

function isSnapshot(data: unknown): data is GraphSnapshot {
  if (data === null || typeof data !== 'object') return false;
  const d = data as Partial<GraphSnapshot>;
  return d.format === SNAPSHOT_FORMAT && d.version === SNAPSHOT_VERSION && Array.isArray(d.nodes) && Array.isArray(d.edges);
}

/** JSON with object keys sorted at every level; arrays keep their order (it carries meaning). */
/** Whether two JSON-like values serialise alike (as stableStringify would), without building either string. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return (JSON.stringify(a) ?? 'null') === (JSON.stringify(b) ?? 'null');
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => sameJson(x ?? null, b[i] ?? null));
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let defined = 0;
  for (const k in x) {
    if (x[k] === undefined) continue;
    defined++;
    if (y[k] === undefined || !sameJson(x[k], y[k])) return false;
  }
  for (const k in y) if (y[k] !== undefined) defined--;
  return defined === 0;
}

export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : stableStringify(v))).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const parts: string[] = [];
  for (const k of Object.keys(obj).sort()) {
    if (obj[k] === undefined) continue; // as JSON.stringify does
    parts.push(`${JSON.stringify(k)}:${stableStringify(obj[k])}`);
  }
  return `{${parts.join(',')}}`;
}
