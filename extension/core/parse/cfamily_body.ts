/**
 * C and C++ bodies
 * ================
 * What a function body (or an initialiser) says: its calls (a `new T(…)` is a call of T's
 * constructor), the locals that type receivers (`Foo x;`, `Foo *p = …`, `auto x = make()`,
 * range-for elements), and its type references. Lambdas are transparent: their calls and
 * parameters belong to the enclosing definition. Macros are opaque: a macro's use parses as a
 * call of its name, which names no symbol of ours, so it gives no edge. The walk keeps its own
 * stack: deeply nested code must not overflow the JavaScript one.
 */
import type { Node } from 'web-tree-sitter';
import type { BindingFact, CallFact, Chain, ReferenceFact } from './facts';
import { calleeChain, calleeNameNode, chainOf, declared, lineOf, nameText, oneLine } from './cfamily_syntax';

export interface BodyOut {
  calls: CallFact[];
  references: ReferenceFact[];
}

/** Names no declaration of the workspace can have: a type reference to them is noise. */
const BUILTIN_TYPE = /^(void|bool|char|short|int|long|float|double|signed|unsigned|size_t|ssize_t|ptrdiff_t|u?int(8|16|32|64|max|ptr)?_t|wchar_t|char(8|16|32)_t|auto|nullptr_t)$/;

/** Walks `root` on behalf of `caller` (undefined: file level); locals go to `locals` when given. */
export function walkBody(root: Node, caller: string | undefined, out: BodyOut, locals: BindingFact[] | undefined): void {
  const stack: Node[] = [root];
  const who = caller !== undefined ? { caller } : {};
  const from = caller !== undefined ? { from: caller } : {};
  while (stack.length) {
    const n = stack.pop()!;
    switch (n.type) {
      case 'call_expression': {
        const fn = n.childForFieldName('function');
        const chain = calleeChain(fn);
        const args = n.childForFieldName('arguments');
        if (chain && fn) out.calls.push({ ...who, callee: withCall(chain), line: lineOf(calleeNameNode(fn)), args: argChains(args) });
        const made = fn ? madeType(fn) : undefined;
        if (made !== undefined && fn) out.calls.push({ ...who, callee: [`${made}()`], line: lineOf(calleeNameNode(fn)), isNew: true, args: argChains(args) });
        if (args) for (const a of args.namedChildren) valueReference(a, from, out);
        break;
      }
      case 'new_expression': {
        const t = n.childForFieldName('type');
        const name = t ? nameText(t) : undefined;
        if (name !== undefined && t) out.calls.push({ ...who, callee: [`${name}()`], line: lineOf(t), isNew: true, args: argChains(n.childForFieldName('arguments')) });
        break;
      }
      case 'type_identifier':
        if (!BUILTIN_TYPE.test(n.text)) out.references.push({ ...from, chain: [n.text], line: lineOf(n), isType: true });
        continue;
      case 'qualified_identifier':
        if (n.parent?.type !== 'call_expression' && isTypePosition(n)) {
          const name = nameText(n);
          if (name !== undefined) out.references.push({ ...from, chain: [name], line: lineOf(n), isType: true });
          continue;
        }
        break;
      case 'declaration':
        if (locals) declarationBindings(n, locals);
        constructions(n, who, out);
        break;
      case 'for_range_loop':
        if (locals) rangeBinding(n, locals);
        break;
      case 'lambda_expression':
        if (locals) paramBindings(n.childForFieldName('declarator')?.childForFieldName('parameters') ?? null, locals);
        break;
    }
    for (let i = n.namedChildCount - 1; i >= 0; i--) {
      const c = n.namedChild(i);
      if (c) stack.push(c);
    }
  }
}

/** `std::make_unique<T>(…)` / `std::make_shared<T>(…)` construct a T: its constructor is called (as clangd sees through the template). */
function madeType(fn: Node): string | undefined {
  const t = fn.type === 'qualified_identifier' ? fn.childForFieldName('name') : fn;
  if (t?.type !== 'template_function' || !/^make_(unique|shared)$/.test(t.childForFieldName('name')?.text ?? '')) return undefined;
  const arg = t.childForFieldName('arguments')?.namedChildren[0];
  const type = arg?.type === 'type_descriptor' ? arg.childForFieldName('type') : null;
  return type ? nameText(type) : undefined;
}

