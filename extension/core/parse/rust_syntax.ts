/**
 * Rust syntax helpers
 * ===================
 * Small readers over tree-sitter-rust nodes shared by the Rust extractor's parts: access chains
 * in the facts' notation (facts.ts `Chain`), paths without their generic arguments, an item's
 * attributes and doc comment, and its one-line signature.
 *
 * Rust-specific chain segments (read only by resolve/rust):
 *   `a::b::f(x)`      → ["a::b::f"]          a path is one segment, its generic arguments dropped
 *   `x?.y()`          → ["x", "try?", "y"]   `?` unwraps an Option/Result
 *   `S { .. }.go()`   → [":S", "go"]         a struct literal is an instance of S
 *   `foo!(..)`        → ["foo!"]             a macro call
 */
import type { Node } from 'web-tree-sitter';
import type { Chain } from './facts';

export const TRY_SEGMENT = 'try?';
const MAX_CHAIN = 32;

/** `a::b::<T>::c` → `a::b::c`; undefined for a qualified path (`<T as Tr>::f`) we do not follow. */
export function pathText(node: Node): string | undefined {
  switch (node.type) {
    case 'identifier':
    case 'type_identifier':
    case 'field_identifier':
    case 'self':
    case 'super':
    case 'crate':
    case 'metavariable':
      return node.text;
    case 'primitive_type':
      return node.text;
    case 'generic_type':
    case 'generic_function': {
      const inner = node.childForFieldName('type') ?? node.childForFieldName('function');
      return inner ? pathText(inner) : undefined;
    }
    case 'scoped_identifier':
    case 'scoped_type_identifier': {
      const name = node.childForFieldName('name');
      const path = node.childForFieldName('path');
      if (!name) return undefined;
      if (!path) return `::${name.text}`;
      const head = pathText(path);
      return head === undefined ? undefined : `${head}::${name.text}`;
    }
    default:
      return undefined;
  }
}

/** The access chain of an expression (see the header); ["?"] for what is not a name, member, call or path. */
export function chainOf(node: Node, depth = 0): Chain {
  if (depth > MAX_CHAIN) return ['?'];
  switch (node.type) {
    case 'identifier':
    case 'self':
      return [node.text];
    case 'scoped_identifier':
    case 'generic_function': {
      const p = pathText(node);
      return [p ?? '?'];
    }
    case 'field_expression': {
      const value = node.childForFieldName('value');
      const field = node.childForFieldName('field');
      if (!value || !field) return ['?'];
      return [...chainOf(value, depth + 1), field.text];
    }
    case 'call_expression': {
      const fn = node.childForFieldName('function');
      if (!fn) return ['?'];
      const inner = chainOf(fn, depth + 1);
      return [...inner.slice(0, -1), `${inner[inner.length - 1]}()`];
    }
    case 'try_expression': {
      const inner = node.namedChild(0);
      return inner ? [...chainOf(inner, depth + 1), TRY_SEGMENT] : ['?'];
    }
    case 'await_expression':
    case 'parenthesized_expression':
    case 'reference_expression':
    case 'unary_expression': {
      // `x.await`, `(x)`, `&x`, `*x`: method calls auto-reference and auto-dereference.
      if (node.type === 'unary_expression' && node.child(0)?.type !== '*') return ['?'];
      const inner = node.childForFieldName('value') ?? node.namedChild(node.namedChildCount - 1);
      return inner ? chainOf(inner, depth + 1) : ['?'];
    }
    case 'index_expression': {
      const inner = node.namedChild(0);
      return inner ? [...chainOf(inner, depth + 1), '[]'] : ['?'];
    }
    case 'struct_expression': {
      const name = node.childForFieldName('name');
      const p = name ? pathText(name) : undefined;
      return p ? [`:${p}`] : ['?'];
    }
    case 'macro_invocation': {
      const m = node.childForFieldName('macro');
      const p = m ? pathText(m) : undefined;
      return [p ? `${p}!()` : '?'];
    }
    default:
      return ['?'];
  }
}

