/**
 * C and C++ fact extractor
 * ========================
 * A parsed C or C++ file → facts, one walk over its declarations (namespaces, `extern "C"`
 * blocks, `#if` branches and class bodies are entered; bodies are walked by cfamily_body.ts).
 * How C and C++ map onto the shared schema (docs/adr/0013-cfamily-resolution.md has the rules):
 *  - `#include "x.h"` / `#include <x.h>` → an import whose `module` is the text as written, quotes
 *    or brackets kept (the resolver searches differently); `using namespace n;` → a star import of
 *    `n`; `using n::f;` → an import binding `f`.
 *  - Qualified names carry the namespaces and classes with dots: `n.A.f` (a namespace is no symbol
 *    of its own: it has no kind; the symbols in it carry `namespace`). Anonymous namespaces and
 *    `static` file-scope definitions are not `exported` (internal linkage).
 *  - class / struct / union → `class` (fields, `bases` from the base clause), enum → `enum`,
 *    typedef and `using X = …` → `type` (its `returnType` is what it stands for); a typedef of an
 *    anonymous struct names the struct.
 *  - Functions → `function`, methods (in a class body, or defined out of line as `A::f`) →
 *    `method`; a constructor is `A.A`, a destructor `A.~A`; overloads are symbols of their own,
 *    `A.f$2`, `A.f$3` … in source order (the name stays `f`). Templates are their template:
 *    `template<class T> T max(T, T)` is the function `max`.
 *  - A declaration without a body (a prototype, a method declared in its class) is a symbol with
 *    `declaration: true`; when the same file defines it too (prototype then definition, or a class
 *    and its out-of-line methods), the one symbol takes the definition's location. A declaration in
 *    a header and its definition in a source file are one entity with two locations: two symbols
 *    (one per file, ids stay a function of the file), and every call resolves to the definition
 *    when the workspace has one (as clangd's call hierarchy does), to the declaration otherwise.
 *    An out-of-line method's definition has its class as `parent` only when the class is in the
 *    same file.
 *  - Tests: GoogleTest `TEST(Suite, Name)` / `TEST_F` / `TEST_P` / `TYPED_TEST` → `test`
 *    `Suite.Name` (a fixture's members are in scope: a `this` local typed as the fixture);
 *    Catch2 `TEST_CASE("…")` / `SCENARIO("…")` → `test` named by its string; `SECTION`s are
 *    transparent.
 *  - Macros are opaque (no symbols, their uses name nothing).
 * Never throws on broken code: what parsed is extracted.
 */
import type { Node } from 'web-tree-sitter';
import type { BindingFact, ExtractedFacts, ExtractorInput, ImportFact, ParamFact, SymbolFact } from './facts';
import { paramBindings, walkBody, type BodyOut } from './cfamily_body';
import { declared, docAbove, lineOf, nameText, oneLine, overloadKey, signatureOf } from './cfamily_syntax';
import { mayNest } from './nesting';

const GTEST = new Set(['TEST', 'TEST_F', 'TEST_P', 'TYPED_TEST', 'TYPED_TEST_P']);
const CATCH2 = new Set(['TEST_CASE', 'TEST_CASE_METHOD', 'SCENARIO', 'TEMPLATE_TEST_CASE']);
const CLASS_NODES: Record<string, SymbolFact['kind']> = { class_specifier: 'class', struct_specifier: 'class', union_specifier: 'class', enum_specifier: 'enum' };
/** Containers whose children are declarations of the enclosing scope. */
const TRANSPARENT = new Set(['ERROR', 'preproc_if', 'preproc_ifdef', 'preproc_else', 'preproc_elif', 'preproc_elifdef', 'declaration_list']);
const MAX_DEPTH = 256;

interface Scope {
  /** Qualified-name prefix (`n.A`), '' at file level. */
  prefix: string;
  /** The namespace part of the prefix (`n`). */
  namespace: string;
  /** The class we are in (its qualified name), if any. */
  cls?: string;
  /** Inside an anonymous namespace: nothing declared here is exported. */
  internal: boolean;
  depth: number;
}

interface Ctx {
  source: string;
  symbols: SymbolFact[];
  byQn: Map<string, SymbolFact>;
  /** Symbols per qualified name as written: one, or a function's overloads in source order. */
  overloads: Map<string, SymbolFact[]>;
  imports: ImportFact[];
  bindings: BindingFact[];
  body: BodyOut;
  /** Namespace names opened or `using`-ed in this file: `n::f` with such an `n` is a function, not a method. */
  namespaces: Set<string>;
}

