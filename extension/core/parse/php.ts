/**
 * PHP fact extractor
 * ==================
 * (tree, source) → ExtractedFacts for .php files, from one pass of grammars/php/facts.scm.
 * Captures come in document order, so each declaration is recorded before what it contains and
 * a node's enclosing symbol is its nearest ancestor that is one.
 *
 * Shapes (docs/adr/0012-php-resolution.md has the resolution rules):
 *  - class and trait → `class`, interface → `interface`, enum → `enum`; every symbol carries its
 *    `namespace` (`namespace A\B;` and `namespace A\B { … }` alike). Qualified names leave the
 *    namespace out (`Logger.log`). `extends` → `bases`, `implements` → `implements`, the traits
 *    a body uses (`use T1, T2;`) → `mixins`.
 *  - methods → `Class.method` (static ones `isStatic`), the constructor keeps PHP's name
 *    `Class.__construct`; class constants and enum cases → `constant` (`Class.NAME`);
 *    functions → `function` (nested named functions `outer.inner`); top-level `const` → `constant`.
 *  - properties (typed, promoted constructor parameters, `@var` doc blocks) are `fields` of their
 *    class, and so are `$this->x = …` assignments in its methods (typed by the parameter or the
 *    `new` they are given when there is one); params keep their `$` (`$logger`), fields do not.
 *  - `use A\B;`, `use A\{B, C as D};`, `use function A\f;`, `use const A\C;` → one import per
 *    name, `module` the fully qualified name without its leading `\`.
 *  - Untyped parameters, properties and returns take their doc block's `@param` / `@var` /
 *    `@return` type, and `/** @var T $x *\/` types a local.
 *  - Tests: PHPUnit `test*` methods of a `*Test` / `*TestCase` class (or of one extending
 *    `*TestCase`), methods with a `@test` doc tag or a `#[Test]` attribute → `test`.
 *  - A receiver guarded by `instanceof` is narrowed to the tested class (php_narrowing.ts).
 *  - Closures, arrow functions and anonymous classes are transparent: their calls are the
 *    enclosing named definition's.
 * Never throws on broken code: what parsed is extracted.
 */
import type { Node } from 'web-tree-sitter';
import type { BindingFact, CallFact, Chain, ExtractedFacts, ExtractorInput, ImportFact, ParamFact, ReferenceFact, SymbolFact } from './facts';
import { mayNest } from './nesting';
import { narrowed } from './php_narrowing';
import { attributesOf, chainOf, docBlockOf, docParam, docReturn, docSummary, docVar, modifiersOf, nameText, preferredType, signatureOf, typeText, variableText } from './php_syntax';

/** Deepest node a match may start at (tree-sitter's query cursor is quadratic in depth). */
const MAX_QUERY_DEPTH = 1024;

const TYPE_KINDS: Record<string, SymbolFact['kind']> = {
  class_declaration: 'class',
  trait_declaration: 'class',
  interface_declaration: 'interface',
  enum_declaration: 'enum',
};

const TYPE_LIKE = new Set<SymbolFact['kind']>(['class', 'interface', 'enum']);

interface Context {
  source: string;
  /** `namespace A;` statements of the file (no body), in order: what follows one is in it. */
  namespaces: { start: number; name: string }[];
  symbols: SymbolFact[];
  byQn: Map<string, SymbolFact>;
  /** Declaration node id → its symbol. */
  defs: Map<number, SymbolFact>;
  depth: Map<SymbolFact, number>;
  locals: Map<SymbolFact, Map<string, BindingFact>>;
  fields: Map<SymbolFact, Map<string, BindingFact>>;
  returns: Map<SymbolFact, Chain[]>;
  calls: CallFact[];
  references: ReferenceFact[];
  imports: ImportFact[];
  bindings: Map<string, BindingFact>;
}

const EMPTY: ExtractedFacts = { symbols: [], imports: [], exports: [], calls: [], references: [], bindings: [] };

