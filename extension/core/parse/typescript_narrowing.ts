/**
 * TypeScript / JavaScript instanceof narrowing
 * ============================================
 * The regions where `x instanceof T` narrows x (narrowing.ts): the `if` block, the right operand of
 * `x instanceof T && …`, and the rest of the enclosing block after `if (!(x instanceof T))` whose
 * branch cannot fall through (`return`, `throw`, `continue`, `break`).
 */
import type { Node } from 'web-tree-sitter';
import type { Collected } from './typescript_collect';
import type { Narrowing } from './narrowing';
import { textOf } from './typescript_syntax';

const EXITS = new Set(['return_statement', 'throw_statement', 'continue_statement', 'break_statement']);

function exits(branch: Node): boolean {
  const last = branch.type === 'statement_block' ? branch.lastNamedChild : branch;
  return last !== null && EXITS.has(last.type);
}

export function tsNarrowings(source: string, collected: Collected): Narrowing[] {
  const out: Narrowing[] = [];
  for (const n of collected.narrowings) {
    const name = textOf(source, n.name);
    const type = textOf(source, n.type).replace(/\s+/g, '');
    if (n.body) out.push({ name, type, start: n.body.startIndex, end: n.body.endIndex });
    else if (n.after && n.exit && exits(n.exit) && !n.after.childForFieldName('alternative') && n.after.parent) {
      out.push({ name, type, start: n.after.endIndex, end: n.after.parent.endIndex });
    }
  }
  return out;
}