const EMPTY: ExtractedFacts = { symbols: [], imports: [], exports: [], calls: [], references: [], bindings: [] };

export function extractCFamily(input: ExtractorInput): ExtractedFacts {
  const ctx: Ctx = { source: input.source, symbols: [], byQn: new Map(), overloads: new Map(), imports: [], bindings: [], body: { calls: [], references: [] }, namespaces: new Set() };
  try {
    const root = input.tree.rootNode;
    for (const ns of root.descendantsOfType(['namespace_definition', 'using_declaration'])) {
      const name = ns?.type === 'namespace_definition' ? nameText(ns.childForFieldName('name')) : ns?.text.startsWith('using namespace') ? nameText(ns.namedChildren[0] ?? null) : undefined;
      if (name !== undefined) for (const part of name.split('::')) ctx.namespaces.add(part);
    }
    declarations(ctx, root, { prefix: '', namespace: '', internal: false, depth: 0 });
    const facts: ExtractedFacts = { symbols: ctx.symbols, imports: ctx.imports, exports: [], calls: ctx.body.calls, references: ctx.body.references, bindings: ctx.bindings };
    const first = root.namedChildren[0];
    const doc = first?.type === 'comment' ? docAbove(first.nextSibling ?? first) ?? undefined : undefined;
    if (doc) facts.doc = doc;
    ctx.body.references.sort((a, b) => a.line - b.line);
    return facts;
  } catch {
    // A bug here must not stop indexing: keep what was collected.
    return ctx.symbols.length ? { ...EMPTY, symbols: ctx.symbols, imports: ctx.imports, calls: ctx.body.calls, references: ctx.body.references, bindings: ctx.bindings } : EMPTY;
  }
}

const join = (prefix: string, name: string): string => (prefix ? `${prefix}.${name}` : name);

function declarations(ctx: Ctx, container: Node, scope: Scope): void {
  if (scope.depth > MAX_DEPTH) return;
  const items = container.namedChildren;
  for (let i = 0; i < items.length; i++) {
    const n = items[i]!;
    const next = items[i + 1];
    // Catch2's `TEST_CASE("…") { … }` parses as a call statement followed by a block.
    if (n.type === 'expression_statement' && next?.type === 'compound_statement' && scope.cls === undefined && catch2Case(ctx, n, next, scope)) i++;
    else item(ctx, n, scope);
  }
}

function catch2Case(ctx: Ctx, stmt: Node, body: Node, scope: Scope): boolean {
  const call = stmt.namedChildren[0];
  const fn = call?.type === 'call_expression' ? call.childForFieldName('function') : null;
  if (!call || fn?.type !== 'identifier' || !CATCH2.has(fn.text)) return false;
  const m = /"((?:[^"\\]|\\.)*)"/.exec(call.childForFieldName('arguments')?.text ?? '');
  if (!m) return false;
  let qn = join(scope.prefix, m[1]!);
  if (ctx.byQn.has(qn)) qn = `${qn} (line ${lineOf(stmt)})`;
  const s = newSymbol(ctx, stmt, 'test', m[1]!, qn, fn, scope);
  s.endLine = body.endPosition.row + 1;
  s.signature = oneLine(stmt).replace(/;$/, '').slice(0, 200);
  addSymbol(ctx, s);
  const locals: BindingFact[] = [];
  walkBody(body, qn, ctx.body, locals);
  if (locals.length) s.locals = locals;
  return true;
}

