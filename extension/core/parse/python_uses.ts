/**
 * Python uses
 * ===========
 * Calls, returned values, names in type annotations and names used as values (captured by
 * facts.scm), each attributed to the innermost enclosing symbol.
 */
import type { Node } from 'web-tree-sitter';
import type { Chain } from './facts';
import { functionOwner, type PyContext, type PyScope } from './python_context';
import { dynamicImport, isDynamicImport } from './python_imports';
import { collectNarrowings, narrowed } from './python_narrowing';
import { chainOf, stringValue, valueChain } from './python_syntax';

const MAX_RETURNS = 3;
/** Nodes visited inside one annotation, so a pathological type cannot run away. */
const MAX_TYPE_NODES = 512;

/** Builtins nobody needs an edge to; dropped unless the module defines or imports the same name. */
const BUILTINS = new Set(
  (
    'str int float bool bytes bytearray complex object list dict set frozenset tuple type range slice memoryview ' +
    'len print repr isinstance issubclass getattr setattr hasattr delattr iter next map filter zip enumerate sorted ' +
    'reversed sum min max abs any all id hash open super property staticmethod classmethod callable vars dir ' +
    'Exception BaseException ValueError TypeError KeyError IndexError AttributeError RuntimeError NotImplemented ' +
    'NotImplementedError StopIteration OSError IOError ImportError Ellipsis __name__ __file__'
  ).split(' '),
);

export function collectCalls(ctx: PyContext): void {
  const narrowings = collectNarrowings(ctx);
  for (const callee of ctx.m.calls) {
    const { chain: written, row } = chainOf(callee);
    const chain = narrowed(ctx, narrowings, written, callee.startIndex);
    const caller = ctx.scopes.at(callee.startIndex)?.owner?.qualifiedName;
    ctx.calls.push(caller ? { caller, callee: chain, line: row + 1 } : { callee: chain, line: row + 1 });
    const imported = isDynamicImport(chain) ? dynamicImport(callee.parent, caller) : undefined;
    if (imported) ctx.imports.push(imported);
  }
}

/** `return X(...)` / `return name` chains of each function symbol (not of functions nested in it). */
export function collectReturns(ctx: PyContext): void {
  for (const node of ctx.m.returns) {
    const symbol = ctx.scopes.at(node.startIndex)?.symbol;
    if (!symbol || symbol.kind === 'class' || (symbol.returns?.length ?? 0) >= MAX_RETURNS) continue;
    const chain = valueChain(node);
    if (!chain || chain.length === 0) continue;
    const returns = (symbol.returns ??= []);
    const key = chain.join('.');
    if (!returns.some((r) => r.join('.') === key)) returns.push(chain);
  }
}

/** Every name in annotations (`Optional[Foo]`, `"Foo"`, `Foo | None`) as a type reference. */
export function collectTypeReferences(ctx: PyContext): void {
  for (const node of ctx.m.types) {
    const from = ctx.scopes.at(node.startIndex)?.owner?.qualifiedName;
    for (const { chain, row } of typeNames(node)) {
      if (!keepName(ctx, chain)) continue;
      ctx.references.push(from ? { from, chain, line: row + 1, isType: true } : { chain, line: row + 1, isType: true });
    }
  }
}

/** The names in an annotation, walked with an explicit stack; `Literal[...]` arguments are values, not names. */
function typeNames(type: Node): { chain: Chain; row: number }[] {
  const out: { chain: Chain; row: number }[] = [];
  const stack: Node[] = [type];
  for (let visits = 0; stack.length && visits < MAX_TYPE_NODES; visits++) {
    const node = stack.pop() as Node;
    switch (node.type) {
      case 'identifier':
      case 'attribute':
        out.push(chainOf(node));
        break;
      case 'string':
        out.push(...stringTypeNames(node));
        break;
      case 'generic_type':
      case 'subscript': {
        const head = node.firstNamedChild;
        if (head && /(^|\.)Literal$/.test(head.text)) {
          out.push(chainOf(head));
          break;
        }
        pushChildren(stack, node);
        break;
      }
      default:
        pushChildren(stack, node);
    }
  }
  return out;
}

function pushChildren(stack: Node[], node: Node): void {
  // Reversed so the stack pops them in source order.
  for (let i = node.namedChildCount - 1; i >= 0; i--) {
    const child = node.namedChild(i);
    if (child) stack.push(child);
  }
}

/** Dotted names inside a string annotation: `"Optional[mod.Foo]"` → Optional, mod.Foo. */
function stringTypeNames(node: Node): { chain: Chain; row: number }[] {
  const text = stringValue(node);
  if (!text) return [];
  const row = node.startPosition.row;
  const names = text.match(/[\p{L}_][\p{L}\p{N}_]*(?:\s*\.\s*[\p{L}_][\p{L}\p{N}_]*)*/gu) ?? [];
  return names.filter((n) => n !== 'None').map((n) => ({ chain: n.split('.').map((s) => s.trim()), row }));
}

/** Identifiers and member chains used as values without being called. */
export function collectValueReferences(ctx: PyContext): void {
  // A class's positional superclasses are its `bases`, not references.
  const skip = new Set(ctx.m.bases);
  for (const node of ctx.m.references) {
    if (skip.has(node.id)) continue;
    skip.add(node.id);
    const scope = ctx.scopes.at(node.startIndex);
    const { chain, row } = chainOf(node);
    if (!keepName(ctx, chain) || isLocal(ctx, chain[0]!, scope)) continue;
    const from = scope?.owner?.qualifiedName;
    ctx.references.push(from ? { from, chain, line: row + 1 } : { chain, line: row + 1 });
  }
}

/** Drops unknowable heads, bare `self`/`cls`, and builtins the module does not shadow. */
function keepName(ctx: PyContext, chain: Chain): boolean {
  const head = chain[0];
  if (!head || head === '?') return false;
  if (chain.length > 1) return true;
  if (head === 'self' || head === 'cls') return false;
  return !BUILTINS.has(head) || ctx.moduleNames.has(head);
}

/**
 * A name bound in this function or a function around it (the receiver excepted), or a
 * module-level loop/lambda variable. Class bodies do not enclose the functions inside them.
 */
function isLocal(ctx: PyContext, name: string, scope: PyScope | undefined): boolean {
  if (name === 'self' || name === 'cls' || name === scope?.selfName) return false;
  if (!scope) return (ctx.bound.get(undefined)?.has(name) ?? false) && !ctx.moduleNames.has(name);
  if (scope.kind !== 'function') return false;
  for (let s: PyScope | undefined = scope; s; s = s.parent) {
    const owner = functionOwner(s);
    if (!owner) continue;
    if (ctx.globals.get(owner)?.has(name)) return false;
    if (ctx.bound.get(owner)?.has(name)) return true;
  }
  return false;
}
