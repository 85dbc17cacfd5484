/**
 * SCIP export
 * ===========
 * The code layer as a SCIP index, the protobuf format Sourcegraph and other code-intelligence
 * tools read. The schema is the one Sourcegraph publishes in `@sourcegraph/scip-typescript`
 * (bindings generated from scip.proto, on Google's google-protobuf runtime), so what we write
 * is what their own indexer writes, field for field.
 *
 * One document per indexed source file: a definition occurrence at each definition's name
 * (with its enclosing range), a reference occurrence at each call or reference site, an import
 * occurrence at each imported name, and symbol information (kind, display name, signature and
 * doc, enclosing symbol, implementation relationships for inheritance). Symbols follow SCIP's
 * syntax: `kg-memory <manager> <package> . <descriptors>`, with descriptors shaped as the
 * Sourcegraph indexers shape them (a Python module `app.billing` is one namespace, a TypeScript
 * file is its path's namespaces; `Class#`, `method().`, `CONSTANT.`).
 *
 * Columns are not in the graph (it keeps lines), so each name is found in its line of the
 * file's text; an occurrence whose name is not on its line is left out rather than guessed.
 *
 * A protobuf message's repeated field may arrive in pieces: the bytes of `Index{metadata}`
 * followed by those of one `Index{documents: [d]}` per file decode as one index. That is how
 * the index streams out a document at a time.
 */
import { scip } from '@sourcegraph/scip-typescript/dist/src/scip.js';
import type { CodeGraph } from '../model/graph';
import { fileId } from '../model/ids';
import type { EdgeKind, NodeAttributes, NodeKind } from '../model/types';
import type { FileFacts } from '../parse/facts';
import { fenceLanguage, isLanguageId } from '../parse/languages';
import type { Sink } from './sink';

export interface ScipSource {
  /** The workspace folder (the index's project root). */
  root: string;
  /** Text of a workspace file, undefined when it cannot be read. */
  read(path: string): string | undefined;
  facts(path: string): FileFacts | undefined;
  /** Package name in the symbols (default: the folder's name). */
  packageName?: string;
  toolVersion?: string;
}

export interface ScipReport {
  documents: number;
  definitions: number;
  references: number;
  imports: number;
  /** Occurrences left out because the name was not found on its line. */
  unplaced: number;
}

const TYPE_KINDS = new Set<NodeKind>(['class', 'interface', 'enum', 'type']);
const CALLABLE_KINDS = new Set<NodeKind>(['function', 'method', 'test']);
const REFERENCE_EDGES = new Set<EdgeKind>(['calls', 'references', 'inherits', 'implements']);
const SCIP_KIND: Partial<Record<NodeKind, scip.SymbolInformation.Kind>> = {
  class: scip.SymbolInformation.Kind.Class,
  interface: scip.SymbolInformation.Kind.Interface,
  enum: scip.SymbolInformation.Kind.Enum,
  type: scip.SymbolInformation.Kind.TypeAlias,
  function: scip.SymbolInformation.Kind.Function,
  method: scip.SymbolInformation.Kind.Method,
  test: scip.SymbolInformation.Kind.Function,
  variable: scip.SymbolInformation.Kind.Variable,
  constant: scip.SymbolInformation.Kind.Constant,
};
/** SCIP's language of a document: the VS Code language id, as the registry names it. */
const scipLanguage = (language: string | undefined): string => (language !== undefined && isLanguageId(language) ? fenceLanguage(language) : '');

/** A descriptor name: an identifier as is, anything else in backticks (doubled inside). */
const escapeName = (name: string): string => (/^[A-Za-z0-9_+$-]+$/.test(name) ? name : `\`${name.replace(/`/g, '``')}\``);
/** Spaces separate a symbol's fields, so a space inside one is doubled. */
const escapeField = (s: string): string => (s === '' ? '.' : s.replace(/ /g, '  '));
const suffix = (kind: NodeKind | undefined): string => (kind !== undefined && TYPE_KINDS.has(kind) ? '#' : kind !== undefined && CALLABLE_KINDS.has(kind) ? '().' : '.');

const isSymbol = (a: NodeAttributes): boolean => SCIP_KIND[a.kind] !== undefined && a.path !== undefined && a.language !== undefined;

