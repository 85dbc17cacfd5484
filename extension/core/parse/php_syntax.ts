/**
 * PHP syntax helpers
 * ==================
 * Reading PHP nodes into the facts' vocabulary: access chains (facts.ts `Chain`), names and type
 * texts, doc blocks (`@var`, `@param`, `@return`, `@test`), attributes and modifiers. No state:
 * the extractor (php.ts) calls these.
 *
 * PHP chains: a variable keeps its `$` (`$this->repo->find()` → [`$this`, `repo`, `find`]); a head
 * without `$` names a class (`Foo::make()` → [`Foo`, `make`], also `self`, `static`, `parent`); a
 * static property is a `$`-segment after it (`self::$pool` → [`self`, `$pool`]); `foo()` as a
 * head is a function's result (`foo()`); `new Foo()` is an instance of Foo (`:Foo`), as are
 * literals (`:string`). Names are written as in the source, backslashes kept (`\A\B\f`).
 */
import type { Node } from 'web-tree-sitter';
import type { Chain } from './facts';

/** Chains longer than this are not worth typing (generated builders): they become `?`. */
const MAX_CHAIN = 16;

/** A name or qualified name as written, without spaces (`Foo`, `A\Foo`, `\A\Foo`); undefined for anything else. */
export function nameText(node: Node | null | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type === 'name' || node.type === 'qualified_name' || node.type === 'relative_scope' || node.type === 'namespace_name') return node.text.replace(/\s+/g, '');
  return undefined;
}

/** The name of a `$x` variable node, with its `$`. */
export function variableText(node: Node | null | undefined): string | undefined {
  if (node?.type !== 'variable_name') return undefined;
  const n = node.namedChild(0);
  return n?.type === 'name' ? `$${n.text}` : undefined;
}

/** A type as written, on one line without spaces (`?Foo`, `Foo|null`, `array`); undefined when absent. */
export function typeText(node: Node | null | undefined): string | undefined {
  if (!node) return undefined;
  const text = node.text.replace(/\s+/g, '');
  return text.length > 0 && text.length <= 200 ? text : undefined;
}

/** An expression as an access chain (see the header). */
export function chainOf(node: Node | null | undefined, depth = 0): Chain {
  if (!node || depth > MAX_CHAIN) return ['?'];
  switch (node.type) {
    case 'variable_name':
      return [variableText(node) ?? '?'];
    case 'name':
    case 'qualified_name':
    case 'relative_scope':
      return [nameText(node) ?? '?'];
    case 'member_access_expression':
    case 'nullsafe_member_access_expression': {
      const name = node.childForFieldName('name');
      return name?.type === 'name' ? [...chainOf(node.childForFieldName('object'), depth + 1), name.text] : ['?'];
    }
    case 'scoped_property_access_expression': {
      const name = variableText(node.childForFieldName('name'));
      return name ? [...chainOf(node.childForFieldName('scope'), depth + 1), name] : ['?'];
    }
    case 'class_constant_access_expression': {
      const [scope, name] = node.namedChildren;
      if (name?.type === 'name' && name.text === 'class') return [':string'];
      return name?.type === 'name' ? [...chainOf(scope, depth + 1), name.text] : ['?'];
    }
    case 'member_call_expression':
    case 'nullsafe_member_call_expression': {
      const name = node.childForFieldName('name');
      return name?.type === 'name' ? [...chainOf(node.childForFieldName('object'), depth + 1), `${name.text}()`] : ['?'];
    }
    case 'scoped_call_expression': {
      const name = node.childForFieldName('name');
      return name?.type === 'name' ? [...chainOf(node.childForFieldName('scope'), depth + 1), `${name.text}()`] : ['?'];
    }
    case 'function_call_expression': {
      const fn = nameText(node.childForFieldName('function'));
      return fn ? [`${fn}()`] : ['?'];
    }
    case 'object_creation_expression': {
      const type = nameText(node.namedChildren.find((c) => c?.type === 'name' || c?.type === 'qualified_name'));
      return type ? [`:${type}`] : ['?'];
    }
    case 'parenthesized_expression':
      return chainOf(node.namedChild(0), depth + 1);
    case 'subscript_expression':
      return [...chainOf(node.namedChild(0), depth + 1), '[]'];
    case 'cast_expression': {
      const t = node.childForFieldName('type')?.text;
      return t ? [`:${t}`] : ['?'];
    }
    case 'string':
    case 'encapsed_string':
    case 'heredoc':
    case 'nowdoc':
      return [':string'];
    case 'integer':
      return [':int'];
    case 'float':
      return [':float'];
    case 'boolean':
      return [':bool'];
    case 'array_creation_expression':
      return [':array'];
    default:
      return ['?'];
  }
}

