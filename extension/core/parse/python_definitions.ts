/**
 * Python definitions
 * ==================
 * Classes, functions, methods, tests and type aliases from `definitions.scm`, and the scopes
 * (class bodies, functions) every later phase uses to attribute what it finds.
 */
import type { Node } from 'web-tree-sitter';
import type { ParamFact, SymbolFact, SymbolKind } from './facts';
import { mayNest } from './nesting';
import { addName, ScopeIndex, type PyContext, type PyScope } from './python_context';
import type { DefMatch } from './python_query';
import { decoratorName, definitionHead, endLineOf, firstDocLine, lineOf, nodeLine } from './python_syntax';

interface Def extends DefMatch {
  name: string;
  /** Offset where the def ends (read once: every node property is a call into wasm). */
  end: number;
}

const MAX_DEFAULT = 80;

export function collectDefinitions(ctx: PyContext): void {
  const defs: Def[] = [];
  for (const d of ctx.m.definitions) {
    const name = d.nameNode.text;
    if (name) defs.push({ ...d, name, end: d.node.endIndex });
  }
  defs.sort((a, b) => a.node.startIndex - b.node.startIndex);
  // Defs come in document order, so the enclosing def is the top of a stack of still-open ones.
  const open: { scope: PyScope; end: number }[] = [];
  const scopes: PyScope[] = [];
  for (const def of defs) {
    const start = def.node.startIndex;
    while (open.length && open[open.length - 1]!.end <= start) open.pop();
    const parent = open.length ? open[open.length - 1]!.scope : undefined;
    if (def.kind === 'alias') {
      if (!parent) addTypeAlias(ctx, def);
      continue;
    }
    const scope = def.kind === 'class' ? classScope(ctx, def, parent) : functionScope(ctx, def, parent);
    scopes.push(scope);
    open.push({ scope, end: def.end });
  }
  ctx.scopes = new ScopeIndex(scopes);
}

/**
 * Is this def a symbol, and where? Every def is: at module level, as a member of a class, or
 * nested in a function (`make.decorator.wrapper`), up to the caps (nesting.ts).
 */
function placement(parent: PyScope | undefined, name: string): { isSymbol: boolean; parentClass?: SymbolFact; enclosing?: SymbolFact } {
  if (!parent) return { isSymbol: true };
  if (!parent.symbol || !mayNest(parent.depth, parent.symbol.qualifiedName, name)) return { isSymbol: false };
  if (parent.kind === 'class') return { isSymbol: true, parentClass: parent.symbol };
  return { isSymbol: true, enclosing: parent.symbol };
}

function classScope(ctx: PyContext, def: Def, parent: PyScope | undefined): PyScope {
  const body = def.body;
  const scope: PyScope = {
    kind: 'class',
    start: body ? body.startIndex : def.node.startIndex,
    end: def.end,
    parent,
    owner: parent?.owner,
    depth: parent ? parent.depth + 1 : 0,
  };
  const { isSymbol, parentClass, enclosing } = placement(parent, def.name);
  // A class defined in a function is a name bound there.
  if (parent?.kind === 'function') addName(ctx.bound, parent.owner, def.name);
  if (!isSymbol) return scope;
  const fact = classFact(ctx, def, parentClass ?? enclosing);
  const symbol = register(ctx, fact, def.node.startIndex);
  if (isTestClass(fact)) ctx.testClasses.add(symbol);
  scope.symbol = symbol;
  scope.owner = symbol;
  return scope;
}

function functionScope(ctx: PyContext, def: Def, parent: PyScope | undefined): PyScope {
  const scope: PyScope = { kind: 'function', start: def.node.startIndex, end: def.end, parent, owner: parent?.owner, depth: parent ? parent.depth + 1 : 0 };
  const { isSymbol, parentClass, enclosing } = placement(parent, def.name);
  if (parent?.kind === 'function') {
    // A function nested in a function is a name bound there, and sees the method's `self`.
    addName(ctx.bound, parent.owner, def.name);
    scope.selfClass = parent.selfClass;
    scope.selfName = parent.selfName;
  }
  if (!isSymbol) return scope;
  const inTests = parentClass ? ctx.testClasses.has(parentClass) : false;
  const fact = functionFact(ctx, def, parentClass ?? enclosing, inTests, enclosing !== undefined);
  const symbol = register(ctx, fact, def.node.startIndex);
  scope.symbol = symbol;
  scope.owner = symbol;
  if (parentClass && !fact.isStatic) {
    const first = fact.params?.[0];
    if (first && !first.isRest) {
      scope.selfClass = parentClass;
      scope.selfName = first.name;
    }
  }
  return scope;
}

