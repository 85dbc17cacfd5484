/**
 * Go bodies
 * =========
 * What a function body (or a package-level initialiser) says: its calls, the locals that type
 * receivers, and its references (types named, functions passed as values). Function literals are
 * transparent: their calls, parameters and locals belong to the enclosing named definition, so a
 * `t.Run("case", func(t *testing.T) {…})` sub-test's calls are the test's. The walk keeps its own
 * stack: deeply nested code must not overflow the JavaScript one.
 */
import type { Node } from 'web-tree-sitter';
import type { BindingFact, CallFact, Chain, ReferenceFact } from './facts';
import { BUILTIN_TYPES, calleeChain, chainOf, lineOf, typeText } from './go_syntax';

export interface BodyOut {
  calls: CallFact[];
  references: ReferenceFact[];
}

/** Walks `root` on behalf of `caller` (undefined: package level); locals go to `locals` when given. */
export function walkBody(root: Node, caller: string | undefined, out: BodyOut, locals: BindingFact[] | undefined): void {
  const stack: Node[] = [root];
  const from = caller !== undefined ? { from: caller } : {};
  while (stack.length) {
    const n = stack.pop()!;
    switch (n.type) {
      case 'call_expression': {
        const fn = n.childForFieldName('function');
        const chain = calleeChain(fn);
        if (chain && !(chain.length === 1 && (chain[0] === 'new' || chain[0] === 'make'))) {
          out.calls.push({ ...(caller !== undefined ? { caller } : {}), callee: withCall(chain), line: calleeLine(fn!) });
        }
        const args = n.childForFieldName('arguments');
        if (args) for (const a of args.namedChildren) valueReference(a, from, out);
        break;
      }
      case 'type_conversion_expression': {
        const t = n.childForFieldName('type');
        if (t?.type === 'generic_type') {
          const named = t.childForFieldName('type');
          const chain = named ? calleeChain(named) : undefined;
          if (chain) out.calls.push({ ...(caller !== undefined ? { caller } : {}), callee: withCall(chain), line: lineOf(named!) });
        }
        break;
      }
      case 'qualified_type': {
        const chain = chainOf(n);
        if (chain[0] !== '?') out.references.push({ ...from, chain, line: lineOf(n), isType: true });
        continue; // its parts are not references of their own
      }
      case 'type_identifier':
        if (!BUILTIN_TYPES.has(n.text)) out.references.push({ ...from, chain: [n.text], line: lineOf(n), isType: true });
        continue;
      case 'keyed_element': {
        const value = n.namedChildren[1]?.namedChildren[0];
        if (value) valueReference(value, from, out);
        break;
      }
      case 'func_literal':
        if (locals) paramBindings(n.childForFieldName('parameters'), locals);
        break;
      case 'short_var_declaration':
        if (locals) assignBindings(n.childForFieldName('left'), n.childForFieldName('right'), undefined, locals);
        break;
      case 'var_spec':
        if (locals) {
          const t = n.childForFieldName('type');
          const names = n.childrenForFieldName('name').filter((c) => c.type === 'identifier');
          if (t) for (const id of names) locals.push({ name: id.text, type: typeText(t), line: lineOf(id) });
          else assignBindings(null, n.childForFieldName('value'), names, locals);
        }
        break;
      case 'range_clause':
        if (locals) rangeBindings(n, locals);
        break;
      case 'type_switch_statement':
        if (locals) typeSwitchBindings(n, locals);
        break;
    }
    for (let i = n.namedChildCount - 1; i >= 0; i--) {
      const c = n.namedChild(i);
      if (c) stack.push(c);
    }
  }
}

const withCall = (chain: Chain): Chain => [...chain.slice(0, -1), `${chain[chain.length - 1]!}()`];

/** The line of the called name: `find` in `repo.\n\tfind()`. */
function calleeLine(fn: Node): number {
  let n: Node | null = fn;
  while (n && n.type === 'index_expression') n = n.childForFieldName('operand');
  const field = n?.type === 'selector_expression' ? n.childForFieldName('field') : null;
  return lineOf(field ?? n ?? fn);
}

/** A function or method passed as a value (`http.HandleFunc("/", handle)`, `sort.Slice(xs, s.less)`). */
function valueReference(n: Node, from: { from?: string }, out: BodyOut): void {
  if (n.type !== 'identifier' && n.type !== 'selector_expression') return;
  const chain = chainOf(n);
  if (chain.includes('?')) return;
  out.references.push({ ...from, chain, line: lineOf(n) });
}

/** A function literal's parameters are locals of the enclosing definition. */
export function paramBindings(list: Node | null, locals: BindingFact[]): void {
  for (const p of list?.namedChildren ?? []) {
    const t = p.childForFieldName('type');
    if (!t) continue;
    const type = p.type === 'variadic_parameter_declaration' ? `[]${typeText(t)}` : typeText(t);
    for (const id of p.childrenForFieldName('name')) if (id.type === 'identifier' && id.text !== '_') locals.push({ name: id.text, type, line: lineOf(id) });
  }
}

/**
 * `a, b := f(), g()` pairs names with values; `x, err := f()` (one value, several names) gives
 * the first name the value (its first result; a type assertion's or map index's value).
 */
function assignBindings(left: Node | null, right: Node | null, names: Node[] | undefined, locals: BindingFact[]): void {
  const ids = (names ?? left?.namedChildren ?? []).filter((c) => c.type === 'identifier');
  const values = right ? (right.type === 'expression_list' ? right.namedChildren : [right]) : [];
  if (!values.length) return;
  const pairs: [Node, Node][] = values.length === ids.length ? ids.map((id, i) => [id, values[i]!]) : values.length === 1 && ids[0] ? [[ids[0], values[0]!]] : [];
  for (const [id, value] of pairs) {
    if (id.text === '_') continue;
    const chain = chainOf(value);
    if (chain.includes('?')) continue;
    const first = chain[0]!;
    if (chain.length === 1 && first.startsWith(':')) locals.push({ name: id.text, type: first.slice(1), line: lineOf(id) });
    else locals.push({ name: id.text, value: chain, line: lineOf(id) });
  }
}

/** `for k, v := range xs`: v is an element of xs (a single name over a slice is its index). */
function rangeBindings(n: Node, locals: BindingFact[]): void {
  const left = n.childForFieldName('left')?.namedChildren.filter((c) => c.type === 'identifier') ?? [];
  const value = left[1];
  if (!value || value.text === '_') return;
  const chain = chainOf(n.childForFieldName('right'));
  if (!chain.includes('?')) locals.push({ name: value.text, value: [...chain, '[]'], line: lineOf(value) });
}

/** `switch v := x.(type) { case *T: … }`: in a case naming one type, v is that type. */
function typeSwitchBindings(n: Node, locals: BindingFact[]): void {
  const alias = n.childForFieldName('alias')?.namedChildren.find((c) => c.type === 'identifier');
  if (!alias) return;
  for (const c of n.namedChildren) {
    if (c.type !== 'type_case') continue;
    const types = c.childrenForFieldName('type');
    if (types.length === 1 && types[0]!.type !== 'nil') locals.push({ name: alias.text, type: typeText(types[0]!), line: lineOf(c) });
  }
}
