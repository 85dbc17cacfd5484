/**
 * C/C++ call-edge oracle: clangd's call hierarchy
 * ===============================================
 * "Who calls what" in a C or C++ tree as clangd says it, over LSP (lsp_client.ts): every source
 * file is opened (clangd indexes what is open), its functions come from documentSymbol, and each
 * function that has a body is asked `textDocument/prepareCallHierarchy` then
 * `callHierarchy/outgoingCalls`. Outgoing calls need clangd ≥ 20 (Debian bookworm's `clangd` is
 * 14): we run `clangd-22` (apt-get install clangd-22), or whatever `KG_CLANGD` names.
 *
 * Conventions, so that both sides count the same thing:
 *  - The project gets a compile_commands.json we write when it has none: each .c/.cc/.cpp/.cxx
 *    file compiled with `-I` for the root, `include/` folders and every folder that holds a
 *    header (no build system needed). Tests' framework headers (gtest, catch2) are not installed:
 *    their macros do not expand, so clangd reports no test functions, and tests are out of scope.
 *  - A call site is a reference followed by `(` (or template arguments then `(`, or `{`): clangd
 *    also reports functions named as values (`qsort(…, cmp)`), which are references for us.
 *    A constructor reached by `T x(…)` or `new T(…)` is kept (clangd reports it at the type name).
 *  - A callee is a declaration under the root, keyed by (path, line of its name) where clangd puts
 *    it: the definition when the index knows one, else the declaration.
 *  - Callers are the functions with a body (definitions) in the opened files.
 *  - Calls made by a macro's expansion (clangd reports them at the macro's name) are left out:
 *    function-like macros are opaque by our rules. A site is a macro's when its text is a name
 *    the project's files #define.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LspClient, type Json } from './lsp_client';
import { listSourceFiles, mergeEdges, toRootRelative, type OracleDecl, type OracleEdge, type OracleResult } from './types';

export const CFAMILY_SOURCES = ['.c', '.cc', '.cpp', '.cxx'] as const;
export const CFAMILY_EXTENSIONS = [...CFAMILY_SOURCES, '.h', '.hh', '.hpp', '.hxx'] as const;

const timeoutFor = (files: number): number => 60_000 + 4_000 * files;

type Position = { line: number; character: number };
interface Range {
  start: Position;
  end: Position;
}
interface DocumentSymbol {
  name: string;
  kind: number;
  range: Range;
  selectionRange: Range;
  children?: DocumentSymbol[];
}
interface CallHierarchyItem {
  name: string;
  kind: number;
  uri: string;
  range: Range;
  selectionRange: Range;
}
interface OutgoingCall {
  to: CallHierarchyItem;
  fromRanges: Range[];
}

// LSP SymbolKind values.
const SK_METHOD = 6;
const SK_CONSTRUCTOR = 9;
const SK_FUNCTION = 12;
const CALLABLE = new Set([SK_METHOD, SK_CONSTRUCTOR, SK_FUNCTION]);

/** The clangd to run: KG_CLANGD, else clangd-22, else a clangd that is new enough. */
export function clangdCommand(): string | undefined {
  for (const cmd of [process.env.KG_CLANGD, 'clangd-22', 'clangd-21', 'clangd-20', 'clangd']) {
    if (!cmd) continue;
    try {
      const out = execFileSync(cmd, ['--version'], { encoding: 'utf8', timeout: 20_000 });
      const major = Number(/version (\d+)/.exec(out)?.[1] ?? 0);
      if (major >= 20) return cmd;
    } catch {
      // not installed
    }
  }
  return undefined;
}