/** Decorators of a def that is one definition with the def of that name before it (a property's setter, an overload). */
const SAME_DEFINITION = /(^|\.)(overload|setter|getter|deleter)$/;
/** Redefinitions kept apart per name, beyond which they merge into the first (generated code). */
const MAX_REDEFINITIONS = 16;

/**
 * Adds a symbol, keeping qualified names unique. A def redefining a name (`if sys.platform …:
 * def where() … else: def where()`) is a definition of its own, `where@2`, and the name holds the
 * last one (project.ts); a property's setter and `@overload` stubs are one definition with the def
 * they belong to (an implementation replaces its stubs); a variable bound again stays one.
 */
export function register(ctx: PyContext, fact: SymbolFact, offset: number): SymbolFact {
  const existing = ctx.byName.get(fact.qualifiedName);
  if (!existing) return add(ctx, fact, offset);
  const decorators = (s: SymbolFact): string[] => (s.decorators ?? []).map(decoratorName);
  const stub = decorators(existing).some((d) => d.endsWith('overload'));
  const isStub = decorators(fact).some((d) => d.endsWith('overload'));
  if (stub && !isStub && existing.kind === fact.kind) {
    for (const key of Object.keys(existing) as (keyof SymbolFact)[]) delete existing[key];
    Object.assign(existing, fact);
    return existing;
  }
  const definitions = (k: SymbolFact['kind']): boolean => k === 'function' || k === 'method' || k === 'class' || k === 'test';
  if (stub || isStub || !definitions(existing.kind) || !definitions(fact.kind) || decorators(fact).some((d) => SAME_DEFINITION.test(d))) return existing;
  if (decorators(existing).some((d) => /(^|\.)(property|cached_property)$/.test(d))) return existing;
  for (let n = 2; n <= MAX_REDEFINITIONS; n++) {
    const qualifiedName = `${fact.qualifiedName}@${n}`;
    if (!ctx.byName.has(qualifiedName)) return add(ctx, { ...fact, qualifiedName }, offset);
  }
  return existing;
}

function add(ctx: PyContext, fact: SymbolFact, offset: number): SymbolFact {
  ctx.byName.set(fact.qualifiedName, fact);
  ctx.symbols.push(fact);
  ctx.order.set(fact, offset);
  return fact;
}

interface Head {
  /** The decorated_definition when there is one: the span starts at the first decorator. */
  outer: Node;
  decorators: string[];
}

function headOf(ctx: PyContext, node: Node): Head {
  const parent = ctx.m.decorated.get(node.id);
  if (!parent) return { outer: node, decorators: [] };
  const decorators: string[] = [];
  for (const child of parent.namedChildren) {
    if (child && child.type === 'decorator') decorators.push(nodeLine(ctx.source, child).replace(/^@\s*/, ''));
  }
  return { outer: parent, decorators };
}

/** `parent`: the enclosing class or function symbol, if any. */
function baseFields(ctx: PyContext, def: Def, kind: SymbolKind, parent: SymbolFact | undefined, head: Head): SymbolFact {
  const fact: SymbolFact = {
    kind,
    name: def.name,
    qualifiedName: parent ? `${parent.qualifiedName}.${def.name}` : def.name,
    line: lineOf(def.nameNode),
    startLine: lineOf(head.outer),
    endLine: endLineOf(def.node),
    signature: definitionHead(ctx.source, def.node, def.body, def.end),
    exported: true,
  };
  if (parent) fact.parent = parent.qualifiedName;
  const literal = ctx.m.docs.get(def.node.id);
  const doc = literal ? firstDocLine(ctx.source, literal) : undefined;
  if (doc) fact.doc = doc;
  if (head.decorators.length) fact.decorators = head.decorators;
  return fact;
}

