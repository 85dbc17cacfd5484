/**
 * Ruby fact extractor
 * ===================
 * A parsed Ruby file → facts. grammars/ruby/definitions.scm finds the file's definitions (at any
 * depth: Ruby nests classes in modules freely); one walk in source order then reads them with the
 * state Ruby's own reading has (the open namespace, `class << self`, `private`, `module_function`,
 * the locals assigned so far). How Ruby maps onto the shared schema:
 *  - class → `class` (superclass and `include`/`prepend`ed modules are `bases`, in that order);
 *    module → `class` too (a namespace and a mixin: the signature says `module`); `extend M` /
 *    `extend self` → `singletonBases`. Qualified names join the namespace with dots:
 *    `module A; class B::C` → `A.B.C`. A class reopened in the same file is one symbol (its
 *    first opening); reopened in another file it is that file's symbol of the same qualified
 *    name, and the resolver reads all of them as one class (ids stay unique per file).
 *  - `def m` → `method` `C.m` (`function` at the top level), `def self.m` and the defs of
 *    `class << self` → a singleton method, `isStatic`, qualified `C.m` too unless the class also
 *    has an instance method `m`: then the singleton one is `C.self.m`. After a bare
 *    `module_function` a def is both (`isStatic` and `isClassMethod`). `initialize` keeps its name.
 *  - `attr_reader/attr_writer/attr_accessor :x` → methods `C.x` / `C.x=` (signature `attr_…`).
 *  - `require 'a/b'` → import `a/b`; `require_relative 'b'` → import `./b`; `autoload :X, 'a/x'` → import `a/x`.
 *  - calls: `recv.m(…)` → callee [...chain(recv), m] with constants written `A::B`, `self`, `@ivar`,
 *    locals by name and method results as `m()`; a bare name that is not a local, or `m(…)`, is an
 *    implicit-self call [m]; `super` → [super]. Locals `x = expr` and fields `@x = expr` are bindings.
 *  - tests: RSpec `describe`/`context` blocks and their `it`/`specify`/`example` blocks (`A > b`),
 *    Minitest `def test_*` and ActiveSupport `test "b c"` (named `test_b_c`) in a class.
 */
import type { Node } from 'web-tree-sitter';
import type { BindingFact, CallFact, Chain, ExtractedFacts, ExtractorInput, ImportFact, ParamFact, ReferenceFact, SymbolFact } from './facts';
import { isTestPath } from './languages';
import { argsOf, constParts, constText, docAbove, lineOf, literalText, signatureOf } from './ruby_syntax';

const RSPEC_GROUPS = new Set(['describe', 'context', 'feature', 'shared_examples', 'shared_examples_for', 'shared_context', 'example_group']);
const RSPEC_EXAMPLES = new Set(['it', 'specify', 'example', 'scenario', 'its']);
const ATTRS: Record<string, ('r' | 'w')[]> = { attr_reader: ['r'], attr_writer: ['w'], attr_accessor: ['r', 'w'], attr: ['r'] };
const VISIBILITY = new Set(['private', 'protected', 'public']);
/** Forwardable's and ActiveSupport's delegators: declarations of methods that forward (`single_*`: singleton ones). */
const DELEGATORS = new Set(['def_delegators', 'def_delegator', 'def_instance_delegators', 'def_instance_delegator', 'delegate', 'instance_delegate', 'def_single_delegators', 'def_single_delegator', 'single_delegate']);
/** Calls that are Ruby's declarations, read as such and never call facts. */
const DECLARATIONS = new Set(['require', 'require_relative', 'autoload', 'include', 'extend', 'prepend', 'alias_method', ...Object.keys(ATTRS), ...VISIBILITY, ...DELEGATORS, 'module_function', 'private_class_method', 'public_class_method']);
/** Internal marker of singleton methods' qualified names until the file is read (see `finish`). */
const SELF = '.self.';

/** The state of a class or module body being read. */
interface BodyState {
  qn: string;
  private: boolean;
  moduleFunction: boolean;
}