function item(ctx: Ctx, n: Node, scope: Scope): void {
  if (TRANSPARENT.has(n.type)) return declarations(ctx, n, { ...scope, depth: scope.depth + 1 });
  switch (n.type) {
    case 'preproc_include':
      return include(ctx, n);
    case 'namespace_definition':
      return namespace(ctx, n, scope);
    case 'linkage_specification': {
      const body = n.childForFieldName('body');
      if (body?.type === 'declaration_list') declarations(ctx, body, { ...scope, depth: scope.depth + 1 });
      else if (body) item(ctx, body, scope);
      return;
    }
    case 'using_declaration':
      return usingDeclaration(ctx, n);
    case 'template_declaration': {
      const inner = n.namedChildren.find((c) => c.type !== 'template_parameter_list');
      if (inner) item(ctx, inner, scope);
      return;
    }
    case 'function_definition':
      return functionDefinition(ctx, n, scope);
    case 'declaration':
    case 'field_declaration':
      return declaration(ctx, n, scope);
    case 'type_definition':
      return typedef(ctx, n, scope);
    case 'alias_declaration':
      return alias(ctx, n, scope);
    case 'class_specifier':
    case 'struct_specifier':
    case 'union_specifier':
    case 'enum_specifier':
      classSpecifier(ctx, n, scope, n);
      return;
    // A statement at file level is a macro invocation (`DEFINE_THING(x);`) or a misparse: opaque.
  }
}

// ---- includes and using -----------------------------------------------------------------------

function include(ctx: Ctx, n: Node): void {
  const path = n.childForFieldName('path');
  if (!path || (path.type !== 'string_literal' && path.type !== 'system_lib_string')) return;
  ctx.imports.push({ module: path.text.trim(), line: lineOf(n), names: [] });
}

function usingDeclaration(ctx: Ctx, n: Node): void {
  const target = nameText(n.namedChildren[0] ?? null);
  if (target === undefined) return;
  if (n.text.startsWith('using namespace')) ctx.imports.push({ module: target, line: lineOf(n), names: [], star: true });
  else {
    const local = target.slice(target.lastIndexOf('::') + 2) || target;
    ctx.imports.push({ module: target, line: lineOf(n), names: [{ imported: local, local }] });
  }
}

function namespace(ctx: Ctx, n: Node, scope: Scope): void {
  const body = n.childForFieldName('body');
  if (!body) return;
  const name = nameText(n.childForFieldName('name'));
  if (name === undefined) return declarations(ctx, body, { ...scope, internal: true, depth: scope.depth + 1 });
  const dotted = name.split('::').join('.');
  declarations(ctx, body, { prefix: join(scope.prefix, dotted), namespace: join(scope.namespace, dotted), internal: scope.internal, depth: scope.depth + 1 });
}

// ---- symbols ----------------------------------------------------------------------------------

function isStaticDecl(n: Node): boolean {
  return n.namedChildren.some((c) => c.type === 'storage_class_specifier' && c.text === 'static');
}

function newSymbol(ctx: Ctx, n: Node, kind: SymbolFact['kind'], name: string, qn: string, nameNode: Node, scope: Scope): SymbolFact {
  const s: SymbolFact = {
    kind,
    name,
    qualifiedName: qn,
    line: lineOf(nameNode),
    startLine: lineOf(n),
    endLine: n.endPosition.row + 1,
    signature: signatureOf(n, ctx.source),
    exported: !scope.internal && !(scope.cls === undefined && isStaticDecl(n)),
  };
  if (scope.namespace) s.namespace = scope.namespace;
  const doc = docAbove(n.parent?.type === 'template_declaration' ? n.parent : n);
  if (doc) s.doc = doc;
  return s;
}

/**
 * Adds a symbol, or merges a definition into the declaration of it the file already has (the
 * declaration with the same parameters). Another function of the same name in the same scope is
 * an overload: a symbol of its own, `f$2`, `f$3` … in source order (ids must differ; the name
 * stays `f`), so that a call names the overload its arguments pick, as clangd does.
 */
function addSymbol(ctx: Ctx, s: SymbolFact): SymbolFact | undefined {
  const base = s.qualifiedName;
  const family = ctx.overloads.get(base);
  if (!family) {
    ctx.overloads.set(base, [s]);
    ctx.byQn.set(base, s);
    ctx.symbols.push(s);
    return s;
  }
  const callable = s.kind === 'function' || s.kind === 'method';
  const sameParams = callable ? family.filter((f) => f.kind === s.kind && overloadKey(f) === overloadKey(s)) : family;
  if (!s.declaration) {
    const declared = sameParams.find((f) => f.declaration) ?? (callable ? soleDeclaration(family, s) : undefined);
    if (declared) {
      // The file's definition of what it declared: one symbol, at the definition.
      Object.assign(declared, { line: s.line, startLine: s.startLine, endLine: s.endLine, signature: s.signature, params: s.params ?? declared.params });
      if (s.returnType !== undefined) declared.returnType = s.returnType;
      if (s.doc !== undefined && declared.doc === undefined) declared.doc = s.doc;
      delete declared.declaration;
      return declared;
    }
  }
  const first = family[0]!;
  // Not a function: the first stands (a class defined again in another `#if` branch is that class).
  if (!callable) return s.declaration || first.declaration || first.kind !== s.kind ? undefined : first;
  // Declared again, or defined twice (`#if` branches): the first stands.
  if (sameParams.length > 0 || first.kind !== s.kind) return sameParams.find((f) => !f.declaration && !s.declaration);
  s.qualifiedName = `${base}$${family.length + 1}`;
  family.push(s);
  ctx.byQn.set(s.qualifiedName, s);
  ctx.symbols.push(s);
  return s;
}

