/**
 * Kotlin syntax helpers
 * =====================
 * Reading Kotlin nodes (tree-sitter-kotlin) into the facts' vocabulary: access chains (facts.ts
 * `Chain`), type texts, modifiers, annotations and KDoc. No state: the extractor (kotlin.ts)
 * calls these.
 */
import type { Node } from 'web-tree-sitter';
import type { Chain } from './facts';

/** Chains longer than this are not worth typing (generated builders): they become `?`. */
const MAX_CHAIN = 16;

const TYPE_NODES = new Set(['user_type', 'nullable_type', 'function_type', 'parenthesized_type', 'non_nullable_type', 'definitely_non_nullable_type']);

export const isTypeNode = (n: Node | null | undefined): n is Node => n !== null && n !== undefined && TYPE_NODES.has(n.type);

/** A type as written, on one line without spaces (`List<Foo>`, `Foo?`, `(Int)->Unit`). */
export function typeText(node: Node | null | undefined): string | undefined {
  if (!node) return undefined;
  const text = node.text.replace(/\s+/g, '');
  return text.length > 0 && text.length <= 200 ? text : undefined;
}

/** The named type a type node denotes, as segments (`a.b.Foo<T>?` → [a, b, Foo]); undefined for function types. */
export function typeSegments(node: Node | null | undefined): string[] | undefined {
  if (!node) return undefined;
  if (node.type === 'nullable_type' || node.type === 'parenthesized_type' || node.type === 'non_nullable_type') return typeSegments(node.namedChild(0));
  if (node.type !== 'user_type') return undefined;
  const out: string[] = [];
  for (const c of node.namedChildren) if (c?.type === 'identifier') out.push(c.text);
  return out.length ? out : undefined;
}

/** Identifiers of a qualified name (`a.b.C` → [a, b, C]). */
export function qualifiedSegments(node: Node | null | undefined): string[] | undefined {
  if (!node) return undefined;
  if (node.type === 'identifier') return [node.text];
  if (node.type !== 'qualified_identifier') return undefined;
  const out = node.namedChildren.filter((c) => c?.type === 'identifier').map((c) => c!.text);
  return out.length ? out : undefined;
}

const LITERAL_TYPES: Record<string, string> = {
  string_literal: 'String',
  multiline_string_literal: 'String',
  number_literal: 'Int',
  float_literal: 'Double',
  boolean_literal: 'Boolean',
  character_literal: 'Char',
};

/** An expression as an access chain (see facts.ts). `this@Outer` stays `this@Outer`. */
export function chainOf(node: Node | null | undefined, depth = 0): Chain {
  if (!node || depth > MAX_CHAIN) return ['?'];
  switch (node.type) {
    case 'identifier':
      return [node.text];
    case 'this_expression': {
      const label = node.namedChild(0);
      return [label?.type === 'identifier' ? `this@${label.text}` : 'this'];
    }
    case 'super_expression':
      return ['super'];
    case 'navigation_expression': {
      const target = node.namedChild(0);
      const member = node.namedChild(node.namedChildCount - 1);
      if (!target || !member || member.id === target.id || member.type !== 'identifier') return ['?'];
      return [...chainOf(target, depth + 1), member.text];
    }
    case 'call_expression': {
      const factory = collectionFactory(node);
      if (factory) return [factory];
      const callee = chainOf(node.namedChild(0), depth + 1);
      const last = callee[callee.length - 1]!;
      return last === '?' || last.endsWith('()') || last === '[]' ? ['?'] : [...callee.slice(0, -1), `${last}()`];
    }
    case 'index_expression':
      return [...chainOf(node.namedChild(0), depth + 1), '[]'];
    case 'parenthesized_expression':
      return chainOf(node.namedChild(0), depth + 1);
    case 'as_expression': {
      const t = typeText(node.childForFieldName('right'));
      return t ? [`:${t}`] : ['?'];
    }
    case 'unary_expression':
      // `x!!` is x.
      return node.childForFieldName('operator')?.type === '!!' ? chainOf(node.childForFieldName('argument'), depth + 1) : ['?'];
    default: {
      const literal = LITERAL_TYPES[node.type];
      return literal ? [`:${literal}`] : ['?'];
    }
  }
}

/**
 * The standard library's collection builders with explicit type arguments
 * (`mutableListOf<Line>()` → `:MutableList<Line>`): the element type a `for` over it has.
 */
const COLLECTION_FACTORIES: Record<string, string> = {
  listOf: 'List', mutableListOf: 'MutableList', arrayListOf: 'ArrayList', emptyList: 'List', listOfNotNull: 'List',
  setOf: 'Set', mutableSetOf: 'MutableSet', hashSetOf: 'HashSet', linkedSetOf: 'LinkedHashSet', emptySet: 'Set',
  arrayOf: 'Array', arrayOfNulls: 'Array', emptyArray: 'Array', sequenceOf: 'Sequence',
  mapOf: 'Map', mutableMapOf: 'MutableMap', hashMapOf: 'HashMap', emptyMap: 'Map',
};

function collectionFactory(node: Node): string | undefined {
  const callee = node.namedChild(0);
  const collection = callee?.type === 'identifier' ? COLLECTION_FACTORIES[callee.text] : undefined;
  const args = node.namedChildren.find((c) => c?.type === 'type_arguments');
  const text = collection && args ? typeText(args) : undefined;
  return text ? `:${collection}${text}` : undefined;
}

/** The modifier keywords written on a declaration (`private`, `data`, `override`, `companion` …). */
export function modifiersOf(node: Node): Set<string> {
  const out = new Set<string>();
  const mods = node.children.find((c) => c?.type === 'modifiers');
  for (const m of mods?.namedChildren ?? []) if (m && m.type !== 'annotation') out.add(m.text);
  return out;
}

/** Annotation names on a declaration, without package or arguments (`@org.junit.Test` → Test). */
export function annotationsOf(node: Node): string[] {
  const out: string[] = [];
  const mods = node.children.find((c) => c?.type === 'modifiers');
  for (const m of mods?.namedChildren ?? []) {
    if (m?.type !== 'annotation') continue;
    const t = m.namedChildren.find((c) => c?.type === 'user_type' || c?.type === 'constructor_invocation');
    const segs = typeSegments(t?.type === 'constructor_invocation' ? t.namedChild(0) : t);
    const name = segs?.[segs.length - 1];
    if (name) out.push(name);
  }
  return out;
}

/** The first line of the KDoc (`/** … *\/`) right above a declaration. */
export function docOf(node: Node): string | undefined {
  let c = node.previousSibling;
  while (c?.type === 'line_comment') c = c.previousSibling;
  if (c?.type !== 'block_comment' || !c.text.startsWith('/**')) return undefined;
  for (const l of c.text.replace(/^\/\*\*|\*\/$/g, '').split('\n')) {
    const text = l.replace(/^\s*\*\s?/, '').trim();
    if (text && !text.startsWith('@')) return text.slice(0, 200);
  }
  return undefined;
}

/** The head of a declaration on one line, annotations and body left out; ≤ 200 chars. */
export function signatureOf(source: string, node: Node, body: Node | null | undefined): string {
  let start = node.startIndex;
  const mods = node.children.find((c) => c?.type === 'modifiers');
  if (mods && mods.startIndex === node.startIndex) {
    const firstKeyword = mods.namedChildren.find((m) => m?.type !== 'annotation');
    start = firstKeyword ? firstKeyword.startIndex : mods.endIndex;
  }
  const end = body ? body.startIndex : node.endIndex;
  const text = source.slice(start, end).replace(/\s+/g, ' ').trim().replace(/[={]$/, '').trim();
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}
