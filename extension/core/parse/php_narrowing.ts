/**
 * PHP `instanceof` narrowing
 * ==========================
 * `if ($h instanceof T) { $h->m(); }` calls T's m: the receiver a call is written on is narrowed
 * to T where a test guards it, as a language server narrows it. Guards read here:
 *  - the body of an `if` / `elseif` whose condition is `X instanceof T` or a `&&` chain holding one;
 *  - the right operand of `X instanceof T && …` and the true branch of `X instanceof T ? … : …`;
 *  - the statements after `if (!X instanceof T) { return/throw/continue/break; }` in the same block.
 * The narrowed receiver is written as the chain `:T` (an instance of T, facts.ts `Chain`).
 */
import type { Node } from 'web-tree-sitter';
import type { Chain } from './facts';
import { chainOf, nameText } from './php_syntax';

/** Guards looked through per call: deeper nesting is rare and costs a walk per call. */
const MAX_GUARDS = 64;

interface Guard {
  chain: Chain;
  type: string;
}

const same = (a: Chain, b: Chain): boolean => a.length === b.length && a.every((s, i) => s === b[i]);

/** `X instanceof T` tests a condition asserts when true (through `&&` and parentheses). */
function positiveTests(node: Node | null | undefined, out: Guard[]): void {
  if (!node) return;
  if (node.type === 'parenthesized_expression') return positiveTests(node.namedChild(0), out);
  if (node.type !== 'binary_expression') return;
  const op = node.children.find((c) => c && !c.isNamed)?.text.toLowerCase();
  if (op === '&&' || op === 'and') {
    positiveTests(node.childForFieldName('left'), out);
    positiveTests(node.childForFieldName('right'), out);
  } else if (op === 'instanceof') {
    const type = nameText(node.childForFieldName('right'));
    const chain = chainOf(node.childForFieldName('left'));
    if (type && chain[0] !== '?') out.push({ chain, type });
  }
}

/** `!X instanceof T` / `!(X instanceof T)`: the test a negated condition denies. */
function negatedTest(node: Node | null | undefined): Guard | undefined {
  let n = node;
  while (n?.type === 'parenthesized_expression') n = n.namedChild(0);
  if (n?.type !== 'unary_op_expression' || !n.text.startsWith('!')) return undefined;
  const out: Guard[] = [];
  positiveTests(n.childForFieldName('argument') ?? n.namedChild(0), out);
  return out.length === 1 ? out[0] : undefined;
}

/** Does a block leave (its last statement returns, throws, continues or breaks)? */
function exits(body: Node | null | undefined): boolean {
  if (!body) return false;
  const last = body.type === 'compound_statement' ? body.namedChildren.filter((c) => c?.type !== 'comment').pop() : body;
  if (!last) return false;
  if (last.type === 'return_statement' || last.type === 'continue_statement' || last.type === 'break_statement') return true;
  return last.type === 'expression_statement' && last.namedChild(0)?.type === 'throw_expression';
}

function guardsOf(node: Node, stop: (n: Node) => boolean): Guard[] {
  const guards: Guard[] = [];
  for (let child = node, p = node.parent; p && !stop(p) && guards.length < MAX_GUARDS; child = p, p = p.parent) {
    if ((p.type === 'if_statement' || p.type === 'else_if_clause') && p.childForFieldName('body')?.id === child.id) positiveTests(p.childForFieldName('condition'), guards);
    else if (p.type === 'conditional_expression' && p.childForFieldName('body')?.id === child.id) positiveTests(p.childForFieldName('condition'), guards);
    else if (p.type === 'binary_expression' && p.childForFieldName('right')?.id === child.id) {
      const op = p.children.find((c) => c && !c.isNamed)?.text.toLowerCase();
      if (op === '&&' || op === 'and') positiveTests(p.childForFieldName('left'), guards);
    } else if (p.type === 'compound_statement') {
      // Earlier `if (!X instanceof T) { return; }` statements of the same block.
      for (let s = child.previousNamedSibling; s; s = s.previousNamedSibling) {
        if (s.type !== 'if_statement' || s.childForFieldName('alternative') || !exits(s.childForFieldName('body'))) continue;
        const g = negatedTest(s.childForFieldName('condition'));
        if (g) guards.push(g);
      }
    }
  }
  return guards;
}

/** The callee chain with its receiver narrowed by the innermost guard on it, if any. */
export function narrowed(callNode: Node, callee: Chain, stop: (n: Node) => boolean): Chain {
  if (callee.length < 2 || !callee[0]?.startsWith('$')) return callee;
  for (const g of guardsOf(callNode, stop)) {
    if (g.chain.length < callee.length && same(g.chain, callee.slice(0, g.chain.length))) return [`:${g.type}`, ...callee.slice(g.chain.length)];
  }
  return callee;
}
