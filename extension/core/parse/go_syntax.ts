/**
 * Go syntax helpers
 * =================
 * Small readers over tree-sitter-go nodes shared by the Go extractor's phases: lines, names,
 * doc comments, one-line signatures and access chains (facts.ts `Chain`) of expressions.
 */
import type { Node } from 'web-tree-sitter';
import type { Chain } from './facts';

export const lineOf = (n: Node): number => n.startPosition.row + 1;

/** Go exports what starts with an upper-case letter. */
export const isExportedName = (name: string): boolean => /^\p{Lu}/u.test(name);

/** A type as written, on one line. */
export const typeText = (n: Node): string => n.text.replace(/\s+/g, ' ').trim();

/** The usual package name of an import path: its last element, without a `go-` prefix or a `.v3`/`/v2` version. */
export function guessPackageName(importPath: string): string {
  const parts = importPath.split('/');
  let last = parts[parts.length - 1] ?? importPath;
  if (/^v\d+$/.test(last) && parts.length > 1) last = parts[parts.length - 2]!;
  return last.replace(/\.v\d+$/, '').replace(/^go-/, '').replace(/-go$/, '').replace(/[^\w]/g, '_');
}

/** Predeclared type names: never a reference to a declaration of the workspace. */
export const BUILTIN_TYPES = new Set(
  'bool byte complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string uint uint8 uint16 uint32 uint64 uintptr any comparable'.split(' '),
);

/** The first line of the comment block directly above a declaration (`// Server serves HTTP.`). */
export function docAbove(node: Node): string | undefined {
  const lines: string[] = [];
  let expected = node.startPosition.row - 1;
  for (let c = node.previousSibling; c && c.type === 'comment' && c.endPosition.row === expected; c = c.previousSibling) {
    lines.unshift(c.text);
    expected = c.startPosition.row - 1;
  }
  for (const block of lines) {
    for (const raw of block.split('\n')) {
      const text = raw.replace(/^\s*(\/\/+|\/\*+|\*+\/?)/, '').replace(/\*\/\s*$/, '').trim();
      if (text && !text.startsWith('go:') && !text.startsWith('+build')) return text.slice(0, 200);
    }
  }
  return undefined;
}

/** The head of a declaration on one line, its body left out. */
export function signatureOf(node: Node, source: string): string {
  const body = node.childForFieldName('body');
  const end = body ? body.startIndex : node.endIndex;
  return source.slice(node.startIndex, end).replace(/\s+/g, ' ').trim().slice(0, 200);
}

/**
 * The access chain of an expression (facts.ts): `s.db.Query` → [s, db, Query], `NewX().Run` →
 * [NewX(), Run]; a composite literal, type assertion, `new(T)` or conversion is an instance of
 * its type, written `:T` (`&Foo{}` → [:Foo], `x.(*pkg.T)` → [:*pkg.T]); indexing and channel
 * receives are an element (`[]`). Anything else is `?`.
 */
export function chainOf(n: Node | null, depth = 0): Chain {
  if (!n || depth > 64) return ['?'];
  switch (n.type) {
    case 'identifier':
    case 'field_identifier':
    case 'package_identifier':
    case 'type_identifier':
      return [n.text];
    case 'selector_expression': {
      const field = n.childForFieldName('field');
      return [...chainOf(n.childForFieldName('operand'), depth + 1), field ? field.text : '?'];
    }
    case 'call_expression': {
      const fn = n.childForFieldName('function');
      const args = n.childForFieldName('arguments');
      if (fn?.type === 'identifier' && (fn.text === 'new' || fn.text === 'make')) {
        const t = args?.namedChildren[0];
        return t ? [`:${typeText(t)}`] : ['?'];
      }
      const callee = calleeChain(fn, depth + 1);
      if (!callee) return ['?'];
      return [...callee.slice(0, -1), `${callee[callee.length - 1]!}()`];
    }
    case 'type_assertion_expression':
    case 'composite_literal': {
      const t = n.childForFieldName('type');
      return t ? [`:${typeText(t)}`] : ['?'];
    }
    case 'type_conversion_expression': {
      const t = n.childForFieldName('type');
      // `F[int](x)` parses as a conversion to a generic type: it may as well be a generic function's call.
      if (t?.type === 'generic_type') {
        const named = chainOf(t.childForFieldName('type'), depth + 1);
        return [...named.slice(0, -1), `${named[named.length - 1]!}()`];
      }
      return t ? [`:${typeText(t)}`] : ['?'];
    }
    case 'unary_expression': {
      const op = n.childForFieldName('operator')?.text;
      const operand = chainOf(n.childForFieldName('operand'), depth + 1);
      if (op === '&' || op === '*') return operand;
      if (op === '<-') return [...operand, '[]'];
      return ['?'];
    }
    case 'parenthesized_expression':
      return chainOf(n.namedChildren[0] ?? null, depth + 1);
    case 'index_expression':
      return [...chainOf(n.childForFieldName('operand'), depth + 1), '[]'];
    case 'slice_expression':
      return chainOf(n.childForFieldName('operand'), depth + 1);
    case 'generic_type':
      return chainOf(n.childForFieldName('type'), depth + 1);
    case 'qualified_type': {
      const pkg = n.childForFieldName('package');
      const name = n.childForFieldName('name');
      return pkg && name ? [pkg.text, name.text] : ['?'];
    }
    default:
      return ['?'];
  }
}

/**
 * The chain a call's function names, its last segment the called name; undefined when the callee
 * is not a name (`func(){…}()`, `fs[i]()` on a literal). `F[int](x)` (an explicit instantiation)
 * calls F.
 */
export function calleeChain(fn: Node | null, depth = 0): Chain | undefined {
  if (!fn) return undefined;
  if (fn.type === 'index_expression') {
    const operand = fn.childForFieldName('operand');
    if (operand?.type === 'identifier' || operand?.type === 'selector_expression') return calleeChain(operand, depth + 1);
  }
  if (fn.type === 'parenthesized_expression') return calleeChain(fn.namedChildren[0] ?? null, depth + 1);
  const chain = chainOf(fn, depth);
  const last = chain[chain.length - 1]!;
  if (last === '?' || last === '[]' || last.startsWith(':')) return undefined;
  return chain;
}
