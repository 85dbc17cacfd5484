/**
 * Kotlin fact extractor
 * =====================
 * (tree, source) → ExtractedFacts for .kt/.kts files, from one pass of grammars/kotlin/facts.scm.
 * Captures come in document order, so each declaration is recorded before what it contains and
 * a node's enclosing symbol is its nearest ancestor that is one.
 *
 * Shapes (docs/adr/0016-kotlin-resolution.md has the resolution rules):
 *  - class, data/sealed/value/annotation class, object and companion object → `class` (objects and
 *    companions are `isStatic`; a companion without a name is `Companion`); interface → `interface`;
 *    enum class → `enum` (its entries are fields typed by the enum); typealias → `type`.
 *    Qualified names leave the package out (`Outer.Inner.m`); top-level symbols carry it as `namespace`.
 *  - The primary constructor is the class itself (its parameters are the class's `params`, its
 *    `val`/`var` parameters fields); secondary constructors are one method `constructor` (overloads
 *    share the first's symbol, as other overloads do).
 *  - An extension function `fun T.f()` has a first parameter named `this` (isThis) typed T.
 *  - A property is a field of its class (top-level: a `variable`/`constant` symbol); a property with
 *    a getter or setter is also a `method` symbol that owns the accessors' calls. Other property
 *    initializers, `init` blocks and the header's `: Base(…)` are the class's calls.
 *  - Local functions nest under their function (`f.local`); lambdas, anonymous objects and enum
 *    entry bodies are transparent (their calls are the enclosing symbol's).
 *  - Test functions: JUnit 4/5 and kotlin.test `@Test`, `@ParameterizedTest`, `@RepeatedTest`,
 *    `@TestFactory` → `test`.
 * Never throws on broken code: what parsed is extracted.
 */
import type { Node } from 'web-tree-sitter';
import type { BindingFact, CallFact, Chain, ExtractedFacts, ExtractorInput, ImportFact, ParamFact, ReferenceFact, SymbolFact } from './facts';
import { mayNest } from './nesting';
import { annotationsOf, chainOf, docOf, isTypeNode, modifiersOf, qualifiedSegments, signatureOf, typeSegments, typeText } from './kotlin_syntax';

/** Deepest node a match may start at (tree-sitter's query cursor is quadratic in depth). */
const MAX_QUERY_DEPTH = 1024;

const TEST_ANNOTATIONS = new Set(['Test', 'ParameterizedTest', 'RepeatedTest', 'TestFactory', 'TestTemplate']);

/** Nodes whose bodies belong to the enclosing symbol: their declarations are not symbols. */
const TRANSPARENT = new Set(['object_literal', 'lambda_literal', 'anonymous_function', 'enum_entry']);

interface Context {
  source: string;
  pkg: string | undefined;
  symbols: SymbolFact[];
  byQn: Map<string, SymbolFact>;
  /** Declaration node id → its symbol (overloads map to the first). */
  defs: Map<number, SymbolFact>;
  depth: Map<SymbolFact, number>;
  locals: Map<SymbolFact, Map<string, BindingFact>>;
  fields: Map<SymbolFact, Map<string, BindingFact>>;
  calls: CallFact[];
  references: ReferenceFact[];
  imports: ImportFact[];
  bindings: BindingFact[];
}

const EMPTY: ExtractedFacts = { symbols: [], imports: [], exports: [], calls: [], references: [], bindings: [] };

export function extractKotlin(input: ExtractorInput): ExtractedFacts {
  try {
    return extract(input);
  } catch {
    // A bug here must not stop indexing: the file is kept with what its envelope says.
    return EMPTY;
  }
}

