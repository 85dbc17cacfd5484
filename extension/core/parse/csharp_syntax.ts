/**
 * C# syntax helpers
 * =================
 * Reading C# nodes into the facts' vocabulary: access chains (facts.ts `Chain`), type texts,
 * modifiers, attributes and doc comments. No state: the extractor (csharp.ts) calls these.
 */
import type { Node } from 'web-tree-sitter';
import type { Chain } from './facts';

/** Chains longer than this are not worth typing (generated builders): they become `?`. */
const MAX_CHAIN = 16;

/** A name node's simple name: `Run` of `Run<int>`, `C` of `A.B.C`. */
export function simpleName(node: Node | null | undefined): string | undefined {
  if (!node) return undefined;
  switch (node.type) {
    case 'identifier':
      return node.text;
    case 'generic_name':
      return node.namedChild(0)?.text;
    case 'qualified_name':
      return simpleName(node.childForFieldName('name'));
    case 'alias_qualified_name':
      return simpleName(node.childForFieldName('name'));
    default:
      return undefined;
  }
}

/** A type or name as the segments written (`A.B.C<T>` → [A, B, C]); undefined for what is not a plain name. */
export function nameSegments(node: Node | null | undefined): string[] | undefined {
  if (!node) return undefined;
  switch (node.type) {
    case 'identifier':
    case 'generic_name':
      return [simpleName(node)!];
    case 'qualified_name': {
      const q = nameSegments(node.childForFieldName('qualifier'));
      const n = simpleName(node.childForFieldName('name'));
      return q && n ? [...q, n] : undefined;
    }
    case 'alias_qualified_name': {
      // `global::A.B`: the alias names the root namespace.
      const n = simpleName(node.childForFieldName('name'));
      return n ? [n] : undefined;
    }
    case 'predefined_type':
      return [node.text];
    case 'nullable_type':
      return nameSegments(node.childForFieldName('type') ?? node.namedChild(0));
    default:
      return undefined;
  }
}

/** A type as written, on one line without spaces (`Dictionary<string,Foo>`, `Foo[]`, `Foo?`). */
export function typeText(node: Node | null | undefined): string | undefined {
  if (!node || node.type === 'implicit_type') return undefined;
  const text = node.text.replace(/\s+/g, '');
  return text.length > 0 && text.length <= 200 ? text : undefined;
}

/** An expression as an access chain (see facts.ts). */
export function chainOf(node: Node | null | undefined, depth = 0): Chain {
  if (!node || depth > MAX_CHAIN) return ['?'];
  switch (node.type) {
    case 'identifier':
    case 'generic_name':
      return [simpleName(node) ?? '?'];
    case 'this':
      return ['this'];
    case 'base':
      return ['base'];
    case 'predefined_type':
      return [node.text];
    case 'qualified_name':
      return nameSegments(node) ?? ['?'];
    case 'member_access_expression': {
      const name = simpleName(node.childForFieldName('name'));
      return name ? [...chainOf(node.childForFieldName('expression'), depth + 1), name] : ['?'];
    }
    case 'conditional_access_expression': {
      // `a?.b`: the binding's name is a member of the condition.
      const head = chainOf(node.childForFieldName('condition'), depth + 1);
      const binding = node.namedChildren.find((c) => c?.type === 'member_binding_expression');
      const name = simpleName(binding?.childForFieldName('name'));
      return name ? [...head, name] : ['?'];
    }
    case 'invocation_expression': {
      const callee = chainOf(node.childForFieldName('function'), depth + 1);
      return callee[callee.length - 1] === '?' ? ['?'] : [...callee.slice(0, -1), `${callee[callee.length - 1]}()`];
    }
    case 'object_creation_expression': {
      const type = nameSegments(node.childForFieldName('type'));
      return type ? [...type.slice(0, -1), `${type[type.length - 1]}()`] : ['?'];
    }
    case 'parenthesized_expression':
      return chainOf(node.namedChild(0), depth + 1);
    case 'cast_expression': {
      const t = typeText(node.childForFieldName('type'));
      return t ? [`:${t}`] : ['?'];
    }
    case 'as_expression': {
      const t = typeText(node.childForFieldName('right'));
      return t ? [`:${t}`] : ['?'];
    }
    case 'element_access_expression':
      return [...chainOf(node.childForFieldName('expression'), depth + 1), '[]'];
    case 'string_literal':
    case 'verbatim_string_literal':
    case 'raw_string_literal':
    case 'interpolated_string_expression':
      return [':string'];
    case 'integer_literal':
      return [':int'];
    case 'real_literal':
      return [':double'];
    case 'boolean_literal':
      return [':bool'];
    case 'character_literal':
      return [':char'];
    case 'postfix_unary_expression':
      // `x!` (null-forgiving) is x.
      return node.text.endsWith('!') ? chainOf(node.namedChild(0), depth + 1) : ['?'];
    default:
      return ['?'];
  }
}

/** The modifiers written on a declaration (`public`, `static`, `partial`, `this` on a parameter). */
export function modifiersOf(node: Node): Set<string> {
  const out = new Set<string>();
  for (const c of node.children) if (c?.type === 'modifier') out.add(c.text);
  return out;
}

/** Attribute names on a declaration, without `Attribute` suffix or namespace (`[Xunit.Fact]` → Fact). */
export function attributesOf(node: Node): string[] {
  const out: string[] = [];
  for (const list of node.children) {
    if (list?.type !== 'attribute_list') continue;
    for (const a of list.namedChildren) {
      if (a?.type !== 'attribute') continue;
      const name = simpleName(a.childForFieldName('name'));
      if (name) out.push(name.replace(/Attribute$/, ''));
    }
  }
  return out;
}

/** The first line of a `///` doc comment (tags stripped) right above a declaration. */
export function docOf(node: Node): string | undefined {
  const lines: string[] = [];
  for (let c = node.previousSibling; c?.type === 'comment' && c.text.startsWith('///'); c = c.previousSibling) lines.unshift(c.text);
  for (const l of lines) {
    const text = l.replace(/^\/\/\/\s?/, '').replace(/<[^>]*>/g, '').trim();
    if (text) return text.slice(0, 200);
  }
  return undefined;
}

/** The head of a declaration on one line, attributes and body left out; ≤ 200 chars. */
export function signatureOf(source: string, node: Node, body: Node | null | undefined): string {
  let start = node.startIndex;
  for (const c of node.children) {
    if (c?.type === 'attribute_list') start = c.endIndex;
    else break;
  }
  const end = body ? body.startIndex : node.endIndex;
  const text = source.slice(start, end).replace(/\s+/g, ' ').trim().replace(/[;{]$/, '').trim();
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}
