/**
 * Python bindings
 * ===============
 * What assignments teach about names, captured by facts.scm: module variables and
 * constants, module bindings, function locals, class fields (`self.x = ...` included), `__all__`,
 * and the names each function binds (so references to them can be skipped).
 */
import type { Node } from 'web-tree-sitter';
import type { BindingFact, SymbolFact, SymbolKind } from './facts';
import { addName, bindingsOf, mergeBinding, type PyContext, type PyScope } from './python_context';
import { register } from './python_definitions';
import { endLineOf, firstDocLine, isDunder, lineOf, nodeLine, stringValue, valueChain } from './python_syntax';

export function collectBindings(ctx: PyContext): void {
  for (const b of ctx.m.bindings) {
    if (!b.name.text) continue;
    if (b.role === 'assign') onAssign(ctx, b.node, b.name);
    else if (b.role === 'member' && b.object) onMember(ctx, b.node, b.object, b.name);
    else if (b.role === 'with') onWith(ctx, b.name, b.value);
    else if (b.role === 'for') onFor(ctx, b.name, b.value);
    else if (b.role === 'pairs') onFor(ctx, b.name, b.value, b.items === true);
    else if (b.role === 'except') onExcept(ctx, b.name, b.value);
    else if (b.role === 'extend') extendAll(ctx, b.node, b.value);
  }
}

/** What a binding statement says about the name: its annotation and/or value chain. */
function bindingOf(ctx: PyContext, name: Node, type: Node | null, value: Node | null): BindingFact {
  const fact: BindingFact = { name: name.text, line: lineOf(name) };
  if (type) fact.type = nodeLine(ctx.source, type);
  else {
    const chain = valueChain(value);
    if (chain) fact.value = chain;
  }
  return fact;
}

/** `a = b = v`: every target is bound to the innermost value. */
function rightOf(assign: Node): Node | null {
  let right = assign.childForFieldName('right');
  for (let i = 0; right && right.type === 'assignment' && i < 1000; i++) right = right.childForFieldName('right');
  return right;
}

function onAssign(ctx: PyContext, assign: Node, name: Node): void {
  const scope = ctx.scopes.at(assign.startIndex);
  const type = assign.childForFieldName('type');
  const right = rightOf(assign);
  if (!scope) return onModuleAssign(ctx, assign, name, type, right);
  if (scope.kind === 'class') {
    if (scope.symbol) mergeBinding(bindingsOf(ctx.fields, scope.symbol), bindingOf(ctx, name, type, right));
    return;
  }
  if (!scope.owner) return;
  addName(ctx.bound, scope.owner, name.text);
  addLocal(ctx, scope.owner, bindingOf(ctx, name, type, right));
}

function addLocal(ctx: PyContext, owner: SymbolFact, fact: BindingFact): void {
  if (fact.type || fact.value) mergeBinding(bindingsOf(ctx.locals, owner), fact);
}

function onModuleAssign(ctx: PyContext, assign: Node, name: Node, type: Node | null, right: Node | null): void {
  const text = name.text;
  if (text === '__all__') return setAll(ctx, right);
  const fact = bindingOf(ctx, name, type, right);
  if (fact.type || fact.value) mergeBinding(ctx.bindings, fact);
  if (isDunder(text)) return;
  register(ctx, variableSymbol(ctx, assign, name, fact), assign.startIndex);
}

function variableKind(name: string, type: string | undefined): SymbolKind {
  if (type === 'TypeAlias' || type === 'typing.TypeAlias') return 'type';
  return /^_*[A-Z][A-Z0-9_]*$/.test(name) ? 'constant' : 'variable';
}

function variableSymbol(ctx: PyContext, assign: Node, name: Node, binding: BindingFact): SymbolFact {
  const fact: SymbolFact = {
    kind: variableKind(name.text, binding.type),
    name: name.text,
    qualifiedName: name.text,
    line: lineOf(name),
    startLine: lineOf(assign),
    endLine: endLineOf(assign),
    signature: nodeLine(ctx.source, assign),
    exported: true,
  };
  const doc = attributeDoc(ctx, assign);
  if (doc) fact.doc = doc;
  return fact;
}

