/**
 * Calls inside macro arguments
 * ============================
 * tree-sitter leaves a macro call's arguments as a flat token tree, but the arguments of
 * `assert_eq!`, `format!`, `vec!` … are expressions whose calls a language server (which expands
 * the macro) does see. This reads the tokens the way the expression grammar would, just enough
 * for call chains: `path(…)`, `recv.method(…)`, `x?.y(…)`, `a[i].b(…)`, nested `m!(…)`.
 */
import type { Node } from 'web-tree-sitter';
import type { Chain } from './facts';
import { TRY_SEGMENT } from './rust_syntax';

export interface TokenCall {
  callee: Chain;
  line: number;
}

const NAME_TOKENS = new Set(['identifier', 'self', 'super', 'crate', 'metavariable']);
const MAX_TOKEN_DEPTH = 64;

/** Calls written in a macro invocation's token tree, in source order. */
export function tokenTreeCalls(tree: Node, out: TokenCall[], depth = 0): void {
  if (depth > MAX_TOKEN_DEPTH) return;
  const tokens: Node[] = [];
  for (let i = 1; i < tree.childCount - 1; i++) tokens.push(tree.child(i)!);
  let path: string[] | undefined; // a path being read: `a::b::c`
  let chain: Chain | undefined; // a postfix expression being read: `a.b(..).c`
  let afterDot = false;
  let afterColons = false;
  const head = (): Chain | undefined => (chain ? chain : path ? [path.join('::')] : undefined);
  const reset = (): void => {
    path = undefined;
    chain = undefined;
    afterDot = false;
    afterColons = false;
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const type = t.type;
    if (NAME_TOKENS.has(type) || (afterDot && type === 'integer_literal')) {
      if (afterDot && chain) chain = [...chain, t.text];
      else if (afterColons && path) path = [...path, t.text];
      else {
        path = [t.text];
        chain = undefined;
      }
      afterDot = false;
      afterColons = false;
      continue;
    }
    if (type === '::') {
      if (!path || chain) {
        reset();
        continue;
      }
      afterColons = true;
      // `Vec::<u8>::new`: skip the generic arguments.
      if (tokens[i + 1]?.type === '<') {
        let level = 0;
        let j = i + 1;
        for (; j < tokens.length; j++) {
          const ty = tokens[j]!.type;
          if (ty === '<') level++;
          else if (ty === '>') level--;
          else if (ty === '>>') level -= 2;
          if (level <= 0) break;
        }
        i = j;
        if (tokens[i + 1]?.type !== '::') afterColons = false;
        else i++;
      }
      continue;
    }
    if (type === '.') {
      const h = head();
      if (!h) {
        reset();
        continue;
      }
      chain = h;
      path = undefined;
      afterDot = true;
      continue;
    }
    if (type === '?') {
      const h = head();
      if (h) {
        chain = [...h, TRY_SEGMENT];
        path = undefined;
      }
      continue;
    }
    if (type === '!' && path && !chain && tokens[i + 1]?.type === 'token_tree') {
      const inner = tokens[i + 1]!;
      out.push({ callee: [`${path.join('::')}!`], line: t.startPosition.row + 1 });
      tokenTreeCalls(inner, out, depth + 1);
      chain = [`${path.join('::')}!()`];
      path = undefined;
      i++;
      continue;
    }
    if (type === 'token_tree') {
      const open = t.child(0)?.type;
      const h = head();
      if (open === '(' && h && !afterDot && !afterColons) {
        out.push({ callee: h, line: t.startPosition.row + 1 });
        tokenTreeCalls(t, out, depth + 1);
        chain = [...h.slice(0, -1), `${h[h.length - 1]}()`];
        path = undefined;
        continue;
      }
      tokenTreeCalls(t, out, depth + 1);
      if (open === '[' && h) {
        chain = [...h, '[]'];
        path = undefined;
        continue;
      }
      reset();
      continue;
    }
    // `&x.f()`, `*x`: prefixes start a new expression; anything else ends the one being read.
    reset();
  }
}