/** Builds (and caches) the SCIP symbol of each code node. */
class Symbols {
  private readonly cache = new Map<string, string>();
  private readonly byFile = new Map<string, Map<string, string>>();
  constructor(
    private readonly graph: CodeGraph,
    private readonly packageName: string,
  ) {}

  of(id: string): string | undefined {
    const hit = this.cache.get(id);
    if (hit !== undefined) return hit;
    const a = this.graph.node(id);
    if (!a || !isSymbol(a) || a.qualifiedName === undefined) return undefined;
    const path = a.path!;
    const python = a.language === 'python';
    const file = this.graph.node(fileId(path));
    const namespace = python
      ? `${escapeName(file?.qualifiedName ?? path.replace(/\.py$/, '').replace(/\//g, '.'))}/`
      : path.split('/').map((p) => `${escapeName(p)}/`).join('');
    // Each enclosing definition adds its descriptor: a class is a type (#), a function a method (().).
    const parts = a.qualifiedName.split(/\.(?![^`]*`)/);
    const named = this.inFile(path);
    let descriptors = '';
    for (let i = 0; i < parts.length; i++) {
      const holder = i === parts.length - 1 ? id : named.get(parts.slice(0, i + 1).join('.'));
      descriptors += `${escapeName(parts[i]!)}${suffix(holder === undefined ? undefined : this.graph.node(holder)?.kind)}`;
    }
    const symbol = `kg-memory ${python ? 'python' : 'npm'} ${escapeField(this.packageName)} . ${namespace}${descriptors}`;
    this.cache.set(id, symbol);
    return symbol;
  }

  /** The definitions of one file by qualified name (built once per file: a file's symbols are looked up by each other). */
  inFile(path: string): Map<string, string> {
    let map = this.byFile.get(path);
    if (!map) {
      map = new Map();
      for (const n of this.graph.nodesInPath(path)) {
        const b = this.graph.node(n);
        if (b?.qualifiedName !== undefined && b.kind !== 'file' && b.kind !== 'module') map.set(b.qualifiedName, n);
      }
      this.byFile.set(path, map);
    }
    return map;
  }
}

/** 0-based columns of `name` on a line, as a whole word when it is an identifier. */
function columns(text: string, name: string): number[] {
  if (name === '') return [];
  const out: number[] = [];
  const word = /^[A-Za-z_$][\w$]*$/.test(name);
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + name.length)) {
    if (word && (/[\w$]/.test(text[at - 1] ?? '') || /[\w$]/.test(text[at + name.length] ?? ''))) continue;
    out.push(at);
  }
  return out;
}

