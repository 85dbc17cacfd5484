/**
 * Type annotations as chains
 * ==========================
 * Reduces an annotation as written to the access chain of the class it names, or nothing when it
 * names no single class: `Optional["Client"]` → Client, `Repo | None` → Repo, `Promise<Api>` → Api,
 * `list[Item]` → nothing (a container), `Type[Foo]` / `typeof Foo` → the class itself.
 */

export interface TypeRef {
  chain: string[];
  /** The annotation names the class object (`Type[Foo]`, `typeof Foo`), not an instance. */
  classObject: boolean;
  /** A collection annotation (`list[Item]`, `Item[]`, `Set<Item>`): what iterating it gives. */
  element?: TypeRef;
  /** `A | B`, `Union[A, B]`: a value of any of these (chain is then empty). */
  union?: TypeRef[];
  /** `dict[str, Adapter]`, `Map<string, Adapter>`, `Record<K, V>`: the values' type (keys say little). */
  mapping?: TypeRef;
  /** `Callable[[F], Group]`: calling it gives a Group (chain is then empty). */
  returns?: TypeRef;
}

const MAX_UNION = 12;

function unionOf(parts: string[], depth: number): TypeRef | undefined {
  if (parts.length > MAX_UNION) return undefined;
  const members = parts.map((p) => typeRefOf(p, depth + 1));
  // A member we cannot read makes the whole union unknowable: resolving the rest would be a guess.
  if (members.some((m) => !m)) return undefined;
  return { chain: [], classObject: false, union: members as TypeRef[] };
}

/** Generic wrappers whose first argument is what a value of that type is used as. */
const UNWRAP = new Set(['Optional', 'Final', 'ClassVar', 'Annotated', 'Required', 'NotRequired', 'ReadOnly', 'Promise', 'PromiseLike', 'Awaited', 'Readonly', 'NonNullable']);
const CLASS_OBJECT = new Set(['Type', 'type']);
/** Collections whose elements are their first type argument. */
const COLLECTIONS = new Set([
  'list', 'List', 'set', 'Set', 'frozenset', 'FrozenSet', 'tuple', 'Tuple', 'Sequence', 'MutableSequence', 'Iterable', 'Iterator',
  'Collection', 'Generator', 'AsyncIterator', 'AsyncIterable', 'AsyncGenerator', 'deque', 'Deque', 'Array', 'ReadonlyArray',
  'ReadonlySet', 'IterableIterator',
]);
/** Mappings whose values are their second type argument. */
const MAPPINGS = new Set([
  'dict', 'Dict', 'Mapping', 'MutableMapping', 'DefaultDict', 'defaultdict', 'OrderedDict', 'ChainMap', 'Counter',
  'Map', 'ReadonlyMap', 'WeakMap', 'Record',
]);
const NOTHING = new Set(['None', 'null', 'undefined', 'void', 'never', 'NoneType']);