/** PEP 257 attribute docstring: a string statement right after `x = ...`. */
function attributeDoc(ctx: PyContext, assign: Node): string | undefined {
  const literal = ctx.m.varDocs.get(assign.startIndex);
  return literal ? firstDocLine(ctx.source, literal) : undefined;
}

/** `self.x = v` / `self.x: T = v` in a method (or a function nested in one) → field `x` of the class. */
function onMember(ctx: PyContext, assign: Node, object: Node, name: Node): void {
  const scope = ctx.scopes.at(assign.startIndex);
  if (!scope || !scope.selfClass || object.text !== scope.selfName) return;
  const fact = bindingOf(ctx, name, assign.childForFieldName('type'), rightOf(assign));
  mergeBinding(bindingsOf(ctx.fields, scope.selfClass), fact);
}

/** `with expr as name`: the name is bound to the context expression's chain. */
function onWith(ctx: PyContext, name: Node, value: Node | undefined): void {
  const scope = ctx.scopes.at(name.startIndex);
  const fact = bindingOf(ctx, name, null, value ?? null);
  if (!scope) {
    if (fact.value) mergeBinding(ctx.bindings, fact);
  } else if (scope.kind === 'function' && scope.owner) {
    addLocal(ctx, scope.owner, fact);
  }
}

/**
 * `for x in xs`: x is bound to an element of xs, `["xs", "[]"]`; `for k, v in d.items()`: v to
 * `["d", "values()", "[]"]`; `for i, x in enumerate(xs)`: x to an element of xs.
 */
function onFor(ctx: PyContext, name: Node, iterable: Node | undefined, items = false): void {
  const chain = valueChain(iterable ?? null);
  if (!chain) return;
  const fact: BindingFact = { name: name.text, line: lineOf(name), value: items ? [...chain, 'values()', '[]'] : [...chain, '[]'] };
  const scope = ctx.scopes.at(name.startIndex);
  if (!scope) mergeBinding(ctx.bindings, fact);
  else if (scope.kind === 'function' && scope.owner) addLocal(ctx, scope.owner, fact);
}

/** `except (NotFound) as e`: e is typed by the class caught (a tuple of classes says nothing single). */
function onExcept(ctx: PyContext, name: Node, caught: Node | undefined): void {
  let cls = caught ?? null;
  while (cls && cls.type === 'parenthesized_expression') cls = cls.firstNamedChild;
  if (!cls || (cls.type !== 'identifier' && cls.type !== 'attribute')) return;
  const scope = ctx.scopes.at(name.startIndex);
  if (scope?.kind === 'function' && scope.owner) addLocal(ctx, scope.owner, { name: name.text, line: lineOf(name), type: cls.text });
}

/** The strings of a literal list/tuple of strings, or undefined if it is anything else. */
function literalStrings(node: Node | null | undefined): string[] | undefined {
  if (!node || (node.type !== 'list' && node.type !== 'tuple')) return undefined;
  const names: string[] = [];
  for (const item of node.namedChildren) {
    if (!item || item.type === 'comment') continue;
    const value = stringValue(item);
    if (value === undefined) return undefined;
    names.push(value);
  }
  return names;
}

function setAll(ctx: PyContext, right: Node | null): void {
  const names = literalStrings(right);
  if (names) ctx.all = names;
}

function extendAll(ctx: PyContext, statement: Node, value: Node | undefined): void {
  if (!ctx.all || ctx.scopes.at(statement.startIndex)) return;
  const names = literalStrings(value);
  if (names) ctx.all.push(...names);
}

/** Names bound by parameters, loops, `as` targets, unpacking... (facts.scm `@bound`), per function. */
export function collectBoundNames(ctx: PyContext): void {
  for (const node of ctx.m.bound) {
    const scope = ctx.scopes.at(node.startIndex);
    if (isFunctionOrModule(scope)) addName(ctx.bound, scope?.owner, node.text);
  }
  for (const node of ctx.m.globals) {
    const scope = ctx.scopes.at(node.startIndex);
    if (scope?.owner && scope.kind === 'function') addName(ctx.globals, scope.owner, node.text);
  }
}

function isFunctionOrModule(scope: PyScope | undefined): boolean {
  return !scope || (scope.kind === 'function' && scope.owner !== undefined);
}
