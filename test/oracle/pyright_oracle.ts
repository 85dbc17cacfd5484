/**
 * Pyright call-edge oracle
 * ========================
 * "Who calls what" in a Python project, as pyright's language server says it: we start
 * `pyright-langserver --stdio` from node_modules (offline), open every file, list the functions
 * and methods with `textDocument/documentSymbol`, and ask `prepareCallHierarchy` +
 * `callHierarchy/outgoingCalls` for each.
 *
 * Conventions (they match the graph's):
 *  - Callers are the innermost named definitions: every `def` (module level, in a class, nested in
 *    a function) and the `def`s of classes defined anywhere. Pyright's outgoing walk of a function
 *    also covers the bodies of the defs nested in it, so each call site is kept only for the
 *    innermost def whose body holds it. Lambdas are not definitions: their calls stay with the def
 *    around them. A call site in the body of a class defined in a function (not in one of its
 *    methods) belongs to that class, which pyright cannot be asked about: it is dropped.
 *  - Module-level code and class bodies are NOT callers here: pyright's call hierarchy cannot be
 *    asked about them (a class item answers for its `__init__`). `callers` in the result lists
 *    exactly the declarations we asked about, so comparisons skip the rest.
 *  - Decorators (`@timed("x")` above a def) are evaluated in the enclosing scope — the module
 *    or class body — not by the function; pyright files them under the function, so we drop them.
 *  - A call is syntactic: a call-site range must be followed by `(`. Pyright also reports reading
 *    a `@property` as a call; we drop those (the graph calls them references).
 *  - `Foo()` → the class Foo (pyright already answers with the class). Should it answer with an
 *    `__init__` for a call written with the class's name, we map it to the class; an explicit
 *    `super().__init__()` / `Base.__init__(self)` stays a call of that `__init__` method.
 *  - `cls(…)` in a classmethod: the call hierarchy sees only the parameter `cls` and reports
 *    nothing; we ask pyright's hover for the type of `cls` (`type[Self@Money]`) and record a call
 *    of that class (the graph's convention for constructing).
 *  - A callee must be declared under the root (no typeshed, no site-packages) and be a def or class.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LspClient, type Json } from './lsp_client';
import { mergeEdges, toRootRelative, type DeclRef, type OracleDecl, type OracleEdge, type OracleResult } from './types';

/** A minute, and more for a bigger project (pyright answers a file at a time; a busy machine is slower). */
const timeoutFor = (files: number): number => 60_000 + 3_000 * files;

// A type alias, not an interface, so it is assignable to Json when sent.
type Position = {
  line: number;
  character: number;
};
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
interface Location {
  uri: string;
  range: Range;
}
interface LocationLink {
  targetUri: string;
  targetSelectionRange: Range;
}
interface OutgoingCall {
  to: CallHierarchyItem;
  fromRanges: Range[];
}

// LSP SymbolKind values we care about.
const SK_CLASS = 5;
const SK_METHOD = 6;
const SK_FUNCTION = 12;

/** A def or class found by documentSymbol, with where it sits. */
interface PyDecl extends OracleDecl {
  /** Zero-based position of the name, for prepareCallHierarchy. */
  at: Position;
  /** For methods: the class's name line. */
  classLine?: number;
  /** Zero-based line span of the whole definition. */
  span: { start: number; end: number };
}

export async function pyrightCallEdges(root: string, files: string[]): Promise<OracleEdge[]> {
  return (await pyrightOracle(root, files)).edges;
}

export async function pyrightOracle(root: string, files: string[]): Promise<OracleResult> {
  const realRoot = realpathSync(root);
  const server = require.resolve('pyright/langserver.index.js');
  const client = new LspClient(process.execPath, [server, '--stdio'], realRoot, answerServer);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`pyright oracle: no answer within ${timeoutFor(files.length) / 1000} s for ${root}${stderrTail(client)}`)), timeoutFor(files.length));
  });
  try {
    return await Promise.race([run(client, realRoot, files), timeout]);
  } finally {
    clearTimeout(timer);
    // Be polite, then make sure: the server must never outlive the test.
    client.notify('exit', null);
    client.kill();
  }
}

