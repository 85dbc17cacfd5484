/**
 * C and C++ syntax helpers
 * ========================
 * Small readers over tree-sitter-c / tree-sitter-cpp nodes (the two grammars share their node
 * names for what C has) used by the extractor: lines, doc comments, one-line signatures,
 * declarators (the name a declarator declares and whether it declares a function), type texts
 * and access chains (facts.ts `Chain`) of expressions.
 *
 * A qualified name as written (`A::f`, `n::A<T>::f`, `::g`) becomes one chain segment with its
 * `::` kept (`n::A::f`), template arguments dropped: the resolver tells scopes from members.
 */
import type { Node } from 'web-tree-sitter';
import type { Chain, SymbolFact } from './facts';

/** A function's parameter types as written, spaces dropped: what tells overloads apart, and how a declaration finds its definition. */
export const overloadKey = (s: SymbolFact): string => (s.params ?? []).map((p) => (p.isRest ? '...' : (p.type ?? '?').replace(/\s+/g, ''))).join(',');

export const lineOf = (n: Node): number => n.startPosition.row + 1;

/** A type as written, on one line. */
export const oneLine = (n: Node): string => n.text.replace(/\s+/g, ' ').trim();

/** The first line of the comment block directly above a declaration (`/** Opens the file. *\/`, `// …`). */
export function docAbove(node: Node): string | undefined {
  const lines: string[] = [];
  let expected = node.startPosition.row - 1;
  for (let c = node.previousSibling; c && c.type === 'comment' && c.endPosition.row === expected; c = c.previousSibling) {
    lines.unshift(c.text);
    expected = c.startPosition.row - 1;
  }
  for (const block of lines) {
    for (const raw of block.split('\n')) {
      const text = raw
        .replace(/^\s*(\/\/+!?|\/\*+!?|\*+\/?)/, '')
        .replace(/\*\/\s*$/, '')
        .replace(/^\s*[@\\]brief\s+/, '')
        .trim();
      if (text) return text.slice(0, 200);
    }
  }
  return undefined;
}

