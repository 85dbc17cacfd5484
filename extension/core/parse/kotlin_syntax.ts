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
      return nameChain(node, depth);
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
      // `a ?: B<T>()` parses as a call of `a ?: B`: its value is a's.
      const head = node.namedChild(0);
      if (head?.type === 'binary_expression' && head.childForFieldName('operator')?.type === '?:') return chainOf(head.childForFieldName('left'), depth + 1);
      const callee = chainOf(node.namedChild(0), depth + 1);
      const last = callee[callee.length - 1]!;
      return last === '?' || last.endsWith('()') || last === '[]' ? ['?'] : [...callee.slice(0, -1), `${last}()`];
    }
    case 'binary_expression': {
      // `a ?: b` is a's type (b's when a's is unknown).
      if (node.childForFieldName('operator')?.type !== '?:') return ['?'];
      const left = chainOf(node.childForFieldName('left'), depth + 1);
      return left[0] !== '?' ? left : chainOf(node.childForFieldName('right'), depth + 1);
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
      // `x!!` is x; `!x.f()` parses as a member of `!x`, which is x's.
      return ['!!', '!', '-', '+'].includes(node.childForFieldName('operator')?.type ?? '') ? chainOf(node.childForFieldName('argument'), depth + 1) : ['?'];
    default: {
      const literal = LITERAL_TYPES[node.type];
      return literal ? [`:${literal}`] : ['?'];
    }
  }
}

/** Standard-library calls whose lambda's parameter is an element of the receiver (`xs.forEach { it.f() }`). */
const ELEMENT_LAMBDAS = new Set([
  'forEach', 'onEach', 'filter', 'filterNot', 'map', 'mapNotNull', 'flatMap', 'any', 'all', 'none', 'count', 'first', 'firstOrNull', 'last',
  'lastOrNull', 'find', 'findLast', 'single', 'singleOrNull', 'sortedBy', 'sortedByDescending', 'minByOrNull', 'maxByOrNull', 'groupBy',
  'associateBy', 'associateWith', 'partition', 'takeWhile', 'dropWhile', 'sumOf', 'removeAll', 'retainAll', 'removeIf', 'distinctBy',
]);
/** …whose lambda's parameter is the element and its index comes first (`forEachIndexed { i, x -> }`). */
const INDEXED_LAMBDAS = new Set(['forEachIndexed', 'mapIndexed', 'filterIndexed', 'onEachIndexed', 'mapIndexedNotNull']);
/** Scope functions whose lambda's parameter is the receiver itself (`x?.let { it.f() }`). */
const RECEIVER_LAMBDAS = new Set(['let', 'also', 'takeIf', 'takeUnless']);

/**
 * A name at the head of a chain: a lambda's parameter stands for what it is bound to (an element
 * of the receiver, or the receiver), and a smart cast (`x is T && x.f()`, `if (x is T) x.f()`,
 * `when (x) { is T -> x.f() }`) types x as T; the innermost of these wins.
 */
function nameChain(node: Node, depth: number): Chain {
  const name = node.text;
  let child: Node = node;
  for (let p = node.parent; p; child = p, p = p.parent) {
    switch (p.type) {
      case 'lambda_literal': {
        const params = p.namedChildren.find((c) => c?.type === 'lambda_parameters');
        const names = (params?.namedChildren ?? []).map((v) => (v?.type === 'variable_declaration' ? v.namedChildren.find((c) => c?.type === 'identifier')?.text : undefined));
        const index = names.indexOf(name);
        if (index >= 0) return lambdaBinding(p, index, names.length, depth) ?? ['?'];
        // A lambda with no parameter of a call we know takes none (`synchronized(x) { }`, `run { }`) binds no `it`: look further out.
        if (name === 'it' && !params && !NO_PARAMETER_LAMBDAS.has(lambdaCallee(p) ?? '')) return lambdaBinding(p, 0, 0, depth) ?? ['?'];
        break;
      }
      case 'binary_expression':
        if (p.childForFieldName('operator')?.type === '&&' && p.childForFieldName('right')?.id === child.id) {
          const t = castIn(p.childForFieldName('left'), name);
          if (t) return [`:${t}`];
        }
        break;
      case 'if_expression': {
        const condition = p.childForFieldName('condition');
        const then = p.namedChildren.find((c) => c && c.id !== condition?.id);
        const t = then?.id === child.id ? castIn(condition, name) : undefined;
        if (t) return [`:${t}`];
        break;
      }
      case 'when_entry': {
        const subject = p.parent?.namedChildren.find((c) => c?.type === 'when_subject')?.namedChild(0);
        const test = p.childForFieldName('condition');
        if (subject?.type === 'identifier' && subject.text === name && test?.type === 'type_test' && child.id !== test.id) {
          const t = typeText(test.namedChildren.find(isTypeNode));
          if (t) return [`:${t}`];
        }
        break;
      }
      case 'function_declaration':
      case 'class_body':
        return [name];
    }
  }
  return [name];
}