/** Writes a compile_commands.json for the sources under root (unless it has one). */
export function writeCompileCommands(root: string): void {
  const path = join(root, 'compile_commands.json');
  if (existsSync(path)) return;
  const files = listSourceFiles(root, CFAMILY_EXTENSIONS);
  const dirs = new Set<string>(['']);
  for (const f of files) if (/\.(h|hh|hpp|hxx)$/.test(f)) dirs.add(dirname(f) === '.' ? '' : dirname(f));
  for (const f of files) for (let d = dirname(f); d !== '.'; d = dirname(d)) if (existsSync(join(root, d, 'include'))) dirs.add(`${d}/include`);
  if (existsSync(join(root, 'include'))) dirs.add('include');
  const includes = [...dirs].sort().map((d) => `-I${join(root, d)}`);
  const entries = files
    .filter((f) => CFAMILY_SOURCES.some((e) => f.endsWith(e)))
    .map((f) => {
      const isC = f.endsWith('.c');
      return { directory: root, file: join(root, f), arguments: [isC ? 'cc' : 'c++', isC ? '-std=gnu11' : '-std=c++17', ...includes, '-c', join(root, f)] };
    });
  writeFileSync(path, JSON.stringify(entries, null, 1));
}

interface CDecl extends OracleDecl {
  at: Position;
  span: { start: number; end: number };
  hasBody: boolean;
}

export async function clangdOracle(root: string, files = listSourceFiles(root, CFAMILY_EXTENSIONS)): Promise<OracleResult> {
  const command = clangdCommand();
  if (!command) throw new Error('no clangd ≥ 20 (apt-get install clangd-22)');
  const realRoot = realpathSync(root);
  writeCompileCommands(realRoot);
  const client = new LspClient(command, ['--background-index=false', `--compile-commands-dir=${realRoot}`, '--log=error', '-j=2'], realRoot, () => null);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`clangd oracle: no answer within ${timeoutFor(files.length) / 1000} s for ${root}\n${client.stderr.join('').slice(-2000)}`)), timeoutFor(files.length));
  });
  try {
    return await Promise.race([run(client, realRoot, files), timeout]);
  } finally {
    clearTimeout(timer);
    client.notify('exit', null);
    client.kill();
  }
}

const uriOf = (root: string, rel: string): string => pathToFileURL(join(root, rel)).href;
const languageIdOf = (rel: string): string => (rel.endsWith('.c') ? 'c' : 'cpp');

async function run(client: LspClient, root: string, files: string[]): Promise<OracleResult> {
  const rootUri = pathToFileURL(root).href;
  await client.request('initialize', {
    processId: process.pid,
    rootUri,
    workspaceFolders: [{ uri: rootUri, name: 'oracle' }],
    capabilities: { textDocument: { documentSymbol: { hierarchicalDocumentSymbolSupport: true }, callHierarchy: {} } },
  });
  client.notify('initialized', {});
  const sources = new Map<string, string[]>();
  for (const rel of files) {
    const text = readFileSync(join(root, rel), 'utf8');
    sources.set(rel, text.split('\n'));
    client.notify('textDocument/didOpen', { textDocument: { uri: uriOf(root, rel), languageId: languageIdOf(rel), version: 1, text } });
  }
  const decls: CDecl[] = [];
  // documentSymbol waits for each file's AST: after it, every open file is in clangd's index.
  for (const rel of files) {
    const symbols = (await client.request<DocumentSymbol[] | null>('textDocument/documentSymbol', { textDocument: { uri: uriOf(root, rel) } })) ?? [];
    collect(rel, symbols, sources.get(rel) ?? [], decls);
  }
  const callers = decls.filter((d) => d.hasBody);
  const macros = definedMacros(sources);
  const edges: OracleEdge[] = [];
  const byFile = new Map<string, CDecl[]>();
  for (const d of callers) byFile.set(d.path, [...(byFile.get(d.path) ?? []), d]);
  for (const caller of callers) {
    const items = (await client.request<CallHierarchyItem[] | null>('textDocument/prepareCallHierarchy', { textDocument: { uri: uriOf(root, caller.path) }, position: caller.at })) ?? [];
    const lines = sources.get(caller.path) ?? [];
    for (const item of items.slice(0, 1)) {
      const calls = (await client.request<OutgoingCall[] | null>('callHierarchy/outgoingCalls', { item: item as unknown as Json })) ?? [];
      for (const call of calls) {
        if (!call.to.uri.startsWith('file:')) continue;
        const rel = toRootRelative(root, fileURLToPath(call.to.uri));
        if (rel.startsWith('..') || !CALLABLE.has(call.to.kind)) continue;
        const sites = call.fromRanges.filter((r) => !inMacro(lines, r, macros) && isCallSite(lines, r, call.to.kind === SK_CONSTRUCTOR) && innermost(byFile.get(caller.path) ?? [], r.start.line) === caller);
        if (!sites.length) continue;
        edges.push({ caller: { path: caller.path, line: caller.line }, callee: { path: rel, line: call.to.selectionRange.start.line + 1 }, callSiteLines: sites.map((r) => r.start.line + 1) });
      }
    }
  }
  await client.request('shutdown', null).catch(() => undefined);
  const plain = ({ path, line, name, kind }: CDecl): OracleDecl => ({ path, line, name, kind });
  const calleeDecls: OracleDecl[] = edges.map((e) => ({ ...e.callee, name: '', kind: 'function' as const }));
  const seen = new Set<string>();
  const declarations = [...decls.map(plain), ...calleeDecls].filter((d) => !seen.has(`${d.path}:${d.line}`) && seen.add(`${d.path}:${d.line}`));
  return { edges: mergeEdges(edges), callers: callers.map(plain), declarations };
}