/** Literal arguments by their type (`:char*`, `:int`, `:double`, `:bool`), the rest as chains: what picks an overload. */
function argChains(list: Node | null): Chain[] {
  const out: Chain[] = [];
  for (const a of list?.namedChildren ?? []) {
    if (a.type === 'comment') continue;
    if (a.type === 'string_literal' || a.type === 'raw_string_literal' || a.type === 'concatenated_string') out.push([':char*']);
    else if (a.type === 'number_literal') out.push([/[.eE]/.test(a.text) && !/^0[xX]/.test(a.text) ? ':double' : ':int']);
    else if (a.type === 'true' || a.type === 'false') out.push([':bool']);
    else if (a.type === 'char_literal') out.push([':char']);
    else out.push(chainOf(a));
  }
  return out;
}

const withCall = (chain: Chain): Chain => [...chain.slice(0, -1), `${chain[chain.length - 1]!}()`];

function isTypePosition(n: Node): boolean {
  const p = n.parent;
  return p !== null && (p.type === 'declaration' || p.type === 'parameter_declaration' || p.type === 'field_declaration' || p.type === 'type_descriptor') && p.childForFieldName('type')?.id === n.id;
}

/** A function passed as a value (`qsort(xs, n, size, compare)`, `std::thread(&Worker::run, w)`). */
function valueReference(n: Node, from: { from?: string }, out: BodyOut): void {
  let v = n;
  if (v.type === 'pointer_expression' && v.text.startsWith('&')) v = v.childForFieldName('argument') ?? v;
  if (v.type !== 'identifier' && v.type !== 'qualified_identifier') return;
  const name = nameText(v);
  if (name !== undefined) out.references.push({ ...from, chain: [name], line: lineOf(v) });
}

/** Parameters (of a function or a lambda) as typed locals. */
export function paramBindings(list: Node | null, locals: BindingFact[]): void {
  for (const p of list?.namedChildren ?? []) {
    if (p.type !== 'parameter_declaration' && p.type !== 'optional_parameter_declaration') continue;
    const t = p.childForFieldName('type');
    const d = declared(p.childForFieldName('declarator'));
    if (t && d && !d.fn) locals.push({ name: d.name, type: oneLine(t), line: lineOf(d.nameNode) });
  }
}

/** `Foo x;`, `Foo *p = make();`, `auto x = Foo::create();`: typed when written, else the value's chain. */
function declarationBindings(n: Node, locals: BindingFact[]): void {
  const t = n.childForFieldName('type');
  if (!t) return;
  const isAuto = t.type === 'placeholder_type_specifier';
  for (const d of n.childrenForFieldName('declarator')) {
    const decl = declared(d);
    if (!decl || decl.fn || decl.name.includes('::')) continue;
    const line = lineOf(decl.nameNode);
    if (!isAuto) {
      locals.push({ name: decl.name, type: oneLine(t), line });
      continue;
    }
    const value = d.type === 'init_declarator' ? d.childForFieldName('value') : null;
    const chain = chainOf(value);
    if (chain.includes('?')) continue;
    const first = chain[0]!;
    if (chain.length === 1 && first.startsWith(':')) locals.push({ name: decl.name, type: first.slice(1), line });
    else locals.push({ name: decl.name, value: chain, line });
  }
}

/** `Foo x(1);` / `Foo x{1, 2};` construct a Foo: a call of its constructor. */
function constructions(n: Node, who: { caller?: string }, out: BodyOut): void {
  const t = n.childForFieldName('type');
  if (!t || t.type === 'placeholder_type_specifier' || t.type === 'primitive_type') return;
  const name = nameText(t);
  if (name === undefined) return;
  for (const d of n.childrenForFieldName('declarator')) {
    const value = d.type === 'init_declarator' ? d.childForFieldName('value') : null;
    if (value?.type === 'argument_list' || (value?.type === 'initializer_list' && !d.text.includes('='))) out.calls.push({ ...who, callee: [`${name}()`], line: lineOf(t), isNew: true, args: argChains(value) });
  }
}

/** `for (Foo& x : xs)` types x; `for (auto& x : xs)` makes it an element of xs. */
function rangeBinding(n: Node, locals: BindingFact[]): void {
  const t = n.childForFieldName('type');
  const d = declared(n.childForFieldName('declarator'));
  if (!t || !d) return;
  const line = lineOf(d.nameNode);
  if (t.type !== 'placeholder_type_specifier') {
    locals.push({ name: d.name, type: oneLine(t), line });
    return;
  }
  const chain = chainOf(n.childForFieldName('right'));
  if (!chain.includes('?')) locals.push({ name: d.name, value: [...chain, '[]'], line });
}