/** `x is T` (possibly among `&&`-joined conditions) for the name x: T. */
function castIn(condition: Node | null | undefined, name: string): string | undefined {
  if (!condition) return undefined;
  if (condition.type === 'is_expression') {
    const left = condition.childForFieldName('left');
    const isNot = condition.children.some((c) => c?.type === '!is');
    return !isNot && left?.type === 'identifier' && left.text === name ? typeText(condition.childForFieldName('right')) : undefined;
  }
  if (condition.type === 'binary_expression' && condition.childForFieldName('operator')?.type === '&&') {
    return castIn(condition.childForFieldName('left'), name) ?? castIn(condition.childForFieldName('right'), name);
  }
  if (condition.type === 'parenthesized_expression') return castIn(condition.namedChild(0), name);
  return undefined;
}

/** Standard calls (and Android's) whose trailing lambda has no parameter, so no `it`. */
const NO_PARAMETER_LAMBDAS = new Set([
  'synchronized', 'run', 'apply', 'with', 'buildString', 'buildList', 'buildSet', 'buildMap', 'lazy', 'runCatching', 'Runnable', 'post',
  'postDelayed', 'runOnUiThread', 'measureTimeMillis', 'measureNanoTime', 'thread', 'assert', 'check', 'require', 'checkNotNull', 'requireNotNull',
]);

/** The name of the call a trailing lambda ends (`xs.forEach { }` → forEach, `run { }` → run). */
function lambdaCallee(lambda: Node): string | undefined {
  const callee = trailingCallee(lambda);
  if (callee?.type === 'identifier') return callee.text;
  if (callee?.type === 'navigation_expression') return callee.namedChild(callee.namedChildCount - 1)?.text;
  return undefined;
}

/** What the parameter at `index` of a trailing lambda stands for, when the call it ends is a standard one we know. */
/** The callee of the call a trailing lambda ends: `xs.map { }` → `xs.map`; `synchronized(x) { }` and `xs.fold(0) { }` nest a call with the arguments. */
function trailingCallee(lambda: Node): Node | undefined {
  const call = lambda.parent?.type === 'annotated_lambda' ? lambda.parent.parent : undefined;
  let callee = call?.type === 'call_expression' ? call.namedChild(0) : undefined;
  if (callee?.type === 'call_expression' && !callee.namedChildren.some((c) => c?.type === 'annotated_lambda')) callee = callee.namedChild(0);
  return callee ?? undefined;
}

function lambdaBinding(lambda: Node, index: number, count: number, depth: number): Chain | undefined {
  const callee = trailingCallee(lambda);
  if (callee?.type !== 'navigation_expression') return undefined;
  const fn = callee.namedChild(callee.namedChildCount - 1)?.text ?? '';
  const receiver = chainOf(callee.namedChild(0), depth + 1);
  if (receiver[0] === '?') return undefined;
  if (ELEMENT_LAMBDAS.has(fn) && count <= 1) return [...receiver, '[]'];
  if (INDEXED_LAMBDAS.has(fn) && index === 1) return [...receiver, '[]'];
  if (RECEIVER_LAMBDAS.has(fn) && count <= 1) return receiver;
  return undefined;
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
  // A constructor call with its type arguments written (`ArrayDeque<Foo>()`) is an instance of that type.
  const collection = callee?.type === 'identifier' ? (COLLECTION_FACTORIES[callee.text] ?? (/^[A-Z]/.test(callee.text) ? callee.text : undefined)) : undefined;
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
