/**
 * TypeScript / JavaScript syntax helpers
 * ======================================
 * Small readers over tree-sitter nodes shared by the TS/TSX/JS extractor: text, chains, patterns.
 * Nothing here recurses: chains and patterns are walked with explicit loops and caps, so deeply
 * nested or minified code cannot overflow the stack.
 */
import type { Node } from 'web-tree-sitter';
import type { Chain } from './facts';

/** Longest chain kept; the rest of a very long `a.b().c()…` is summarised as a leading "?". */
const MAX_CHAIN = 12;
/** Names bound by one destructuring pattern, at most. */
const MAX_PATTERN_NAMES = 64;

const SIMPLE_CHAIN = /^[A-Za-z_$][\w$]*(?:\.#?[A-Za-z_$][\w$]*)*$/;
const WRAPPERS = new Set([
  'parenthesized_expression',
  'non_null_expression',
  'as_expression',
  'satisfies_expression',
  'await_expression',
]);

/** The source text of a node. web-tree-sitter indexes strings in UTF-16 units, like JS strings. */
export function textOf(source: string, node: Node): string {
  return source.slice(node.startIndex, node.endIndex);
}

/** Whitespace collapsed to single spaces. */
export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Collapsed and cut to `max` characters (an ellipsis marks the cut). */
export function clip(text: string, max: number): string {
  const one = collapse(text.length > max * 4 ? text.slice(0, max * 4) : text);
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

/** `"m"` / `'m'` / `` `m` `` → m. */
export function unquote(text: string): string {
  return text.length >= 2 ? text.slice(1, -1) : text;
}

/** Line (1-based) of a node's start. */
export function lineOf(node: Node): number {
  return node.startPosition.row + 1;
}

/** `(x)`, `x!`, `x as T`, `x satisfies T`, `await x`, `<T>x` → x. */
export function unwrap(node: Node): Node {
  let cur = node;
  for (let i = 0; i < 32; i++) {
    if (WRAPPERS.has(cur.type)) {
      const inner = cur.firstNamedChild;
      if (!inner) return cur;
      cur = inner;
    } else if (cur.type === 'type_assertion') {
      const inner = cur.lastNamedChild;
      if (!inner) return cur;
      cur = inner;
    } else {
      return cur;
    }
  }
  return cur;
}

/**
 * The access path of an expression (see Chain in facts.ts): `this.a.b` → ["this","a","b"],
 * `make().run` → ["make()","run"], `new Foo().bar` → ["Foo()","bar"], `a[0].f` → ["?","f"].
 * `known` is the node's text when the caller already has it.
 */
export function chainOf(source: string, node: Node, known?: string): Chain {
  const text = known ?? textOf(source, node);
  if (text.length <= 200 && SIMPLE_CHAIN.test(text)) return capChain(text.split('.'));
  // Asking the tree costs a wasm call per step; most other chains can be read from their text.
  return (text.length <= 2000 ? scanChain(text) : undefined) ?? walkChain(source, node);
}

/** At most MAX_CHAIN segments, like walkChain: the last ones, after a "?". */
function capChain(parts: string[]): Chain {
  return parts.length > MAX_CHAIN ? ['?', ...parts.slice(parts.length - MAX_CHAIN + 1)] : parts;
}

const IDENTIFIER_START = /[A-Za-z_$#]/;
const IDENTIFIER_PART = /[\w$]/;

/**
 * The chain of `a.b(x).c`, `a\n  ?.b()`, `expect(f(1, "(")).toBe` read from the text: names joined by
 * `.` / `?.`, each optionally called once. undefined (ask the tree) for anything else: subscripts,
 * casts, `new`, generics, comments, and arguments holding `/` or `` ` `` (a regex or template could
 * hide a bracket).
 */
export function scanChain(text: string): Chain | undefined {
  const parts: string[] = [];
  let i = 0;
  const n = text.length;
  for (;;) {
    while (i < n && /\s/.test(text[i]!)) i++;
    const start = i;
    if (i >= n || !IDENTIFIER_START.test(text[i]!)) return undefined;
    i++;
    while (i < n && IDENTIFIER_PART.test(text[i]!)) i++;
    let segment = text.slice(start, i);
    while (i < n && /\s/.test(text[i]!)) i++;
    if (text[i] === '(') {
      i = skipArguments(text, i);
      if (i < 0) return undefined;
      segment += '()';
      while (i < n && /\s/.test(text[i]!)) i++;
    }
    parts.push(segment);
    if (i >= n) break;
    if (text[i] === '?' && text[i + 1] === '.') i++;
    if (text[i] !== '.') return undefined;
    i++;
  }
  return capChain(parts);
}

/** Index after the `(…)` group opening at `open`, skipping strings; -1 when unsure. */
function skipArguments(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return c === ')' ? i + 1 : -1;
    } else if (c === '"' || c === "'") {
      i = skipString(text, i);
      if (i < 0) return -1;
    } else if (c === '/' || c === '`') return -1;
  }
  return -1;
}

/** Index of the quote closing the string opening at `open`, or -1. */
function skipString(text: string, open: number): number {
  const quote = text[open];
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === quote) return i;
    else if (c === '\n') return -1;
  }
  return -1;
}

