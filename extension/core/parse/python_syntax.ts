/**
 * Python syntax helpers
 * =====================
 * Small, non-recursive readers of Python syntax nodes: access chains, value chains, one-line
 * signatures, docstrings and string literals. Shared by the Python extractor's phases.
 */
import type { Node } from 'web-tree-sitter';
import type { Chain } from './facts';

/** Longest chain kept; deeper fluent chains keep their tail and get "?" as the head. */
const MAX_CHAIN = 32;
const MAX_SIGNATURE = 200;
const MAX_DOC = 200;
/** Enough source to make a 200-char line even after comments and whitespace collapse. */
const MAX_HEAD_SOURCE = 4000;

export function lineOf(node: Node): number {
  return node.startPosition.row + 1;
}

/** Last line of a node; a node ending at column 0 ends on the line before. */
export function endLineOf(node: Node): number {
  const end = node.endPosition;
  const start = node.startPosition.row;
  return end.column === 0 && end.row > start ? end.row : end.row + 1;
}

export interface ChainResult {
  chain: Chain;
  /** 0-based row of the outermost name (`c` in `a.b.c`), where an editor would put the use. */
  row: number;
}

/**
 * The access chain of an expression, walked from the outside in (no recursion).
 * `self.a.b` → ["self","a","b"]; `make().run` → ["make()","run"]; `a[0].f` → ["?","f"].
 */
export function chainOf(node: Node): ChainResult {
  const reversed: string[] = [];
  let row = node.startPosition.row;
  let cur: Node | null = node;
  let called = false;
  let first = true;
  while (cur) {
    if (reversed.length >= MAX_CHAIN) {
      reversed.push('?');
      break;
    }
    const type: string = cur.type;
    if (type === 'call') {
      // `t.cast(Group, x).command`: the value is an instance of the type cast to, as a checker reads it.
      const cast = castType(cur);
      if (cast) {
        if (first) row = cur.startPosition.row;
        reversed.push(`:${cast}`);
        break;
      }
      called = true;
      cur = cur.childForFieldName('function');
      continue;
    }
    if (type === 'parenthesized_expression') {
      cur = cur.firstNamedChild;
      continue;
    }
    if (type === 'attribute') {
      const name = cur.childForFieldName('attribute');
      if (first && name) row = name.startPosition.row;
      reversed.push(segment(name ? name.text : '?', called));
      cur = cur.childForFieldName('object');
    } else if (type === 'subscript') {
      // `xs[0].run()`: an element of xs ("[]"), as iterating it would give.
      if (first) row = cur.startPosition.row;
      reversed.push(called ? '[]()' : '[]');
      cur = cur.childForFieldName('value');
    } else {
      reversed.push(type === 'identifier' ? segment(cur.text, called) : '?');
      if (first) row = cur.startPosition.row;
      cur = null;
    }
    called = false;
    first = false;
  }
  if (reversed.length === 0) reversed.push('?');
  return { chain: reversed.reverse(), row };
}

/** The functions that only tell the checker a value's type: `cast`, `typing.cast`, `t.cast`. */
const CAST = /^(?:(?:typing|typing_extensions|t)\.)?cast$/;

/** `cast(T, x)` → the text of T (an annotation, possibly quoted), else undefined. */
function castType(call: Node): string | undefined {
  const fn = call.childForFieldName('function');
  if (!fn || (fn.type !== 'identifier' && fn.type !== 'attribute') || !CAST.test(fn.text)) return undefined;
  const type = call.childForFieldName('arguments')?.firstNamedChild;
  if (!type) return undefined;
  if (type.type === 'string') return stringValue(type);
  return type.type === 'identifier' || type.type === 'attribute' || type.type === 'subscript' ? oneLine(type.text) : undefined;
}

function segment(name: string, called: boolean): string {
  if (name === '' || name === '?') return '?';
  return called ? `${name}()` : name;
}

/**
 * The chain of a value that can type a name: a call, a name or a member access
 * (`await`/parentheses looked through). Undefined for literals and other expressions.
 */