export function extractPhp(input: ExtractorInput): ExtractedFacts {
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
    namespaces: [],
    symbols: [],
    byQn: new Map(),
    defs: new Map(),
    depth: new Map(),
    locals: new Map(),
    fields: new Map(),
    returns: new Map(),
    calls: [],
    references: [],
    imports: [],
    bindings: new Map(),
  };
  for (const c of root.namedChildren) {
    if (c?.type === 'namespace_definition' && !c.childForFieldName('body')) ctx.namespaces.push({ start: c.startIndex, name: nameText(c.childForFieldName('name')) ?? '' });
  }
  for (const { name, node } of query.captures(root, { maxStartDepth: MAX_QUERY_DEPTH })) {
    switch (name) {
      case 'definition.type':
        readType(ctx, node);
        break;
      case 'definition.function':
        readFunction(ctx, node);
        break;
      case 'mixin':
        readMixins(ctx, node);
        break;
      case 'property':
        readProperty(ctx, node);
        break;
      case 'constant':
        readConstants(ctx, node);
        break;
      case 'enum.case':
        readEnumCase(ctx, node);
        break;
      case 'use':
        readUse(ctx, node);
        break;
      case 'call.function': {
        const fn = nameText(node.childForFieldName('function'));
        if (fn) addCall(ctx, node, [fn], false);
        break;
      }
      case 'call.member': {
        const n = node.childForFieldName('name');
        if (n?.type === 'name') addCall(ctx, node, [...chainOf(node.childForFieldName('object')), n.text], false);
        break;
      }
      case 'call.scoped': {
        const n = node.childForFieldName('name');
        if (n?.type === 'name') addCall(ctx, node, [...chainOf(node.childForFieldName('scope')), n.text], false);
        break;
      }
      case 'new': {
        const type = node.namedChildren.find((c) => c?.type === 'name' || c?.type === 'qualified_name');
        const text = nameText(type);
        if (text) {
          addCall(ctx, node, [text], true);
          if (text !== 'static' && text !== 'self' && text !== 'parent') addReference(ctx, node, text, false);
        }
        break;
      }
      case 'assign':
        readAssignment(ctx, node);
        break;
      case 'foreach':
        readForeach(ctx, node);
        break;
      case 'catch': {
        const v = variableText(node.childForFieldName('name'));
        const types = node.childForFieldName('type');
        const first = types ? namedTypes(types)[0] : undefined;
        for (const t of types ? namedTypes(types) : []) addReference(ctx, t, t.text, true);
        if (v && first) addLocal(ctx, node, v, { type: first.text.replace(/\s+/g, '') });
        break;
      }
      case 'closure':
        readClosure(ctx, node);
        break;
      case 'return':
        readReturn(ctx, node);
        break;
      case 'binary': {
        const op = node.children.find((c) => c && !c.isNamed && c.text.toLowerCase() === 'instanceof');
        const right = node.childForFieldName('right');
        const t = nameText(right);
        if (op && right && t) addReference(ctx, right, t, false);
        break;
      }
      case 'class.constant': {
        const scope = node.namedChild(0);
        const t = scope?.type === 'relative_scope' ? undefined : nameText(scope);
        if (scope && t) addReference(ctx, scope, t, false);
        break;
      }
    }
  }
  for (const s of ctx.symbols) {
    const locals = ctx.locals.get(s);
    if (locals?.size) s.locals = [...locals.values()];
    const fields = ctx.fields.get(s);
    if (fields?.size) s.fields = [...fields.values()];
    const returns = ctx.returns.get(s);
    if (returns?.length && !s.returnType) s.returns = returns;
  }
  const facts: ExtractedFacts = {
    symbols: ctx.symbols,
    imports: ctx.imports,
    exports: [],
    calls: ctx.calls,
    references: ctx.references.sort((a, b) => a.line - b.line),
    bindings: [...ctx.bindings.values()],
  };
  const doc = fileDoc(root);
  if (doc) facts.doc = doc;
  return facts;
}