function extract(input: ExtractorInput): ExtractedFacts {
  const root = input.tree.rootNode;
  const query = input.grammar.queries.get('facts');
  if (!query) return EMPTY;
  const ctx: Context = {
    source: input.source,
    pkg: undefined,
    symbols: [],
    byQn: new Map(),
    defs: new Map(),
    depth: new Map(),
    locals: new Map(),
    fields: new Map(),
    calls: [],
    references: [],
    imports: [],
    bindings: [],
  };
  for (const { name, node } of query.captures(root, { maxStartDepth: MAX_QUERY_DEPTH })) {
    switch (name) {
      case 'package':
        ctx.pkg ??= qualifiedSegments(node.namedChildren.find((c) => c?.type === 'qualified_identifier' || c?.type === 'identifier'))?.join('.');
        break;
      case 'import':
        readImport(ctx, node);
        break;
      case 'definition.type':
        readType(ctx, node);
        break;
      case 'definition.alias':
        readAlias(ctx, node);
        break;
      case 'definition.function':
        readFunction(ctx, node);
        break;
      case 'property':
        readProperty(ctx, node);
        break;
      case 'enum.entry':
        readEnumEntry(ctx, node);
        break;
      case 'call':
        addCall(ctx, node, chainOf(node.namedChild(0)));
        break;
      case 'delegation': {
        // `constructor(…) : this(…)` / `: super(…)`.
        const keyword = node.children.find((c) => c?.type === 'this' || c?.type === 'super');
        if (keyword) addCall(ctx, node, [`${keyword.type}()`]);
        break;
      }
      case 'supercall': {
        const segs = typeSegments(node.namedChildren.find((c) => c?.type === 'user_type'));
        if (segs) addCall(ctx, node, segs);
        break;
      }
      case 'local.for': {
        const v = node.namedChildren.find((c) => c?.type === 'variable_declaration');
        const id = v?.namedChildren.find((c) => c?.type === 'identifier');
        const iterable = node.namedChildren.find((c) => c && c.id !== v?.id && c.type !== 'block' && c.type !== 'control_structure_body');
        if (v && id) addLocal(ctx, node, id.text, v.namedChildren.find(isTypeNode), () => [...chainOf(iterable), '[]']);
        break;
      }
      case 'local.catch': {
        const id = node.namedChildren.find((c) => c?.type === 'identifier');
        if (id) addLocal(ctx, node, id.text, node.namedChildren.find(isTypeNode), undefined);
        break;
      }
    }
  }
  for (const s of ctx.symbols) {
    const locals = ctx.locals.get(s);
    if (locals?.size) s.locals = [...locals.values()];
    const fields = ctx.fields.get(s);
    if (fields?.size) s.fields = [...fields.values()];
  }
  const facts: ExtractedFacts = {
    symbols: ctx.symbols,
    imports: ctx.imports,
    exports: [],
    calls: ctx.calls,
    references: ctx.references.sort((a, b) => a.line - b.line),
    bindings: ctx.bindings,
  };
  if (ctx.pkg) facts.package = ctx.pkg;
  const doc = fileDoc(root);
  if (doc) facts.doc = doc;
  return facts;
}

// ---- declarations ------------------------------------------------------------------------

/** The nearest enclosing declaration that is a symbol, and whether a transparent body (lambda, anonymous object) lies between. */
function enclosingOf(ctx: Context, node: Node): { symbol: SymbolFact | undefined; transparent: boolean } {
  let transparent = false;
  for (let p = node.parent; p; p = p.parent) {
    const s = ctx.defs.get(p.id);
    if (s) return { symbol: s, transparent };
    if (TRANSPARENT.has(p.type)) transparent = true;
  }
  return { symbol: undefined, transparent };
}

const enclosing = (ctx: Context, node: Node): SymbolFact | undefined => enclosingOf(ctx, node).symbol;
const isType = (s: SymbolFact | undefined): boolean => s !== undefined && (s.kind === 'class' || s.kind === 'interface' || s.kind === 'enum');

