/**
 * Java syntax helpers
 * ===================
 * Small readers over tree-sitter-java nodes, shared by the extractor's phases: type text as the
 * resolver wants it, expression chains (facts.ts `Chain`), modifiers, Javadoc.
 */
import type { Node } from 'web-tree-sitter';
import type { Chain } from './facts';

/** Past this many segments a chain's receiver is given up on (`?`): generated fluent code, not worth typing. */
const MAX_CHAIN = 32;

export const namedChildren = (n: Node): Node[] => n.namedChildren.filter((c): c is Node => c !== null);

export function childOfType(n: Node, ...types: string[]): Node | undefined {
  for (const c of n.namedChildren) if (c && types.includes(c.type)) return c;
  return undefined;
}

/** Type text without annotations and with single spaces: `Map<String, List<Foo>>`, `Foo[]`, `a.b.C`. */
export function typeText(n: Node | null | undefined): string | undefined {
  if (!n) return undefined;
  const text = n.text.replace(/@[\w.]+(\([^)]*\))?\s*/g, '').replace(/\s+/g, ' ').trim();
  return text.length ? text.slice(0, 200) : undefined;
}

/** `Foo<Bar>[]` → `Foo`; `a.b.C<T>` → `a.b.C`: the class a type names, as dotted segments. */
export function typeSegments(text: string): string[] {
  let depth = 0;
  let out = '';
  for (const ch of text) {
    if (ch === '<') depth++;
    else if (ch === '>') depth--;
    else if (depth === 0 && ch !== '[' && ch !== ']' && ch !== ' ') out += ch;
  }
  return out.split('.').filter((s) => s.length > 0);
}

export interface Modifiers {
  annotations: string[];
  keywords: Set<string>;
}

export function modifiersOf(decl: Node): Modifiers {
  const mods = childOfType(decl, 'modifiers');
  const annotations: string[] = [];
  const keywords = new Set<string>();
  if (!mods) return { annotations, keywords };
  for (const c of mods.children) {
    if (!c) continue;
    if (c.type === 'marker_annotation' || c.type === 'annotation') {
      const name = c.childForFieldName('name');
      if (name) annotations.push(name.text);
    } else keywords.add(c.text);
  }
  return { annotations, keywords };
}

/** First sentence line of the Javadoc comment right before a declaration. */
export function javadocOf(decl: Node): string | undefined {
  const prev = decl.previousNamedSibling;
  if (!prev || prev.type !== 'block_comment' || !prev.text.startsWith('/**')) return undefined;
  for (const raw of prev.text.replace(/^\/\*\*|\*\/$/g, '').split('\n')) {
    const line = raw.replace(/^\s*\*?\s?/, '').trim();
    if (line.length && !line.startsWith('@')) return line.slice(0, 200);
  }
  return undefined;
}

/** The head of a declaration on one line, annotations and body left out. */
export function signatureOf(decl: Node, body: Node | null | undefined): string {
  const start = decl.startIndex;
  const end = body ? body.startIndex : decl.endIndex;
  const full = decl.text.slice(0, end - start);
  return full
    .replace(/@[\w.]+(\((?:[^()]|\([^()]*\))*\))?\s*/g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*[;{]\s*$/, '')
    .trim()
    .slice(0, 200);
}

const LITERAL_TYPES: Record<string, string> = {
  decimal_integer_literal: 'int',
  hex_integer_literal: 'int',
  octal_integer_literal: 'int',
  binary_integer_literal: 'int',
  decimal_floating_point_literal: 'double',
  hex_floating_point_literal: 'double',
  character_literal: 'char',
  string_literal: 'String',
  text_block: 'String',
  true: 'boolean',
  false: 'boolean',
  null_literal: 'null',
  class_literal: 'Class',
};

function literalType(n: Node): string | undefined {
  const t = LITERAL_TYPES[n.type];
  if (t === 'int' && /[lL]$/.test(n.text)) return 'long';
  if (t === 'double' && /[fF]$/.test(n.text)) return 'float';
  return t;
}

/**
 * An expression as a chain (facts.ts): `a.b.c` → [a, b, c]; `f(x).g` → [f(), g]; `new Foo()` and
 * `(Foo) x` → [:Foo]; a literal → [:int], [:String]; `xs[0].y` → [xs, [], y]. Iterative over the
 * receivers, so a fluent chain thousands long cannot overflow the stack.
 */
export function chainOf(expr: Node | null | undefined): Chain {
  const tail: string[] = [];
  let n: Node | null | undefined = expr;
  while (n) {
    switch (n.type) {
      case 'identifier':
        tail.push(n.text);
        return finish(tail);
      case 'this':
      case 'super':
        tail.push(n.type);
        return finish(tail);
      case 'field_access': {
        const field = n.childForFieldName('field');
        const object = n.childForFieldName('object');
        if (field?.type === 'this' && object) {
          // `Outer.this`: an instance of the enclosing class Outer.
          tail.push(`:${object.text}`);
          return finish(tail);
        }
        tail.push(field?.text ?? '?');
        n = object;
        continue;
      }
      case 'method_invocation': {
        tail.push(`${n.childForFieldName('name')?.text ?? '?'}()`);
        n = n.childForFieldName('object');
        if (!n) return finish(tail);
        continue;
      }
      case 'array_access':
        tail.push('[]');
        n = n.childForFieldName('array');
        continue;
      case 'parenthesized_expression':
        n = n.namedChildren.find((c) => c !== null && !c.type.endsWith('comment'));
        continue;
      case 'object_creation_expression': {
        const type = typeText(n.childForFieldName('type'));
        tail.push(type ? `:${type}` : '?');
        return finish(tail);
      }
      case 'cast_expression': {
        const type = typeText(n.childForFieldName('type'));
        tail.push(type ? `:${type}` : '?');
        return finish(tail);
      }
      case 'array_creation_expression': {
        const type = typeText(n.childForFieldName('type'));
        const dims = (n.text.match(/\[/g) ?? []).length || 1;
        tail.push(type ? `:${type}${'[]'.repeat(dims)}` : '?');
        return finish(tail);
      }
      case 'assignment_expression':
        // `(x = new Foo()).go()`: the value assigned.
        n = n.childForFieldName('right');
        continue;
      case 'ternary_expression':
        n = n.childForFieldName('consequence');
        continue;
      default: {
        const lit = literalType(n);
        tail.push(lit ? `:${lit}` : '?');
        return finish(tail);
      }
    }
  }
  tail.push('?');
  return finish(tail);
}

function finish(reversed: string[]): Chain {
  const chain = reversed.reverse();
  return chain.length > MAX_CHAIN ? ['?', ...chain.slice(-1)] : chain;
}
