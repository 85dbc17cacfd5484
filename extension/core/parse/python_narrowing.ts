/**
 * Python isinstance narrowing
 * ===========================
 * The regions where `isinstance(x, T)` narrows x (narrowing.ts): the `if`/`elif` block, and the
 * rest of the enclosing block after `if not isinstance(x, T):` ending in `return`/`raise`/
 * `continue`/`break`, or after `assert isinstance(x, T)`.
 */
import type { Node } from 'web-tree-sitter';
import type { Chain } from './facts';
import { narrowChain, type Narrowing } from './narrowing';
import type { PyContext } from './python_context';
import { oneLine, stringValue } from './python_syntax';


const EXITS = new Set(['return_statement', 'raise_statement', 'continue_statement', 'break_statement']);

/** `T`, `m.T`, `(A, B)` → `T`, `m.T`, `A | B`; anything else (a variable tuple, a call) says nothing. */
function typeText(node: Node): string | undefined {
  if (node.type === 'identifier' || node.type === 'attribute') return oneLine(node.text);
  if (node.type === 'string') return stringValue(node);
  if (node.type !== 'tuple') return undefined;
  const parts: string[] = [];
  for (const item of node.namedChildren) {
    if (!item || (item.type !== 'identifier' && item.type !== 'attribute')) return undefined;
    parts.push(oneLine(item.text));
  }
  return parts.length ? parts.join(' | ') : undefined;
}

export function collectNarrowings(ctx: PyContext): Narrowing[] {
  const out: Narrowing[] = [];
  for (const n of ctx.m.narrowings) {
    const type = typeText(n.type);
    if (!type) continue;
    let start: number;
    let end: number;
    if (n.body) {
      start = n.body.startIndex;
      end = n.body.endIndex;
    } else if (n.after) {
      // An early exit: only when the if has no else and its block cannot fall through.
      if (n.exit) {
        const last = n.exit.lastNamedChild;
        if (!last || !EXITS.has(last.type) || n.after.childForFieldName('alternative')) continue;
      }
      const block = n.after.parent;
      if (!block) continue;
      start = n.after.endIndex;
      end = block.endIndex;
    } else continue;
    out.push({ name: n.name.text, type, start, end });
  }
  return out;
}

/** The chain with its receiver narrowed, when a region covers `pos` for that name in the same function. */
export function narrowed(ctx: PyContext, narrowings: readonly Narrowing[], chain: Chain, pos: number): Chain {
  return narrowChain(narrowings, chain, pos, (start) => ctx.scopes.at(pos)?.owner === ctx.scopes.at(start)?.owner);
}