/** A definition whose parameters are written differently from its one declaration (`string` vs `std::string`) still defines it when the count agrees. */
function soleDeclaration(family: SymbolFact[], s: SymbolFact): SymbolFact | undefined {
  const open = family.filter((f) => f.declaration && f.kind === s.kind);
  if (open.length !== 1 || family.some((f) => !f.declaration && f.kind === s.kind)) return undefined;
  return (open[0]!.params?.length ?? 0) === (s.params?.length ?? 0) ? open[0] : undefined;
}

function params(list: Node | null): ParamFact[] {
  const out: ParamFact[] = [];
  for (const p of list?.namedChildren ?? []) {
    if (p.type === 'variadic_parameter') out.push({ name: '...', isRest: true });
    if (p.type !== 'parameter_declaration' && p.type !== 'optional_parameter_declaration' && p.type !== 'variadic_parameter_declaration') continue;
    const t = p.childForFieldName('type');
    const d = declared(p.childForFieldName('declarator'));
    const type = t ? oneLine(t) + (p.childForFieldName('declarator')?.text.match(/^[*&\s]+/)?.[0].replace(/\s+/g, '') ?? '') : undefined;
    if (type === 'void' && !d) continue;
    const fact: ParamFact = { name: d?.name ?? '_' };
    if (type) fact.type = type;
    const dflt = p.childForFieldName('default_value');
    if (dflt) fact.default = oneLine(dflt).slice(0, 80);
    out.push(fact);
  }
  return out;
}

/** Splits a declared name into its written scope and its last part: `A::B::f` → [['A','B'], 'f']. */
function split(name: string): [string[], string] {
  const parts = name.replace(/^::/, '').split('::');
  const last = parts.pop() ?? name;
  return [parts, last];
}

function testOf(fn: Node, nameNode: Node): { name: string; qn: string; fixture?: string } | undefined {
  const macro = nameNode.text;
  if (!GTEST.has(macro) && !CATCH2.has(macro)) return undefined;
  const args = fn.childForFieldName('parameters')?.namedChildren ?? [];
  if (GTEST.has(macro)) {
    const [suite, name] = args.map((a) => a.text.trim());
    if (!suite || !name) return undefined;
    return { name, qn: `${suite}.${name}`, ...(macro !== 'TEST' ? { fixture: suite } : {}) };
  }
  const text = fn.childForFieldName('parameters')?.text ?? '';
  const m = /"((?:[^"\\]|\\.)*)"/.exec(text);
  if (!m) return undefined;
  const fixture = macro === 'TEST_CASE_METHOD' ? args[0]?.text.trim() : undefined;
  return { name: m[1]!, qn: m[1]!, ...(fixture ? { fixture } : {}) };
}

