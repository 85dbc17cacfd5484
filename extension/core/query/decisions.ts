/**
 * Decision queries
 * ================
 * The decision graph's questions, for agents and for the editor surfaces to come:
 *   governingDecisions  which records and instruction sections govern this symbol or file —
 *                       directly, or through its class, its file or a folder above it
 *   decisionTouches     what one record (or section) governs, defines, references and supersedes,
 *                       and which of its mentions no longer resolve
 *   listDecisions       the records with status and reach, optionally only the stale ones
 *   unresolvedMentions  every mention that names nothing, with its range (diagnostics)
 *   fileDecisions       the part of file_context about decisions
 */
import { posix } from 'node:path';
import type { CodeGraph } from '../model/graph';
import { adrId, fileId, moduleId } from '../model/ids';
import type { NodeAttributes, NodeKind, UnresolvedMention } from '../model/types';
import { describe, describeAttrs } from './describe';
import type { Item } from './describe';
import { AmbiguousError, InvalidArgumentError, NotFoundError } from './errors';
import { checkObject, cut, optBool, optInt, requireString } from './options';
import type { Page } from './options';
import { resolveTarget } from './target';

const DECISION_KINDS: readonly NodeKind[] = ['adr', 'config', 'concept'];

export interface DecisionItem extends Item {
  title?: string;
  status?: string;
  /** The decision in a sentence (records) or the section's first sentence (instructions). */
  decision?: string;
  supersededBy?: string[];
}

export interface GoverningItem extends DecisionItem {
  /** direct: the target itself is named; class, file, folder: an enclosing one is. */
  via: 'direct' | 'class' | 'file' | 'folder';
  /** The enclosing node that is named, when not the target itself. */
  through?: string;
  score?: number;
  /** Lines in the decision document that name it. */
  at?: string;
}

export interface GoverningOptions {
  target: string;
  limit?: number;
}

export interface GoverningResult {
  target: Item;
  decisions: Page<GoverningItem>;
}

export interface LinkedItem extends Item {
  score?: number;
  at?: string;
  conf?: string;
}

export interface ConceptItem extends Item {
  sameAs?: Item[];
  related?: Item[];
}

export interface TouchesOptions {
  /** A record: ADR-0003, 3, its path or id; or a config section's id. */
  target: string;
  limit?: number;
}

export interface TouchesResult {
  decision: DecisionItem & { date?: string; context?: string; consequences?: string; principles?: string[] };
  governs?: Page<LinkedItem>;
  concepts?: Page<ConceptItem>;
  references?: Item[];
  referencedBy?: Item[];
  supersedes?: Item[];
  unresolved?: UnresolvedMention[];
}

export interface ListOptions {
  /** Only records with this status (accepted, superseded...). */
  status?: string;
  /** Only records and sections with unresolved mentions. */
  stale?: boolean;
  /** Include instruction-file sections (default false: records only). */
  instructions?: boolean;
  limit?: number;
}

export interface ListItem extends DecisionItem {
  governs: number;
  unresolved?: number;
}

export interface UnresolvedItem extends UnresolvedMention {
  /** The record or section that wrote it. */
  source: string;
  path: string;
}

// ---- resolving a decision reference ---------------------------------------------------------