/** The modifiers written on a declaration (`public`, `static`, `abstract`, `final`, `readonly`). */
export function modifiersOf(node: Node): Set<string> {
  const out = new Set<string>();
  for (const c of node.children) {
    if (!c) continue;
    if (c.type.endsWith('_modifier')) out.add(c.text.toLowerCase());
  }
  return out;
}

/** Attribute names on a declaration, without namespace (`#[\PHPUnit\Framework\Attributes\Test]` → Test). */
export function attributesOf(node: Node): string[] {
  const out: string[] = [];
  const list = node.childForFieldName('attributes') ?? node.children.find((c) => c?.type === 'attribute_list');
  if (!list) return out;
  for (const a of list.descendantsOfType('attribute')) {
    const n = a ? nameText(a.namedChild(0)) : undefined;
    if (n) out.push(n.slice(n.lastIndexOf('\\') + 1));
  }
  return out;
}

/** The `/** … *\/` doc block right above a declaration (or statement), if any. */
export function docBlockOf(node: Node): string | undefined {
  const prev = node.previousNamedSibling;
  if (prev?.type !== 'comment' || !prev.text.startsWith('/**')) return undefined;
  // It must end on the line above (or the same line): a doc block further up belongs to something else.
  return node.startPosition.row - prev.endPosition.row <= 1 ? prev.text : undefined;
}

/** The first line of a doc block that is not a tag. */
export function docSummary(block: string | undefined): string | undefined {
  if (!block) return undefined;
  for (const raw of block.replace(/^\/\*\*|\*\/$/g, '').split('\n')) {
    const line = raw.replace(/^\s*\*?\s?/, '').trim();
    if (!line) continue;
    if (line.startsWith('@')) return undefined;
    return line.slice(0, 200);
  }
  return undefined;
}

/** A doc-block type (`Foo|null`, `Foo[]`, `array<int, Foo>`) as one word; undefined for none. */
const DOC_TYPE = String.raw`([\\\w|?\[\]<>,]+(?:<[^>]*>)?)`;

/** `@var Foo` (optionally for `$name`) in a doc block. */
export function docVar(block: string | undefined, name?: string): string | undefined {
  if (!block) return undefined;
  const re = new RegExp(String.raw`@var\s+${DOC_TYPE}(?:\s+(\$\w+))?`, 'g');
  for (const m of block.matchAll(re)) if (name === undefined || m[2] === undefined || m[2] === name) return clean(m[1]);
  return undefined;
}

/** `@param Foo $name` in a doc block. */
export function docParam(block: string | undefined, name: string): string | undefined {
  if (!block) return undefined;
  const re = new RegExp(String.raw`@param\s+${DOC_TYPE}\s+(?:\.\.\.)?(\$\w+)`, 'g');
  for (const m of block.matchAll(re)) if (m[2] === name) return clean(m[1]);
  return undefined;
}

/** `@return Foo` in a doc block. */
export function docReturn(block: string | undefined): string | undefined {
  if (!block) return undefined;
  const m = new RegExp(String.raw`@return\s+${DOC_TYPE}`).exec(block);
  return clean(m?.[1]);
}

const clean = (t: string | undefined): string | undefined => (t && t.length <= 200 ? t : undefined);

/** Native types a doc block usually refines (`array` with `@var Foo[]`): the doc's type is taken then. */
const VAGUE = /^\??(array|iterable|mixed|object|callable)$/i;

/** The declared type, unless it is vague and the doc block says more. */
export function preferredType(native: string | undefined, doc: string | undefined): string | undefined {
  if (native === undefined) return doc;
  return doc !== undefined && VAGUE.test(native) ? doc : native;
}

/** The head of a declaration on one line, attributes and body left out; ≤ 200 chars. */
export function signatureOf(source: string, node: Node, body: Node | null | undefined): string {
  let start = node.startIndex;
  const attributes = node.childForFieldName('attributes');
  if (attributes) start = attributes.endIndex;
  const end = body ? body.startIndex : node.endIndex;
  const text = source.slice(start, end).replace(/\s+/g, ' ').trim().replace(/[;{]$/, '').trim();
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}