// ---- scopes ------------------------------------------------------------------------------

/** The nearest enclosing declaration that is a symbol. */
function enclosing(ctx: Context, node: Node): SymbolFact | undefined {
  for (let p = node.parent; p; p = p.parent) {
    const s = ctx.defs.get(p.id);
    if (s) return s;
  }
  return undefined;
}

/** The nearest enclosing function or method (closures are transparent), undefined at file level and in class bodies. */
function enclosingFunction(ctx: Context, node: Node): SymbolFact | undefined {
  const s = enclosing(ctx, node);
  return s && !TYPE_LIKE.has(s.kind) && s.kind !== 'constant' ? s : undefined;
}

/** The namespace a node is in: a `namespace A { … }` block around it, else the last `namespace A;` before it. */
function namespaceAt(ctx: Context, node: Node): string | undefined {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'namespace_definition') return nameText(p.childForFieldName('name')) || undefined;
  }
  let ns: string | undefined;
  for (const n of ctx.namespaces) if (n.start < node.startIndex) ns = n.name || undefined;
  return ns;
}

function addSymbol(ctx: Context, node: Node, fact: SymbolFact, parent: SymbolFact | undefined): SymbolFact {
  const known = ctx.byQn.get(fact.qualifiedName);
  if (known) {
    // A second declaration of the name (conditional definitions): one symbol, the first's span.
    ctx.defs.set(node.id, known);
    return known;
  }
  ctx.byQn.set(fact.qualifiedName, fact);
  ctx.defs.set(node.id, fact);
  ctx.symbols.push(fact);
  ctx.depth.set(fact, parent ? (ctx.depth.get(parent) ?? 0) + 1 : 0);
  return fact;
}

// ---- declarations ------------------------------------------------------------------------

/** Names listed in a clause (`extends A, B`, `implements C`). */
function clauseNames(node: Node, type: string): string[] {
  const clause = node.children.find((c) => c?.type === type);
  if (!clause) return [];
  return clause.namedChildren.map((c) => nameText(c)).filter((t): t is string => t !== undefined);
}

function readType(ctx: Context, node: Node): void {
  const kind = TYPE_KINDS[node.type];
  const nameNode = node.childForFieldName('name');
  const name = nameNode?.text;
  if (!kind || !name || !nameNode) return;
  const parent = enclosing(ctx, node);
  if (parent && (TYPE_LIKE.has(parent.kind) || !mayNest(ctx.depth.get(parent) ?? 0, parent.qualifiedName, name))) return;
  const body = node.childForFieldName('body');
  const block = docBlockOf(node);
  const fact: SymbolFact = {
    kind,
    name,
    qualifiedName: parent ? `${parent.qualifiedName}.${name}` : name,
    line: nameNode.startPosition.row + 1,
    startLine: node.startPosition.row + 1,
    endLine: node.endPosition.row + 1,
    signature: signatureOf(ctx.source, node, body),
    exported: true,
  };
  if (parent) fact.parent = parent.qualifiedName;
  const ns = namespaceAt(ctx, node);
  if (ns) fact.namespace = ns;
  const doc = docSummary(block);
  if (doc) fact.doc = doc;
  const attributes = attributesOf(node);
  if (attributes.length) fact.decorators = attributes;
  const modifiers = modifiersOf(node);
  if (modifiers.has('abstract')) fact.isAbstract = true;
  const bases = clauseNames(node, 'base_clause');
  if (bases.length) fact.bases = bases;
  const implementsList = clauseNames(node, 'class_interface_clause');
  if (implementsList.length) fact.implements = implementsList;
  for (const c of node.children) {
    if (c?.type !== 'base_clause' && c?.type !== 'class_interface_clause') continue;
    for (const n of c.namedChildren) if (n) addReference(ctx, n, n.text, true, fact);
  }
  addSymbol(ctx, node, fact, parent);
}

