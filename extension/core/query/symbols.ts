/**
 * Symbols and source
 * ==================
 * `findSymbol`: the definitions a name may mean, with signature, doc line, bases, params and
 * decorators. `source`: exactly the lines of one definition, read through a reader the caller
 * passes in (queries do no I/O), flagged `stale` when the file changed since it was indexed.
 */
import type { CodeGraph } from '../model/graph';
import { fileId } from '../model/ids';
import type { NodeAttributes, NodeKind } from '../model/types';
import { describe, describeAttrs, withNotes } from './describe';
import type { Item } from './describe';
import { InvalidArgumentError, NotFoundError } from './errors';
import { checkObject, cut, optInt, optKinds, requireString } from './options';
import { NODE_KINDS } from '../model/kinds';
import { matchTarget, resolveTarget, suggest, suggestionNames } from './target';

export interface SymbolDetail extends Item {
  qn?: string;
  /** "startLine-endLine" */
  span?: string;
  bases?: string[];
  params?: string[];
  returns?: string;
  decorators?: string[];
  async?: true;
  exported?: true;
  /** The class a method belongs to. */
  parent?: Item;
}

export interface FindSymbolOptions {
  name: string;
  kinds?: NodeKind[] | NodeKind;
  limit?: number;
}

export interface FindSymbolResult {
  total: number;
  items: SymbolDetail[];
  more?: number;
}

export function detail(graph: CodeGraph, id: string): SymbolDetail {
  const a = graph.node(id);
  if (a === undefined) return describe(graph, id);
  const d: SymbolDetail = describeAttrs(id, a, { sig: true, doc: true });
  if (a.qualifiedName && a.qualifiedName !== a.name) d.qn = a.qualifiedName;
  if (a.startLine !== undefined && a.endLine !== undefined && a.kind !== 'file') d.span = `${a.startLine}-${a.endLine}`;
  if (a.bases?.length) d.bases = a.bases;
  if (a.params?.length) d.params = a.params.map(formatParam);
  if (a.returnType) d.returns = a.returnType;
  if (a.decorators?.length) d.decorators = a.decorators;
  if (a.isAsync) d.async = true;
  if (a.exported) d.exported = true;
  const parent = parentClass(graph, id);
  if (parent !== undefined) d.parent = describe(graph, parent);
  return withNotes(graph, d);
}

function formatParam(p: { name: string; type?: string; default?: string }): string {
  return `${p.name}${p.type ? `: ${p.type}` : ''}${p.default !== undefined ? ` = ${p.default}` : ''}`;
}

/** The class of a method (method_of) or of a nested class (contains from a class). */
export function parentClass(graph: CodeGraph, id: string): string | undefined {
  let parent: string | undefined;
  graph.graph.forEachOutEdge(id, (_k, e, _s, t) => {
    if (parent === undefined && e.kind === 'method_of') parent = t;
  });
  if (parent !== undefined) return parent;
  graph.graph.forEachInEdge(id, (_k, e, s) => {
    if (parent === undefined && e.kind === 'contains' && graph.node(s)?.kind === 'class') parent = s;
  });
  return parent;
}

/** Every definition `name` may mean (a name, qualified name, id or path:line), ranked, with details. */
export function findSymbol(graph: CodeGraph, options: FindSymbolOptions): FindSymbolResult {
  const where = 'query/findSymbol';
  const o = checkObject(where, options);
  const name = requireString(where, 'name', o.name);
  const kinds = optKinds(where, 'kinds', o.kinds, NODE_KINDS);
  const limit = optInt(where, 'limit', o.limit, 10, 1, 200);
  const { ids } = matchTarget(graph, name, { kinds });
  if (ids.length === 0) {
    const suggestions = suggest(graph, name, 5, kinds);
    const hint = suggestions.length > 0 ? ` Did you mean ${suggestionNames(graph, suggestions).join(', ')}?` : '';
    throw new NotFoundError(`${where}: no symbol matches "${name}".${hint}`, suggestions);
  }
  const page = cut(ids, limit);
  const out: FindSymbolResult = { total: ids.length, items: page.items.map((id) => detail(graph, id)) };
  if (page.more) out.more = page.more;
  return out;
}

