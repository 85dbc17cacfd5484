/**
 * File context
 * ============
 * One compact picture of a file: its classes with their members, functions, other symbols,
 * what it imports (workspace files and packages), who imports it, the tests that exercise it and
 * the decisions that govern it (query/decisions.ts) and the agent memories about it or its symbols
 * (memory nodes, core/memory/code_nodes.ts).
 * Empty sections are left out.
 */
import type { CodeGraph } from '../model/graph';
import { fileId } from '../model/ids';
import type { NodeAttributes } from '../model/types';
import { fileDecisions } from './decisions';
import { docsMentioning } from './docs';
import type { FileDecisions } from './decisions';
import { describe, describeAttrs, withNotes } from './describe';
import type { Item } from './describe';
import { InvalidArgumentError } from './errors';
import { checkObject, cut, optInt, requireString } from './options';
import type { Page } from './options';
import { resolveTarget } from './target';
import { testsFor } from './tests';
import type { TestItem } from './tests';

export interface ContextOptions {
  /** A file (path or id), or a symbol standing for its file. */
  target: string;
  /** Per list, default 40. */
  limit?: number;
}

export interface FileItem extends Item {
  lang?: string;
  lines?: number;
  parseErrors?: number;
}

export interface ClassEntry extends Item {
  bases?: string[];
  members?: Page<Item>;
}

export interface LinkItem extends Item {
  /** Import lines "path:l1,l2" in the importing file. */
  at?: string;
}

export interface ContextResult {
  file: FileItem;
  classes?: Page<ClassEntry>;
  functions?: Page<Item>;
  other?: Page<Item>;
  imports?: { files?: Page<LinkItem>; externals?: Page<Item> };
  importers?: Page<LinkItem>;
  tests?: Page<TestItem>;
  decisions?: FileDecisions;
  /** Agent memories (memory entities) about the file or its symbols. */
  notes?: Page<NoteItem>;
  /** Documents (READMEs, design notes...) that mention the file or its symbols, with the lines. */
  docs?: Page<DocRefItem>;
}

export interface DocRefItem extends Item {
  /** Lines of the document that mention it. */
  at?: string;
  /** The symbols of this file it mentions (absent when only the file itself). */
  symbols?: string[];
}

export interface NoteItem {
  id: string;
  name: string;
  type: string;
  /** The latest observations, oldest first. */
  obs: string[];
  /** Older observations left out. */
  moreObs?: number;
  /** The symbol the note is about, when not the file itself. */
  about?: string;
}

/** Observations shown per note; open_nodes has them all. */
const NOTE_OBSERVATIONS = 3;

const CLASSLIKE = new Set(['class', 'interface', 'enum']);