function readMixins(ctx: Context, node: Node): void {
  const owner = enclosing(ctx, node);
  if (!owner || !TYPE_LIKE.has(owner.kind)) return;
  for (const c of node.namedChildren) {
    const t = nameText(c);
    if (!t || !c) continue;
    (owner.mixins ??= []).push(t);
    addReference(ctx, c, t, true, owner);
  }
}

/** A PHPUnit test: `test*` in a test class, `@test`, or `#[Test]`. */
function isTest(parent: SymbolFact | undefined, name: string, block: string | undefined, attributes: string[]): boolean {
  if (!parent || parent.kind !== 'class') return false;
  if (attributes.includes('Test')) return true;
  if (block && /@test\b/.test(block)) return true;
  if (!/^test/.test(name)) return false;
  return /Test(Case)?$/.test(parent.name) || (parent.bases ?? []).some((b) => /TestCase$/.test(b));
}

function readFunction(ctx: Context, node: Node): void {
  const nameNode = node.childForFieldName('name');
  const name = nameNode?.text;
  if (!name || !nameNode) return;
  // A method of an anonymous class is transparent, as the class is.
  if (node.type === 'method_declaration' && node.parent?.parent?.type === 'anonymous_class') return;
  const parent = enclosing(ctx, node);
  if (parent && !mayNest(ctx.depth.get(parent) ?? 0, parent.qualifiedName, name)) return;
  const inType = parent !== undefined && TYPE_LIKE.has(parent.kind);
  const modifiers = modifiersOf(node);
  const attributes = attributesOf(node);
  const block = docBlockOf(node);
  const body = node.childForFieldName('body');
  const kind: SymbolFact['kind'] = inType ? (isTest(parent, name, block, attributes) ? 'test' : 'method') : 'function';
  const fact: SymbolFact = {
    kind,
    name,
    qualifiedName: parent ? `${parent.qualifiedName}.${name}` : name,
    line: nameNode.startPosition.row + 1,
    startLine: node.startPosition.row + 1,
    endLine: node.endPosition.row + 1,
    signature: signatureOf(ctx.source, node, body),
    exported: !modifiers.has('private'),
  };
  if (parent) fact.parent = parent.qualifiedName;
  else {
    const ns = namespaceAt(ctx, node);
    if (ns) fact.namespace = ns;
  }
  const doc = docSummary(block);
  if (doc) fact.doc = doc;
  if (attributes.length) fact.decorators = attributes;
  if (modifiers.has('static')) fact.isStatic = true;
  if (modifiers.has('abstract') || (parent?.kind === 'interface' && !body)) fact.isAbstract = true;
  const params = node.childForFieldName('parameters');
  if (params) fact.params = readParams(ctx, params, block, fact.qualifiedName, inType && name === '__construct' ? parent : undefined);
  const returnNode = node.childForFieldName('return_type');
  const returns = preferredType(typeText(returnNode), docReturn(block));
  if (returns && returns !== 'void') fact.returnType = returns;
  if (returnNode) typeReferences(ctx, returnNode, fact.qualifiedName);
  addSymbol(ctx, node, fact, parent);
}

function readParams(ctx: Context, list: Node, block: string | undefined, owner: string, promotesTo: SymbolFact | undefined): ParamFact[] {
  const out: ParamFact[] = [];
  for (const p of list.namedChildren) {
    if (!p || (p.type !== 'simple_parameter' && p.type !== 'variadic_parameter' && p.type !== 'property_promotion_parameter')) continue;
    const name = variableText(p.childForFieldName('name'));
    if (!name) continue;
    const param: ParamFact = { name };
    const typeNode = p.childForFieldName('type');
    const type = preferredType(typeText(typeNode), docParam(block, name));
    if (type) param.type = type;
    if (typeNode) typeReferences(ctx, typeNode, owner);
    const value = p.childForFieldName('default_value');
    if (value) param.default = value.text.slice(0, 80);
    if (p.type === 'variadic_parameter') param.isRest = true;
    if (p.type === 'property_promotion_parameter') {
      param.isProperty = true;
      if (promotesTo) {
        const field: BindingFact = { name: name.slice(1), line: p.startPosition.row + 1 };
        if (type) field.type = type;
        setField(ctx, promotesTo, field);
      }
    }
    out.push(param);
  }
  return out;
}