function stderrTail(client: LspClient): string {
  const text = client.stderr.join('').trim();
  return text ? `\n--- pyright stderr ---\n${text.slice(-2000)}` : '';
}

/** Settings pyright asks for: analyse only what we open, no type-check noise, src layout found. */
function answerServer(method: string, params: unknown): Json {
  if (method !== 'workspace/configuration') return null;
  const items = (params as { items?: { section?: string }[] }).items ?? [];
  return items.map((item): Json => {
    if (item.section === 'python.analysis') {
      return { autoSearchPaths: true, diagnosticMode: 'openFilesOnly', typeCheckingMode: 'off', useLibraryCodeForTypes: false };
    }
    if (item.section === 'python' || item.section === 'pyright') return {};
    return null;
  });
}

async function run(client: LspClient, root: string, files: string[]): Promise<OracleResult> {
  const rootUri = pathToFileURL(root).href;
  await client.request('initialize', {
    processId: process.pid,
    rootUri,
    workspaceFolders: [{ uri: rootUri, name: 'oracle' }],
    capabilities: {
      textDocument: { documentSymbol: { hierarchicalDocumentSymbolSupport: true }, callHierarchy: {} },
      workspace: { configuration: true, workspaceFolders: true },
    },
  });
  client.notify('initialized', {});

  const sources = new Map<string, string[]>();
  for (const rel of files) {
    const text = readFileSync(join(root, rel), 'utf8');
    sources.set(rel, text.split('\n'));
    client.notify('textDocument/didOpen', { textDocument: { uri: uriOf(root, rel), languageId: 'python', version: 1, text } });
  }

  const decls: PyDecl[] = [];
  for (const rel of files) {
    const symbols = (await client.request<DocumentSymbol[] | null>('textDocument/documentSymbol', { textDocument: { uri: uriOf(root, rel) } })) ?? [];
    collectDecls(rel, symbols, undefined, false, decls);
  }
  const byKey = new Map(decls.map((d) => [`${d.path}:${d.line}`, d]));
  const byFile = new Map<string, PyDecl[]>();
  for (const d of decls) byFile.set(d.path, [...(byFile.get(d.path) ?? []), d]);

  const callers = decls.filter((d) => d.kind === 'function' || d.kind === 'method' || d.kind === 'test');
  const edges: OracleEdge[] = [];
  for (const caller of callers) {
    const uri = uriOf(root, caller.path);
    const items = (await client.request<CallHierarchyItem[] | null>('textDocument/prepareCallHierarchy', { textDocument: { uri }, position: caller.at })) ?? [];
    for (const item of items) {
      const calls = (await client.request<OutgoingCall[] | null>('callHierarchy/outgoingCalls', { item: item as unknown as Json })) ?? [];
      for (const call of calls) {
        const edge = toEdge(root, caller, call, sources.get(caller.path) ?? [], byKey, byFile.get(caller.path) ?? []);
        if (edge) edges.push(edge);
      }
    }
    edges.push(...(await clsCalls(client, root, caller, sources.get(caller.path) ?? [], byKey, byFile.get(caller.path) ?? [])));
  }
  const classes = decls.filter((d) => d.kind === 'class');
  const inherits: OracleEdge[] = [];
  for (const cls of classes) inherits.push(...(await baseEdges(client, root, cls, sources.get(cls.path) ?? [], byKey)));
  await client.request('shutdown', null).catch(() => undefined);
  const plain = ({ path, line, name, kind }: PyDecl): OracleDecl => ({ path, line, name, kind });
  const ref = ({ path, line }: PyDecl): DeclRef => ({ path, line });
  return { edges: mergeEdges(edges), callers: callers.map(plain), declarations: decls.map(plain), inherits: mergeEdges(inherits), classes: classes.map(ref) };
}

/**
 * A class's bases as pyright resolves them: the base expressions of `class C(A, m.B, Generic[T]):`
 * (keyword arguments such as `metaclass=` left out) are read from the source, and each one's last
 * name before a subscript is asked `textDocument/definition`; a class declared under the root is a base.
 */