/** Whitespace collapsed, cut at `max` characters. */
export function oneLine(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The attribute items and comments written right before an item, nearest last. */
export function leadingTrivia(node: Node): Node[] {
  const out: Node[] = [];
  for (let s = node.previousNamedSibling; s; s = s.previousNamedSibling) {
    if (s.type !== 'attribute_item' && s.type !== 'line_comment' && s.type !== 'block_comment') break;
    // A comment or attribute separated by a blank line still belongs to the item in Rust; an item above does not.
    out.unshift(s);
  }
  return out;
}

/** `#[test]`, `#[tokio::test]`, `#[cfg(test)]` → `test`, `tokio::test`, `cfg(test)`. */
export function attributesOf(trivia: readonly Node[]): string[] {
  const out: string[] = [];
  for (const t of trivia) {
    if (t.type !== 'attribute_item') continue;
    const attr = t.namedChild(0);
    if (attr) out.push(oneLine(attr.text, 120));
  }
  return out;
}

/** The first non-empty line of the `///` (or block doc) comment in the trivia. */
export function docOf(trivia: readonly Node[]): string | undefined {
  for (const t of trivia) {
    const text = t.text;
    let body: string | undefined;
    if (t.type === 'line_comment' && text.startsWith('///') && !text.startsWith('////')) body = text.slice(3);
    else if (t.type === 'block_comment' && text.startsWith('/**') && !text.startsWith('/***')) body = text.slice(3, -2);
    if (body === undefined) continue;
    for (const line of body.split('\n')) {
      const l = line.replace(/^\s*\*?\s?/, '').trim();
      if (l) return l.slice(0, 200);
    }
  }
  return undefined;
}

/** The file's `//!` header: its first non-empty line. */
export function fileDocOf(root: Node): string | undefined {
  for (let i = 0; i < Math.min(root.namedChildCount, 50); i++) {
    const c = root.namedChild(i);
    if (!c) break;
    if (c.type === 'attribute_item' || c.type === 'inner_attribute_item') continue;
    if (c.type !== 'line_comment' && c.type !== 'block_comment') break;
    const t = c.text;
    const body = t.startsWith('//!') ? t.slice(3) : t.startsWith('/*!') ? t.slice(3, -2) : undefined;
    if (body === undefined) continue;
    const l = body.trim();
    if (l) return l.slice(0, 200);
  }
  return undefined;
}

/** The item's head on one line: everything before its body (`pub fn parse(text: &str) -> Result<Self, Error>`). */
export function signatureOf(source: string, node: Node): string {
  const body = node.childForFieldName('body');
  const end = body ? body.startIndex : node.endIndex;
  return oneLine(source.slice(node.startIndex, Math.min(end, node.startIndex + 600)).replace(/[;{]\s*$/, ''));
}

/** `pub` alone exports; `pub(crate)`, `pub(super)` and no modifier keep an item inside its crate. */
export function isPub(node: Node): boolean {
  for (let i = 0; i < node.namedChildCount; i++) {
    const c = node.namedChild(i);
    if (c?.type === 'visibility_modifier') return c.text === 'pub';
  }
  return false;
}

/**
 * The name of the type an `impl` block is for: `impl<T> Foo<T>` → Foo, `impl Tr for &'a crate::X`
 * → X; types without a name get one of their shape: `(K, V)` → tuple, `[S]` → slice, `fn(…)` → fn.
 */
export function typeBaseName(text: string): string | undefined {
  const stripped = text.replace(/^(&\s*('\w+\s+)?(mut\s+)?|\*(const|mut)\s+|dyn\s+)+/, '');
  if (stripped.startsWith('(')) return 'tuple';
  if (stripped.startsWith('[')) return /;/.test(stripped) ? 'array' : 'slice';
  if (/^(unsafe\s+|extern\s+("[^"]*"\s+)?)*fn\b/.test(stripped)) return 'fn';
  const noArgs = stripped.replace(/<.*$/s, '');
  const last = noArgs.split('::').pop()?.trim();
  return last && /^[A-Za-z_]\w*$/.test(last) ? last : undefined;
}

/** cfg names a default build sets: a predicate on anything else (`no_alloc_crate`, `miri`, `docsrs`) is off. */
const BUILTIN_CFGS = /^(test|unix|windows|debug_assertions|target_\w+|panic|overflow_checks|proc_macro|feature)$/;

/**
 * Is an item under these attributes compiled in a default build, as far as names go? `cfg(test)`,
 * features and target predicates count as on (the index sees test code and every feature);
 * custom cfgs set by build scripts or by hand (`cfg(no_alloc_crate)`, `cfg(test_node_semver)`) as
 * off, so `#[cfg(not(x))] use a::T;` wins over `#[cfg(x)] use b::T;`.
 */
export function cfgEnabled(attributes: readonly string[]): boolean {
  for (const a of attributes) {
    const m = /^cfg\s*\((.*)\)$/s.exec(a);
    if (m && evalCfg(m[1]!.trim(), 0) === false) return false;
  }
  return true;
}

function evalCfg(pred: string, depth: number): boolean {
  if (depth > 16) return true;
  const call = /^(all|any|not)\s*\((.*)\)$/s.exec(pred);
  if (call) {
    const args = splitArgs(call[2]!).map((p) => evalCfg(p, depth + 1));
    if (call[1] === 'not') return !(args[0] ?? true);
    return call[1] === 'all' ? args.every(Boolean) : args.some(Boolean);
  }
  const name = /^(\w+)/.exec(pred)?.[1] ?? '';
  return BUILTIN_CFGS.test(name);
}

function splitArgs(text: string): string[] {
  const out: string[] = [];
  let level = 0;
  let cur = '';
  for (const ch of text) {
    if (ch === '(') level++;
    else if (ch === ')') level--;
    if (ch === ',' && level === 0) {
      if (cur.trim()) out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}