/** ADR-0003, adr 3, 0003, 3, a record's path, or any decision node's id. */
export function resolveDecision(graph: CodeGraph, ref: string): string {
  const r = ref.trim();
  if (graph.hasNode(r) && DECISION_KINDS.includes(graph.node(r)!.kind)) return r;
  const num = /^(?:ADR[-_ ]?)?0*(\d{1,5})$/i.exec(r);
  if (num) {
    const n = Number(num[1]);
    const hits: string[] = [];
    graph.graph.forEachNode((id, a) => {
      if (a.kind === 'adr' && a.decision?.number === n) hits.push(id);
    });
    hits.sort();
    if (hits.length === 1) return hits[0]!;
    if (hits.length > 1) throw new AmbiguousError(`query/decisions: ${r} names ${hits.length} records; pass one id.`, hits.map((id) => describe(graph, id)));
    throw new NotFoundError(`query/decisions: no record numbered ${n}.`);
  }
  const path = r.replace(/^\.\//, '');
  if (graph.hasNode(adrId(path))) return adrId(path);
  return resolveTarget(graph, r, { kinds: DECISION_KINDS });
}

function decisionItem(graph: CodeGraph, id: string): DecisionItem {
  const a = graph.node(id) as NodeAttributes;
  const item: DecisionItem = describeAttrs(id, a);
  const d = a.decision;
  if (d?.title && d.title !== a.name) item.title = d.title;
  if (d?.status) item.status = d.status;
  const sentence = d?.sentence ?? (a.kind === 'config' ? a.doc : undefined);
  if (sentence) item.decision = sentence;
  if (d?.supersededBy?.length) item.supersededBy = d.supersededBy;
  return item;
}

// ---- governing ------------------------------------------------------------------------------

/** The target and what encloses it, nearest first: [id, via]. */
function enclosing(graph: CodeGraph, id: string): [string, GoverningItem['via']][] {
  const a = graph.node(id) as NodeAttributes;
  const out: [string, GoverningItem['via']][] = [[id, 'direct']];
  if (a.path === undefined) return out;
  if (a.kind !== 'file' && a.kind !== 'module') {
    // Enclosing symbols by qualified name: Client.send → Client.
    const qn = a.qualifiedName ?? a.name;
    const parts = qn.split('.');
    const inFile = graph.nodesInPath(a.path);
    for (let i = parts.length - 1; i >= 1; i--) {
      const outer = parts.slice(0, i).join('.');
      const hit = inFile.find((n) => n !== id && graph.node(n)?.qualifiedName === outer && graph.node(n)?.kind !== 'file');
      if (hit) out.push([hit, 'class']);
    }
    if (graph.hasNode(fileId(a.path))) out.push([fileId(a.path), 'file']);
  }
  let dir = a.kind === 'module' ? a.path : posix.dirname(a.path);
  if (a.kind === 'module') dir = dir === '' ? '.' : posix.dirname(dir);
  for (; ; dir = posix.dirname(dir)) {
    const m = moduleId(dir === '.' ? '' : dir);
    if (graph.hasNode(m) && m !== id) out.push([m, 'folder']);
    if (dir === '.' || dir === '' || dir === '/') break;
  }
  return out;
}

export function governingDecisions(graph: CodeGraph, options: GoverningOptions): GoverningResult {
  const where = 'query/governingDecisions';
  const o = checkObject(where, options);
  const ref = requireString(where, 'target', o.target);
  const limit = optInt(where, 'limit', o.limit, 20, 1, 500);
  const id = resolveTarget(graph, ref);
  return { target: describe(graph, id), decisions: cut(governing(graph, id), limit) };
}

function governing(graph: CodeGraph, id: string): GoverningItem[] {
  const best = new Map<string, GoverningItem>();
  for (const [node, via] of enclosing(graph, id)) {
    graph.graph.forEachInEdge(node, (_k, e, source) => {
      if (e.kind !== 'governs' || best.has(source)) return;
      const item: GoverningItem = { ...decisionItem(graph, source), via };
      if (node !== id) item.through = node;
      if (e.score !== undefined) item.score = e.score;
      if (e.lines?.length) item.at = e.lines.join(',');
      best.set(source, item);
    });
  }
  const order: Record<GoverningItem['via'], number> = { direct: 0, class: 1, file: 2, folder: 3 };
  const stale = (i: GoverningItem): number => (i.supersededBy?.length || i.status === 'superseded' || i.status === 'deprecated' || i.status === 'rejected' ? 1 : 0);
  return [...best.values()].sort(
    (x, y) => order[x.via] - order[y.via] || stale(x) - stale(y) || (x.kind === y.kind ? 0 : x.kind === 'adr' ? -1 : 1) || (x.id < y.id ? -1 : 1),
  );
}

// ---- what a record touches ------------------------------------------------------------------

export function decisionTouches(graph: CodeGraph, options: TouchesOptions): TouchesResult {
  const where = 'query/decisionTouches';
  const o = checkObject(where, options);
  const ref = requireString(where, 'target', o.target);
  const limit = optInt(where, 'limit', o.limit, 50, 1, 1000);
  const id = resolveDecision(graph, ref);
  const a = graph.node(id) as NodeAttributes;
  if (a.kind === 'concept') throw new InvalidArgumentError(`${where}: "${ref}" is a concept; ask about the record or section that defines it.`);
  const decision: TouchesResult['decision'] = decisionItem(graph, id);
  const d = a.decision;
  if (d?.date) decision.date = d.date;
  if (d?.context) decision.context = d.context;
  if (d?.consequences) decision.consequences = d.consequences;
  if (d?.principles?.length) decision.principles = d.principles;
  const out: TouchesResult = { decision };

  const governs: LinkedItem[] = [];
  const concepts: ConceptItem[] = [];
  const references: Item[] = [];
  const supersedes: Item[] = [];
  graph.graph.forEachOutEdge(id, (_k, e, _s, t) => {
    if (e.kind === 'governs') {
      const item: LinkedItem = describe(graph, t);
      if (e.score !== undefined) item.score = e.score;
      if (e.lines?.length) item.at = e.lines.join(',');
      if (e.confidence) item.conf = e.confidence;
      governs.push(item);
    } else if (e.kind === 'defines') concepts.push(conceptItem(graph, t));
    else if (e.kind === 'references') references.push(describe(graph, t));
    else if (e.kind === 'supersedes') supersedes.push(describe(graph, t));
  });
  const referencedBy: Item[] = [];
  graph.graph.forEachInEdge(id, (_k, e, s) => {
    if (e.kind === 'references') referencedBy.push(describe(graph, s));
  });
  const byScore = (x: LinkedItem, y: LinkedItem): number => (y.score ?? 1) - (x.score ?? 1) || (x.id < y.id ? -1 : 1);
  const byId = (x: Item, y: Item): number => (x.id < y.id ? -1 : 1);
  if (governs.length) out.governs = cut(governs.sort(byScore), limit);
  if (concepts.length) out.concepts = cut(concepts.sort(byId), limit);
  if (references.length) out.references = references.sort(byId);
  if (referencedBy.length) out.referencedBy = referencedBy.sort(byId);
  if (supersedes.length) out.supersedes = supersedes.sort(byId);
  if (d?.unresolved?.length) out.unresolved = d.unresolved;
  return out;
}

function conceptItem(graph: CodeGraph, id: string): ConceptItem {
  const item: ConceptItem = describe(graph, id);
  const sameAs: Item[] = [];
  const related: Item[] = [];
  const add = (kind: string, other: string): void => {
    if (kind === 'same_as') sameAs.push(describe(graph, other));
    else if (kind === 'related_to') related.push(describe(graph, other));
  };
  graph.graph.forEachOutEdge(id, (_k, e, _s, t) => add(e.kind, t));
  graph.graph.forEachInEdge(id, (_k, e, s) => add(e.kind, s));
  const byId = (x: Item, y: Item): number => (x.id < y.id ? -1 : 1);
  if (sameAs.length) item.sameAs = sameAs.sort(byId);
  if (related.length) item.related = related.sort(byId);
  return item;
}

// ---- lists ----------------------------------------------------------------------------------

export function listDecisions(graph: CodeGraph, options: ListOptions = {}): Page<ListItem> {
  const where = 'query/listDecisions';
  const o = checkObject(where, options);
  const status = o.status === undefined ? undefined : requireString(where, 'status', o.status).toLowerCase();
  const stale = optBool(where, 'stale', o.stale, false);
  const instructions = optBool(where, 'instructions', o.instructions, false);
  const limit = optInt(where, 'limit', o.limit, 50, 1, 1000);
  const items: ListItem[] = [];
  graph.graph.forEachNode((id, a) => {
    if (a.kind !== 'adr' && !(instructions && a.kind === 'config')) return;
    if (status !== undefined && a.decision?.status !== status) return;
    const unresolved = a.decision?.unresolved?.length ?? 0;
    if (stale && unresolved === 0) return;
    let governs = 0;
    graph.graph.forEachOutEdge(id, (_k, e) => {
      if (e.kind === 'governs') governs++;
    });
    const item: ListItem = { ...decisionItem(graph, id), governs };
    if (unresolved) item.unresolved = unresolved;
    items.push(item);
  });
  return cut(items.sort((x, y) => (x.id < y.id ? -1 : 1)), limit);
}

/** Every unresolved mention, or those of one document (`path`), in document order. */
export function unresolvedMentions(graph: CodeGraph, options: { path?: string } = {}): UnresolvedItem[] {
  const out: UnresolvedItem[] = [];
  graph.graph.forEachNode((id, a) => {
    if (!a.decision?.unresolved || a.path === undefined) return;
    if (options.path !== undefined && a.path !== options.path) return;
    for (const m of a.decision.unresolved) out.push({ ...m, source: id, path: a.path });
  });
  return out.sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : x.line - y.line || x.col - y.col));
}

