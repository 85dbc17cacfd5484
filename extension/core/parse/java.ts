/**
 * Java fact extractor
 * ===================
 * Turns a parsed Java file into facts. grammars/java/facts.scm captures every node of interest in
 * one pass; the captures are read in document order with a stack of the enclosing definitions (by
 * their spans), which says who owns each field, local and call.
 *
 * Naming (documented in docs/adr and relied on by resolve/java):
 *  - types: `Outer.Inner`; records → class, annotation types → interface; enums → enum.
 *  - methods: `Type.m`; constructors (and a record's compact constructor) are named `<init>`, as
 *    javac names them; overloads after the first of a name get `$2`, `$3` … in source order
 *    (`Type.m$2`): ids must be unique, the `name` stays `m`.
 *  - tests: methods annotated `@Test`, `@ParameterizedTest`, `@RepeatedTest`, `@TestFactory`,
 *    `@TestTemplate` (JUnit 4/5), and JUnit 3 `test*` methods of a `TestCase` subclass; a `@Nested`
 *    class stays a class.
 *  - anonymous classes (and enum constants' bodies) are transparent: their methods are no symbols,
 *    their calls belong to the enclosing named definition, marked with `anonymousBase` so their
 *    own and inherited members are looked up first. Lambdas are transparent too. Local classes are
 *    symbols under their method (`Type.m.Local`), up to the caps of nesting.ts.
 */
import type { Node } from 'web-tree-sitter';
import type { BindingFact, CallFact, Chain, ExtractedFacts, ExtractorInput, ImportFact, ParamFact, ReferenceFact, SymbolFact, SymbolKind } from './facts';
import { chainOf, childOfType, javadocOf, modifiersOf, namedChildren, signatureOf, typeSegments, typeText } from './java_syntax';
import { mayNest } from './nesting';

/** Tree-sitter's query cursor is quadratic in depth; real code stays far below this. */
const MAX_QUERY_DEPTH = 1024;

const TEST_ANNOTATIONS = new Set(['Test', 'ParameterizedTest', 'RepeatedTest', 'TestFactory', 'TestTemplate']);
const TYPE_KINDS: Record<string, SymbolKind> = {
  class_declaration: 'class',
  record_declaration: 'class',
  interface_declaration: 'interface',
  annotation_type_declaration: 'interface',
  enum_declaration: 'enum',
};
const NOT_TYPE_NAMES = new Set(['var', 'void', 'int', 'long', 'short', 'byte', 'char', 'boolean', 'float', 'double', 'extends', 'super']);

interface Frame {
  end: number;
  /** The named definition this frame is, if it is one. */
  symbol?: SymbolFact;
  depth: number;
  /** An anonymous class body: its supertype as written and the names of its own methods. */
  anonymous?: { base: string; methods: Set<string> };
}

interface State {
  source: string;
  stack: Frame[];
  symbols: SymbolFact[];
  qualifiedNames: Set<string>;
  imports: ImportFact[];
  calls: CallFact[];
  references: ReferenceFact[];
  locals: Map<SymbolFact, BindingFact[]>;
  fields: Map<SymbolFact, BindingFact[]>;
  pkg?: string;
}

export function extractJava(input: ExtractorInput): ExtractedFacts {
  const st: State = {
    source: input.source,
    stack: [],
    symbols: [],
    qualifiedNames: new Set(),
    imports: [],
    calls: [],
    references: [],
    locals: new Map(),
    fields: new Map(),
  };
  try {
    const query = input.grammar.queries.get('facts');
    if (query) {
      const captures = query.captures(input.tree.rootNode, { maxStartDepth: MAX_QUERY_DEPTH });
      captures.sort((a, b) => a.node.startIndex - b.node.startIndex || b.node.endIndex - a.node.endIndex);
      for (const { name, node } of captures) {
        while (st.stack.length && st.stack[st.stack.length - 1]!.end <= node.startIndex) st.stack.pop();
        take(st, name, node);
      }
    }
  } catch {
    // Never fail a file: whatever was collected before an unexpected error is still worth indexing.
  }
  for (const s of st.symbols) {
    const locals = st.locals.get(s);
    if (locals?.length) s.locals = locals;
    const fields = st.fields.get(s);
    if (fields?.length) s.fields = fields;
  }
  const facts: ExtractedFacts = { symbols: st.symbols, imports: st.imports, exports: [], calls: st.calls, references: st.references, bindings: [] };
  if (st.pkg !== undefined) facts.package = st.pkg;
  return facts;
}