/** The head of a definition on one line, its body (or class body) left out. */
export function signatureOf(node: Node, source: string): string {
  const body = node.childForFieldName('body');
  const end = body ? body.startIndex : node.endIndex;
  return source
    .slice(node.startIndex, end)
    .replace(/\s+/g, ' ')
    .replace(/\s*[;{]\s*$/, '')
    .trim()
    .slice(0, 200);
}

/** A qualified or plain name node as one `::` string without template arguments (`n::A<T>::f` → `n::A::f`). */
export function nameText(n: Node | null, depth = 0): string | undefined {
  if (!n || depth > 32) return undefined;
  switch (n.type) {
    case 'identifier':
    case 'field_identifier':
    case 'type_identifier':
    case 'namespace_identifier':
    case 'primitive_type':
      return n.text;
    case 'destructor_name':
      return `~${n.namedChildren[0]?.text ?? ''}`;
    case 'operator_name':
      return n.text.replace(/\s+/g, ' ');
    case 'template_type':
    case 'template_function':
    case 'template_method':
      return nameText(n.childForFieldName('name'), depth + 1);
    case 'qualified_identifier':
    case 'qualified_type': {
      const scope = n.childForFieldName('scope');
      const name = nameText(n.childForFieldName('name'), depth + 1);
      if (name === undefined) return undefined;
      // `MACRO type f(…)` parses as `type::f` with a MISSING `::`: the name is f.
      if (n.children.some((c) => c.isMissing)) return name;
      if (!scope) return `::${name}`;
      const s = nameText(scope, depth + 1);
      return s === undefined ? undefined : `${s}::${name}`;
    }
    case 'nested_namespace_specifier':
      return n.namedChildren.map((c) => c.text).join('::');
    default:
      return undefined;
  }
}

/** What a declarator declares: the declared name and, for a function, its function_declarator. */
export interface Declared {
  name: string;
  nameNode: Node;
  fn?: Node;
  /** Pointer/reference/array declarators between the type and the name (`*p`, `&r`, `a[]`). */
  pointer: boolean;
}

export function declared(d: Node | null, depth = 0): Declared | undefined {
  if (!d || depth > 32) return undefined;
  switch (d.type) {
    case 'function_declarator': {
      const inner = declared(d.childForFieldName('declarator'), depth + 1);
      // `int (*fp)(int)` declares a pointer to a function, not a function.
      if (!inner || inner.fn || inner.pointer) return inner ? { ...inner, pointer: true } : undefined;
      return { ...inner, fn: d };
    }
    case 'pointer_declarator':
    case 'reference_declarator':
    case 'array_declarator': {
      const inner = declared(d.childForFieldName('declarator') ?? d.namedChildren.find((c) => c.type.endsWith('declarator') || c.type === 'identifier') ?? null, depth + 1);
      return inner ? { ...inner, pointer: inner.fn ? inner.pointer : true } : undefined;
    }
    case 'parenthesized_declarator':
    case 'attributed_declarator':
      return declared(d.namedChildren.find((c) => c.type !== 'attribute_declaration') ?? null, depth + 1);
    case 'init_declarator':
      return declared(d.childForFieldName('declarator'), depth + 1);
    default: {
      const name = nameText(d);
      return name !== undefined ? { name, nameNode: d, pointer: false } : undefined;
    }
  }
}

/** The type a declaration names (its `type` field), on one line, `struct`/`const` and template arguments kept. */
export function typeOf(decl: Node): string | undefined {
  const t = decl.childForFieldName('type');
  return t ? oneLine(t) : undefined;
}

/**
 * The access chain of an expression: `a.b->c` → [a, b, c]; `f(x).g` → [f(), g]; `A::make()` →
 * [A::make()]; `this->x` → [this, x]; `new T(…)` / `T{…}` → [:T]; `p[i]` → [p, []]; `*p`, `&x`,
 * casts and parentheses are transparent. Anything else is `?`.
 */
export function chainOf(n: Node | null, depth = 0): Chain {
  if (!n || depth > 64) return ['?'];
  switch (n.type) {
    case 'identifier':
    case 'field_identifier':
    case 'this':
      return [n.text];
    case 'qualified_identifier':
    case 'template_function': {
      const name = nameText(n);
      return name !== undefined ? [name] : ['?'];
    }
    case 'field_expression': {
      const field = n.childForFieldName('field');
      const name = field ? nameText(field) : undefined;
      return [...chainOf(n.childForFieldName('argument'), depth + 1), name ?? '?'];
    }
    case 'call_expression': {
      const callee = calleeChain(n.childForFieldName('function'), depth + 1);
      if (!callee) return ['?'];
      return [...callee.slice(0, -1), `${callee[callee.length - 1]!}()`];
    }
    case 'new_expression': {
      const t = n.childForFieldName('type');
      const name = t ? nameText(t) : undefined;
      return name !== undefined ? [`:${name}`] : ['?'];
    }
    case 'compound_literal_expression': {
      const t = n.childForFieldName('type');
      return t ? [`:${oneLine(t)}`] : ['?'];
    }
    case 'cast_expression': {
      const t = n.childForFieldName('type');
      return t ? [`:${oneLine(t)}`] : ['?'];
    }
    case 'pointer_expression':
      return chainOf(n.childForFieldName('argument'), depth + 1);
    case 'parenthesized_expression':
      return chainOf(n.namedChildren[0] ?? null, depth + 1);
    case 'subscript_expression':
      return [...chainOf(n.childForFieldName('argument'), depth + 1), '[]'];
    default:
      return ['?'];
  }
}

/** The chain a call's function names, its last segment the called name; undefined when it is not a name. */
export function calleeChain(fn: Node | null, depth = 0): Chain | undefined {
  if (!fn) return undefined;
  if (fn.type === 'parenthesized_expression') return calleeChain(fn.namedChildren[0] ?? null, depth + 1);
  if (fn.type === 'pointer_expression') return calleeChain(fn.childForFieldName('argument'), depth + 1);
  const chain = chainOf(fn, depth);
  const last = chain[chain.length - 1]!;
  if (last === '?' || last === '[]' || last.startsWith(':') || last === 'this') return undefined;
  return chain;
}

/** The node of the called name (its line is the call's line): `g` in `a.\n  g()`. */
export function calleeNameNode(fn: Node): Node {
  let n: Node = fn;
  for (let i = 0; i < 16; i++) {
    const next = n.childForFieldName('field') ?? n.childForFieldName('name');
    if (!next || next.id === n.id) break;
    n = next;
  }
  return n;
}