interface Scope {
  /** The class or module whose body this is (or that the method is in). */
  body?: BodyState;
  /** The innermost named definition: calls are its calls. */
  caller?: string;
  /** Self is the class: its body, `class << self`, a singleton method. */
  singleton: boolean;
  /** Directly in `class << self … end`: a def there is a singleton method. */
  eigen?: boolean;
  /** Locals assigned so far in the enclosing def/block (Ruby's parse-time rule for bare names). */
  locals?: Set<string>;
  /** The def or test whose locals get the bindings. */
  owner?: SymbolFact;
  /** The enclosing RSpec group, for `it` blocks. */
  group?: string;
}

interface RubyContext {
  source: string;
  /** A spec or test file (languages.ts isTestPath): RSpec groups count only there or as `RSpec.describe`. */
  testFile: boolean;
  symbols: SymbolFact[];
  byQn: Map<string, SymbolFact>;
  imports: ImportFact[];
  calls: CallFact[];
  references: ReferenceFact[];
  bindings: BindingFact[];
}

export function extractRuby(input: ExtractorInput): ExtractedFacts {
  const root = input.tree.rootNode;
  const ctx: RubyContext = { source: input.source, testFile: isTestPath(input.path), symbols: [], byQn: new Map(), imports: [], calls: [], references: [], bindings: [] };
  try {
    // The query names the definitions the walk reads; a file without any is still walked for its calls and requires.
    const query = input.grammar.queries.get('definitions');
    const definitions = new Set((query ? query.captures(root) : []).map((c) => c.node.id));
    walk(ctx, root, { singleton: false, locals: new Set() }, definitions);
  } catch {
    // Never fail a file: whatever was collected before an unexpected error is still worth indexing.
  }
  finish(ctx);
  const facts: ExtractedFacts = { symbols: ctx.symbols, imports: ctx.imports, exports: [], calls: ctx.calls, references: ctx.references, bindings: ctx.bindings };
  const first = root.namedChildren[0];
  if (first?.type === 'comment') {
    const doc = docAbove(root.namedChildren.find((c) => c.type !== 'comment') ?? first) ?? first.text.replace(/^#+/, '').trim();
    if (doc && !doc.startsWith('frozen_string_literal')) facts.doc = doc.slice(0, 200);
  }
  return facts;
}

/** Singleton methods keep `C.m` unless an instance method `C.m` exists: then they are `C.self.m`. */
function finish(ctx: RubyContext): void {
  const rename = new Map<string, string>();
  for (const s of ctx.symbols) {
    if (!s.qualifiedName.includes(SELF)) continue;
    const plain = s.qualifiedName.replace(SELF, '.');
    if (!ctx.byQn.has(plain)) rename.set(s.qualifiedName, plain);
  }
  if (!rename.size) return;
  const to = (qn: string | undefined): string | undefined => (qn === undefined ? undefined : (rename.get(qn) ?? qn));
  for (const s of ctx.symbols) {
    s.qualifiedName = to(s.qualifiedName)!;
    if (s.parent !== undefined) s.parent = to(s.parent);
  }
  for (const c of ctx.calls) if (c.caller !== undefined) c.caller = to(c.caller);
  for (const r of ctx.references) if (r.from !== undefined) r.from = to(r.from);
}

function add(ctx: RubyContext, s: SymbolFact): SymbolFact {
  const known = ctx.byQn.get(s.qualifiedName);
  if (known) return known; // a reopened class, a method defined twice: the first one is the symbol
  ctx.byQn.set(s.qualifiedName, s);
  ctx.symbols.push(s);
  return s;
}

function symbol(ctx: RubyContext, node: Node, kind: SymbolFact['kind'], name: string, qualifiedName: string, nameNode: Node, parent?: string): SymbolFact {
  const s: SymbolFact = {
    kind,
    name,
    qualifiedName,
    line: lineOf(nameNode),
    startLine: lineOf(node),
    endLine: node.endPosition.row + 1,
    signature: signatureOf(node, ctx.source),
    exported: true,
  };
  if (parent !== undefined) s.parent = parent;
  const doc = docAbove(node);
  if (doc) s.doc = doc;
  return s;
}

// ---- the walk ---------------------------------------------------------------------------------

function walk(ctx: RubyContext, node: Node, scope: Scope, defs: Set<number>): void {
  switch (node.type) {
    case 'class':
    case 'module':
      if (defs.has(node.id)) return classOrModule(ctx, node, scope, defs);
      break;
    case 'singleton_class':
      if (node.childForFieldName('value')?.type === 'self') return walkChildren(ctx, node.childForFieldName('body'), { ...scope, singleton: true, eigen: true }, defs);
      break;
    case 'method':
    case 'singleton_method':
      if (defs.has(node.id)) return method(ctx, node, scope, defs);
      break;
    case 'call':
      return call(ctx, node, scope, defs);
    case 'identifier':
      if (scope.body && !scope.owner && (node.text === 'module_function' || VISIBILITY.has(node.text)) && node.parent?.type === 'body_statement') {
        if (node.text === 'module_function') scope.body.moduleFunction = true;
        else scope.body.private = node.text !== 'public';
        return;
      }
      if (!scope.locals?.has(node.text)) ctx.calls.push(callFact(scope, [node.text], node));
      return;
    case 'super':
      ctx.calls.push(callFact(scope, ['super'], node));
      return;
    case 'assignment':
    case 'operator_assignment':
      return assignment(ctx, node, scope, defs);
    case 'block':
    case 'do_block':
      return block(ctx, node, scope, defs);
    case 'constant':
    case 'scope_resolution': {
      const text = constText(node);
      if (text !== undefined) {
        ctx.references.push({ ...(scope.caller !== undefined ? { from: scope.caller } : {}), chain: [text], line: lineOf(node) });
        return;
      }
      break;
    }
    case 'method_parameters':
    case 'block_parameters':
    case 'lambda_parameters':
      return parameters(ctx, node, scope, defs);
    case 'exception_variable':
    case 'left_assignment_list':
    case 'destructured_left_assignment':
    case 'rest_assignment':
      for (const c of node.namedChildren) {
        if (c.type === 'identifier') scope.locals?.add(c.text);
        else if (c.type !== 'call') walk(ctx, c, scope, defs);
      }
      return;
    case 'for': {
      for (const id of node.childForFieldName('pattern')?.descendantsOfType('identifier') ?? []) if (id) scope.locals?.add(id.text);
      const p = node.childForFieldName('pattern');
      if (p?.type === 'identifier') scope.locals?.add(p.text);
      walkChildren(ctx, node.childForFieldName('value'), scope, defs);
      walkChildren(ctx, node.childForFieldName('body'), scope, defs);
      return;
    }
    case 'alias': {
      const aliasName = node.childForFieldName('name');
      if (scope.body && !scope.owner && aliasName && /^[\w]+[?!=]?$|^[^\w\s]+$/.test(aliasName.text)) {
        const s = symbol(ctx, node, 'method', aliasName.text, `${scope.body.qn}${scope.eigen ? SELF : '.'}${aliasName.text}`, aliasName, scope.body.qn);
        if (scope.eigen) s.isStatic = true;
        add(ctx, s);
      }
      return;
    }
    case 'hash_key_symbol':
    case 'simple_symbol':
    case 'comment':
    case 'string_content':
      return;
    case 'pair': {
      // `k: v`: the key is a symbol, `k:` alone (shorthand) reads the local or method k.
      const key = node.childForFieldName('key');
      const value = node.childForFieldName('value');
      if (value) walk(ctx, value, scope, defs);
      else if (key) walk(ctx, key, scope, defs);
      return;
    }
  }
  walkChildren(ctx, node, scope, defs);
}

function walkChildren(ctx: RubyContext, node: Node | null, scope: Scope, defs: Set<number>): void {
  if (!node) return;
  for (const c of node.namedChildren) walk(ctx, c, scope, defs);
}

function callFact(scope: Scope, callee: Chain, node: Node): CallFact {
  return { ...(scope.caller !== undefined ? { caller: scope.caller } : {}), callee, line: lineOf(node) };
}

// ---- classes and modules -------------------------------------------------------------------------

function classOrModule(ctx: RubyContext, node: Node, scope: Scope, defs: Set<number>): void {
  const nameNode = node.childForFieldName('name');
  const text = constText(nameNode);
  if (!nameNode || text === undefined) return walkChildren(ctx, node.childForFieldName('body'), scope, defs);
  const parts = constParts(text);
  const outer = text.startsWith('::') || !scope.body ? undefined : scope.body.qn;
  const qn = [...(outer !== undefined ? [outer] : []), ...parts].join('.');
  const parent = outer !== undefined && parts.length === 1 ? outer : undefined;
  const s = add(ctx, symbol(ctx, node, 'class', parts[parts.length - 1]!, qn, nameNode, parent));
  const superclass = node.childForFieldName('superclass');
  const superText = constText(superclass?.namedChildren[0]);
  if (superText !== undefined && !(s.bases ?? []).includes(superText)) (s.bases ??= []).unshift(superText);
  else if (superclass) walkChildren(ctx, superclass, { ...scope, caller: qn }, defs); // `class A < Struct.new(:x)`
  const body: BodyState = { qn, private: false, moduleFunction: false };
  // A class body runs once, with self the class: its calls (DSLs, `include`) are the class's.
  walkChildren(ctx, node.childForFieldName('body'), { body, caller: qn, singleton: true, locals: new Set(), owner: undefined }, defs);
}

// ---- methods --------------------------------------------------------------------------------------

function method(ctx: RubyContext, node: Node, scope: Scope, defs: Set<number>): void {
  const nameNode = node.childForFieldName('name');
  if (!nameNode) return;
  const name = nameNode.text;
  const object = node.type === 'singleton_method' ? node.childForFieldName('object') : null;
  const objectConst = constText(object);
  let owner = scope.body?.qn;
  // `def Const.m` defines a singleton method of that constant (resolved in the open namespace).
  if (objectConst !== undefined) owner = [...(owner !== undefined && !objectConst.startsWith('::') ? [owner] : []), ...constParts(objectConst)].join('.');
  const singleton = node.type === 'singleton_method' || (scope.eigen === true && scope.owner === undefined);
  const both = !singleton && scope.body?.moduleFunction === true;
  const testMethod = !singleton && owner !== undefined && /^test_/.test(name) && (ctx.testFile || (ctx.byQn.get(owner)?.bases ?? []).some((b) => /Test(Case)?$/.test(b)));
  const kind: SymbolFact['kind'] = testMethod ? 'test' : owner === undefined ? 'function' : 'method';
  // A def in an RSpec group is a helper of the group (`Group > case.helper`).
  const within = owner ?? scope.group;
  const qn = within === undefined ? name : `${within}${singleton && owner !== undefined ? SELF : '.'}${name}`;
  const parent = within !== undefined && ctx.byQn.has(within) ? within : undefined;
  const s = symbol(ctx, node, kind, name, qn, nameNode, parent);
  if (singleton || both) s.isStatic = true;
  if (both) s.isClassMethod = true;
  if (scope.body?.private && !singleton) s.exported = false;
  if (node.parent?.type === 'argument_list' && node.parent.parent?.type === 'call') {
    const vis = node.parent.parent.childForFieldName('method')?.text;
    if (vis === 'private' || vis === 'protected') s.exported = false;
  }
  s.params = params(node.childForFieldName('parameters'));
  const added = add(ctx, s);
  if (added !== s) return; // redefined: the first definition is the symbol, its body is the one read
  const locals = new Set(s.params.map((p) => p.name));
  const inner: Scope = { ...(scope.body ? { body: scope.body } : {}), caller: qn, singleton, locals, owner: s };
  const paramsNode = node.childForFieldName('parameters');
  if (paramsNode) parameters(ctx, paramsNode, inner, defs);
  walkChildren(ctx, node.childForFieldName('body'), inner, defs);
  const returns = returnChains(node, inner);
  if (returns.length) s.returns = returns;
  // An endless def (`def m = expr`) keeps its value in a field of its own.
  if (!node.childForFieldName('body')) for (const c of node.namedChildren) if (c.id !== nameNode.id && c.id !== paramsNode?.id && c.id !== object?.id) walk(ctx, c, inner, defs);
}

function params(list: Node | null): ParamFact[] {
  const out: ParamFact[] = [];
  for (const p of list?.namedChildren ?? []) {
    if (p.type === 'identifier') out.push({ name: p.text });
    else {
      const name = p.childForFieldName('name')?.text;
      if (name === undefined) continue;
      const param: ParamFact = { name };
      const value = p.childForFieldName('value');
      if (value) param.default = value.text.slice(0, 80);
      if (p.type === 'splat_parameter' || p.type === 'hash_splat_parameter') param.isRest = true;
      out.push(param);
    }
  }
  return out;
}

/**
 * What a def returns, as chains (facts.ts `returns`): its last expression and its `return x`
 * statements (nested defs and blocks left out), when they are chains (`Foo.new`, `self`, a local); at most 3.
 */
function returnChains(def: Node, scope: Scope): Chain[] {
  const out: Chain[] = [];
  const push = (n: Node | null | undefined): void => {
    if (!n || out.length >= 3) return;
    const chain = chainOf(n, scope);
    if (!chain.includes('?') && !out.some((c) => c.join(' ') === chain.join(' '))) out.push(chain);
  };
  const body = def.childForFieldName('body');
  const statements = (body?.namedChildren ?? []).filter((c) => c.type !== 'comment' && c.type !== 'rescue' && c.type !== 'ensure' && c.type !== 'else');
  push(statements[statements.length - 1]);
  const visit = (n: Node): void => {
    for (const c of n.namedChildren) {
      if (c.type === 'method' || c.type === 'singleton_method' || c.type === 'class' || c.type === 'module' || c.type === 'block' || c.type === 'do_block' || c.type === 'lambda') continue;
      if (c.type === 'return') push(c.namedChildren[0]?.type === 'argument_list' ? c.namedChildren[0].namedChildren[0] : c.namedChildren[0]);
      else visit(c);
    }
  };
  if (body) visit(body);
  return out;
}

/** Parameters become locals; their default values are code of the definition. */
function parameters(ctx: RubyContext, list: Node, scope: Scope, defs: Set<number>): void {
  for (const p of list.namedChildren) {
    if (p.type === 'identifier') scope.locals?.add(p.text);
    else {
      const value = p.childForFieldName('value');
      if (value) walk(ctx, value, scope, defs);
      const name = p.childForFieldName('name');
      if (name) scope.locals?.add(name.text);
      for (const id of p.type === 'destructured_parameter' ? p.descendantsOfType('identifier') : []) if (id) scope.locals?.add(id.text);
    }
  }
}

// ---- assignments ----------------------------------------------------------------------------------

function assignment(ctx: RubyContext, node: Node, scope: Scope, defs: Set<number>): void {
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  if (right) walk(ctx, right, scope, defs);
  if (!left) return;
  const value = right ? chainOf(right, scope) : undefined;
  const binding = (name: string): BindingFact => ({ name, ...(value && !value.includes('?') ? { value } : {}), line: lineOf(node) });
  if (left.type === 'identifier') {
    scope.locals?.add(left.text);
    const b = binding(left.text);
    if (b.value) (scope.owner ? (scope.owner.locals ??= []) : scope.body ? undefined : ctx.bindings)?.push(b);
  } else if (left.type === 'instance_variable') {
    const cls = scope.body && scope.owner && !scope.singleton ? ctx.byQn.get(scope.body.qn) : undefined;
    const b = binding(left.text);
    if (cls && b.value) (cls.fields ??= []).push(b);
  } else if (left.type === 'constant' && !scope.owner) {
    // `X = Foo.new` in a namespace: a constant of it, typed by its value.
    const name = left.text;
    const qn = scope.body ? `${scope.body.qn}.${name}` : name;
    add(ctx, symbol(ctx, node, 'constant', name, qn, left, scope.body?.qn));
  } else if (left.type === 'call' || left.type === 'left_assignment_list') {
    for (const target of left.type === 'call' ? [left] : left.descendantsOfType('call')) if (target) setter(ctx, target, scope, defs, node.type === 'operator_assignment');
    if (left.type === 'left_assignment_list') walk(ctx, left, scope, defs);
  } else walk(ctx, left, scope, defs);
}

/** `recv.x = v` calls `x=` on recv (`recv.x ||= v` reads `x` first). */
function setter(ctx: RubyContext, target: Node, scope: Scope, defs: Set<number>, reads: boolean): void {
  const receiver = target.childForFieldName('receiver');
  const method = target.childForFieldName('method');
  if (!receiver || method?.type !== 'identifier') return walk(ctx, target, scope, defs);
  walk(ctx, receiver, scope, defs);
  const chain = chainOf(receiver, scope);
  if (reads) ctx.calls.push(callFact(scope, [...chain, method.text], method));
  ctx.calls.push(callFact(scope, [...chain, `${method.text}=`], method));
}

/**
 * The access chain of a receiver (facts.ts `Chain`): constants as written (`A::B`), `self`,
 * `@ivar`, a local by name, a call's result as `m()` (`Foo.new` → [Foo, new()]); anything else `?`.
 */
function chainOf(n: Node, scope: Scope): Chain {
  switch (n.type) {
    case 'self':
      return ['self'];
    case 'constant':
    case 'scope_resolution':
      return [constText(n) ?? '?'];
    case 'identifier':
      return [scope.locals?.has(n.text) ? n.text : `${n.text}()`];
    case 'instance_variable':
      return [n.text];
    case 'parenthesized_statements':
      return n.namedChildCount === 1 ? chainOf(n.namedChildren[0]!, scope) : ['?'];
    case 'call': {
      const method = n.childForFieldName('method');
      if (!method || method.type !== 'identifier') return ['?'];
      const receiver = n.childForFieldName('receiver');
      return [...(receiver ? chainOf(receiver, scope) : []), `${method.text}()`];
    }
    default:
      return ['?'];
  }
}

// ---- calls ----------------------------------------------------------------------------------------

function call(ctx: RubyContext, node: Node, scope: Scope, defs: Set<number>): void {
  const receiver = node.childForFieldName('receiver');
  const methodNode = node.childForFieldName('method');
  const blockNode = node.childForFieldName('block');
  const name = methodNode?.type === 'identifier' || methodNode?.type === 'constant' ? methodNode.text : undefined;
  if (methodNode?.type === 'super') {
    ctx.calls.push(callFact(scope, ['super'], node));
    walkChildren(ctx, node.childForFieldName('arguments'), scope, defs);
    if (blockNode) walk(ctx, blockNode, scope, defs);
    return;
  }
  if (name !== undefined && (!receiver || (receiver.type === 'constant' && receiver.text === 'RSpec'))) {
    if (!receiver && declaration(ctx, node, name, scope, defs)) return;
    if (blockNode && testBlock(ctx, node, name, blockNode, scope, defs)) return;
  }
  if (receiver) walk(ctx, receiver, scope, defs);
  if (name !== undefined) {
    const callee = receiver ? [...chainOf(receiver, scope), name] : [name];
    if (!callee.includes('?') || callee.length > 1) ctx.calls.push(callFact(scope, callee, methodNode ?? node));
  }
  walkChildren(ctx, node.childForFieldName('arguments'), scope, defs);
  if (blockNode) walk(ctx, blockNode, scope, defs);
}

/** `require`, `include`, `attr_reader` … : read as declarations. False when it is not one. */
function declaration(ctx: RubyContext, node: Node, name: string, scope: Scope, defs: Set<number>): boolean {
  if (!DECLARATIONS.has(name)) return false;
  const args = argsOf(node);
  const line = lineOf(node);
  const importOf = (module: string): void => {
    ctx.imports.push({ module, line, names: [], ...(scope.owner ? { scope: scope.owner.qualifiedName, dynamic: true } : {}) });
  };
  if (name === 'require' || name === 'require_relative') {
    const path = literalText(args[0]);
    if (path === undefined) return false;
    importOf(name === 'require_relative' && !path.startsWith('.') && !path.startsWith('/') ? `./${path}` : path);
    return true;
  }
  if (name === 'autoload') {
    const path = literalText(args[1]);
    if (path === undefined) return false;
    importOf(path);
    return true;
  }
  const cls = scope.body && !scope.owner ? ctx.byQn.get(scope.body.qn) : undefined;
  if (name === 'include' || name === 'prepend' || name === 'extend') {
    if (!cls) return false;
    for (const a of args) {
      const text = a.type === 'self' ? 'self' : constText(a);
      if (text === undefined) continue;
      const list = name === 'extend' ? (cls.singletonBases ??= []) : (cls.bases ??= []);
      if (!list.includes(text)) list.push(text);
      if (text !== 'self') ctx.references.push({ from: cls.qualifiedName, chain: [text], line: lineOf(a), isType: true });
    }
    return true;
  }
  if (DELEGATORS.has(name) || name === 'alias_method') {
    if (!cls || !scope.body) return false;
    const singleton = name.includes('single') || scope.eigen === true;
    for (const { text, node: at } of declaredNames(node, name)) {
      const s = symbol(ctx, node, 'method', text, `${scope.body.qn}${singleton ? SELF : '.'}${text}`, at, scope.body.qn);
      s.signature = node.text.replace(/\s+/g, ' ').slice(0, 200);
      if (singleton) s.isStatic = true;
      if (scope.body.private) s.exported = false;
      add(ctx, s);
    }
    return true;
  }
  if (name in ATTRS) {
    if (!cls || !scope.body) return false;
    for (const a of args) {
      const attr = literalText(a);
      if (attr === undefined || !/^\w+$/.test(attr)) continue;
      for (const mode of ATTRS[name]!) {
        const n = mode === 'w' ? `${attr}=` : attr;
        const s = symbol(ctx, node, 'method', n, `${scope.body.qn}${scope.eigen ? SELF : '.'}${n}`, a, scope.body.qn);
        s.signature = `${name} :${attr}`;
        if (scope.body.private) s.exported = false;
        add(ctx, s);
      }
    }
    return true;
  }
  if (VISIBILITY.has(name) || name === 'module_function' || name === 'private_class_method' || name === 'public_class_method') {
    // `private def x … end` / `private :a, :b`: a def inside is still a def.
    if (args.length === 0 && scope.body && !scope.owner) {
      if (name === 'module_function') scope.body.moduleFunction = true;
      else if (VISIBILITY.has(name)) scope.body.private = name !== 'public';
    }
    for (const a of args) {
      if (a.type === 'method' || a.type === 'singleton_method') walk(ctx, a, scope, defs);
      else if (a.type === 'simple_symbol' && name !== 'module_function' && scope.body) {
        const s = ctx.byQn.get(`${scope.body.qn}.${a.text.slice(1)}`);
        if (s && (name === 'private' || name === 'protected')) s.exported = false;
      }
    }
    return true;
  }
  return false;
}

/** The method names a delegator or `alias_method` call declares, with the node naming each. */
function declaredNames(call: Node, name: string): { text: string; node: Node }[] {
  const all = call.childForFieldName('arguments')?.namedChildren ?? [];
  const positional = argsOf(call);
  const named = (n: Node | undefined): { text: string; node: Node }[] => {
    if (!n) return [];
    if (n.type === 'array' || n.type === 'symbol_array') return n.namedChildren.flatMap((c) => named(c));
    const text = n.type === 'hash_key_symbol' || n.type === 'bare_symbol' ? n.text : literalText(n);
    return text !== undefined && /^[\w]+[?!=]?$|^[^\w\s]+$/.test(text) ? [{ text, node: n }] : [];
  };
  if (name === 'alias_method') return named(positional[0]);
  if (name === 'def_delegator' || name === 'def_instance_delegator' || name === 'def_single_delegator') return named(positional[2] ?? positional[1]);
  if (name.startsWith('def_')) return positional.slice(1).flatMap((a) => named(a));
  // `delegate :a, :b, to: :c` (ActiveSupport) or `delegate [:a, :b] => :c, d: :e` (Forwardable).
  const keys = all.filter((a) => a.type === 'pair' && a.childForFieldName('key')?.text.replace(/:$/, '') !== 'to').flatMap((p) => named(p.childForFieldName('key') ?? undefined));
  const hashKeys = all.filter((a) => a.type === 'hash').flatMap((h) => h.namedChildren.filter((p) => p.type === 'pair').flatMap((p) => named(p.childForFieldName('key') ?? undefined)));
  return [...positional.flatMap((a) => named(a)), ...keys, ...hashKeys];
}

/** RSpec groups and examples, ActiveSupport's `test "…"`: a test symbol whose block is its body. */
function testBlock(ctx: RubyContext, node: Node, name: string, blockNode: Node, scope: Scope, defs: Set<number>): boolean {
  const args = argsOf(node);
  const first = args[0];
  const label = first ? (literalText(first) ?? constText(first) ?? first.text.replace(/\s+/g, ' ').slice(0, 80)) : undefined;
  let qn: string;
  let testName: string;
  let parent: string | undefined;
  if (RSPEC_GROUPS.has(name) && (scope.group !== undefined || (!scope.owner && (ctx.testFile || node.childForFieldName('receiver') !== null)))) {
    testName = label ?? name;
    qn = scope.group !== undefined ? `${scope.group} > ${testName}` : testName;
    parent = scope.group;
  } else if (RSPEC_EXAMPLES.has(name) && scope.group !== undefined) {
    testName = label ?? name;
    qn = `${scope.group} > ${testName}`;
    parent = scope.group;
  } else if (name === 'test' && label !== undefined && first?.type === 'string' && scope.body && !scope.owner) {
    testName = `test_${label.trim().replace(/\s+/g, '_')}`;
    qn = `${scope.body.qn}.${testName}`;
    parent = scope.body.qn;
  } else return false;
  const s = add(ctx, symbol(ctx, node, 'test', testName, qn, first ?? node, parent));
  // The described constant is a reference of the group.
  for (const a of args) {
    const text = constText(a);
    if (text !== undefined) ctx.references.push({ from: s.qualifiedName, chain: [text], line: lineOf(a) });
  }
  const group = RSPEC_GROUPS.has(name) || RSPEC_EXAMPLES.has(name) ? qn : scope.group;
  const inner: Scope = { ...(scope.body ? { body: scope.body } : {}), caller: qn, singleton: false, locals: new Set(scope.locals), owner: s, ...(group !== undefined ? { group } : {}) };
  const params = blockNode.childForFieldName('parameters');
  if (params) parameters(ctx, params, inner, defs);
  walkChildren(ctx, blockNode.childForFieldName('body'), inner, defs);
  return true;
}

/** A block sees the locals around it; the names it assigns stay its own. */
function block(ctx: RubyContext, node: Node, scope: Scope, defs: Set<number>): void {
  const inner: Scope = { ...scope, locals: new Set(scope.locals) };
  const params = node.childForFieldName('parameters');
  if (params) parameters(ctx, params, inner, defs);
  walkChildren(ctx, node.childForFieldName('body'), inner, defs);
}