/** What `source` needs from the workspace; the query itself reads nothing. */
export interface SourceReader {
  readFile(path: string): string | undefined;
  hashOf(content: string): string;
}

export interface SourceOptions {
  target: string;
  /** Longest excerpt returned (default 400 lines); the rest is counted in `more`. */
  maxLines?: number;
}

export interface SourceResult extends Item {
  path: string;
  start: number;
  end: number;
  code: string;
  /** Lines left out past `maxLines`. */
  more?: number;
  stale?: true;
  note?: string;
}

/**
 * Characters of code one answer shows: 400 ordinary lines fit; one minified line of a megabyte
 * does not, and is cut (the note says where and how much).
 */
export const MAX_SOURCE_CHARS = 40_000;

/** The definition's lines startLine..endLine (the whole file for a file target). */
export function source(graph: CodeGraph, options: SourceOptions, reader: SourceReader): SourceResult {
  const where = 'query/source';
  const o = checkObject(where, options);
  const target = requireString(where, 'target', o.target);
  const maxLines = optInt(where, 'maxLines', o.maxLines, 400, 1, 20000);
  if (!reader || typeof reader.readFile !== 'function' || typeof reader.hashOf !== 'function') {
    throw new InvalidArgumentError(`${where}: expecting a reader with readFile(path) and hashOf(content).`);
  }
  const id = resolveTarget(graph, target);
  const a = graph.node(id) as NodeAttributes;
  if (a.path === undefined || a.kind === 'module' || a.kind === 'external') {
    throw new InvalidArgumentError(`${where}: ${a.kind} "${id}" has no source lines; ask for a file or a symbol.`);
  }
  const content = reader.readFile(a.path);
  if (content === undefined) {
    throw new NotFoundError(`${where}: "${a.path}" cannot be read any more (deleted or moved?); re-index to update the graph.`);
  }
  const lines = content.split(/\r?\n/);
  const fileNode = a.kind === 'file' ? a : graph.node(fileId(a.path));
  const start = a.kind === 'file' ? 1 : (a.startLine ?? a.line ?? 1);
  const end = a.kind === 'file' ? lines.length : (a.endLine ?? start);
  const stop = Math.min(end, start + maxLines - 1, lines.length);
  const out: SourceResult = { ...describeAttrs(id, a), path: a.path, start, end, code: lines.slice(start - 1, stop).join('\n') };
  if (end > stop && stop < lines.length) out.more = Math.min(end, lines.length) - stop;
  const cutNote = out.code.length > MAX_SOURCE_CHARS ? cutCode(out) : undefined;
  const stale = fileNode?.hash !== undefined && reader.hashOf(content) !== fileNode.hash;
  if (stale || end > lines.length) {
    out.stale = true;
    out.note = end > lines.length
      ? `${a.path} now has ${lines.length} lines but the definition was indexed at ${start}-${end}; the file changed since it was indexed, re-index it.`
      : `${a.path} changed since it was indexed; lines ${start}-${end} may no longer be exactly this definition.`;
  }
  if (cutNote) out.note = out.note ? `${out.note} ${cutNote}` : cutNote;
  return out;
}

/** Cuts `out.code` to MAX_SOURCE_CHARS; returns the note that says so. */
function cutCode(out: SourceResult): string {
  const total = out.code.length;
  const kept = out.code.slice(0, MAX_SOURCE_CHARS);
  const lastLine = out.start + (kept.match(/\n/g)?.length ?? 0);
  out.code = `${kept}… [kg-memory: truncated]`;
  return `Truncated: ${MAX_SOURCE_CHARS} of ${total} characters shown, cut in line ${lastLine} (a minified or generated line?); read ${out.path} itself for the rest.`;
}