function fieldsOf(ctx: Context, s: SymbolFact): Map<string, BindingFact> {
  let m = ctx.fields.get(s);
  if (!m) ctx.fields.set(s, (m = new Map()));
  return m;
}

/** A field of a class: the first declaration types it; a later one fills in what the first lacks. */
function setField(ctx: Context, owner: SymbolFact, field: BindingFact): void {
  const fields = fieldsOf(ctx, owner);
  const known = fields.get(field.name);
  if (!known) fields.set(field.name, field);
  else if (!known.type && !known.value && (field.type || field.value)) fields.set(field.name, { ...field, line: known.line });
}

function readProperty(ctx: Context, node: Node): void {
  const owner = enclosing(ctx, node);
  if (!owner || !TYPE_LIKE.has(owner.kind)) return;
  const typeNode = node.childForFieldName('type');
  if (typeNode) typeReferences(ctx, typeNode, owner.qualifiedName);
  const block = docBlockOf(node);
  for (const el of node.namedChildren) {
    if (el?.type !== 'property_element') continue;
    const name = variableText(el.childForFieldName('name'));
    if (!name) continue;
    const field: BindingFact = { name: name.slice(1), line: el.startPosition.row + 1 };
    const type = preferredType(typeText(typeNode), docVar(block, name));
    if (type) field.type = type;
    else {
      const value = el.childForFieldName('default_value');
      const chain = value ? chainOf(value) : undefined;
      if (chain && chain[0] !== '?') field.value = chain;
    }
    setField(ctx, owner, field);
  }
}

function constantFact(ctx: Context, node: Node, nameNode: Node, parent: SymbolFact | undefined): SymbolFact {
  const fact: SymbolFact = {
    kind: 'constant',
    name: nameNode.text,
    qualifiedName: parent ? `${parent.qualifiedName}.${nameNode.text}` : nameNode.text,
    line: nameNode.startPosition.row + 1,
    startLine: node.startPosition.row + 1,
    endLine: node.endPosition.row + 1,
    signature: node.text.replace(/\s+/g, ' ').trim().replace(/;$/, '').slice(0, 200),
    exported: !modifiersOf(node.parent?.type === 'const_declaration' ? node.parent : node).has('private'),
  };
  if (parent) fact.parent = parent.qualifiedName;
  else {
    const ns = namespaceAt(ctx, node);
    if (ns) fact.namespace = ns;
  }
  return fact;
}

function readConstants(ctx: Context, node: Node): void {
  const owner = enclosing(ctx, node);
  if (owner && !TYPE_LIKE.has(owner.kind)) return; // a `const` inside a function body is not PHP
  for (const el of node.namedChildren) {
    if (el?.type !== 'const_element') continue;
    const nameNode = el.namedChildren.find((c) => c?.type === 'name');
    if (nameNode) addSymbol(ctx, el, constantFact(ctx, el, nameNode, owner), owner);
  }
}

function readEnumCase(ctx: Context, node: Node): void {
  const owner = enclosing(ctx, node);
  const nameNode = node.childForFieldName('name');
  if (owner?.kind === 'enum' && nameNode) addSymbol(ctx, node, constantFact(ctx, node, nameNode, owner), owner);
}

// ---- imports -----------------------------------------------------------------------------

function useKind(node: Node): 'function' | 'constant' | undefined {
  const t = (node.childForFieldName('type') ?? node.children.find((c) => c?.type === 'function' || c?.type === 'const'))?.type;
  return t === 'function' ? 'function' : t === 'const' ? 'constant' : undefined;
}