function take(st: State, capture: string, node: Node): void {
  switch (capture) {
    case 'package':
      st.pkg = namedChildren(node).find((c) => c.type === 'scoped_identifier' || c.type === 'identifier')?.text.replace(/\s+/g, '');
      return;
    case 'import':
      return importOf(st, node);
    case 'type':
      return typeDeclaration(st, node);
    case 'method':
      return methodDeclaration(st, node);
    case 'anonymous':
      return anonymousBody(st, node);
    case 'field':
      return fieldDeclaration(st, node);
    case 'constant':
      return enumConstant(st, node);
    case 'local':
    case 'for':
    case 'catch':
    case 'resource':
    case 'lambda.param':
    case 'pattern':
      return localDeclaration(st, capture, node);
    case 'call':
      return methodCall(st, node);
    case 'new':
      return newCall(st, node);
    case 'ctor':
      return constructorCall(st, node);
    default:
      return;
  }
}

const line = (n: Node): number => n.startPosition.row + 1;

/** The innermost frame that is a named definition, and whether an anonymous body lies between it and here. */
function owner(st: State): { frame?: Frame; anonymous?: Frame['anonymous'] } {
  let anonymous: Frame['anonymous'];
  for (let i = st.stack.length - 1; i >= 0; i--) {
    const f = st.stack[i]!;
    if (f.anonymous && !anonymous) anonymous = f.anonymous;
    if (f.symbol) return { frame: f, ...(anonymous ? { anonymous } : {}) };
  }
  return anonymous ? { anonymous } : {};
}

function uniqueName(st: State, qn: string): string {
  if (!st.qualifiedNames.has(qn)) return qn;
  for (let n = 2; ; n++) if (!st.qualifiedNames.has(`${qn}$${n}`)) return `${qn}$${n}`;
}

/** Opens a frame for a definition: a symbol when it may nest there, else a transparent frame. */
function define(st: State, node: Node, make: (parent: SymbolFact | undefined) => Omit<SymbolFact, 'qualifiedName' | 'parent'> | undefined): SymbolFact | undefined {
  const { frame, anonymous } = owner(st);
  const parent = frame?.symbol;
  const made = make(parent);
  const depth = frame ? frame.depth + 1 : 0;
  if (!made || (parent && !mayNest(frame!.depth, parent.qualifiedName, made.name))) {
    st.stack.push({ end: node.endIndex, depth: frame?.depth ?? 0, ...(anonymous ? { anonymous } : {}) });
    return undefined;
  }
  const qualifiedName = uniqueName(st, parent ? `${parent.qualifiedName}.${made.name}` : made.name);
  st.qualifiedNames.add(qualifiedName);
  // Key order as the other extractors write it: kind, name, qualifiedName, parent, …
  const { kind, name, ...rest } = made;
  const ordered: SymbolFact = { kind, name, qualifiedName, ...(parent ? { parent: parent.qualifiedName } : {}), ...rest };
  st.symbols.push(ordered);
  st.stack.push({ end: node.endIndex, symbol: ordered, depth });
  return ordered;
}

function typeParametersOf(node: Node): SymbolFact['typeParameters'] {
  const tps = node.childForFieldName('type_parameters');
  if (!tps) return undefined;
  const out: { name: string; bound?: string }[] = [];
  for (const tp of namedChildren(tps)) {
    if (tp.type !== 'type_parameter') continue;
    const name = namedChildren(tp).find((c) => c.type === 'type_identifier' || c.type === 'identifier');
    const bound = childOfType(tp, 'type_bound');
    const first = bound ? namedChildren(bound)[0] : undefined;
    if (name) out.push({ name: name.text, ...(first ? { bound: typeText(first)! } : {}) });
  }
  return out.length ? out : undefined;
}