function addSymbol(ctx: Context, node: Node, fact: SymbolFact, parent: SymbolFact | undefined): SymbolFact {
  const known = ctx.byQn.get(fact.qualifiedName);
  if (known) {
    // An overload (or a redeclaration): one symbol, its span the first's.
    ctx.defs.set(node.id, known);
    return known;
  }
  if (parent) fact.parent = parent.qualifiedName;
  else if (ctx.pkg) fact.namespace = ctx.pkg;
  ctx.byQn.set(fact.qualifiedName, fact);
  ctx.defs.set(node.id, fact);
  ctx.symbols.push(fact);
  ctx.depth.set(fact, parent ? (ctx.depth.get(parent) ?? 0) + 1 : 0);
  return fact;
}

/** Whether a declaration under `parent` may be a symbol (transparent bodies and the nesting caps say no). */
function mayDeclare(ctx: Context, parent: SymbolFact | undefined, transparent: boolean, name: string): boolean {
  if (transparent) return false;
  return !parent || mayNest(ctx.depth.get(parent) ?? 0, parent.qualifiedName, name);
}

function readType(ctx: Context, node: Node): void {
  const { symbol: parent, transparent } = enclosingOf(ctx, node);
  const nameNode = node.childForFieldName('name');
  const isCompanion = node.type === 'companion_object';
  const name = nameNode?.text ?? (isCompanion ? 'Companion' : undefined);
  if (!name || !mayDeclare(ctx, parent, transparent, name)) return;
  // A class declared in a function is a local class: a symbol under the function, as other nested definitions.
  const modifiers = modifiersOf(node);
  const keywords = new Set(node.children.map((c) => c?.type));
  const kind: SymbolFact['kind'] = keywords.has('interface') ? 'interface' : modifiers.has('enum') ? 'enum' : 'class';
  const body = node.namedChildren.find((c) => c?.type === 'class_body' || c?.type === 'enum_class_body');
  const fact: SymbolFact = {
    kind,
    name,
    qualifiedName: parent ? `${parent.qualifiedName}.${name}` : name,
    line: (nameNode ?? node).startPosition.row + 1,
    startLine: node.startPosition.row + 1,
    endLine: node.endPosition.row + 1,
    signature: signatureOf(ctx.source, node, body),
    exported: !modifiers.has('private') && (!parent || parent.exported) && !(parent && !isType(parent)),
  };
  const doc = docOf(node);
  if (doc) fact.doc = doc;
  const annotations = annotationsOf(node);
  if (annotations.length) fact.decorators = annotations;
  if (node.type !== 'class_declaration') fact.isStatic = true;
  if (modifiers.has('abstract') || modifiers.has('sealed') || kind === 'interface') fact.isAbstract = true;
  const bases = supertypes(ctx, node);
  if (bases.length) fact.bases = bases;
  const symbol = addSymbol(ctx, node, fact, parent);
  if (symbol !== fact) return;
  // The primary constructor's parameters; `val`/`var` ones are properties.
  const primary = node.namedChildren.find((c) => c?.type === 'primary_constructor');
  const list = primary?.namedChildren.find((c) => c?.type === 'class_parameters');
  if (list) {
    fact.params = [];
    for (const p of list.namedChildren) {
      if (p?.type !== 'class_parameter') continue;
      const id = p.namedChildren.find((c) => c?.type === 'identifier');
      if (!id) continue;
      const typeNode = p.namedChildren.find(isTypeNode);
      const param: ParamFact = { name: id.text };
      const type = typeText(typeNode);
      if (type) param.type = type;
      const isProperty = p.children.some((c) => c?.type === 'val' || c?.type === 'var');
      if (isProperty) param.isProperty = true;
      fact.params.push(param);
      typeReference(ctx, typeNode, fact.qualifiedName);
      if (isProperty && type) fieldsOf(ctx, fact).set(param.name, { name: param.name, type, line: id.startPosition.row + 1 });
    }
  }
}