export async function writeScip(graph: CodeGraph, source: ScipSource, sink: Sink): Promise<ScipReport> {
  const g = graph.graph;
  const packageName = source.packageName ?? source.root.split(/[\\/]/).filter((p) => p !== '').pop() ?? 'workspace';
  const symbols = new Symbols(graph, packageName);
  const report: ScipReport = { documents: 0, definitions: 0, references: 0, imports: 0, unplaced: 0 };
  const metadata = new scip.Metadata({
    version: scip.ProtocolVersion.UnspecifiedProtocolVersion,
    tool_info: new scip.ToolInfo({ name: 'kg-memory', version: source.toolVersion ?? '', arguments: [] }),
    project_root: `file://${source.root.replace(/\\/g, '/').replace(/^(?!\/)/, '/')}`,
    text_document_encoding: scip.TextEncoding.UTF8,
  });
  await sink.write(new scip.Index({ metadata }).serializeBinary());

  const files: string[] = [];
  g.forEachNode((_id, a) => {
    if (a.kind === 'file' && a.path !== undefined && a.language !== undefined) files.push(a.path);
  });
  files.sort();
  for (const path of files) {
    const text = source.read(path);
    if (text === undefined) continue;
    const lines = text.split('\n');
    const occurrences: scip.Occurrence[] = [];
    const infos: scip.SymbolInformation[] = [];
    const seen = new Set<string>();
    const occur = (line: number, col: number, len: number, symbol: string, roles: number, enclosing?: number[]): void => {
      const key = `${line}:${col}:${symbol}`;
      if (seen.has(key)) return;
      seen.add(key);
      occurrences.push(new scip.Occurrence({ range: [line, col, col + len], symbol, symbol_roles: roles, ...(enclosing ? { enclosing_range: enclosing } : {}) }));
    };

    // Definitions, and what each symbol is.
    for (const id of graph.nodesInPath(path)) {
      const a = g.getNodeAttributes(id);
      const symbol = isSymbol(a) ? symbols.of(id) : undefined;
      if (symbol === undefined || a.line === undefined) continue;
      const row = a.line - 1;
      const col = columns(lines[row] ?? '', a.name)[0];
      if (col === undefined) report.unplaced++;
      else {
        const start = (a.startLine ?? a.line) - 1;
        const end = (a.endLine ?? a.line) - 1;
        occur(row, col, a.name.length, symbol, scip.SymbolRole.Definition, [start, 0, end, (lines[end] ?? '').length]);
        report.definitions++;
      }
      const relationships: scip.Relationship[] = [];
      g.forEachOutEdge(id, (_k, e, _s, t) => {
        if (e.kind !== 'inherits' && e.kind !== 'implements') return;
        const base = symbols.of(t);
        if (base !== undefined) relationships.push(new scip.Relationship({ symbol: base, is_implementation: true }));
      });
      const documentation = [...(a.signature ? [`\`\`\`${scipLanguage(a.language)}\n${a.signature}\n\`\`\``] : []), ...(a.doc ? [a.doc] : [])];
      let enclosing: string | undefined;
      const dot = a.qualifiedName?.lastIndexOf('.') ?? -1;
      if (dot > 0) {
        const parentQn = a.qualifiedName!.slice(0, dot);
        const parent = symbols.inFile(path).get(parentQn);
        if (parent !== undefined && parent !== id) enclosing = symbols.of(parent);
      }
      infos.push(new scip.SymbolInformation({ symbol, kind: SCIP_KIND[a.kind]!, display_name: a.name, documentation, relationships, ...(enclosing ? { enclosing_symbol: enclosing } : {}) }));
    }

    // Imports first: an imported name is an import occurrence, not a plain reference.
    const facts = source.facts(path);
    const targets = new Map<number, string[]>();
    g.forEachOutEdge(fileId(path), (_k, e, _s, t) => {
      if (e.kind !== 'imports') return;
      const to = g.getNodeAttribute(t, 'path');
      if (to === undefined) return;
      for (const l of e.lines ?? []) targets.set(l, [...(targets.get(l) ?? []), to]);
    });
    for (const imp of facts?.imports ?? []) {
      for (const to of targets.get(imp.line) ?? []) {
        for (const n of imp.names) {
          const target = symbols.inFile(to).get(n.imported);
          const symbol = target === undefined ? undefined : symbols.of(target);
          if (symbol === undefined) continue;
          // A parenthesised import spreads over the lines after its first.
          for (let row = imp.line - 1; row < Math.min(lines.length, imp.line + 30); row++) {
            const col = columns(lines[row] ?? '', n.imported)[0];
            if (col === undefined) continue;
            occur(row, col, n.imported.length, symbol, scip.SymbolRole.Import);
            report.imports++;
            break;
          }
        }
      }
    }

    // References: the sites of calls and uses whose source is in this file.
    for (const id of graph.nodesInPath(path)) {
      g.forEachOutEdge(id, (_k, e, _s, t) => {
        if (!REFERENCE_EDGES.has(e.kind) || !e.lines?.length) return;
        const symbol = symbols.of(t);
        const name = g.getNodeAttribute(t, 'name');
        if (symbol === undefined) return;
        for (const l of e.lines) {
          const cols = columns(lines[l - 1] ?? '', name);
          if (cols.length === 0) report.unplaced++;
          for (const c of cols) {
            occur(l - 1, c, name.length, symbol, 0);
            report.references++;
          }
        }
      });
    }

    occurrences.sort((x, y) => x.range[0]! - y.range[0]! || x.range[1]! - y.range[1]!);
    const language = g.getNodeAttribute(fileId(path), 'language');
    const doc = new scip.Document({ language: scipLanguage(language), relative_path: path, occurrences, symbols: infos });
    await sink.write(new scip.Index({ documents: [doc] }).serializeBinary());
    report.documents++;
  }
  return report;
}