function typeListOf(n: Node | null | undefined): string[] {
  if (!n) return [];
  const list = childOfType(n, 'type_list') ?? n;
  return namedChildren(list)
    .map((c) => typeText(c))
    .filter((t): t is string => t !== undefined);
}

function typeDeclaration(st: State, node: Node): void {
  const kind = TYPE_KINDS[node.type];
  const nameNode = node.childForFieldName('name');
  if (!kind || !nameNode) return;
  const mods = modifiersOf(node);
  const body = node.childForFieldName('body');
  const symbol = define(st, node, (parent) => {
    const bases: string[] = [];
    const impls: string[] = [];
    const superclass = node.childForFieldName('superclass');
    if (superclass) bases.push(...typeListOf(superclass));
    if (node.type === 'interface_declaration') bases.push(...typeListOf(childOfType(node, 'extends_interfaces')));
    else impls.push(...typeListOf(node.childForFieldName('interfaces') ?? childOfType(node, 'super_interfaces')));
    const doc = javadocOf(node);
    const typeParameters = typeParametersOf(node);
    return {
      kind,
      name: nameNode.text,
      line: line(nameNode),
      startLine: line(node),
      endLine: node.endPosition.row + 1,
      signature: signatureOf(node, body),
      ...(doc ? { doc } : {}),
      ...(mods.annotations.length ? { decorators: mods.annotations } : {}),
      ...(bases.length ? { bases } : {}),
      ...(impls.length ? { implements: impls } : {}),
      ...(typeParameters ? { typeParameters } : {}),
      exported: isExported(mods.keywords, parent),
      ...(mods.keywords.has('static') ? { isStatic: true } : {}),
      ...(mods.keywords.has('abstract') || kind === 'interface' ? { isAbstract: true } : {}),
    };
  });
  if (!symbol) return;
  for (const t of [...(symbol.bases ?? []), ...(symbol.implements ?? [])]) typeReferences(st, t, symbol.qualifiedName, line(node));
  if (node.type === 'record_declaration') {
    const components = node.childForFieldName('parameters');
    const fields = st.fields.get(symbol) ?? [];
    for (const p of paramsOf(components)) if (p.type) fields.push({ name: p.name, type: p.type, line: line(nameNode) });
    st.fields.set(symbol, fields);
  }
}

const isExported = (keywords: Set<string>, parent: SymbolFact | undefined): boolean =>
  keywords.has('public') || keywords.has('protected') || (parent !== undefined && parent.kind === 'interface' && !keywords.has('private'));

function paramsOf(list: Node | null | undefined): ParamFact[] {
  if (!list) return [];
  const out: ParamFact[] = [];
  for (const p of namedChildren(list)) {
    if (p.type === 'formal_parameter') {
      const name = p.childForFieldName('name');
      const type = typeText(p.childForFieldName('type'));
      const dims = childOfType(p, 'dimensions');
      if (name) out.push({ name: name.text, ...(type ? { type: dims ? `${type}${dims.text.replace(/\s+/g, '')}` : type } : {}) });
    } else if (p.type === 'spread_parameter') {
      const decl = childOfType(p, 'variable_declarator');
      const name = decl?.childForFieldName('name');
      const typeNode = namedChildren(p).find((c) => c.type !== 'variable_declarator' && c.type !== 'modifiers');
      const type = typeText(typeNode);
      if (name) out.push({ name: name.text, ...(type ? { type: `${type}[]` } : {}), isRest: true });
    }
  }
  return out;
}