export function valueChain(node: Node | null): Chain | undefined {
  let cur = node;
  for (let i = 0; cur && i < 64; i++) {
    if (cur.type === 'await' || cur.type === 'parenthesized_expression') cur = cur.firstNamedChild;
    // `x = given or make()`, `x = a if c else b`: typed by the first alternative, as most code keeps both alike.
    else if ((cur.type === 'boolean_operator' && cur.childForFieldName('operator')?.text === 'or') || cur.type === 'conditional_expression') cur = cur.firstNamedChild;
    else break;
  }
  if (!cur) return undefined;
  const type = cur.type;
  if (type !== 'call' && type !== 'identifier' && type !== 'attribute') return undefined;
  const { chain } = chainOf(cur);
  return chain[0] === '?' ? undefined : chain;
}

/** A node's text on one line, reading at most a bounded prefix of the source (huge literals stay cheap). */
export function nodeLine(source: string, node: Node, max = MAX_SIGNATURE): string {
  const start = node.startIndex;
  return oneLine(source.slice(start, Math.min(node.endIndex, start + MAX_HEAD_SOURCE)), max);
}

/** Collapse whitespace to single spaces and cut to `max` characters. */
export function oneLine(text: string, max = MAX_SIGNATURE): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? flat.slice(0, max) : flat;
}

/**
 * The head of a definition (`def f(a, b) -> T` / `class C(B)`) on one line: the source from the
 * keyword up to the body, comments removed, the trailing colon dropped.
 */
export function definitionHead(source: string, def: Node, body: Node | undefined, defEnd: number): string {
  const start = def.startIndex;
  const end = Math.min(body ? body.startIndex : defEnd, start + MAX_HEAD_SOURCE);
  let text = stripComments(source.slice(start, end)).trim();
  if (body && text.endsWith(':')) text = text.slice(0, -1);
  return oneLine(text);
}

/** Drops `# ...` comments, leaving `#` inside string literals alone. */
export function stripComments(text: string): string {
  if (!text.includes('#')) return text;
  let out = '';
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      out += ch;
      if (ch === '\\') {
        out += text[i + 1] ?? '';
        i++;
      } else if (text.startsWith(quote, i)) {
        out += quote.slice(1);
        i += quote.length - 1;
        quote = '';
      }
    } else if (ch === '#') {
      while (i + 1 < text.length && text[i + 1] !== '\n') i++;
    } else {
      if (ch === '"' || ch === "'") quote = text.startsWith(ch.repeat(3), i) ? ch.repeat(3) : ch;
      out += ch;
      if (quote.length === 3) {
        out += ch + ch;
        i += 2;
      }
    }
  }
  return out;
}

/** First non-empty line of a string literal's content. */
export function firstDocLine(source: string, literal: Node): string | undefined {
  const raw = source.slice(literal.startIndex, Math.min(literal.endIndex, literal.startIndex + MAX_HEAD_SOURCE));
  const body = raw.replace(/^[rRuUbBfF]*("""|'''|"|')/, '').replace(/("""|'''|"|')$/, '');
  for (const line of body.split('\n')) {
    const trimmed = line.trim();
    if (trimmed) return trimmed.length > MAX_DOC ? trimmed.slice(0, MAX_DOC) : trimmed;
  }
  return undefined;
}

/** The value of a plain string literal (no f-string, no concatenation), else undefined. */
export function stringValue(node: Node | null): string | undefined {
  if (!node || node.type !== 'string') return undefined;
  let value = '';
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === 'string_content') value += child.text;
    else if (child.type !== 'string_start' && child.type !== 'string_end') return undefined;
  }
  return value;
}

/** `Foo` in `@Foo(...)`, `a.b` in `@a.b`: the decorator's callee text. */
export function decoratorName(text: string): string {
  const paren = text.indexOf('(');
  return (paren >= 0 ? text.slice(0, paren) : text).replace(/\s+/g, '');
}

export function isDunder(name: string): boolean {
  return name.length > 4 && name.startsWith('__') && name.endsWith('__');
}
