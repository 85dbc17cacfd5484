/**
 * LLM results in the code graph
 * =============================
 * The projection of what extraction and reconciliation found: `decision` nodes (decided_in → the
 * adr or doc they come from), `trade_off` nodes (the source `considered` them), concepts (reused
 * when the record already defines one of that name, else a node of ours via `defines`), extra
 * `governs` edges to files the prose names that exist, `implements` edges from code symbols that
 * exist to a decision, and tier-3 `same_as` / `related_to` links.
 *
 * The same discipline as MemoryNodes and the DecisionIndex: the Workspace calls `relink` after
 * every index and update; each call computes the subgraph from scratch and applies the
 * difference to what this projection owns, so incremental equals full. An edge or node someone
 * else owns is never touched (the decision graph's governs edge to the same file wins). An ADR
 * whose text changed since its extraction projects nothing until it is extracted again.
 */
import { posix } from 'node:path';
import type { CodeGraph } from '../model/graph';
import { stableStringify } from '../model/graph';
import { edgeKey } from '../model/types';
import type { EdgeAttributes, EdgeKind, NodeAttributes } from '../model/types';
import { normalise } from '../decisions/reconcile';
import { slug } from '../decisions/markdown';
import { hashContent, type SourceExtraction } from './extract';
import { conceptId, decisionNodeId, fileId, moduleId, tradeOffNodeId } from '../model/ids';

/** A tier-3 link between two concept or decision nodes. */
export interface LlmMatch {
  a: string;
  b: string;
  kind: 'same_as' | 'related_to';
  score: number;
}

export interface LlmNodesSummary {
  nodes: number;
  edges: number;
}

interface WantedEdge {
  kind: EdgeKind;
  source: string;
  target: string;
  attrs: Omit<EdgeAttributes, 'kind'>;
}

const CODE_KINDS = new Set(['function', 'method', 'class', 'interface', 'enum', 'type', 'variable', 'constant', 'property']);
/** A name with more candidates than this says nothing about which one implements the decision. */
const MAX_SYMBOL_CANDIDATES = 3;
/** How sure a governs edge from prose is: below a code span's link (the decision graph's). */
const PROSE_GOVERNS_SCORE = 0.6;

export const decisionId = (path: string, statement: string): string => decisionNodeId(hashContent(`${path}\n${normalise(statement)}`).slice(0, 16));
export const tradeOffId = (path: string, chosen: string, rejected: string): string => tradeOffNodeId(hashContent(`${path}\n${normalise(chosen)}\n${normalise(rejected)}`).slice(0, 16));
export const llmConceptId = (path: string, name: string): string => conceptId(path, `llm/${slug(name) || 'concept'}`);

export class LlmNodes {
  private results: SourceExtraction[] = [];
  private matches: LlmMatch[] = [];
  private clusters = new Map<string, string>();
  private ownedNodes = new Set<string>();
  private ownedEdges = new Set<string>();
  private graph: CodeGraph | undefined;

  /** `currentHash(path)`: the content hash of an ADR as indexed now (DecisionIndex facts). */
  constructor(private readonly currentHash?: (path: string) => string | undefined) {}

  /** The extraction results as they are now (replaces the previous set). */
  set(graph: CodeGraph, results: readonly SourceExtraction[]): LlmNodesSummary {
    this.results = [...results];
    return this.relink(graph);
  }

  /** Tier-3 links and the clusters they make with tiers 1 and 2. */
  setMatches(graph: CodeGraph, matches: readonly LlmMatch[], clusters: ReadonlyMap<string, string>): LlmNodesSummary {
    this.matches = [...matches];
    this.clusters = new Map(clusters);
    return this.relink(graph);
  }

  extractions(): readonly SourceExtraction[] {
    return this.results;
  }

  /** Whether this projection made the node (so reconciliation may annotate it). */
  owns(id: string): boolean {
    return this.ownedNodes.has(id);
  }