export function fileContext(graph: CodeGraph, options: ContextOptions): ContextResult {
  const where = 'query/fileContext';
  const o = checkObject(where, options);
  const ref = requireString(where, 'target', o.target);
  const limit = optInt(where, 'limit', o.limit, 40, 1, 1000);
  let id = resolveTarget(graph, ref);
  let a = graph.node(id) as NodeAttributes;
  if (a.kind !== 'file' && a.path !== undefined && graph.hasNode(fileId(a.path))) {
    id = fileId(a.path);
    a = graph.node(id) as NodeAttributes;
  }
  if (a.kind !== 'file' || a.path === undefined) {
    throw new InvalidArgumentError(`${where}: "${ref}" is a ${a.kind}, not a file; for modules and packages use dependencies or neighbors.`);
  }

  const file: FileItem = withNotes(graph, describeAttrs(id, a, { doc: true }));
  if (a.language) file.lang = a.language;
  if (a.lines !== undefined) file.lines = a.lines;
  if (a.parseErrors) file.parseErrors = a.parseErrors;
  const out: ContextResult = { file };

  const symbols = graph
    .nodesInPath(a.path)
    .filter((n) => n !== id)
    .map((n) => [n, graph.node(n) as NodeAttributes] as const)
    .sort(([ia, x], [ib, y]) => (x.line ?? 0) - (y.line ?? 0) || (ia < ib ? -1 : 1));
  const byQn = new Map(symbols.map(([n, s]) => [s.qualifiedName ?? s.name, n]));
  const parentOf = (s: NodeAttributes): string | undefined => {
    const qn = s.qualifiedName ?? s.name;
    const dot = qn.lastIndexOf('.');
    return dot > 0 ? byQn.get(qn.slice(0, dot)) : undefined;
  };
  const members = new Map<string, Item[]>();
  const classes: ClassEntry[] = [];
  const functions: Item[] = [];
  const other: Item[] = [];
  for (const [n, s] of symbols) {
    const parent = parentOf(s);
    if (CLASSLIKE.has(s.kind)) {
      const entry: ClassEntry = withNotes(graph, describeAttrs(n, s, { sig: true, doc: true }));
      if (s.bases?.length) entry.bases = s.bases;
      classes.push(entry);
    } else if (parent !== undefined && CLASSLIKE.has(graph.node(parent)?.kind ?? 'file')) {
      const list = members.get(parent) ?? [];
      list.push(withNotes(graph, describeAttrs(n, s, { sig: true })));
      members.set(parent, list);
    } else if (s.kind === 'function') functions.push(withNotes(graph, describeAttrs(n, s, { sig: true, doc: true })));
    else other.push(withNotes(graph, describeAttrs(n, s)));
  }
  for (const c of classes) {
    const list = members.get(c.id);
    if (list?.length) c.members = cut(list, limit);
  }
  if (classes.length) out.classes = cut(classes, limit);
  if (functions.length) out.functions = cut(functions, limit);
  if (other.length) out.other = cut(other, limit);

  const importFiles: LinkItem[] = [];
  const externals: Item[] = [];
  graph.graph.forEachOutEdge(id, (_k, e, _s, t) => {
    if (e.kind !== 'imports') return;
    if (graph.node(t)?.kind === 'external') externals.push(describe(graph, t));
    else importFiles.push(withLines(describe(graph, t), e.lines));
  });
  const importers: LinkItem[] = [];
  graph.graph.forEachInEdge(id, (_k, e, s) => {
    if (e.kind === 'imports') importers.push(withLines(describe(graph, s), e.lines));
  });
  const byId = (x: Item, y: Item): number => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);
  if (importFiles.length || externals.length) {
    out.imports = {};
    if (importFiles.length) out.imports.files = cut(importFiles.sort(byId), limit);
    if (externals.length) out.imports.externals = cut(externals.sort(byId), limit);
  }
  if (importers.length) out.importers = cut(importers.sort(byId), limit);

  const tests = testsFor(graph, { target: id, depth: 1, limit });
  if (tests.items.length) out.tests = tests.more ? { items: tests.items, more: tests.more } : { items: tests.items };
  const decisions = fileDecisions(graph, id, limit);
  if (decisions.governedBy) out.decisions = decisions;
  const notes = notesIn(graph, [id, ...symbols.map(([n]) => n)]);
  if (notes.length) out.notes = cut(notes, limit);
  const docs = docsIn(graph, [id, ...symbols.map(([n]) => n)]);
  if (docs.length) out.docs = cut(docs, limit);
  return out;
}

/** The documents mentioning these nodes (the file and its symbols), one entry per document. */
function docsIn(graph: CodeGraph, ids: readonly string[]): DocRefItem[] {
  const byDoc = new Map<string, { item: DocRefItem; lines: Set<number>; symbols: Set<string> }>();
  ids.forEach((id, i) => {
    for (const d of docsMentioning(graph, id)) {
      let entry = byDoc.get(d.id);
      if (!entry) byDoc.set(d.id, (entry = { item: { id: d.id, ...(d.kind ? { kind: d.kind } : {}), ...(d.loc ? { loc: d.loc } : {}) }, lines: new Set(), symbols: new Set() }));
      for (const l of d.at?.split(',') ?? []) entry.lines.add(Number(l));
      if (i > 0) entry.symbols.add(id);
    }
  });
  return [...byDoc.values()]
    .map(({ item, lines, symbols }) => {
      if (lines.size) item.at = [...lines].sort((a, b) => a - b).join(',');
      if (symbols.size) item.symbols = [...symbols].sort();
      return item;
    })
    .sort((a, b) => (a.id < b.id ? -1 : 1));
}

/**
 * The agent memories about these nodes (the file and its symbols), in file order: each with its
 * latest observations, the rest counted. `about` names the symbol when it is not the file.
 */
function notesIn(graph: CodeGraph, ids: readonly string[]): NoteItem[] {
  if (graph.edgeCount('about') === 0) return [];
  const out: NoteItem[] = [];
  ids.forEach((id, i) => {
    graph.graph.forEachInEdge(id, (_k, e, source) => {
      const m = graph.node(source);
      if (e.kind !== 'about' || m?.memory === undefined) return;
      const obs = m.memory.observations;
      const item: NoteItem = { id: source, name: m.name, type: m.memory.entityType, obs: obs.slice(-NOTE_OBSERVATIONS) };
      if (obs.length > NOTE_OBSERVATIONS) item.moreObs = obs.length - NOTE_OBSERVATIONS;
      if (i > 0) item.about = id;
      out.push(item);
    });
  });
  return out;
}

/** Import lines, in the importing file (this file for its imports, the item's for its importers). */
function withLines(item: LinkItem, lines: number[] | undefined): LinkItem {
  if (lines?.length) item.at = lines.join(',');
  return item;
}
