/**
 * C# fact extractor
 * =================
 * (tree, source) → ExtractedFacts for .cs files, from one pass of grammars/csharp/facts.scm.
 * Captures come in document order, so each declaration is recorded before what it contains and
 * a node's enclosing symbol is its nearest ancestor that is one.
 *
 * Shapes (docs/adr/0010-csharp-resolution.md has the resolution rules):
 *  - class, struct and record → `class`; interface → `interface`; enum → `enum`; delegate → `type`.
 *    Qualified names leave the namespace out (`Outer.Inner.M`); each type carries its `namespace`.
 *  - A constructor is a method named as its type (`Client.Client`), a finalizer `~Client`, an
 *    indexer `this[]`, an operator `operator +`. Overloads share one symbol (the first).
 *  - A property (and an event with accessors) is a method symbol whose calls are its get/set
 *    accessors' calls; it is also a typed field of its type, for receiver chains.
 *  - A partial type is one symbol per file (ids stay unique per file); the resolver merges the
 *    parts by namespace-qualified name when it looks a member up.
 *  - Local functions nest under their method (`M.Inner`); lambdas are transparent.
 *  - Test methods: xUnit [Fact]/[Theory], NUnit [Test]/[TestCase]/[TestCaseSource], MSTest
 *    [TestMethod]/[DataTestMethod] → `test`.
 * Never throws on broken code: what parsed is extracted.
 */
import type { Node } from 'web-tree-sitter';
import type { BindingFact, CallFact, Chain, ExtractedFacts, ExtractorInput, ImportFact, ParamFact, ReferenceFact, SymbolFact } from './facts';
import { mayNest } from './nesting';
import { attributesOf, chainOf, docOf, modifiersOf, nameSegments, signatureOf, typeText } from './csharp_syntax';

/** Deepest node a match may start at (tree-sitter's query cursor is quadratic in depth). */
const MAX_QUERY_DEPTH = 1024;

const TEST_ATTRIBUTES = new Set(['Fact', 'Theory', 'Test', 'TestCase', 'TestCaseSource', 'TestMethod', 'DataTestMethod']);

const TYPE_KINDS: Record<string, SymbolFact['kind']> = {
  class_declaration: 'class',
  struct_declaration: 'class',
  record_declaration: 'class',
  interface_declaration: 'interface',
  enum_declaration: 'enum',
  delegate_declaration: 'type',
};

interface Context {
  source: string;
  fileNamespace: string | undefined;
  symbols: SymbolFact[];
  byQn: Map<string, SymbolFact>;
  /** The declarations open at the current capture, outermost first, with where each ends (captures come in document order). */
  open: { symbol: SymbolFact; end: number }[];
  /** The block namespaces open at the current capture. */
  namespaces: { name: string; end: number }[];
  depth: Map<SymbolFact, number>;
  locals: Map<SymbolFact, Map<string, BindingFact>>;
  fields: Map<SymbolFact, Map<string, BindingFact>>;
  calls: CallFact[];
  references: ReferenceFact[];
  imports: ImportFact[];
  /** Conditional-compilation symbols `#define`d so far (the project's own are not known to a file). */
  defined: Set<string>;
  /** Byte ranges of `#if` branches the compiler skips, in document order. */
  skipped: [number, number][];
}

const EMPTY: ExtractedFacts = { symbols: [], imports: [], exports: [], calls: [], references: [], bindings: [] };

