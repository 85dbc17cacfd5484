/**
 * Decisions in the editor, as data
 * ================================
 * What the decision surfaces show, computed from the graph: the records and instruction sections
 * that govern a definition or a file (CodeLens, hover), what a record governs (the lens at the top
 * of a record and its quick pick), and its mentions that no longer resolve (diagnostics). Also the
 * settings `kgMemory.adr.*` as the core's decision options.
 *
 * Pure: no VS Code here. Lines are 0-based (the graph's are 1-based; converted here, once).
 */
import type { CodeGraph } from '../core/model/graph';
import { type NodeAttributes } from '../core/model/types';
import { fileId } from '../core/model/ids';
import type { DecisionConfigInput } from '../core/decisions/config';
import { decisionTouches, governingDecisions, unresolvedMentions, type GoverningItem } from '../core/query/decisions';
import { placeOfLoc, type Place } from './graph_view';

/** A governing record or section, as much as a lens title, a quick pick and a link need. */
export interface DecisionRef {
  id: string;
  /** ADR-0004, or "CLAUDE.md § Testing" for an instruction section. */
  label: string;
  status?: string;
  title?: string;
  /** The decision in a sentence. */
  sentence?: string;
  /** Where to open it: the first line naming the target, else the record's first line. */
  place: Place;
  /** The enclosing class, file or folder that is named, when not the target itself. */
  through?: string;
}

const STALE = new Set(['superseded', 'deprecated', 'rejected']);

function isStale(a: NodeAttributes): boolean {
  return Boolean(a.decision?.supersededBy?.length) || STALE.has(a.decision?.status ?? '');
}

/** ADR-0004, or "CLAUDE.md § Testing". */
function labelOf(a: NodeAttributes): string {
  return a.kind === 'config' && a.path !== undefined ? `${a.path} § ${a.name}` : a.name;
}

function refOf(graph: CodeGraph, id: string, lines: readonly number[] | undefined): DecisionRef | undefined {
  const a = graph.node(id);
  if (a === undefined || a.path === undefined) return undefined;
  const ref: DecisionRef = { id, label: labelOf(a), place: { path: a.path, line: (lines?.[0] ?? a.startLine ?? 1) - 1 } };
  const d = a.decision;
  if (d?.status) ref.status = d.status;
  if (d?.title && d.title !== a.name) ref.title = d.title;
  const sentence = d?.sentence ?? (a.kind === 'config' ? a.doc : undefined);
  if (sentence) ref.sentence = sentence;
  return ref;
}

/**
 * The records and sections that name this definition itself (not its class, file or folder: those
 * have their own lens), live ones first, records before instruction sections.
 */
export function directDecisions(graph: CodeGraph, id: string): DecisionRef[] {
  const found: { ref: DecisionRef; stale: boolean; adr: boolean }[] = [];
  graph.graph.forEachInEdge(id, (_k, e, source) => {
    if (e.kind !== 'governs') return;
    const ref = refOf(graph, source, e.lines);
    const a = graph.node(source);
    if (ref && a) found.push({ ref, stale: isStale(a), adr: a.kind === 'adr' });
  });
  return found
    .sort((x, y) => Number(x.stale) - Number(y.stale) || Number(y.adr) - Number(x.adr) || (x.ref.label < y.ref.label ? -1 : x.ref.label > y.ref.label ? 1 : x.ref.id < y.ref.id ? -1 : 1))
    .map((f) => f.ref);
}

/** The records and sections that govern a file: naming it, or a folder above it. */
export function fileDecisionRefs(graph: CodeGraph, path: string): DecisionRef[] {
  if (!graph.hasNode(fileId(path))) return [];
  return governing(graph, fileId(path), 500);
}

/** Everything that governs a symbol, directly or through its class, file or folder (the hover). */
export function governingRefs(graph: CodeGraph, id: string, limit: number): { total: number; refs: DecisionRef[] } {
  const all = governing(graph, id, 500);
  return { total: all.length, refs: all.slice(0, limit) };
}

function governing(graph: CodeGraph, id: string, limit: number): DecisionRef[] {
  let items: GoverningItem[];
  try {
    items = governingDecisions(graph, { target: id, limit }).decisions.items;
  } catch {
    // The node went away between the lookup and now (an update in between): nothing governs it.
    return [];
  }
  const out: DecisionRef[] = [];
  for (const item of items) {
    const ref = refOf(graph, item.id, item.at?.split(',').map(Number));
    if (ref === undefined) continue;
    if (item.through) ref.through = throughLabel(graph, item.through);
    out.push(ref);
  }
  return out;
}

