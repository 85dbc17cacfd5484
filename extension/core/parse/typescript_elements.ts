/**
 * TypeScript / JavaScript element bindings
 * ========================================
 * Names bound to an element of a collection: `for (const x of xs)` and the callbacks of array
 * methods (`xs.forEach((x) => …)`, `.map`, `.filter`, `.reduce((acc, x) => …, init)`…). Each becomes
 * a local of the enclosing symbol, `{ name: "x", value: [...chainOf(xs), "[]"] }` (callbacks are not
 * symbols), or a module binding at module level, so the resolver can type `x.run()` as a language
 * server would. A parameter with its own annotation is bound to that type instead.
 */
import type { Node } from 'web-tree-sitter';
import type { BindingFact, Chain, SymbolFact } from './facts';
import { LOCAL_OWNER_KINDS, type Usage } from './typescript_usages';
import { annotationText, chainOf, lineOf, textOf, valueInfo } from './typescript_syntax';

/** Array methods whose callback's first parameter is an element (`reduce`'s is the second). */
const ELEMENT_CALLBACK = /\.\s*(forEach|map|filter|find|findIndex|findLast|findLastIndex|some|every|flatMap|reduce|reduceRight)$/;
const REDUCERS = new Set(['reduce', 'reduceRight']);
/** Calls whose result has the receiver's elements: `xs.filter(f)` iterates like `xs`. */
const SAME_ELEMENTS = new Set(['filter()', 'slice()', 'sort()', 'reverse()', 'concat()', 'toSorted()', 'toReversed()']);
/**
 * Calls whose elements we cannot know (a callback's results, keys, entries, parts of a string).
 * The resolver would take their elements for the runtime's and stop guessing by name; better say nothing.
 */
const UNKNOWN_ELEMENTS = new Set(['map()', 'flatMap()', 'reduce()', 'entries()', 'keys()', 'values()', 'split()', 'match()', 'matchAll()', 'from()', 'of()']);
const FUNCTION_ARGUMENTS = new Set(['arrow_function', 'function_expression', 'function']);

/** A name bound by a loop or callback, before it is given to its owner. */
interface ElementBinding {
  binding: BindingFact;
  pos: number;
}

/** Adds loop and callback element bindings to the symbols' locals and to `moduleBindings`. */
export function readElementBindings(u: Usage, moduleBindings: BindingFact[]): void {
  const found: ElementBinding[] = [];
  for (const loop of u.collected.loops) readLoop(u, loop, found);
  const { calls } = u.collected;
  for (let i = 0; i < calls.length; i++) {
    const method = ELEMENT_CALLBACK.exec(u.calleeTexts[i]!);
    if (method) readCallback(u, calls[i]!, method[1]!, found);
  }
  assign(u, found, moduleBindings);
}

// ---- loops ----------------------------------------------------------------------------------

/** `for (const x of xs)` → x: [...xs, "[]"]; `for (k in o)` binds keys (strings), left untyped. */
function readLoop(u: Usage, loop: Node, out: ElementBinding[]): void {
  const left = loop.childForFieldName('left');
  const right = loop.childForFieldName('right');
  if (!left || !right || left.type !== 'identifier' || !isForOf(loop, right)) return;
  const value = elementChain(u.source, right);
  if (value) out.push({ binding: { name: textOf(u.source, left), value, line: lineOf(left) }, pos: left.startIndex });
}

/** The `of` keyword sits right before the iterated expression. */
function isForOf(loop: Node, right: Node): boolean {
  const before = right.previousSibling;
  if (before) return before.type === 'of';
  for (const child of loop.children) if (child && child.type === 'of') return true;
  return false;
}

// ---- callbacks ------------------------------------------------------------------------------

/** `xs.map((x) => …)`, `xs.reduce((acc, x) => …, init)`. `callee` is the `xs.map` member expression. */
function readCallback(u: Usage, callee: Node, method: string, out: ElementBinding[]): void {
  const receiver = callee.type === 'member_expression' ? callee.childForFieldName('object') : null;
  const args = callee.parent?.childForFieldName('arguments');
  const fn = args?.firstNamedChild;
  if (!receiver || !args || !fn || !FUNCTION_ARGUMENTS.has(fn.type)) return;
  const params = callbackParams(fn);
  const reducer = REDUCERS.has(method);
  const element = params[reducer ? 1 : 0];
  if (element) bindParam(u, element, () => elementChain(u.source, receiver), out);
  const init = reducer ? args.namedChild(1) : null;
  // The accumulator starts as the initial value, and reducers mostly keep its type.
  if (reducer && params[0] && init) bindParam(u, params[0], () => valueInfo(u.source, init).value, out);
}