function functionDefinition(ctx: Ctx, n: Node, scope: Scope): void {
  const d = declared(n.childForFieldName('declarator'));
  if (!d?.fn) return;
  const test = scope.cls === undefined ? testOf(d.fn, d.nameNode) : undefined;
  let s: SymbolFact;
  const locals: BindingFact[] = [];
  if (test) {
    let qn = join(scope.prefix, test.qn);
    if (ctx.byQn.has(qn)) qn = `${qn} (line ${lineOf(n)})`;
    s = newSymbol(ctx, n, 'test', test.name, qn, d.nameNode, scope);
    if (test.fixture) locals.push({ name: 'this', type: test.fixture, line: s.line });
  } else {
    const [written, last] = split(d.name);
    const owner = written.length ? join(scope.prefix, written.join('.')) : scope.cls;
    const isMethod = scope.cls !== undefined || (written.length > 0 && !ctx.namespaces.has(written[written.length - 1]!));
    const qn = written.length ? join(owner!, last) : join(scope.prefix, last);
    s = newSymbol(ctx, n, isMethod ? 'method' : 'function', last, qn, d.nameNode, scope);
    const parent = scope.cls ?? (owner !== undefined && ctx.byQn.get(owner)?.kind === 'class' ? owner : undefined);
    if (parent !== undefined && isMethod) s.parent = parent;
    if (isMethod && owner !== undefined) locals.push({ name: 'this', type: owner.split('.').join('::'), line: s.line });
    const t = n.childForFieldName('type');
    if (t) s.returnType = oneLine(t) + (d.pointer ? '*' : '');
    if (isStaticDecl(n) && scope.cls !== undefined) s.isStatic = true;
    if (isMethod && written.length) s.exported = true;
  }
  s.params = params(d.fn.childForFieldName('parameters'));
  if (!s.params.length) delete s.params;
  const sym = addSymbol(ctx, s);
  const caller = sym?.qualifiedName ?? ownerOf(scope);
  paramBindings(d.fn.childForFieldName('parameters'), locals);
  const t = n.childForFieldName('type');
  if (t) walkBody(t, caller, ctx.body, undefined);
  walkBody(d.fn.childForFieldName('parameters') ?? d.fn, caller, ctx.body, undefined);
  for (const c of n.namedChildren) if (c.type === 'field_initializer_list') walkBody(c, caller, ctx.body, locals);
  const body = n.childForFieldName('body');
  if (body) walkBody(body, caller, ctx.body, locals);
  if (sym && locals.length) sym.locals = [...(sym.locals ?? []), ...locals];
}

const ownerOf = (scope: Scope): string | undefined => scope.cls;

/** A declaration: prototypes, variables, fields and in-class method declarations; a class specified in it too. */
function declaration(ctx: Ctx, n: Node, scope: Scope): void {
  const t = n.childForFieldName('type');
  if (t && CLASS_NODES[t.type] && t.childForFieldName('body')) classSpecifier(ctx, t, scope, n);
  const fields: BindingFact[] = [];
  for (const dn of n.childrenForFieldName('declarator')) {
    const d = declared(dn);
    if (!d) continue;
    if (d.fn) {
      if (/^(friend|typedef)\b/.test(n.text)) continue;
      const [written, last] = split(d.name);
      if (written.length) continue; // a redeclaration of another scope's function
      const isMethod = scope.cls !== undefined;
      const s = newSymbol(ctx, n, isMethod ? 'method' : 'function', last, join(scope.prefix, last), d.nameNode, scope);
      s.declaration = true;
      if (isMethod) s.parent = scope.cls;
      if (t) s.returnType = oneLine(t) + (d.pointer ? '*' : '');
      if (isStaticDecl(n) && isMethod) s.isStatic = true;
      if (isMethod && /=\s*0\s*;?\s*$/.test(n.text)) s.isAbstract = true;
      const ps = params(d.fn.childForFieldName('parameters'));
      if (ps.length) s.params = ps;
      s.signature = oneLine(n).replace(/;$/, '').slice(0, 200);
      addSymbol(ctx, s);
      walkBody(d.fn.childForFieldName('parameters') ?? d.fn, s.qualifiedName, ctx.body, undefined);
      continue;
    }
    if (d.name.includes('::') || !t) continue; // `int A::count = 0;` defines a member declared elsewhere
    const type = oneLine(t);
    if (scope.cls !== undefined) {
      fields.push({ name: d.name, type, line: lineOf(d.nameNode) });
      continue;
    }
    const isConst = /\bconst(expr)?\b/.test(n.text.slice(0, (t.endIndex - n.startIndex))) && !d.pointer;
    const s = newSymbol(ctx, n, isConst ? 'constant' : 'variable', d.name, join(scope.prefix, d.name), d.nameNode, scope);
    if (/^extern\b/.test(n.text)) s.declaration = true;
    s.signature = oneLine(n).replace(/;$/, '').slice(0, 200);
    addSymbol(ctx, s);
    ctx.bindings.push({ name: join(scope.prefix, d.name), type, line: s.line });
    const value = dn.type === 'init_declarator' ? dn.childForFieldName('value') : null;
    if (value) walkBody(value, undefined, ctx.body, undefined);
  }
  if (scope.cls !== undefined && fields.length) {
    const cls = ctx.byQn.get(scope.cls);
    if (cls) cls.fields = [...(cls.fields ?? []), ...fields];
  }
  if (t && !CLASS_NODES[t.type]) walkBody(t, scope.cls, ctx.body, undefined);
}