async function baseEdges(client: LspClient, root: string, cls: PyDecl, lines: string[], decls: Map<string, PyDecl>): Promise<OracleEdge[]> {
  const out: OracleEdge[] = [];
  for (const at of basePositions(lines, cls.at.line, cls.at.character + cls.name.length)) {
    const answer = await client.request<(Location | LocationLink)[] | Location | null>('textDocument/definition', { textDocument: { uri: uriOf(root, cls.path) }, position: at });
    for (const loc of Array.isArray(answer) ? answer : answer ? [answer] : []) {
      const uri = 'targetUri' in loc ? loc.targetUri : loc.uri;
      const range = 'targetSelectionRange' in loc ? loc.targetSelectionRange : loc.range;
      if (!uri.startsWith('file:')) continue;
      const rel = toRootRelative(root, fileURLToPath(uri));
      const base = decls.get(`${rel}:${range.start.line + 1}`);
      if (base?.kind === 'class' && !rel.startsWith('..')) out.push({ caller: { path: cls.path, line: cls.line }, callee: { path: base.path, line: base.line }, callSiteLines: [] });
    }
  }
  return out;
}

/** Positions of the names to ask about in a class's argument list, which opens right after its name. */
export function basePositions(lines: readonly string[], line0: number, character: number): Position[] {
  const out: Position[] = [];
  let depth = 0;
  let started = false;
  let argStart = true;
  let keyword = false;
  let lastName: Position | undefined;
  let subscripted = false;
  const flush = (): void => {
    if (lastName && !keyword) out.push(lastName);
    lastName = undefined;
    keyword = false;
    subscripted = false;
    argStart = true;
  };
  for (let l = line0; l < lines.length && l < line0 + 50; l++) {
    const text = lines[l] ?? '';
    for (let c = l === line0 ? character : 0; c < text.length; c++) {
      const ch = text[c]!;
      if (!started) {
        if (ch === '(') started = true;
        else if (ch !== ' ') return out; // `class C:` has no bases
        continue;
      }
      if (ch === '#') break;
      if (ch === '(' || ch === '[' || ch === '{') {
        if (depth === 0 && ch === '[') subscripted = true;
        depth++;
      } else if (ch === ')' || ch === ']' || ch === '}') {
        if (depth === 0) {
          flush();
          return out;
        }
        depth--;
      } else if (depth === 0 && ch === ',') flush();
      else if (depth === 0 && ch === '=' && text[c + 1] !== '=') keyword = true;
      else if (depth === 0 && ch === '*' && argStart) keyword = true;
      else if (depth === 0 && !subscripted && /[A-Za-z_]/.test(ch) && !/\w/.test(text[c - 1] ?? '')) {
        lastName = { line: l, character: c };
        argStart = false;
      }
    }
  }
  return out;
}

function uriOf(root: string, rel: string): string {
  return pathToFileURL(join(root, rel)).href;
}

/**
 * Walk documentSymbol's tree. Functions directly in a class are methods; pytest-style names at
 * module level or in a class in test files are tests; a def nested in a function is a function.
 */
function collectDecls(path: string, symbols: DocumentSymbol[], classLine: number | undefined, inFunction: boolean, out: PyDecl[]): void {
  for (const s of symbols) {
    const at = s.selectionRange.start;
    const line = at.line + 1;
    const span = { start: s.range.start.line, end: s.range.end.line };
    if (s.kind === SK_CLASS) {
      out.push({ path, line, name: s.name, kind: 'class', at, span });
      collectDecls(path, s.children ?? [], line, false, out);
    } else if (s.kind === SK_FUNCTION || s.kind === SK_METHOD) {
      const kind = classLine !== undefined ? (isTestName(path, s.name) ? 'test' : 'method') : !inFunction && isTestName(path, s.name) ? 'test' : 'function';
      out.push({ path, line, name: s.name, kind, at, span, ...(classLine !== undefined ? { classLine } : {}) });
      collectDecls(path, s.children ?? [], undefined, true, out);
    }
  }
}