function splitTopLevel(text: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '[' || c === '<' || c === '(' || c === '{') depth++;
    else if (c === ']' || c === '>' || c === ')' || c === '}') depth--;
    else if (depth === 0 && text.startsWith(sep, i)) {
      parts.push(text.slice(start, i));
      start = i + sep.length;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

export function typeRefOf(annotation: string | undefined, depth = 0): TypeRef | undefined {
  if (!annotation || depth > 6) return undefined;
  let t = annotation.trim();
  if (t.length > 200) return undefined;
  if ((t.startsWith('"') && t.endsWith('"')) || (t.startsWith("'") && t.endsWith("'"))) t = t.slice(1, -1).trim();
  if (t.startsWith('readonly ')) t = t.slice(9);
  if (t.startsWith('typeof ')) {
    const inner = t.slice(7).trim();
    return /^[\w$.]+$/.test(inner) ? { chain: inner.split('.'), classObject: true } : undefined;
  }
  const union = splitTopLevel(t, '|').filter((p) => !NOTHING.has(p));
  if (union.length === 0) return undefined;
  if (union.length > 1) return unionOf(union, depth);
  t = union[0]!;
  if (t.endsWith('[]')) {
    const element = typeRefOf(t.slice(0, -2), depth + 1);
    return element ? { chain: ['Array'], classObject: false, element } : undefined;
  }
  const open = t.search(/[[<]/);
  if (open > 0) {
    // `typing.Optional`, `t.Type`, `collections.abc.Iterable`: the module prefix says nothing more.
    const head = t.slice(0, open).trim().replace(/^(typing|typing_extensions|t|collections\.abc|abc)\./, '');
    const close = t[open] === '[' ? ']' : '>';
    if (!t.endsWith(close)) return undefined; // `Foo[]` arrays and the like
    const args = splitTopLevel(t.slice(open + 1, -1), ',');
    if (head === 'Union') {
      const rest = args.filter((a) => !NOTHING.has(a));
      return rest.length === 1 ? typeRefOf(rest[0], depth + 1) : rest.length > 1 ? unionOf(rest, depth) : undefined;
    }
    if (UNWRAP.has(head)) return typeRefOf(args[0], depth + 1);
    if (head === 'Callable' && args.length === 2) {
      const returns = typeRefOf(args[1], depth + 1);
      return returns ? { chain: [], classObject: false, returns } : undefined;
    }
    if (MAPPINGS.has(head) && args.length === 2) {
      const mapping = typeRefOf(args[1], depth + 1);
      return mapping ? { chain: head.split('.'), classObject: false, mapping } : undefined;
    }
    if (COLLECTIONS.has(head)) {
      const element = typeRefOf(args[0], depth + 1);
      return element ? { chain: head.split('.'), classObject: false, element } : undefined;
    }
    if (CLASS_OBJECT.has(head)) {
      const inner = typeRefOf(args[0], depth + 1);
      return inner && !inner.classObject ? { chain: inner.chain, classObject: true } : undefined;
    }
    t = head; // a generic class: `Repo[Item]`, `Map<K, V>` (containers resolve to nothing of ours)
  }
  if (!/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(t) || NOTHING.has(t)) return undefined;
  return { chain: t.split('.'), classObject: false };
}

/**
 * The parameter types of a function type as written, `this:` left out:
 * `(this: Observable<T>, subscriber: Subscriber<T>) => TeardownLogic` → ["Subscriber<T>"];
 * `<T>(a: A, b?: B) => void` → ["A", "B"]; a union whose function member comes first reads that
 * member. Anything else (not a function type, an untyped parameter) gives undefined in its place.
 */
export function functionTypeParams(text: string | undefined): (string | undefined)[] | undefined {
  if (!text || text.length > 400) return undefined;
  let t = text.trim();
  while (t.startsWith('((')) t = t.slice(1); // `((a: A) => void) | undefined`
  if (t.startsWith('<')) {
    const end = closing(t, 0);
    if (end < 0) return undefined;
    t = t.slice(end + 1).trim();
  }
  if (!t.startsWith('(')) return undefined;
  const end = closing(t, 0);
  if (end < 0 || !/^\s*\)?\s*=>/.test(t.slice(end + 1))) return undefined;
  const out: (string | undefined)[] = [];
  for (const part of splitParams(t.slice(1, end))) {
    const colon = part.indexOf(':');
    const name = (colon < 0 ? part : part.slice(0, colon)).replace(/^\.\.\./, '').replace(/\?$/, '').trim();
    if (name === 'this') continue;
    out.push(colon < 0 ? undefined : part.slice(colon + 1).trim());
  }
  return out;
}

/** Index of the bracket closing the one at `open`; `=>` inside is not a bracket. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '=' && text[i + 1] === '>') {
      i++;
      continue;
    }
    if (c === '(' || c === '<' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === '>' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** Top-level comma-separated parts of a parameter list (brackets and `=>` respected). */
function splitParams(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '=' && text[i + 1] === '>') {
      i++;
      continue;
    }
    if (c === '(' || c === '<' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === '>' || c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}