function collect(path: string, symbols: DocumentSymbol[], lines: string[], out: CDecl[]): void {
  for (const s of symbols) {
    if (CALLABLE.has(s.kind)) {
      const at = s.selectionRange.start;
      const body = lines.slice(s.selectionRange.end.line, s.range.end.line + 1).join('\n');
      const after = body.slice(s.selectionRange.end.line === s.range.end.line ? 0 : 0);
      out.push({ path, line: at.line + 1, name: s.name, kind: s.kind === SK_FUNCTION ? 'function' : 'method', at, span: { start: s.range.start.line, end: s.range.end.line }, hasBody: /\{/.test(after) && !/^\s*[^{]*;\s*$/.test(after) });
    }
    collect(path, s.children ?? [], lines, out);
  }
}

function innermost(decls: readonly CDecl[], line0: number): CDecl | undefined {
  let best: CDecl | undefined;
  for (const d of decls) if (d.span.start <= line0 && line0 <= d.span.end && (!best || d.span.start >= best.span.start)) best = d;
  return best;
}

/**
 * A call a macro's expansion makes: clangd puts it at the macro's name (`LOG(FATAL) << …`
 * constructs LogMessageFatal at `LOG`). Function-like macros are opaque by our rules (ADR 0013),
 * so such a call is not one we are asked to find: the site's text is a macro the project defines.
 */
function inMacro(lines: string[], r: Range, macros: ReadonlySet<string>): boolean {
  return r.start.line === r.end.line && macros.has((lines[r.start.line] ?? '').slice(r.start.character, r.end.character));
}

/** The names the project's files #define. */
function definedMacros(sources: ReadonlyMap<string, string[]>): Set<string> {
  const out = new Set<string>();
  for (const lines of sources.values()) {
    for (const line of lines) {
      const m = /^\s*#\s*define\s+(\w+)/.exec(line);
      if (m) out.add(m[1]!);
    }
  }
  return out;
}

/** A reference that is a call: `f(`, `f<T>(`, `T{`; for a constructor, a declaration `T x(` / `T x{` too. */
function isCallSite(lines: string[], r: Range, constructor: boolean): boolean {
  const rest = (lines[r.end.line] ?? '').slice(r.end.character);
  if (/^\s*(<[^;()]*>)?\s*[({]/.test(rest)) return true;
  return constructor && /^\s*(<[^;()]*>)?\s*[*&]*\s*\w+\s*[({]/.test(rest);
}