/** OrderService, shop/orders/, web/src/client.ts. */
function throughLabel(graph: CodeGraph, id: string): string {
  const a = graph.node(id);
  if (a === undefined) return id;
  if (a.kind === 'module') return `${a.path ?? a.name}/`;
  if (a.kind === 'file') return a.path ?? a.name;
  return a.qualifiedName ?? a.name;
}

/** "governed by ADR-0004 (accepted)", "governed by ADR-0004 (accepted), CLAUDE.md § Testing", "… and 2 more". */
export function governedTitle(refs: readonly DecisionRef[]): string {
  const named = refs.slice(0, 2).map(refTitle);
  const more = refs.length - named.length;
  return `governed by ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/** ADR-0004 (accepted). */
export function refTitle(ref: DecisionRef): string {
  return ref.status ? `${ref.label} (${ref.status})` : ref.label;
}

// ---- in a decision document ----------------------------------------------------------------

export interface DocumentLens {
  /** The record or section. */
  id: string;
  /** 0-based line the lens sits on: the record's top, a section's heading. */
  line: number;
  governs: number;
}

/** The lenses of a decision document: one per record (its top) and per instruction section (its heading). */
export function documentLenses(graph: CodeGraph, path: string): DocumentLens[] {
  const out: DocumentLens[] = [];
  for (const id of graph.nodesInPath(path)) {
    const a = graph.node(id);
    if (a === undefined || (a.kind !== 'adr' && a.kind !== 'config')) continue;
    let governs = 0;
    graph.graph.forEachOutEdge(id, (_k, e) => {
      if (e.kind === 'governs') governs++;
    });
    // A record says what it governs even when that is nothing; a section without code says nothing.
    if (a.kind === 'config' && governs === 0) continue;
    out.push({ id, line: a.kind === 'adr' ? 0 : Math.max(0, (a.startLine ?? 1) - 1), governs });
  }
  return out.sort((x, y) => x.line - y.line || (x.id < y.id ? -1 : 1));
}

/** "governs 3 files and symbols", "governs 1 file or symbol", "governs no files or symbols". */
export function governsTitle(count: number): string {
  if (count === 0) return 'governs no files or symbols';
  return count === 1 ? 'governs 1 file or symbol' : `governs ${count} files and symbols`;
}

export interface GovernedTarget {
  id: string;
  /** OrderService.place_order, shop/orders/. */
  label: string;
  kind: string;
  place: Place;
  /** exact, by name, ambiguous...: how sure the link is. */
  how?: string;
}

/** What a record or section governs, best links first, each with where it is. */
export function governedTargets(graph: CodeGraph, id: string): GovernedTarget[] {
  let items;
  try {
    items = decisionTouches(graph, { target: id, limit: 1000 }).governs?.items ?? [];
  } catch {
    return [];
  }
  const out: GovernedTarget[] = [];
  for (const item of items) {
    const a = graph.node(item.id);
    if (a === undefined) continue;
    const place = placeOfLoc(item.loc) ?? (a.path !== undefined ? { path: a.path, line: 0 } : undefined);
    if (place === undefined) continue;
    const t: GovernedTarget = { id: item.id, label: throughLabel(graph, item.id), kind: a.kind, place };
    if (item.conf) t.how = item.conf === 'name' ? 'by name' : item.conf;
    out.push(t);
  }
  return out;
}

// ---- stale mentions ---------------------------------------------------------------------------

export interface StaleMention {
  /** 0-based, end exclusive. */
  range: { line: number; col: number; endLine: number; endCol: number };
  text: string;
  message: string;
}

/** The unresolved mentions of every decision document, by path: what the diagnostics show. */
export function staleMentions(graph: CodeGraph): Map<string, StaleMention[]> {
  const out = new Map<string, StaleMention[]>();
  for (const m of unresolvedMentions(graph)) {
    const list = out.get(m.path) ?? [];
    list.push({
      range: { line: m.line - 1, col: m.col - 1, endLine: m.endLine - 1, endCol: m.endCol - 1 },
      text: m.text,
      message: `${m.text} no longer resolves: ${m.reason}`,
    });
    out.set(m.path, list);
  }
  return out;
}

// ---- settings -------------------------------------------------------------------------------

/**
 * kgMemory.adr.folder and kgMemory.adr.filenamePattern as the core's decision options. Empty means
 * the defaults; a pattern that is not a regular expression is reported and the default used, so
 * a typo never stops the folder from opening.
 */
export function decisionOptions(folder: string, pattern: string): { options: DecisionConfigInput; problem?: string } {
  const options: DecisionConfigInput = {};
  if (folder.trim() !== '') options.adrFolder = folder.trim();
  if (pattern !== '') {
    try {
      new RegExp(pattern);
      options.filenamePattern = pattern;
    } catch (err) {
      return { options, problem: `kgMemory.adr.filenamePattern is not a regular expression (${(err as Error).message}); the default is used` };
    }
  }
  return { options };
}
