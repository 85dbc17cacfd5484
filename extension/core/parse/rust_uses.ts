/**
 * Rust `use` declarations
 * =======================
 * One ImportFact per leaf of a use tree, its module the full path as written (facts.ts):
 *   `use crate::{a::B, c::{D as E, self}, f::*};` →
 *     crate::a::B (B), crate::c::D (E), crate::c (c), crate::f (star)
 */
import type { Node } from 'web-tree-sitter';
import type { ImportFact } from './facts';
import { pathText } from './rust_syntax';

const MAX_USE_DEPTH = 16;

export function useFacts(decl: Node, scope: string | undefined): ImportFact[] {
  const out: ImportFact[] = [];
  const arg = decl.childForFieldName('argument');
  if (arg) leaves(arg, [], decl.startPosition.row + 1, scope, out, 0);
  return out;
}

function leaves(node: Node, prefix: string[], line: number, scope: string | undefined, out: ImportFact[], depth: number): void {
  if (depth > MAX_USE_DEPTH) return;
  const push = (segments: string[], local: string | undefined, star = false): void => {
    if (!segments.length) return;
    const fact: ImportFact = { module: segments.join('::'), line, names: [] };
    if (star) fact.star = true;
    else if (local !== undefined && local !== '_') fact.names.push({ imported: segments[segments.length - 1]!, local });
    if (scope !== undefined) fact.scope = scope;
    out.push(fact);
  };
  switch (node.type) {
    case 'use_as_clause': {
      const path = node.childForFieldName('path');
      const alias = node.childForFieldName('alias');
      const segs = path ? segmentsOf(path) : undefined;
      if (segs) push(withSelf([...prefix, ...segs]), alias?.text);
      return;
    }
    case 'scoped_use_list': {
      const path = node.childForFieldName('path');
      const list = node.childForFieldName('list');
      const segs = path ? segmentsOf(path) : [];
      if (segs && list) leaves(list, [...prefix, ...segs], line, scope, out, depth + 1);
      return;
    }
    case 'use_list':
      for (let i = 0; i < node.namedChildCount; i++) leaves(node.namedChild(i)!, prefix, line, scope, out, depth + 1);
      return;
    case 'use_wildcard': {
      const path = node.namedChild(0);
      const segs = path ? segmentsOf(path) : [];
      if (segs) push([...prefix, ...segs], undefined, true);
      return;
    }
    default: {
      const segs = segmentsOf(node);
      if (!segs) return;
      const full = withSelf([...prefix, ...segs]);
      push(full, full[full.length - 1]);
    }
  }
}

/** `core::fmt::{self}` names core::fmt. */
function withSelf(segs: string[]): string[] {
  return segs.length > 1 && segs[segs.length - 1] === 'self' ? segs.slice(0, -1) : segs;
}

function segmentsOf(node: Node): string[] | undefined {
  const text = pathText(node);
  if (text === undefined) return undefined;
  return text.replace(/^::/, '').split('::');
}