export function extractCSharp(input: ExtractorInput): ExtractedFacts {
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
    fileNamespace: undefined,
    symbols: [],
    byQn: new Map(),
    open: [],
    namespaces: [],
    depth: new Map(),
    locals: new Map(),
    fields: new Map(),
    calls: [],
    references: [],
    imports: [],
    defined: new Set(),
    skipped: [],
  };
  for (const { name, node } of query.captures(root, { maxStartDepth: MAX_QUERY_DEPTH })) {
    if (isSkipped(ctx, node)) continue;
    const at = node.startIndex;
    while (ctx.open.length && ctx.open[ctx.open.length - 1]!.end <= at) ctx.open.pop();
    while (ctx.namespaces.length && ctx.namespaces[ctx.namespaces.length - 1]!.end <= at) ctx.namespaces.pop();
    switch (name) {
      case 'namespace.block': {
        const ns = nameSegments(node.childForFieldName('name'))?.join('.');
        if (ns) ctx.namespaces.push({ name: ns, end: node.endIndex });
        break;
      }
      case 'preproc.define':
      case 'preproc.undef': {
        const symbol = node.namedChildren.find((c) => c?.type === 'identifier' || c?.type === 'preproc_arg')?.text.trim();
        if (symbol && name === 'preproc.define') ctx.defined.add(symbol);
        else if (symbol) ctx.defined.delete(symbol);
        break;
      }
      case 'preproc.if':
        skipBranches(ctx, node);
        break;
      case 'namespace.file':
        ctx.fileNamespace ??= nameSegments(node.childForFieldName('name'))?.join('.');
        break;
      case 'using':
        readUsing(ctx, node);
        break;
      case 'definition.type':
        readType(ctx, node);
        break;
      case 'definition.member':
        readMember(ctx, node);
        break;
      case 'field':
        readField(ctx, node);
        break;
      case 'call':
        readInvocation(ctx, node);
        break;
      case 'new':
        addCall(ctx, node, nameSegments(node.childForFieldName('type')), true);
        break;
      case 'new.implicit':
        addCall(ctx, node, nameSegments(declaredTypeOf(node)), true);
        break;
      case 'initializer': {
        // `: base(…)` / `: this(…)` calls the base's or the type's own constructor.
        const keyword = node.children.find((c) => c?.type === 'base' || c?.type === 'this');
        if (keyword) addCall(ctx, node, [keyword.type], true);
        break;
      }
      case 'initializer.primary':
        addCall(ctx, node, nameSegments(node.childForFieldName('type')), true);
        break;
      case 'local':
        readVariables(ctx, node);
        break;
      case 'local.foreach': {
        const left = node.childForFieldName('left');
        if (left?.type === 'identifier') addLocal(ctx, node, left.text, node.childForFieldName('type'), () => [...chainOf(node.childForFieldName('right')), '[]']);
        break;
      }
      case 'local.pattern':
      case 'local.catch':
      case 'local.declaration': {
        const n = node.childForFieldName('name');
        if (n?.type === 'identifier') addLocal(ctx, node, n.text, node.childForFieldName('type'), undefined);
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
    bindings: [],
  };
  const doc = fileDoc(root);
  if (doc) facts.doc = doc;
  return facts;
}

// ---- conditional compilation ----------------------------------------------------------------

/**
 * Records the branches of `#if` the compiler skips with the symbols this file defines (a symbol no
 * `#define` names is undefined: the project's DefineConstants are not read). A condition we cannot
 * evaluate keeps every branch.
 */
function skipBranches(ctx: Context, node: Node): void {
  const condition = node.childForFieldName('condition');
  const alternative = node.childForFieldName('alternative');
  const value = condition ? evaluate(ctx, condition) : undefined;
  if (value === undefined || !condition) return;
  if (value) {
    if (alternative) ctx.skipped.push([alternative.startIndex, alternative.endIndex]);
    return;
  }
  ctx.skipped.push([condition.endIndex, alternative ? alternative.startIndex : node.endIndex]);
  if (alternative?.type === 'preproc_elif') skipBranches(ctx, alternative);
}

function evaluate(ctx: Context, node: Node): boolean | undefined {
  switch (node.type) {
    case 'identifier':
      return ctx.defined.has(node.text);
    case 'boolean_literal':
      return node.text === 'true';
    case 'parenthesized_expression':
      return node.namedChild(0) ? evaluate(ctx, node.namedChild(0)!) : undefined;
    case 'prefix_unary_expression':
    case 'unary_expression': {
      const arg = node.childForFieldName('argument') ?? node.namedChild(0);
      const v = arg && node.text.trimStart().startsWith('!') ? evaluate(ctx, arg) : undefined;
      return v === undefined ? undefined : !v;
    }
    case 'binary_expression': {
      const left = node.childForFieldName('left');
      const right = node.childForFieldName('right');
      const a = left ? evaluate(ctx, left) : undefined;
      const b = right ? evaluate(ctx, right) : undefined;
      if (a === undefined || b === undefined) return undefined;
      switch (node.childForFieldName('operator')?.text) {
        case '&&':
          return a && b;
        case '||':
          return a || b;
        case '==':
          return a === b;
        case '!=':
          return a !== b;
        default:
          return undefined;
      }
    }
    default:
      return undefined;
  }
}

function isSkipped(ctx: Context, node: Node): boolean {
  const at = node.startIndex;
  for (const [start, end] of ctx.skipped) if (at >= start && at < end) return true;
  return false;
}

// ---- declarations ------------------------------------------------------------------------

/** The nearest enclosing declaration that is a symbol (parent walks cost a call into the grammar's wasm per level). */
function enclosing(ctx: Context, node: Node): SymbolFact | undefined {
  const at = node.startIndex;
  for (let i = ctx.open.length - 1; i >= 0; i--) if (ctx.open[i]!.end > at) return ctx.open[i]!.symbol;
  return undefined;
}

/** The namespace around a node: the file-scoped one, then the block namespaces, outermost first. */
function namespaceOf(ctx: Context, node: Node): string | undefined {
  const at = node.startIndex;
  const parts = ctx.namespaces.filter((n) => n.end > at).map((n) => n.name);
  if (ctx.fileNamespace) parts.unshift(ctx.fileNamespace);
  return parts.length ? parts.join('.') : undefined;
}

function addSymbol(ctx: Context, node: Node, fact: SymbolFact): SymbolFact {
  const known = ctx.byQn.get(fact.qualifiedName);
  if (known && TYPE_KINDS[node.type] !== undefined) {
    // A second part of a partial type in the same file: one symbol, its span the first's.
    ctx.open.push({ symbol: known, end: node.endIndex });
    return known;
  }
  if (known) {
    // An overload: `Type.M#2`, `Type.M#3` … in declaration order, the name unchanged.
    let n = 2;
    while (ctx.byQn.has(`${fact.qualifiedName}#${n}`)) n++;
    fact.qualifiedName = `${fact.qualifiedName}#${n}`;
  }
  ctx.byQn.set(fact.qualifiedName, fact);
  ctx.open.push({ symbol: fact, end: node.endIndex });
  ctx.symbols.push(fact);
  return fact;
}

function readType(ctx: Context, node: Node): void {
  const kind = TYPE_KINDS[node.type];
  const name = node.childForFieldName('name')?.text;
  if (!kind || !name) return;
  const parent = enclosing(ctx, node);
  // A type declared inside a method (not C#) or past the nesting caps: its code is the enclosing symbol's.
  if (parent && (parent.kind !== 'class' && parent.kind !== 'interface')) return;
  if (parent && !mayNest(ctx.depth.get(parent) ?? 0, parent.qualifiedName, name)) return;
  const modifiers = modifiersOf(node);
  const body = node.childForFieldName('body');
  const fact: SymbolFact = {
    kind,
    name,
    qualifiedName: parent ? `${parent.qualifiedName}.${name}` : name,
    line: node.childForFieldName('name')!.startPosition.row + 1,
    startLine: node.startPosition.row + 1,
    endLine: node.endPosition.row + 1,
    signature: signatureOf(ctx.source, node, body),
    exported: modifiers.has('public') || modifiers.has('protected'),
  };
  if (parent) fact.parent = parent.qualifiedName;
  const ns = namespaceOf(ctx, node);
  if (ns) fact.namespace = ns;
  const doc = docOf(node);
  if (doc) fact.doc = doc;
  const attributes = attributesOf(node);
  if (attributes.length) fact.decorators = attributes;
  if (modifiers.has('static')) fact.isStatic = true;
  if (modifiers.has('abstract')) fact.isAbstract = true;
  const bases = baseList(node);
  if (bases.length) fact.bases = bases;
  // A record's or primary constructor's parameters are its properties.
  const primary = node.children.find((c) => c?.type === 'parameter_list');
  if (primary && kind === 'class') {
    fact.params = readParams(ctx, primary, fact.qualifiedName);
    for (const p of fact.params) if (p.type) fieldsOf(ctx, fact).set(p.name, { name: p.name, type: p.type, line: fact.line });
  }
  if (kind === 'type') {
    const params = node.childForFieldName('parameters');
    if (params) fact.params = readParams(ctx, params, fact.qualifiedName);
    const returns = typeText(node.childForFieldName('type'));
    if (returns) fact.returnType = returns;
  }
  const symbol = addSymbol(ctx, node, fact);
  ctx.depth.set(symbol, parent ? (ctx.depth.get(parent) ?? 0) + 1 : 0);
}

/** The base list as written, each entry's type text (`Base<T>`, `IFoo`, `RBase` of `RBase(X)`). */
function baseList(node: Node): string[] {
  const list = node.children.find((c) => c?.type === 'base_list');
  if (!list) return [];
  const out: string[] = [];
  for (const c of list.namedChildren) {
    if (!c) continue;
    const t = typeText(c.type === 'primary_constructor_base_type' ? c.childForFieldName('type') : c);
    if (t) out.push(t);
  }
  return out;
}

function memberName(node: Node, parent: SymbolFact | undefined): string | undefined {
  switch (node.type) {
    case 'constructor_declaration':
      return parent?.name ?? node.childForFieldName('name')?.text;
    case 'destructor_declaration':
      return `~${parent?.name ?? node.childForFieldName('name')?.text ?? ''}`;
    case 'indexer_declaration':
      return 'this[]';
    case 'operator_declaration':
      return `operator ${node.childForFieldName('operator')?.text ?? '?'}`;
    case 'conversion_operator_declaration':
      return `operator ${typeText(node.childForFieldName('type')) ?? '?'}`;
    default:
      return node.childForFieldName('name')?.text;
  }
}

function readMember(ctx: Context, node: Node): void {
  const parent = enclosing(ctx, node);
  const name = memberName(node, parent);
  if (!name) return;
  const isLocal = node.type === 'local_function_statement';
  if (parent && !mayNest(ctx.depth.get(parent) ?? 0, parent.qualifiedName, name)) return;
  const modifiers = modifiersOf(node);
  const attributes = attributesOf(node);
  const body = node.childForFieldName('body') ?? node.childForFieldName('accessors') ?? node.childForFieldName('value');
  const nameNode = node.childForFieldName('name') ?? node.childForFieldName('operator') ?? node;
  const inType = parent !== undefined && (parent.kind === 'class' || parent.kind === 'interface' || parent.kind === 'enum');
  const kind: SymbolFact['kind'] = attributes.some((a) => TEST_ATTRIBUTES.has(a)) ? 'test' : inType ? 'method' : 'function';
  const fact: SymbolFact = {
    kind,
    name,
    qualifiedName: parent ? `${parent.qualifiedName}.${name}` : name,
    line: nameNode.startPosition.row + 1,
    startLine: node.startPosition.row + 1,
    endLine: node.endPosition.row + 1,
    signature: signatureOf(ctx.source, node, body) + accessorsOf(node),
    exported: !isLocal && (modifiers.has('public') || modifiers.has('protected') || parent?.kind === 'interface'),
  };
  if (parent) fact.parent = parent.qualifiedName;
  const doc = docOf(node);
  if (doc) fact.doc = doc;
  if (attributes.length) fact.decorators = attributes;
  if (modifiers.has('static') || modifiers.has('const')) fact.isStatic = true;
  if (modifiers.has('abstract')) fact.isAbstract = true;
  if (modifiers.has('async')) fact.isAsync = true;
  const params = node.childForFieldName('parameters');
  if (params) fact.params = readParams(ctx, params, fact.qualifiedName);
  const typeNode = node.childForFieldName('returns') ?? (node.type === 'conversion_operator_declaration' ? null : node.childForFieldName('type'));
  const returns = typeText(typeNode);
  if (returns && returns !== 'void') {
    fact.returnType = returns;
    typeReference(ctx, typeNode, fact.qualifiedName);
  }
  const symbol = addSymbol(ctx, node, fact);
  ctx.depth.set(symbol, parent ? (ctx.depth.get(parent) ?? 0) + 1 : 0);
  // Properties and events are typed members of their type too.
  if ((node.type === 'property_declaration' || node.type === 'event_declaration') && parent && returns) {
    fieldsOf(ctx, parent).set(name, { name, type: returns, line: fact.line });
  }
}

/** ` { get; set; }`: a property's or indexer's accessors, after its head. */
function accessorsOf(node: Node): string {
  const list = node.childForFieldName('accessors');
  if (!list) return '';
  const names = list.namedChildren.filter((c) => c?.type === 'accessor_declaration').map((c) => c!.childForFieldName('name')?.text ?? '');
  return names.length ? ` { ${names.map((n) => `${n};`).join(' ')} }` : '';
}

function readParams(ctx: Context, list: Node, owner: string): ParamFact[] {
  const out: ParamFact[] = [];
  for (let i = 0; i < list.childCount; i++) {
    const p = list.child(i);
    if (p?.type === 'params') {
      // `params T[] rest` is written straight into the list: the keyword, a type, a name.
      const typeNode = list.child(i + 1);
      const name = list.child(i + 2);
      if (typeNode && name?.type === 'identifier') {
        const rest: ParamFact = { name: name.text, isRest: true };
        const type = typeText(typeNode);
        if (type) rest.type = type;
        out.push(rest);
        typeReference(ctx, typeNode, owner);
      }
      continue;
    }
    if (p?.type !== 'parameter') continue;
    const name = p.childForFieldName('name')?.text;
    if (!name) continue;
    const param: ParamFact = { name };
    const typeNode = p.childForFieldName('type');
    const type = typeText(typeNode);
    if (type) param.type = type;
    const modifiers = new Set(p.children.filter((c) => c?.type === 'modifier').map((c) => c!.text));
    if (modifiers.has('this')) param.isThis = true;
    if (modifiers.has('params')) param.isRest = true;
    const eq = p.children.findIndex((c) => c?.type === '=');
    const value = eq >= 0 ? p.child(eq + 1) : null;
    if (value) param.default = value.text.slice(0, 80);
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

function readField(ctx: Context, node: Node): void {
  const owner = enclosing(ctx, node);
  const decl = node.namedChildren.find((c) => c?.type === 'variable_declaration');
  if (!owner || !decl) return;
  const typeNode = decl.childForFieldName('type');
  const type = typeText(typeNode);
  typeReference(ctx, typeNode, owner.qualifiedName);
  for (const d of decl.namedChildren) {
    if (d?.type !== 'variable_declarator') continue;
    const name = d.childForFieldName('name')?.text;
    if (!name) continue;
    const binding: BindingFact = { name, line: d.startPosition.row + 1 };
    if (type) binding.type = type;
    const value = declaratorValue(d);
    if (value && !type) binding.value = value;
    const fields = fieldsOf(ctx, owner);
    if (!fields.has(name)) fields.set(name, binding);
  }
}

/** A declarator's initial value as a chain, when it is one. */
function declaratorValue(d: Node): Chain | undefined {
  const nameNode = d.childForFieldName('name');
  const kids = d.namedChildren.filter((c) => c && c.id !== nameNode?.id && c.type !== 'bracketed_argument_list');
  const value = kids[kids.length - 1];
  if (!value) return undefined;
  const chain = chainOf(value);
  return chain[0] === '?' ? undefined : chain;
}

function readVariables(ctx: Context, node: Node): void {
  const parentType = node.parent?.type;
  if (parentType === 'field_declaration' || parentType === 'event_field_declaration') return;
  const typeNode = node.childForFieldName('type');
  for (const d of node.namedChildren) {
    if (d?.type !== 'variable_declarator') continue;
    const name = d.childForFieldName('name')?.text;
    if (name) addLocal(ctx, d, name, typeNode, () => declaratorValue(d));
  }
}

/** A local of the enclosing function: typed as declared, else by its value (`var x = new Foo()`). */
function addLocal(ctx: Context, node: Node, name: string, typeNode: Node | null, value: (() => Chain | undefined) | undefined): void {
  const owner = enclosing(ctx, node);
  if (!owner || owner.kind === 'class' || owner.kind === 'interface' || owner.kind === 'enum') return;
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

/** The type a target-typed `new()` creates: the declared type of the variable or field it initialises. */
function declaredTypeOf(node: Node): Node | null {
  const declarator = node.parent;
  if (declarator?.type !== 'variable_declarator') return null;
  const decl = declarator.parent;
  return decl?.type === 'variable_declaration' ? decl.childForFieldName('type') : null;
}

// ---- uses ----------------------------------------------------------------------------------

function readInvocation(ctx: Context, node: Node): void {
  const fn = node.childForFieldName('function');
  if (!fn) return;
  if (fn.type === 'identifier' && fn.text === 'nameof') return;
  addCall(ctx, node, chainOf(fn), false);
}

function addCall(ctx: Context, node: Node, callee: Chain | undefined, isNew: boolean): void {
  if (!callee?.length) return;
  const last = callee[callee.length - 1]!;
  if (last === '?' || last.endsWith('()') || last === '[]') return;
  const caller = enclosing(ctx, node);
  const call: CallFact = { callee, line: node.startPosition.row + 1 };
  if (caller) call.caller = caller.qualifiedName;
  if (isNew) call.isNew = true;
  const list = node.childForFieldName('arguments') ?? node.namedChildren.find((c) => c?.type === 'argument_list');
  if (list) call.args = list.namedChildren.filter((a) => a?.type === 'argument').map((a) => argumentChain(a!));
  ctx.calls.push(call);
}

/** An argument's value as a chain (`out var x`, `ref y` and named arguments look through to the value). */
function argumentChain(arg: Node): Chain {
  const value = arg.namedChildren[arg.namedChildren.length - 1];
  if (!value || value.type === 'declaration_expression') return ['?'];
  return chainOf(value);
}

/** A type written in a declaration, as a reference (generic arguments and arrays looked through to the named type). */
function typeReference(ctx: Context, node: Node | null | undefined, from: string | undefined): void {
  let t = node;
  while (t && (t.type === 'nullable_type' || t.type === 'array_type')) t = t.childForFieldName('type') ?? t.namedChild(0);
  const chain = nameSegments(t);
  if (!t || !chain || t.type === 'predefined_type') return;
  const ref: ReferenceFact = { chain, line: t.startPosition.row + 1, isType: true };
  if (from !== undefined) ref.from = from;
  ctx.references.push(ref);
}

function readUsing(ctx: Context, node: Node): void {
  const alias = node.childForFieldName('name');
  const target = node.namedChildren.find((c) => c && c.id !== alias?.id && c.type !== 'comment');
  const segments = nameSegments(target);
  if (!segments) return;
  const module = segments.join('.');
  const imp: ImportFact = { module, line: node.startPosition.row + 1, names: [] };
  const keywords = new Set(node.children.map((c) => c?.type));
  if (alias) imp.names = [{ imported: '*module*', local: alias.text }];
  else imp.star = true;
  if (keywords.has('static')) imp.isStatic = true;
  if (keywords.has('global')) imp.global = true;
  ctx.imports.push(imp);
}

/** A file header comment (license headers are skipped: the first `//` line that is not one). */
function fileDoc(root: Node): string | undefined {
  const first = root.child(0);
  if (first?.type !== 'comment') return undefined;
  const text = first.text.replace(/^\/\/\/?|^\/\*+|\*+\/$/g, '').trim().split('\n')[0]?.trim();
  return text && !/copyright|license|licensed/i.test(text) ? text.slice(0, 200) : undefined;
}