/** The supertype list as written (`Base`, `Iface`, `a.Other<T>`); constructor calls `Base()` are marked with a trailing `()`. */
function supertypes(ctx: Context, node: Node): string[] {
  const list = node.namedChildren.find((c) => c?.type === 'delegation_specifiers');
  const out: string[] = [];
  for (const spec of list?.namedChildren ?? []) {
    if (spec?.type !== 'delegation_specifier') continue;
    const inner = spec.namedChild(0);
    if (!inner) continue;
    if (inner.type === 'constructor_invocation') {
      const t = typeText(inner.namedChildren.find((c) => c?.type === 'user_type'));
      if (t) out.push(`${t}()`);
    } else {
      const typeNode = inner.type === 'explicit_delegation' ? inner.namedChildren.find(isTypeNode) : inner;
      const t = isTypeNode(typeNode) ? typeText(typeNode) : undefined;
      if (t) out.push(t);
    }
  }
  void ctx;
  return out;
}

function readAlias(ctx: Context, node: Node): void {
  const { symbol: parent, transparent } = enclosingOf(ctx, node);
  const nameNode = node.childForFieldName('type');
  if (!nameNode || parent || transparent) return;
  const target = node.namedChildren.find((c) => c && c.id !== nameNode.id && isTypeNode(c));
  const fact: SymbolFact = {
    kind: 'type',
    name: nameNode.text,
    qualifiedName: nameNode.text,
    line: nameNode.startPosition.row + 1,
    startLine: node.startPosition.row + 1,
    endLine: node.endPosition.row + 1,
    signature: signatureOf(ctx.source, node, undefined),
    exported: !modifiersOf(node).has('private'),
  };
  const type = typeText(target);
  if (type) fact.returnType = type;
  addSymbol(ctx, node, fact, undefined);
}

function readFunction(ctx: Context, node: Node): void {
  const { symbol: parent, transparent } = enclosingOf(ctx, node);
  const isCtor = node.type === 'secondary_constructor';
  const nameNode = node.childForFieldName('name');
  const name = isCtor ? 'constructor' : nameNode?.text;
  if (!name || !mayDeclare(ctx, parent, transparent, name)) return;
  if (isCtor && !isType(parent)) return;
  const modifiers = modifiersOf(node);
  const annotations = annotationsOf(node);
  const body = node.namedChildren.find((c) => c?.type === 'function_body' || c?.type === 'block');
  const inType = isType(parent);
  const kind: SymbolFact['kind'] = annotations.some((a) => TEST_ANNOTATIONS.has(a)) ? 'test' : inType ? 'method' : 'function';
  const fact: SymbolFact = {
    kind,
    name,
    qualifiedName: parent ? `${parent.qualifiedName}.${name}` : name,
    line: (nameNode ?? node).startPosition.row + 1,
    startLine: node.startPosition.row + 1,
    endLine: node.endPosition.row + 1,
    signature: signatureOf(ctx.source, node, body),
    exported: !modifiers.has('private') && (!parent || (inType && parent.exported)),
  };
  const doc = docOf(node);
  if (doc) fact.doc = doc;
  if (annotations.length) fact.decorators = annotations;
  if (modifiers.has('abstract') || (parent?.kind === 'interface' && !body)) fact.isAbstract = true;
  if (modifiers.has('suspend')) fact.isAsync = true;
  if (parent?.isStatic) fact.isStatic = true;
  // Children before the name: the receiver type of an extension; after the parameters: the return type.
  const params: ParamFact[] = [];
  let seenName = false;
  let seenParams = false;
  for (const c of node.namedChildren) {
    if (!c) continue;
    if (nameNode && c.id === nameNode.id) seenName = true;
    else if (c.type === 'function_value_parameters') {
      seenParams = true;
      params.push(...readParams(ctx, c, fact.qualifiedName));
    } else if (isTypeNode(c) && !isCtor) {
      const t = typeText(c);
      if (!seenName && t) {
        params.unshift({ name: 'this', type: t, isThis: true });
        typeReference(ctx, c, fact.qualifiedName);
      } else if (seenParams && t && t !== 'Unit') {
        fact.returnType = t;
        typeReference(ctx, c, fact.qualifiedName);
      }
    }
  }
  if (params.length) fact.params = params;
  // `fun f() = X()`: the expression is what it returns.
  if (!fact.returnType && body?.type === 'function_body' && body.children.some((c) => c?.type === '=')) {
    const chain = chainOf(body.namedChild(0));
    if (chain[0] !== '?') fact.returns = [chain];
  }
  addSymbol(ctx, node, fact, parent);
}