function methodDeclaration(st: State, node: Node): void {
  const { frame, anonymous } = owner(st);
  const parent = frame?.symbol;
  // A method of an anonymous class (between it and the enclosing definition) is transparent.
  const inAnonymous = isInsideAnonymous(st);
  const nameNode = node.childForFieldName('name');
  if (!nameNode || !parent || inAnonymous || (parent.kind !== 'class' && parent.kind !== 'interface' && parent.kind !== 'enum')) {
    st.stack.push({ end: node.endIndex, depth: frame?.depth ?? 0, ...(anonymous ? { anonymous } : {}) });
    // A transparent method's parameters type names in the enclosing definition's calls.
    if (parent && inAnonymous) {
      const locals = st.locals.get(parent) ?? [];
      for (const p of paramsOf(node.childForFieldName('parameters'))) if (p.type) locals.push({ name: p.name, type: p.type, line: line(node) });
      st.locals.set(parent, locals);
    }
    return;
  }
  const isCtor = node.type === 'constructor_declaration' || node.type === 'compact_constructor_declaration';
  const mods = modifiersOf(node);
  const body = node.childForFieldName('body');
  const params = node.type === 'compact_constructor_declaration' ? recordComponents(st, parent) : paramsOf(node.childForFieldName('parameters'));
  const returnType = isCtor ? undefined : typeText(node.childForFieldName('type'));
  const isTest =
    mods.annotations.some((a) => TEST_ANNOTATIONS.has(a.slice(a.lastIndexOf('.') + 1))) ||
    (/^test/.test(nameNode.text) && mods.keywords.has('public') && (parent.bases ?? []).some((b) => /(^|\.)TestCase$/.test(b)));
  const name = isCtor ? '<init>' : nameNode.text;
  const symbol = define(st, node, () => {
    const doc = javadocOf(node);
    const typeParameters = typeParametersOf(node);
    const abstract = mods.keywords.has('abstract') || (parent.kind === 'interface' && !body && !mods.keywords.has('static') && !mods.keywords.has('default'));
    return {
      kind: isTest ? 'test' : 'method',
      name,
      line: line(nameNode),
      startLine: line(node),
      endLine: node.endPosition.row + 1,
      signature: signatureOf(node, body),
      ...(doc ? { doc } : {}),
      ...(mods.annotations.length ? { decorators: mods.annotations } : {}),
      params,
      ...(returnType ? { returnType } : {}),
      ...(typeParameters ? { typeParameters } : {}),
      exported: isExported(mods.keywords, parent),
      ...(mods.keywords.has('static') ? { isStatic: true } : {}),
      ...(abstract ? { isAbstract: true } : {}),
    };
  });
  if (!symbol) return;
  for (const p of params) if (p.type) typeReferences(st, p.type, symbol.qualifiedName, line(nameNode));
  if (returnType) typeReferences(st, returnType, symbol.qualifiedName, line(nameNode));
}

/** Is the top of the stack inside an anonymous body that is nested in the innermost named definition? */
function isInsideAnonymous(st: State): boolean {
  for (let i = st.stack.length - 1; i >= 0; i--) {
    const f = st.stack[i]!;
    if (f.symbol) return false;
    if (f.anonymous) return true;
  }
  return false;
}

function recordComponents(st: State, record: SymbolFact): ParamFact[] {
  return (st.fields.get(record) ?? []).map((f) => ({ name: f.name, ...(f.type ? { type: f.type } : {}) }));
}

function anonymousBody(st: State, body: Node): void {
  const creation = body.parent;
  let base: string | undefined;
  if (creation?.type === 'object_creation_expression') base = typeText(creation.childForFieldName('type'));
  else if (creation?.type === 'enum_constant') {
    // An enum constant's body extends the enum.
    for (let i = st.stack.length - 1; i >= 0 && !base; i--) if (st.stack[i]!.symbol?.kind === 'enum') base = st.stack[i]!.symbol!.name;
  }
  const methods = new Set<string>();
  for (const m of namedChildren(body)) if (m.type === 'method_declaration') methods.add(m.childForFieldName('name')?.text ?? '');
  const { frame } = owner(st);
  st.stack.push({ end: body.endIndex, depth: frame?.depth ?? 0, anonymous: { base: base ?? '?', methods } });
}