/** The slow path of chainOf: walk from the end of the chain towards its root. */
export function walkChain(source: string, node: Node): Chain {
  const reversed: string[] = [];
  let called = false;
  const push = (segment: string): void => {
    reversed.push(called ? `${segment}()` : segment);
    called = false;
  };
  let cur: Node | null = node;
  while (cur) {
    if (reversed.length >= MAX_CHAIN - 1) {
      reversed.push('?');
      break;
    }
    const type: string = cur.type;
    if (type === 'identifier' || type === 'this' || type === 'super' || type === 'property_identifier') {
      push(textOf(source, cur));
      cur = null;
    } else if (type === 'member_expression') {
      const property = cur.childForFieldName('property');
      push(property ? textOf(source, property) : '?');
      cur = cur.childForFieldName('object');
    } else if (type === 'subscript_expression') {
      // `nodes[i].optimize()`: an element of nodes ("[]"), as iterating it would give.
      push('[]');
      cur = cur.childForFieldName('object');
    } else if (type === 'call_expression') {
      called = true;
      cur = cur.childForFieldName('function');
    } else if (type === 'new_expression') {
      called = true;
      cur = cur.childForFieldName('constructor');
    } else if (WRAPPERS.has(type) || type === 'type_assertion') {
      const inner = unwrap(cur);
      cur = inner === cur ? null : inner;
      if (!cur) push('?');
    } else {
      push('?');
      cur = null;
    }
  }
  return reversed.reverse();
}

/**
 * What a value expression says about the name it is bound to: `new Foo()` → ["Foo()"], `make()` →
 * ["make()"], `this.y` → ["this","y"], `y` → ["y"]; with `x as Foo` the type. Literals and the like → {}.
 */
export function valueInfo(source: string, value: Node): { value?: Chain; type?: string } {
  let node = value;
  let type: string | undefined;
  if (node.type === 'as_expression' || node.type === 'satisfies_expression') {
    const t = node.lastNamedChild;
    if (t && node.type === 'as_expression' && t.type !== 'predefined_type') type = textOf(source, t);
  }
  node = firstAlternative(unwrap(node));
  const kind = node.type;
  if (kind !== 'call_expression' && kind !== 'new_expression' && kind !== 'member_expression' && kind !== 'identifier' && kind !== 'this') {
    return type ? { type } : {};
  }
  const chain = kind === 'new_expression' ? newChain(source, node) : chainOf(source, node);
  if (chain.length === 0 || chain[0] === '?') return type ? { type } : {};
  return type ? { value: chain, type } : { value: chain };
}

/**
 * `a ?? b`, `a || b`, `cond ? a : b` → a (unwrapped): code mostly keeps both alternatives alike, and
 * the first is the one written with intent (the rest are fallbacks).
 */
export function firstAlternative(node: Node): Node {
  let cur = node;
  for (let i = 0; i < 8; i++) {
    let next: Node | null = null;
    if (cur.type === 'ternary_expression') next = cur.childForFieldName('consequence');
    else if (cur.type === 'binary_expression') {
      const operator = cur.childForFieldName('operator')?.type;
      if (operator === '??' || operator === '||') next = cur.childForFieldName('left');
    }
    if (!next) return cur;
    cur = unwrap(next);
  }
  return cur;
}

/** `new Foo(…)` as a value → ["Foo()"], `new a.B()` → ["a","B()"]. */
function newChain(source: string, node: Node): Chain {
  const ctor = node.childForFieldName('constructor');
  if (!ctor) return [];
  const chain = chainOf(source, ctor);
  chain[chain.length - 1] += '()';
  return chain;
}

/** Type annotation text without its leading colon: `: Promise<T>` → `Promise<T>`. */
export function annotationText(source: string, node: Node): string {
  return collapse(textOf(source, node).replace(/^[:?]+\s*/, ''));
}

/**
 * Names bound by a binding pattern (`x`, `{a, b: c}`, `[d, ...e]`, `f = 1`), walked with a stack and a
 * cap. Used to know which names are local to a function.
 */
export function patternNames(source: string, pattern: Node): string[] {
  const names: string[] = [];
  const stack: Node[] = [pattern];
  while (stack.length > 0 && names.length < MAX_PATTERN_NAMES) {
    const node = stack.pop() as Node;
    switch (node.type) {
      case 'identifier':
      case 'shorthand_property_identifier_pattern':
        names.push(textOf(source, node));
        break;
      case 'pair_pattern': {
        const value = node.childForFieldName('value');
        if (value) stack.push(value);
        break;
      }
      case 'assignment_pattern':
      case 'object_assignment_pattern': {
        const left = node.childForFieldName('left') ?? node.firstNamedChild;
        if (left) stack.push(left);
        break;
      }
      case 'object_pattern':
      case 'array_pattern':
      case 'rest_pattern':
        for (const child of node.namedChildren) if (child) stack.push(child);
        break;
      default:
        break;
    }
  }
  return names;
}

/** Types of a node's unnamed (keyword) children, e.g. `async`, `static`, `get`, `*`, `default`. */
export function keywords(node: Node): Set<string> {
  const out = new Set<string>();
  for (const child of node.children) {
    if (!child) continue;
    if (!child.isNamed) out.add(child.type);
    else if (child.type === 'accessibility_modifier' || child.type === 'override_modifier') out.add(child.type);
  }
  return out;
}

/** First non-empty line of a comment, without comment and JSDoc decoration. */
export function commentFirstLine(text: string): string | undefined {
  for (const raw of text.split('\n')) {
    const line = raw
      .replace(/^\s*\/\*+/, '')
      .replace(/\*+\/\s*$/, '')
      .replace(/^\s*\/\/+/, '')
      .replace(/^\s*\*+/, '')
      .trim();
    if (line && !/^[-=*#~_]+$/.test(line)) return line;
  }
  return undefined;
}
