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
        if (locals) {
          // Visible inside the literal only: from its next line when it spans several, so that
          // `f.VisitAll(func(f *Flag) {` still reads the outer f.
          const scope = { from: n.startPosition.row + (n.endPosition.row > n.startPosition.row ? 2 : 1), until: n.endPosition.row + 1 };
          paramBindings(n.childForFieldName('parameters'), locals, scope);
          paramBindings(n.childForFieldName('result'), locals, scope);
        }
        break;
      case 'short_var_declaration':
        if (locals) assignBindings(n.childForFieldName('left'), n.childForFieldName('right'), undefined, locals);
        break;
      case 'var_spec':
        if (locals) {
          const t = n.childForFieldName('type');
          const names = n.childrenForFieldName('name').filter((c) => c.type === 'identifier');
          if (t) for (const id of names) locals.push(scoped({ name: id.text, type: typeText(t), line: lineOf(id) }, n));
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

/** A function literal's parameters (and named results: `func() (d Dirt)`) are locals of the enclosing definition. */
export function paramBindings(list: Node | null, locals: BindingFact[], scope: { from: number; until: number }): void {
  if (list?.type !== 'parameter_list') return;
  for (const p of list.namedChildren) {
    const t = p.childForFieldName('type');
    if (!t) continue;
    const type = p.type === 'variadic_parameter_declaration' ? `[]${typeText(t)}` : typeText(t);
    for (const id of p.childrenForFieldName('name')) {
      if (id.type === 'identifier' && id.text !== '_') locals.push({ name: id.text, type, line: scope.from, until: scope.until });
    }
  }
}

/** Where a declared name stops being visible, when that is before the end of its function. */
const SCOPES = new Set(['block', 'if_statement', 'for_statement', 'type_switch_statement', 'expression_switch_statement', 'select_statement', 'type_case', 'expression_case', 'default_case', 'communication_case', 'func_literal']);
const FUNCTIONS = new Set(['function_declaration', 'method_declaration']);

function scoped(b: BindingFact, at: Node): BindingFact {
  for (let n = at.parent; n; n = n.parent) {
    if (FUNCTIONS.has(n.type)) return b;
    if (!SCOPES.has(n.type)) continue;
    if (n.type === 'block' && n.parent && FUNCTIONS.has(n.parent.type)) return b;
    return { ...b, until: n.endPosition.row + 1 };
  }
  return b;
}

/**
 * `a, b := f(), g()` pairs names with values; `x, err := f()` (one value, several names) gives
 * the first name the value (its first result; a type assertion's or map index's value).
 */
function assignBindings(left: Node | null, right: Node | null, names: Node[] | undefined, locals: BindingFact[]): void {
  const ids = (names ?? left?.namedChildren ?? []).filter((c) => c.type === 'identifier');
  const values = right ? (right.type === 'expression_list' ? right.namedChildren : [right]) : [];
  if (!values.length) return;
  const at = left ?? right!;
  if (values.length === ids.length) {
    ids.forEach((id, i) => bindOne(id, chainOf(values[i]!), undefined, at, locals));
  } else if (values.length === 1) {
    // One value, several names: a call's results one by one; a type assertion's or a map index's value first.
    const chain = chainOf(values[0]!);
    const call = values[0]!.type === 'call_expression';
    ids.forEach((id, i) => {
      if (i === 0 || call) bindOne(id, chain, call && i > 0 ? i : undefined, at, locals);
    });
  }
}

function bindOne(id: Node, chain: Chain, result: number | undefined, at: Node, locals: BindingFact[]): void {
  if (id.text === '_' || chain.includes('?')) return;
  const first = chain[0]!;
  if (result === undefined && chain.length === 1 && first.startsWith(':')) locals.push(scoped({ name: id.text, type: first.slice(1), line: lineOf(id) }, at));
  else locals.push(scoped({ name: id.text, value: chain, line: lineOf(id), ...(result !== undefined ? { result } : {}) }, at));
}

/** `for k, v := range xs`: v is an element of xs (a single name over a slice is its index). */
function rangeBindings(n: Node, locals: BindingFact[]): void {
  const left = n.childForFieldName('left')?.namedChildren.filter((c) => c.type === 'identifier') ?? [];
  const value = left[1];
  if (!value || value.text === '_') return;
  const chain = chainOf(n.childForFieldName('right'));
  if (!chain.includes('?')) locals.push(scoped({ name: value.text, value: [...chain, '[]'], line: lineOf(value) }, n));
}

/** `switch v := x.(type) { case *T: … }`: in a case naming one type, v is that type. */
function typeSwitchBindings(n: Node, locals: BindingFact[]): void {
  const alias = n.childForFieldName('alias')?.namedChildren.find((c) => c.type === 'identifier');
  if (!alias) return;
  for (const c of n.namedChildren) {
    if (c.type !== 'type_case') continue;
    const types = c.childrenForFieldName('type');
    if (types.length === 1 && types[0]!.type !== 'nil') locals.push({ name: alias.text, type: typeText(types[0]!), line: lineOf(c), until: c.endPosition.row + 1 });
  }
}