/** The class whose body declares a field here: the innermost definition, when it is a type and no anonymous body is in between. */
function fieldOwner(st: State): SymbolFact | undefined {
  if (isInsideAnonymous(st)) return undefined;
  const s = owner(st).frame?.symbol;
  return s && (s.kind === 'class' || s.kind === 'interface' || s.kind === 'enum') ? s : undefined;
}

function fieldDeclaration(st: State, node: Node): void {
  const owner = fieldOwner(st);
  const type = typeText(node.childForFieldName('type'));
  for (const d of namedChildren(node)) {
    if (d.type !== 'variable_declarator') continue;
    const name = d.childForFieldName('name');
    if (!name || !owner) continue;
    const dims = d.childForFieldName('dimensions');
    const fields = st.fields.get(owner) ?? [];
    fields.push({ name: name.text, ...(type ? { type: dims ? `${type}${dims.text.replace(/\s+/g, '')}` : type } : {}), line: line(name) });
    st.fields.set(owner, fields);
  }
  if (owner && type) typeReferences(st, type, owner.qualifiedName, line(node));
}

function enumConstant(st: State, node: Node): void {
  const owner = fieldOwner(st);
  const name = node.childForFieldName('name');
  if (!owner || !name || owner.kind !== 'enum') return;
  const fields = st.fields.get(owner) ?? [];
  fields.push({ name: name.text, type: owner.name, line: line(name) });
  st.fields.set(owner, fields);
}

/** `var x = new Foo()` → Foo; `var x = (Foo) y` → Foo; otherwise the value's chain, or nothing known. */
function inferred(value: Node | null | undefined): { type?: string; value?: Chain } {
  if (!value) return {};
  const chain = chainOf(value);
  const head = chain[0] ?? '?';
  if (chain.length === 1 && head.startsWith(':')) return head === ':null' ? {} : { type: head.slice(1) };
  if (head === '?') return {};
  return { value: chain };
}

function localDeclaration(st: State, capture: string, node: Node): void {
  const frame = owner(st).frame;
  const symbol = frame?.symbol;
  if (!symbol) return;
  /** `element`: the name is bound to an element of the value (for-each); `dims`: `int x[]`. */
  const add = (name: Node | null | undefined, typeNode: Node | null | undefined, value?: Node | null, element = false, dims = ''): void => {
    if (!name) return;
    const written = typeText(typeNode);
    const b: BindingFact = { name: name.text, line: line(name) };
    if (written && written !== 'var') b.type = `${written}${dims}`;
    else {
      const v = inferred(value);
      const chain = v.type ? [`:${v.type}`] : v.value;
      if (element && chain) b.value = [...chain, '[]'];
      else if (v.type) b.type = v.type;
      else if (v.value) b.value = v.value;
    }
    if (!b.type && !b.value) return;
    const list = st.locals.get(symbol) ?? [];
    list.push(b);
    st.locals.set(symbol, list);
    if (b.type) typeReferences(st, b.type, symbol.qualifiedName, b.line);
  };
  switch (capture) {
    case 'local':
      for (const d of namedChildren(node)) {
        if (d.type !== 'variable_declarator') continue;
        const dims = d.childForFieldName('dimensions')?.text.replace(/\s+/g, '') ?? '';
        add(d.childForFieldName('name'), node.childForFieldName('type'), d.childForFieldName('value'), false, dims);
      }
      return;
    case 'for':
      return add(node.childForFieldName('name'), node.childForFieldName('type'), node.childForFieldName('value'), true);
    case 'catch': {
      const types = childOfType(node, 'catch_type');
      const first = types ? namedChildren(types) : [];
      return add(node.childForFieldName('name'), first.length === 1 ? first[0] : undefined);
    }
    case 'resource':
      return add(node.childForFieldName('name'), node.childForFieldName('type'), node.childForFieldName('value'));
    case 'lambda.param':
      return add(node.childForFieldName('name'), node.childForFieldName('type'));
    case 'pattern': {
      if (node.type === 'instanceof_expression') return add(node.childForFieldName('name'), node.childForFieldName('right'));
      const kids = namedChildren(node);
      const name = kids.find((c) => c.type === 'identifier');
      const type = kids.find((c) => c !== name);
      return add(name, type);
    }
    default:
      return;
  }
}