/** Parameter nodes of a callback: `x => …` has one, `(a, b) => …` / `function (a, b)` a list. */
function callbackParams(fn: Node): Node[] {
  const single = fn.childForFieldName('parameter');
  if (single) return [single];
  const list = fn.childForFieldName('parameters');
  if (!list) return [];
  const out: Node[] = [];
  for (const p of list.namedChildren) if (p && p.type !== 'comment') out.push(p);
  return out;
}

/** A plain identifier parameter: typed by its annotation if it has one, else by `value()`. */
function bindParam(u: Usage, param: Node, value: () => Chain | undefined, out: ElementBinding[]): void {
  // TS wraps parameters (`required_parameter` with a pattern and a type); JS gives the identifier.
  const pattern = param.type === 'identifier' ? param : param.type === 'required_parameter' ? param.childForFieldName('pattern') : null;
  if (!pattern || pattern.type !== 'identifier') return;
  const binding: BindingFact = { name: textOf(u.source, pattern), line: lineOf(pattern) };
  const type = param === pattern ? null : param.childForFieldName('type');
  if (type) binding.type = annotationText(u.source, type);
  else {
    const chain = value();
    if (!chain) return;
    binding.value = chain;
  }
  out.push({ binding, pos: pattern.startIndex });
}

// ---- chains ---------------------------------------------------------------------------------

/** [...chainOf(xs), "[]"], with `.filter()`-like calls dropped; undefined when the elements are unknowable. */
function elementChain(source: string, receiver: Node): Chain | undefined {
  const chain = chainOf(source, receiver);
  while (chain.length > 1 && SAME_ELEMENTS.has(chain[chain.length - 1]!)) chain.pop();
  if (chain.length === 0 || chain[0] === '?' || hasUnknownElements(chain)) return undefined;
  chain.push('[]');
  return chain;
}

function hasUnknownElements(chain: Chain, from = 1): boolean {
  for (let i = from; i < chain.length; i++) if (UNKNOWN_ELEMENTS.has(chain[i]!)) return true;
  return false;
}

// ---- owners ---------------------------------------------------------------------------------

/** Each binding goes to the symbol owning its position, or to the module when no symbol does. */
function assign(u: Usage, found: ElementBinding[], moduleBindings: BindingFact[]): void {
  if (found.length === 0) return;
  let moduleNames: Set<string> | undefined;
  for (const { binding, pos } of found) {
    const owner = u.scopes.index.ownerAt(pos);
    if (owner >= 0) {
      const fact = u.scopes.symbols[owner]!.fact;
      if (LOCAL_OWNER_KINDS.has(fact.kind) && !aliasesUnknown(fact, binding.value)) (fact.locals ??= []).push(binding);
      continue;
    }
    // A loop variable at module level must not shadow a real module-level name.
    moduleNames ??= moduleLevelNames(u, moduleBindings);
    if (moduleNames.has(binding.name) || aliasesUnknownBinding(moduleBindings, binding.value)) continue;
    moduleNames.add(binding.name);
    moduleBindings.push(binding);
  }
}

/** `const ds = xs.map(f); for (const d of ds)`: ds's elements are as unknown as the map's. */
function aliasesUnknown(fact: SymbolFact, value: Chain | undefined): boolean {
  return fact.locals !== undefined && aliasesUnknownBinding(fact.locals, value);
}

function aliasesUnknownBinding(bindings: BindingFact[], value: Chain | undefined): boolean {
  if (!value || value.length !== 2) return false;
  const name = value[0];
  return bindings.some((b) => b.name === name && !b.type && b.value !== undefined && hasUnknownElements(b.value, 0));
}

function moduleLevelNames(u: Usage, moduleBindings: BindingFact[]): Set<string> {
  const names = new Set<string>();
  for (const b of moduleBindings) names.add(b.name);
  for (const s of u.scopes.symbols) if (s.fact.parent === undefined) names.add(s.fact.name);
  return names;
}