function readParams(ctx: Context, list: Node, owner: string): ParamFact[] {
  const out: ParamFact[] = [];
  let vararg = false;
  for (const p of list.namedChildren) {
    if (p?.type === 'parameter_modifiers') {
      vararg = p.text.includes('vararg');
      continue;
    }
    if (p?.type !== 'parameter') continue;
    const id = p.namedChildren.find((c) => c?.type === 'identifier');
    if (!id) continue;
    const param: ParamFact = { name: id.text };
    const typeNode = p.namedChildren.find(isTypeNode);
    const type = typeText(typeNode);
    if (type) param.type = vararg ? `Array<${type}>` : type;
    if (vararg) param.isRest = true;
    vararg = false;
    const eq = p.nextSibling?.type === '=' ? p.nextSibling.nextSibling : null;
    if (eq) param.default = eq.text.slice(0, 80);
    out.push(param);
    typeReference(ctx, typeNode, owner);
  }
  return out;
}

function fieldsOf(ctx: Context, s: SymbolFact): Map<string, BindingFact> {
  let m = ctx.fields.get(s);
  if (!m) ctx.fields.set(s, (m = new Map()));
  return m;
}

/** The initial value of a property (the expression after `=`), as a chain when it is one. */
function valueOf(node: Node): Chain | undefined {
  const eq = node.children.findIndex((c) => c?.type === '=');
  const value = eq >= 0 ? node.child(eq + 1) : null;
  if (!value) return undefined;
  const chain = chainOf(value);
  return chain[0] === '?' ? undefined : chain;
}

function readProperty(ctx: Context, node: Node): void {
  const { symbol: owner, transparent } = enclosingOf(ctx, node);
  const decl = node.namedChildren.find((c) => c?.type === 'variable_declaration');
  const id = decl?.namedChildren.find((c) => c?.type === 'identifier');
  if (!decl || !id) return;
  const name = id.text;
  const typeNode = decl.namedChildren.find(isTypeNode);
  const type = typeText(typeNode);
  // A local of a function (or of a lambda inside one).
  if (owner && !isType(owner)) {
    addLocal(ctx, node, name, typeNode, () => valueOf(node));
    return;
  }
  if (transparent) return;
  const binding: BindingFact = { name, line: id.startPosition.row + 1 };
  if (type) binding.type = type;
  else {
    const value = valueOf(node);
    if (value) binding.value = value;
  }
  typeReference(ctx, typeNode, owner?.qualifiedName);
  // Accessors with a body (`get() = …`, `set(v) { … }`); a bare `private set` is none.
  const accessors = node.namedChildren.some((c) => (c?.type === 'getter' || c?.type === 'setter') && c.namedChildren.some((b) => b?.type === 'function_body'));
  if (owner) {
    const fields = fieldsOf(ctx, owner);
    if (!fields.has(name)) fields.set(name, binding);
    if (!accessors) return;
  } else ctx.bindings.push(binding);
  // A top-level property, or a member with accessors: a symbol (accessors' calls are its own).
  const modifiers = modifiersOf(node);
  if (!mayDeclare(ctx, owner, false, name)) return;
  const fact: SymbolFact = {
    kind: owner ? 'method' : modifiers.has('const') ? 'constant' : 'variable',
    name,
    qualifiedName: owner ? `${owner.qualifiedName}.${name}` : name,
    line: id.startPosition.row + 1,
    startLine: node.startPosition.row + 1,
    endLine: node.endPosition.row + 1,
    signature: signatureOf(ctx.source, node, node.children.find((c) => c?.type === '=' || c?.type === 'getter' || c?.type === 'setter')),
    exported: !modifiers.has('private') && (!owner || owner.exported),
  };
  if (type) fact.returnType = type;
  const doc = docOf(node);
  if (doc) fact.doc = doc;
  const symbol = addSymbol(ctx, node, fact, owner);
  // Only accessors own calls: an initializer's calls stay the class's or the file's.
  if (!accessors && symbol === fact) ctx.defs.delete(node.id);
}