function argsOf(list: Node | null | undefined): Chain[] {
  if (!list) return [];
  return namedChildren(list)
    .filter((c) => !c.type.endsWith('comment'))
    .map((a) => (a.type === 'lambda_expression' || a.type === 'method_reference' ? ['?λ'] : chainOf(a)));
}

function pushCall(st: State, callee: Chain, at: Node, args: Chain[], extra: { isNew?: boolean; inAnonymousOwn?: boolean } = {}): void {
  const { frame, anonymous } = owner(st);
  const call: CallFact = { ...(frame?.symbol ? { caller: frame.symbol.qualifiedName } : {}), callee, line: line(at) };
  if (extra.isNew) call.isNew = true;
  call.args = args;
  if (anonymous && isInsideAnonymous(st)) call.anonymousBase = anonymous.base;
  st.calls.push(call);
}

function methodCall(st: State, node: Node): void {
  const name = node.childForFieldName('name');
  if (!name) return;
  const object = node.childForFieldName('object');
  const args = argsOf(node.childForFieldName('arguments'));
  let callee: Chain = object ? [...chainOf(object), name.text] : [name.text];
  if (!object && isInsideAnonymous(st)) {
    const anonymous = owner(st).anonymous;
    // A method the anonymous body declares itself: `this`'s, never the enclosing class's.
    if (anonymous?.methods.has(name.text)) callee = ['this', name.text];
  }
  pushCall(st, callee, name, args);
}

function newCall(st: State, node: Node): void {
  const typeNode = node.childForFieldName('type');
  const type = typeText(typeNode);
  if (!type || !typeNode) return;
  const segments = typeSegments(type);
  if (!segments.length) return;
  // `outer.new Inner()`: the receiver's chain, then the member type's name.
  const first = node.namedChildren[0];
  const qualifier = first && first.startIndex < typeNode.startIndex && first.type !== 'type_arguments' && !first.type.endsWith('comment') ? chainOf(first) : [];
  pushCall(st, [...qualifier, ...segments], typeNode, argsOf(node.childForFieldName('arguments')), { isNew: true });
}

function constructorCall(st: State, node: Node): void {
  const ctor = node.childForFieldName('constructor');
  if (!ctor || (ctor.type !== 'this' && ctor.type !== 'super')) return;
  pushCall(st, [ctor.type], ctor, argsOf(node.childForFieldName('arguments')));
}

/** Every class a type as written names (`Map<String, Foo>` → Map, String, Foo) as a type reference. */
function typeReferences(st: State, type: string, from: string, at: number): void {
  const seen = new Set<string>();
  for (const m of type.matchAll(/[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*/g)) {
    const name = m[0].replace(/\s+/g, '');
    if (NOT_TYPE_NAMES.has(name) || seen.has(name)) continue;
    seen.add(name);
    st.references.push({ from, chain: name.split('.'), line: at, isType: true });
  }
}

function importOf(st: State, node: Node): void {
  const isStatic = node.children.some((c) => c?.type === 'static');
  const star = node.children.some((c) => c?.type === 'asterisk');
  const name = namedChildren(node).find((c) => c.type === 'scoped_identifier' || c.type === 'identifier');
  if (!name) return;
  const dotted = name.text.replace(/\s+/g, '');
  const fact: ImportFact = { module: dotted, line: line(node), names: [] };
  if (star) fact.star = true;
  else {
    const last = dotted.slice(dotted.lastIndexOf('.') + 1);
    if (isStatic) fact.module = dotted.slice(0, dotted.lastIndexOf('.'));
    fact.names = [{ imported: last, local: last }];
  }
  if (isStatic) fact.isStatic = true;
  st.imports.push(fact);
}