// ---- file context ---------------------------------------------------------------------------

export interface FileDecisions {
  /** Records and sections governing the file, a folder above it, or any symbol in it. */
  governedBy?: Page<GoverningItem & { symbols?: string[] }>;
  /** Concepts those records define, with what they are reconciled with. */
  concepts?: Page<ConceptItem>;
}

export function fileDecisions(graph: CodeGraph, file: string, limit: number): FileDecisions {
  const a = graph.node(file);
  if (!a?.path) return {};
  const found = new Map<string, GoverningItem & { symbols?: string[] }>();
  for (const item of governing(graph, file)) found.set(item.id, item);
  for (const sym of graph.nodesInPath(a.path).sort()) {
    if (sym === file) continue;
    graph.graph.forEachInEdge(sym, (_k, e, source) => {
      if (e.kind !== 'governs') return;
      const item = found.get(source) ?? { ...decisionItem(graph, source), via: 'direct' as const };
      item.symbols = [...(item.symbols ?? []), sym];
      found.set(source, item);
    });
  }
  const out: FileDecisions = {};
  if (found.size === 0) return out;
  const items = [...found.values()].sort((x, y) => (x.id < y.id ? -1 : 1));
  out.governedBy = cut(items, limit);
  const concepts: ConceptItem[] = [];
  for (const item of items) {
    graph.graph.forEachOutEdge(item.id, (_k, e, _s, t) => {
      if (e.kind === 'defines') concepts.push(conceptItem(graph, t));
    });
  }
  if (concepts.length) out.concepts = cut(concepts.sort((x, y) => (x.id < y.id ? -1 : 1)), limit);
  return out;
}