function readUse(ctx: Context, node: Node): void {
  // `use A\B;` / `use A\{B, C as D};` at file or namespace level (a class body's `use T;` is a mixin).
  const declKind = useKind(node);
  const group = node.childForFieldName('body');
  const prefix = group ? nameText(node.namedChildren.find((c) => c?.type === 'namespace_name')) : undefined;
  const clauses = group ? group.namedChildren : node.namedChildren;
  for (const clause of clauses) {
    if (clause?.type !== 'namespace_use_clause') continue;
    const target = clause.namedChildren.find((c) => c?.type === 'name' || c?.type === 'qualified_name');
    const written = nameText(target);
    if (!written || !target) continue;
    const full = (prefix ? `${prefix}\\${written}` : written).replace(/^\\/, '');
    const alias = clause.childForFieldName('alias')?.text;
    const last = full.slice(full.lastIndexOf('\\') + 1);
    const imp: ImportFact = { module: full, line: clause.startPosition.row + 1, names: [{ imported: last, local: alias ?? last }] };
    const kind = useKind(clause) ?? declKind;
    if (kind) imp.symbolKind = kind;
    ctx.imports.push(imp);
  }
}

// ---- uses --------------------------------------------------------------------------------

function addCall(ctx: Context, node: Node, callee: Chain, isNew: boolean): void {
  const last = callee[callee.length - 1];
  if (!last || last === '?' || last.endsWith('()') || last === '[]' || last.startsWith('$') || last.startsWith(':')) return;
  if (callee.length > 1 && callee[0] === '?') return;
  const caller = enclosing(ctx, node);
  const call: CallFact = { callee: isNew ? callee : narrowed(node, callee, (n) => ctx.defs.has(n.id)), line: node.startPosition.row + 1 };
  if (caller) call.caller = caller.qualifiedName;
  if (isNew) call.isNew = true;
  ctx.calls.push(call);
}

const PRIMITIVE = /^(int|float|string|bool|array|mixed|void|null|callable|iterable|object|never|false|true|self|static|parent)$/i;

function addReference(ctx: Context, node: Node, text: string, isType: boolean, from?: SymbolFact): void {
  const name = text.replace(/\s+/g, '');
  if (PRIMITIVE.test(name)) return;
  const owner = from ?? enclosing(ctx, node);
  const ref: ReferenceFact = { chain: [name], line: node.startPosition.row + 1 };
  if (isType) ref.isType = true;
  if (owner) ref.from = owner.qualifiedName;
  ctx.references.push(ref);
}

/** The named types of a type node (`?Foo`, `Foo|Bar`, `A&B`). */
function namedTypes(node: Node): Node[] {
  if (node.type === 'named_type') return [node];
  const out: Node[] = [];
  for (const c of node.descendantsOfType('named_type')) if (c) out.push(c);
  return out;
}

function typeReferences(ctx: Context, node: Node, owner: string): void {
  const s = ctx.byQn.get(owner);
  for (const t of namedTypes(node)) {
    const ref: ReferenceFact = { chain: [t.text.replace(/\s+/g, '')], line: t.startPosition.row + 1, isType: true, from: owner };
    if (!PRIMITIVE.test(ref.chain[0]!)) ctx.references.push(ref);
  }
  void s;
}

/** A local of the enclosing function (the first binding of a name types it), or of the file at file level. */
function addLocal(ctx: Context, node: Node, name: string, what: { type?: string; value?: Chain }): void {
  if (name === '$this' || (!what.type && (!what.value || what.value[0] === '?'))) return;
  const owner = enclosingFunction(ctx, node);
  const binding: BindingFact = { name, line: node.startPosition.row + 1 };
  if (what.type) binding.type = what.type;
  else if (what.value) binding.value = what.value;
  if (!owner) {
    if (!enclosing(ctx, node) && !ctx.bindings.has(name)) ctx.bindings.set(name, binding);
    return;
  }
  let locals = ctx.locals.get(owner);
  if (!locals) ctx.locals.set(owner, (locals = new Map()));
  if (locals.has(name) || owner.params?.some((p) => p.name === name)) return;
  locals.set(name, binding);
}