function readEnumEntry(ctx: Context, node: Node): void {
  const owner = enclosing(ctx, node);
  const id = node.namedChildren.find((c) => c?.type === 'identifier');
  if (!owner || owner.kind !== 'enum' || !id) return;
  const fields = fieldsOf(ctx, owner);
  if (!fields.has(id.text)) fields.set(id.text, { name: id.text, type: owner.qualifiedName, line: id.startPosition.row + 1 });
}

/** A local of the enclosing function: typed as declared, else by its value (`val x = Foo()`). */
function addLocal(ctx: Context, node: Node, name: string, typeNode: Node | null | undefined, value: (() => Chain | undefined) | undefined): void {
  const owner = enclosing(ctx, node);
  if (!owner || isType(owner)) return;
  let locals = ctx.locals.get(owner);
  if (!locals) ctx.locals.set(owner, (locals = new Map()));
  if (locals.has(name)) return; // the first declaration of a name types it (blocks are not scopes of their own here)
  const binding: BindingFact = { name, line: node.startPosition.row + 1 };
  const type = typeText(typeNode);
  if (type) {
    binding.type = type;
    typeReference(ctx, typeNode, owner.qualifiedName);
  } else {
    const chain = value?.();
    if (chain) binding.value = chain;
  }
  locals.set(name, binding);
}

// ---- uses ----------------------------------------------------------------------------------

function addCall(ctx: Context, node: Node, callee: Chain | undefined): void {
  if (!callee?.length) return;
  const last = callee[callee.length - 1]!;
  if (last === '?' || last === '[]' || (last.endsWith('()') && last !== 'this()' && last !== 'super()')) return;
  const caller = enclosing(ctx, node);
  const call: CallFact = { callee, line: node.startPosition.row + 1 };
  if (caller) call.caller = caller.qualifiedName;
  ctx.calls.push(call);
}

/** A type written in a declaration, as a reference (nullable and generic arguments looked through to the named type). */
function typeReference(ctx: Context, node: Node | null | undefined, from: string | undefined): void {
  const chain = typeSegments(node);
  if (!node || !chain) return;
  const ref: ReferenceFact = { chain, line: node.startPosition.row + 1, isType: true };
  if (from !== undefined) ref.from = from;
  ctx.references.push(ref);
}

function readImport(ctx: Context, node: Node): void {
  const segments = qualifiedSegments(node.namedChildren.find((c) => c?.type === 'qualified_identifier' || c?.type === 'identifier'));
  if (!segments) return;
  const module = segments.join('.');
  const imp: ImportFact = { module, line: node.startPosition.row + 1, names: [] };
  if (node.children.some((c) => c?.type === '*')) imp.star = true;
  else {
    const ids = node.namedChildren.filter((c) => c?.type === 'identifier');
    const alias = node.children.some((c) => c?.type === 'as') ? ids[ids.length - 1]?.text : undefined;
    imp.names = [{ imported: segments[segments.length - 1]!, local: alias ?? segments[segments.length - 1]! }];
  }
  ctx.imports.push(imp);
}

/** A file header comment (license headers are skipped). */
function fileDoc(root: Node): string | undefined {
  const first = root.child(0);
  if (first?.type !== 'block_comment' && first?.type !== 'line_comment') return undefined;
  const text = first.text.replace(/^\/\/\/?|^\/\*+|\*+\/$/g, '').trim().split('\n')[0]?.replace(/^\*\s?/, '').trim();
  return text && !/copyright|license|licensed/i.test(text) ? text.slice(0, 200) : undefined;
}