function classFact(ctx: PyContext, def: Def, parent: SymbolFact | undefined): SymbolFact {
  const fact = baseFields(ctx, def, 'class', parent, headOf(ctx, def.node));
  const { bases, metaclass } = superclasses(ctx.source, def.bases);
  if (bases.length) fact.bases = bases;
  const abstractBase = bases.some((b) => b === 'ABC' || b === 'abc.ABC');
  if (abstractBase || metaclass === 'ABCMeta' || metaclass === 'abc.ABCMeta') fact.isAbstract = true;
  return fact;
}

function superclasses(source: string, list: Node | undefined): { bases: string[]; metaclass?: string } {
  const bases: string[] = [];
  let metaclass: string | undefined;
  for (const arg of list ? list.namedChildren : []) {
    if (!arg || arg.type === 'comment' || arg.type === 'list_splat' || arg.type === 'dictionary_splat') continue;
    if (arg.type === 'keyword_argument') {
      if (arg.childForFieldName('name')?.text === 'metaclass') metaclass = arg.childForFieldName('value')?.text;
    } else bases.push(nodeLine(source, arg));
  }
  return { bases, metaclass };
}

function isTestClass(fact: SymbolFact): boolean {
  if (fact.name.startsWith('Test')) return true;
  return (fact.bases ?? []).some((b) => b.replace(/\[.*$/, '').endsWith('TestCase'));
}

function functionFact(ctx: PyContext, def: Def, parent: SymbolFact | undefined, inTests: boolean, nested: boolean): SymbolFact {
  const head = headOf(ctx, def.node);
  // A def inside a function is a plain function, whatever its name: pytest collects only module and class level.
  const kind = nested ? 'function' : functionKind(def.name, parent, inTests);
  const fact = baseFields(ctx, def, kind, parent, head);
  fact.params = paramsOf(ctx.source, def.params);
  if (def.returns) fact.returnType = nodeLine(ctx.source, def.returns);
  if (ctx.source.startsWith('async', def.node.startIndex)) fact.isAsync = true;
  for (const d of head.decorators.map(decoratorName)) {
    if (d === 'staticmethod') fact.isStatic = true;
    else if (d === 'classmethod') fact.isClassMethod = true;
    else if (/(^|\.)abstract(method|property|classmethod|staticmethod)$/.test(d)) fact.isAbstract = true;
  }
  return fact;
}

function functionKind(name: string, parentClass: SymbolFact | undefined, inTests: boolean): SymbolKind {
  if (!parentClass) return name.startsWith('test_') ? 'test' : 'function';
  return inTests && name.startsWith('test') ? 'test' : 'method';
}

/** Parameters in order; `/` and `*` separators are not parameters. */
export function paramsOf(source: string, list: Node | undefined): ParamFact[] {
  const params: ParamFact[] = [];
  for (const p of list ? list.namedChildren : []) {
    const param = p ? paramOf(source, p) : undefined;
    if (param) params.push(param);
  }
  return params;
}

function paramOf(source: string, node: Node): ParamFact | undefined {
  switch (node.type) {
    case 'identifier':
      return { name: node.text };
    case 'list_splat_pattern':
    case 'dictionary_splat_pattern':
      return { name: node.firstNamedChild?.text ?? '', isRest: true };
    case 'typed_parameter': {
      const inner = node.firstNamedChild;
      if (!inner) return undefined;
      const param: ParamFact = paramOf(source, inner) ?? { name: inner.text };
      const type = node.childForFieldName('type');
      if (type) param.type = nodeLine(source, type);
      return param;
    }
    case 'default_parameter':
    case 'typed_default_parameter': {
      const param: ParamFact = { name: node.childForFieldName('name')?.text ?? '' };
      const type = node.childForFieldName('type');
      if (type) param.type = nodeLine(source, type);
      const value = node.childForFieldName('value');
      if (value) param.default = nodeLine(source, value, MAX_DEFAULT);
      return param;
    }
    default:
      return undefined;
  }
}

function addTypeAlias(ctx: PyContext, def: Def): void {
  const fact: SymbolFact = {
    kind: 'type',
    name: def.name,
    qualifiedName: def.name,
    line: lineOf(def.nameNode),
    startLine: lineOf(def.node),
    endLine: endLineOf(def.node),
    signature: nodeLine(ctx.source, def.node),
    exported: true,
  };
  register(ctx, fact, def.node.startIndex);
}