  relink(graph: CodeGraph): LlmNodesSummary {
    if (graph !== this.graph) {
      this.graph = graph;
      this.ownedNodes = new Set();
      this.ownedEdges = new Set();
    }
    const nodes = new Map<string, NodeAttributes>();
    const edges = new Map<string, WantedEdge>();
    const foreignNode = (id: string): boolean => graph.hasNode(id) && !this.ownedNodes.has(id);
    const addEdge = (kind: EdgeKind, source: string, target: string, attrs: Omit<EdgeAttributes, 'kind'>): void => {
      const key = edgeKey(kind, source, target);
      if (source === target || (graph.hasEdge(key) && !this.ownedEdges.has(key))) return;
      const prev = edges.get(key);
      if (prev) prev.attrs = { ...prev.attrs, lines: [...new Set([...(prev.attrs.lines ?? []), ...(attrs.lines ?? [])])].sort((x, y) => x - y) };
      else edges.set(key, { kind, source, target, attrs });
    };

    for (const r of [...this.results].sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : x.startLine - y.startLine))) {
      if (!graph.hasNode(r.nodeId)) continue;
      if (r.kind === 'adr' && this.currentHash && this.currentHash(r.path) !== r.hash) continue;
      const line = r.startLine;
      const at = { path: r.path, line, startLine: line, endLine: line };
      const { decisions, concepts, tradeOffs, principles, files } = r.extraction;

      for (const d of decisions) {
        const id = decisionId(r.path, d.statement);
        if (foreignNode(id)) continue;
        // The same statement in two sections of one document is one decision, placed at the first.
        if (!nodes.has(id)) nodes.set(id, {
          kind: 'decision',
          name: short(d.statement),
          ...at,
          doc: d.statement,
          llm: { statement: d.statement, ...(d.rationale ? { rationale: d.rationale } : {}), confidence: d.confidence, ...(principles.length ? { principles } : {}), model: r.model },
        });
        addEdge('decided_in', id, r.nodeId, { lines: [line], score: d.confidence, via: 'llm' });
        for (const symbol of d.symbols ?? []) for (const code of findSymbol(graph, symbol)) addEdge('implements', code, id, { score: d.confidence, via: 'llm' });
      }

      const defined = definedConcepts(graph, r.nodeId);
      for (const c of concepts) {
        if (defined.has(normalise(c.name))) continue; // the record already defines it: reuse that node
        const id = llmConceptId(r.path, c.name);
        if (foreignNode(id)) continue;
        nodes.set(id, { kind: 'concept', name: c.name, ...at, doc: c.definition, llm: { definition: c.definition, category: c.category, model: r.model } });
        addEdge('defines', r.nodeId, id, { lines: [line], via: 'llm' });
      }

      for (const t of tradeOffs) {
        const id = tradeOffId(r.path, t.chosen, t.rejected);
        if (foreignNode(id)) continue;
        nodes.set(id, { kind: 'trade_off', name: short(`${t.chosen} over ${t.rejected}`), ...at, doc: t.reasoning || `${t.chosen} over ${t.rejected}`, llm: { chosen: t.chosen, rejected: t.rejected, reasoning: t.reasoning, model: r.model } });
        addEdge('considered', r.nodeId, id, { lines: [line], via: 'llm' });
      }

      for (const f of files) for (const target of findPath(graph, r.path, f)) addEdge('governs', r.nodeId, target, { lines: [line], score: PROSE_GOVERNS_SCORE, via: 'llm' });
    }

    for (const m of this.matches) {
      if (!(nodes.has(m.a) || graph.hasNode(m.a)) || !(nodes.has(m.b) || graph.hasNode(m.b))) continue;
      addEdge(m.kind, m.a, m.b, { score: m.score, via: 'llm' });
    }
    for (const [id, cluster] of this.clusters) {
      const n = nodes.get(id);
      if (n?.kind === 'concept') n.decision = { cluster };
    }

    for (const key of this.ownedEdges) if (!edges.has(key)) graph.dropEdge(key);
    for (const id of this.ownedNodes) if (!nodes.has(id)) graph.dropNode(id);
    for (const [id, attrs] of nodes) {
      const have = graph.node(id);
      if (!have || stableStringify(have) !== stableStringify(attrs)) graph.setNode(id, attrs);
    }
    const kept = new Set<string>();
    for (const [key, e] of edges) {
      if (!graph.hasNode(e.source) || !graph.hasNode(e.target)) continue;
      kept.add(key);
      const have = graph.edge(key);
      if (!have || stableStringify(have) !== stableStringify({ ...e.attrs, kind: e.kind })) graph.setEdge(e.kind, e.source, e.target, e.attrs);
    }
    this.ownedNodes = new Set(nodes.keys());
    this.ownedEdges = kept;
    return { nodes: nodes.size, edges: kept.size };
  }
}

function short(s: string, max = 80): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length <= max ? one : `${one.slice(0, max - 1)}…`;
}

/** Normalised names of the concepts the source node already defines (the decision graph's). */
function definedConcepts(graph: CodeGraph, source: string): Set<string> {
  const out = new Set<string>();
  const g = graph.graph;
  for (const e of g.outEdges(source)) {
    if (g.getEdgeAttribute(e, 'kind') !== 'defines') continue;
    const target = graph.node(g.target(e));
    if (target?.kind === 'concept' && target.llm === undefined) out.add(normalise(target.name));
  }
  return out;
}

/** Code nodes a name denotes (`Cache.put`, `put()`, `cache.Cache`): none when it is ambiguous. */
export function findSymbol(graph: CodeGraph, name: string): string[] {
  const clean = name.trim().replace(/^`|`$/g, '').replace(/\(.*\)$/, '');
  if (clean === '') return [];
  const hits = new Set<string>();
  for (const id of [...graph.findByQualifiedName(clean), ...graph.findByName(clean)]) {
    const kind = graph.node(id)?.kind;
    if (kind && CODE_KINDS.has(kind)) hits.add(id);
  }
  if (hits.size === 0 && clean.includes('.')) {
    // `module.Class.method`: the tail as a qualified name, filtered by the head.
    const parts = clean.split('.');
    for (let i = 1; i < parts.length && hits.size === 0; i++) {
      for (const id of graph.findByQualifiedName(parts.slice(i).join('.'))) if (CODE_KINDS.has(graph.node(id)?.kind ?? '') && id.includes(parts[i - 1]!)) hits.add(id);
    }
  }
  return hits.size > MAX_SYMBOL_CANDIDATES ? [] : [...hits].sort();
}

/** The file or folder a path in prose names, relative to the root or to the document. */
export function findPath(graph: CodeGraph, docPath: string, written: string): string[] {
  const p = written.trim().replace(/^`|`$/g, '').replace(/[#?].*$/, '').replace(/:\d+(-\d+)?$/, '');
  if (p === '' || /^[a-z]+:\/\//i.test(p)) return [];
  const candidates = [posix.normalize(p.replace(/^\/+/, '')), posix.normalize(posix.join(posix.dirname(docPath), p))].map((c) => c.replace(/\/+$/, ''));
  for (const c of candidates) {
    if (c.startsWith('..') || c === '.' || c === '') continue;
    if (graph.hasNode(fileId(c))) return [fileId(c)];
    if (graph.hasNode(moduleId(c))) return [moduleId(c)];
  }
  return [];
}