/** A value chain whose variable an `instanceof` guard narrows (`$x->items()` under `$x instanceof T` → `:T items()`). */
function narrowedValue(ctx: Context, node: Node, chain: Chain): Chain {
  return chain.length > 1 ? narrowed(node, chain, (n) => ctx.defs.has(n.id)) : chain;
}

/** The statement a node is the expression of, for the doc block above it. */
function statementOf(node: Node): Node {
  return node.parent?.type === 'expression_statement' ? node.parent : node;
}

function readAssignment(ctx: Context, node: Node): void {
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  if (!left || !right) return;
  const variable = variableText(left);
  if (variable) {
    const docType = docVar(docBlockOf(statementOf(node)), variable);
    addLocal(ctx, node, variable, docType ? { type: docType } : { value: narrowedValue(ctx, node, chainOf(right)) });
    return;
  }
  // `$this->x = …` in a method: a field of its class.
  if (left.type !== 'member_access_expression' || variableText(left.childForFieldName('object')) !== '$this') return;
  const field = left.childForFieldName('name');
  const fn = enclosingFunction(ctx, node);
  const owner = fn?.parent !== undefined ? ctx.byQn.get(fn.parent) : undefined;
  if (field?.type !== 'name' || !fn || !owner || !TYPE_LIKE.has(owner.kind)) return;
  const binding: BindingFact = { name: field.text, line: node.startPosition.row + 1 };
  const rightVar = variableText(right);
  const param = rightVar ? fn.params?.find((p) => p.name === rightVar) : undefined;
  const chain = chainOf(right);
  if (param?.type) binding.type = param.type;
  else if (chain[0]?.startsWith(':') && chain.length === 1) binding.type = chain[0].slice(1);
  else if (chain[0] !== '?' && !chain[0]?.startsWith('$')) binding.value = chain;
  else return;
  setField(ctx, owner, binding);
}

function readForeach(ctx: Context, node: Node): void {
  const [subject, target] = node.namedChildren;
  if (!subject || !target) return;
  const valueNode = target.type === 'pair' ? target.namedChild(1) : target.type === 'by_ref' ? target.namedChild(0) : target;
  const name = variableText(valueNode);
  if (!name) return;
  const docType = docVar(docBlockOf(node), name);
  addLocal(ctx, node, name, docType ? { type: docType } : { value: narrowedValue(ctx, node, [...chainOf(subject), '[]']) });
}

function readClosure(ctx: Context, node: Node): void {
  const params = node.childForFieldName('parameters');
  for (const p of params?.namedChildren ?? []) {
    const name = variableText(p?.childForFieldName('name'));
    const type = typeText(p?.childForFieldName('type'));
    if (p && name && type) addLocal(ctx, p, name, { type });
  }
}

function readReturn(ctx: Context, node: Node): void {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'anonymous_function' || p.type === 'arrow_function') return;
    if (ctx.defs.has(p.id)) break;
  }
  const fn = enclosingFunction(ctx, node);
  const value = node.namedChild(0);
  if (!fn || !value) return;
  const chain = chainOf(value);
  if (chain[0] === '?') return;
  const list = ctx.returns.get(fn) ?? [];
  if (list.length < 3) list.push(chain);
  ctx.returns.set(fn, list);
}

/** A file header doc block or comment (license headers are skipped). */
function fileDoc(root: Node): string | undefined {
  const first = root.namedChildren.find((c) => c?.type !== 'php_tag' && c?.type !== 'text');
  if (first?.type !== 'comment') return undefined;
  const text = first.text.replace(/^\/\/|^#|^\/\*+|\*+\/$/g, '').trim().split('\n')[0]?.replace(/^\s*\*\s?/, '').trim();
  return text && !/copyright|license|licensed|this file is part/i.test(text) ? text.slice(0, 200) : undefined;
}