function isTestName(path: string, name: string): boolean {
  const file = path.slice(path.lastIndexOf('/') + 1);
  return (file.startsWith('test_') || file.endsWith('_test.py')) && name.startsWith('test');
}

/** The innermost def or class whose body (from its name line on) holds a 0-based line. */
function innermostAt(fileDecls: readonly PyDecl[], line0: number): PyDecl | undefined {
  let best: PyDecl | undefined;
  for (const d of fileDecls) {
    if (d.line - 1 <= line0 && line0 <= d.span.end && (!best || d.line > best.line)) best = d;
  }
  return best;
}

function toEdge(root: string, caller: PyDecl, call: OutgoingCall, lines: string[], decls: Map<string, PyDecl>, fileDecls: readonly PyDecl[]): OracleEdge | undefined {
  if (!call.to.uri.startsWith('file:')) return undefined;
  const abs = fileURLToPath(call.to.uri);
  const rel = toRootRelative(root, abs);
  if (rel.startsWith('..') || rel.includes('/site-packages/')) return undefined;
  // Keep only call sites that are calls in the source: `name(` (pyright also reports property reads).
  // Decorator lines (above the name) run in the enclosing scope, which pyright cannot be asked about.
  const sites = call.fromRanges.filter((r) => isCallSite(lines, r) && innermostAt(fileDecls, r.start.line) === caller);
  if (sites.length === 0) return undefined;
  let callee = decls.get(`${rel}:${call.to.selectionRange.start.line + 1}`);
  if (!callee) return undefined;
  if (callee.name === '__init__' && callee.classLine !== undefined && sites.every((r) => siteText(lines, r) !== '__init__')) {
    callee = decls.get(`${rel}:${callee.classLine}`) ?? callee;
  }
  return { caller: { path: caller.path, line: caller.line }, callee: { path: callee.path, line: callee.line }, callSiteLines: sites.map((r) => r.start.line + 1) };
}

/**
 * `cls(…)` call sites in the caller's span. typeDefinition and definition of `cls` only name the
 * parameter, so we read the type from pyright's hover (`cls: type[Self@Money]`) and take the
 * class of that name: the caller's own class first, else the only class of that name in the root.
 */
async function clsCalls(client: LspClient, root: string, caller: PyDecl, lines: string[], decls: Map<string, PyDecl>, fileDecls: readonly PyDecl[]): Promise<OracleEdge[]> {
  const out: OracleEdge[] = [];
  for (let i = caller.span.start; i <= caller.span.end && i < lines.length; i++) {
    if (innermostAt(fileDecls, i) !== caller) continue;
    for (const m of (lines[i] ?? '').matchAll(/(?<![.\w])cls\s*\(/g)) {
      const position = { line: i, character: m.index ?? 0 };
      const hover = await client.request<{ contents?: { value?: string } | string } | null>('textDocument/hover', { textDocument: { uri: uriOf(root, caller.path) }, position });
      const text = typeof hover?.contents === 'string' ? hover.contents : (hover?.contents?.value ?? '');
      const name = /\bcls: type\[(?:Self@)?(\w+)\]/.exec(text)?.[1];
      if (!name) continue;
      const own = caller.classLine !== undefined ? decls.get(`${caller.path}:${caller.classLine}`) : undefined;
      const candidates = own?.name === name ? [own] : [...decls.values()].filter((d) => d.kind === 'class' && d.name === name);
      const callee = candidates.length === 1 ? candidates[0] : undefined;
      if (callee) out.push({ caller: { path: caller.path, line: caller.line }, callee: { path: callee.path, line: callee.line }, callSiteLines: [i + 1] });
    }
  }
  return out;
}

function siteText(lines: string[], r: Range): string {
  if (r.start.line !== r.end.line) return '';
  return (lines[r.start.line] ?? '').slice(r.start.character, r.end.character);
}

function isCallSite(lines: string[], r: Range): boolean {
  const rest = (lines[r.end.line] ?? '').slice(r.end.character);
  return /^\s*\(/.test(rest);
}