/** class / struct / union / enum with a body: the type, its bases, and its members. */
function classSpecifier(ctx: Ctx, n: Node, scope: Scope, outer: Node, typedefName?: Node): SymbolFact | undefined {
  const body = n.childForFieldName('body');
  const nameNode = n.childForFieldName('name') ?? typedefName;
  if (!body || !nameNode) return undefined;
  const written = nameText(nameNode);
  if (written === undefined) return undefined;
  const [, name] = split(written);
  const kind = CLASS_NODES[n.type] ?? 'class';
  const parentQn = scope.cls;
  if (parentQn !== undefined && !mayNest(scope.depth, parentQn, name)) return undefined;
  const qn = join(scope.prefix, name);
  const s = newSymbol(ctx, outer === n ? n : outer, kind, name, qn, nameNode, scope);
  s.signature = signatureOf(n, ctx.source).slice(0, 200);
  if (parentQn !== undefined) s.parent = parentQn;
  const bases: string[] = [];
  for (const c of n.namedChildren) {
    if (c.type !== 'base_class_clause') continue;
    for (const b of c.namedChildren) {
      const bn = nameText(b);
      if (bn !== undefined && b.type !== 'access_specifier') bases.push(bn);
    }
    walkBody(c, qn, ctx.body, undefined);
  }
  if (bases.length) s.bases = bases;
  if (ctx.byQn.has(qn)) return ctx.byQn.get(qn);
  addSymbol(ctx, s);
  if (kind === 'enum') {
    // Enumerators are constants of the enclosing scope (unscoped) or of the enum (`enum class`).
    return s;
  }
  const inner: Scope = { prefix: qn, namespace: scope.namespace, cls: qn, internal: scope.internal, depth: scope.depth + 1 };
  for (const c of body.namedChildren) {
    if (c.type === 'access_specifier' || c.type === 'friend_declaration' || c.type === 'comment') continue;
    item(ctx, c, inner);
  }
  return s;
}

function typedef(ctx: Ctx, n: Node, scope: Scope): void {
  const t = n.childForFieldName('type');
  const names = n.childrenForFieldName('declarator').map((d) => declared(d)).filter((d): d is NonNullable<typeof d> => d !== undefined);
  let target = t ? oneLine(t) : undefined;
  if (t && CLASS_NODES[t.type] && t.childForFieldName('body')) {
    const anonymous = !t.childForFieldName('name');
    const first = names[0];
    const cls = classSpecifier(ctx, t, scope, anonymous ? n : t, anonymous && first ? first.nameNode : undefined);
    if (anonymous) {
      names.shift(); // the typedef names the struct itself
      if (cls) target = cls.qualifiedName.split('.').join('::');
    } else target = `${t.type.split('_')[0]} ${nameText(t.childForFieldName('name')) ?? ''}`;
  }
  for (const d of names) {
    const qn = join(scope.prefix, d.name);
    if (ctx.byQn.has(qn)) continue;
    const s = newSymbol(ctx, n, 'type', d.name, qn, d.nameNode, scope);
    if (scope.cls !== undefined) s.parent = scope.cls;
    if (target !== undefined && !d.fn) s.returnType = target + (d.pointer ? '*' : '');
    s.signature = oneLine(n).replace(/;$/, '').slice(0, 200);
    addSymbol(ctx, s);
  }
  if (t && !CLASS_NODES[t.type]) walkBody(t, scope.cls, ctx.body, undefined);
}

function alias(ctx: Ctx, n: Node, scope: Scope): void {
  const nameNode = n.childForFieldName('name');
  const t = n.childForFieldName('type');
  if (!nameNode) return;
  const s = newSymbol(ctx, n, 'type', nameNode.text, join(scope.prefix, nameNode.text), nameNode, scope);
  if (scope.cls !== undefined) s.parent = scope.cls;
  if (t) s.returnType = oneLine(t);
  s.signature = oneLine(n).replace(/;$/, '').slice(0, 200);
  addSymbol(ctx, s);
  if (t) walkBody(t, scope.cls, ctx.body, undefined);
}
