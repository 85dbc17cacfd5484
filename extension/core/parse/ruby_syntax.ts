/**
 * Ruby syntax helpers
 * ===================
 * Small readers over tree-sitter-ruby nodes shared by the Ruby extractor: lines, constant paths,
 * string and symbol arguments, doc comments and one-line signatures.
 */
import type { Node } from 'web-tree-sitter';

export const lineOf = (n: Node): number => n.startPosition.row + 1;

/** `A::B` / `::A` / `A` as written, without spaces; undefined for anything that is not a constant path. */
export function constText(n: Node | null | undefined): string | undefined {
  if (!n) return undefined;
  if (n.type === 'constant') return n.text;
  if (n.type !== 'scope_resolution') return undefined;
  const name = n.childForFieldName('name');
  if (name?.type !== 'constant') return undefined;
  const scope = n.childForFieldName('scope');
  if (!scope) return `::${name.text}`;
  const left = constText(scope);
  return left === undefined ? undefined : `${left}::${name.text}`;
}

/** A constant path as qualified-name parts: `A::B` → [A, B]; a leading `::` (top level) is dropped. */
export const constParts = (text: string): string[] => text.split('::').filter((p) => p !== '');

/** The text of a plain string (`'x'`, `"x"` without interpolation) or symbol (`:x`) node. */
export function literalText(n: Node | null | undefined): string | undefined {
  if (!n) return undefined;
  if (n.type === 'simple_symbol') return n.text.slice(1);
  if (n.type === 'string') {
    if (n.namedChildren.some((c) => c.type !== 'string_content')) return undefined; // interpolated
    return n.namedChildren.map((c) => c.text).join('');
  }
  return undefined;
}

/** The positional arguments of a call (block argument and keyword pairs left out). */
export function argsOf(call: Node): Node[] {
  const list = call.childForFieldName('arguments');
  return (list?.namedChildren ?? []).filter((a) => a.type !== 'pair' && a.type !== 'block_argument' && a.type !== 'comment');
}

/** The first line of the `#` comment block directly above a definition. */
export function docAbove(node: Node): string | undefined {
  const lines: string[] = [];
  let expected = node.startPosition.row - 1;
  for (let c = node.previousSibling; c && c.type === 'comment' && c.endPosition.row === expected; c = c.previousSibling) {
    lines.unshift(c.text);
    expected = c.startPosition.row - 1;
  }
  for (const raw of lines) {
    const text = raw.replace(/^#+/, '').trim();
    if (text && !text.startsWith('frozen_string_literal') && !text.startsWith('@') && !/^-\*-/.test(text)) return text.slice(0, 200);
  }
  return undefined;
}

/** The head of a definition on one line, its body left out. */
export function signatureOf(node: Node, source: string): string {
  const body = node.childForFieldName('body');
  const end = body ? body.startIndex : node.endIndex;
  return source
    .slice(node.startIndex, end)
    .replace(/\s+/g, ' ')
    .replace(/\s*;?\s*end$/, '')
    .trim()
    .slice(0, 200);
}
