/**
 * Python query pass
 * =================
 * Runs grammars/python/facts.scm once over the tree and sorts what it captured by role, so each
 * phase of the extractor reads its own list instead of walking the tree again.
 */
import type { Node, QueryCapture } from 'web-tree-sitter';

export type DefKind = 'class' | 'function' | 'alias';

export interface DefMatch {
  kind: DefKind;
  node: Node;
  nameNode: Node;
  body?: Node;
  params?: Node;
  returns?: Node;
  bases?: Node;
}

export type BindingRole = 'assign' | 'member' | 'with' | 'for' | 'except' | 'extend' | 'pairs';

export interface BindingMatch {
  role: BindingRole;
  node: Node;
  name: Node;
  object?: Node;
  value?: Node;
  /** `pairs`: the loop runs over `value.items()` (else over `enumerate(value)`). */
  items?: boolean;
}

/** `isinstance(name, type)` guarding `body` (inside an if), or the statements after `after` (an early exit, an assert). */
export interface NarrowMatch {
  name: Node;
  type: Node;
  body?: Node;
  after?: Node;
  /** The early-exit block of `if not isinstance(…): …`. */
  exit?: Node;
}

export interface PyMatches {
  definitions: DefMatch[];
  /** Docstring literal by the id of the class/function it documents. */
  docs: Map<number, Node>;
  moduleDoc?: Node;
  /** decorated_definition by the id of the def it decorates. */
  decorated: Map<number, Node>;
  /** Attribute docstring literal by the start offset of the module-level assignment it follows. */
  varDocs: Map<number, Node>;
  bindings: BindingMatch[];
  bound: Node[];
  globals: Node[];
  imports: Node[];
  /** Callee expressions (a call starts where its callee starts). */
  calls: Node[];
  returns: Node[];
  types: Node[];
  references: Node[];
  /** Ids of positional superclass expressions (they are `bases`, not references). */
  bases: Set<number>;
  narrowings: NarrowMatch[];
}

export function emptyMatches(): PyMatches {
  return {
    definitions: [],
    docs: new Map(),
    decorated: new Map(),
    varDocs: new Map(),
    bindings: [],
    bound: [],
    globals: [],
    imports: [],
    calls: [],
    returns: [],
    types: [],
    references: [],
    bases: new Set(),
    narrowings: [],
  };
}

/** Single-capture patterns: the capture name is the list the node goes to. */
const SINGLE: Record<string, keyof PyMatches> = {
  bound: 'bound',
  global: 'globals',
  import: 'imports',
  call: 'calls',
  return: 'returns',
  type: 'types',
  reference: 'references',
};

export function sortMatches(matches: { captures: QueryCapture[] }[]): PyMatches {
  const out = emptyMatches();
  for (const { captures } of matches) {
    const first = captures[0];
    if (!first) continue;
    const list = captures.length === 1 ? SINGLE[first.name] : undefined;
    if (list) (out[list] as Node[]).push(first.node);
    else addMulti(out, captures);
  }
  return out;
}

function addMulti(out: PyMatches, captures: QueryCapture[]): void {
  const by: Record<string, Node> = {};
  for (const c of captures) by[c.name] = c.node;
  if (by['reference.base']) out.bases.add(by['reference.base'].id);
  else if (by['doc.module']) out.moduleDoc = by['doc.module'];
  else if (by['doc.definition'] && by['doc.string']) out.docs.set(by['doc.definition'].id, by['doc.string']);
  else if (by['decorated'] && by['decorated.definition']) out.decorated.set(by['decorated.definition'].id, by['decorated']);
  else if (by['vardoc.assign'] && by['vardoc.string']) out.varDocs.set(by['vardoc.assign'].startIndex, by['vardoc.string']);
  else if (by['narrow.name'] && by['narrow.type']) {
    const n: NarrowMatch = { name: by['narrow.name'], type: by['narrow.type'] };
    if (by['narrow.body']) n.body = by['narrow.body'];
    if (by['narrow.after']) n.after = by['narrow.after'];
    if (by['narrow.exit']) n.exit = by['narrow.exit'];
    out.narrowings.push(n);
  } else if (by['definition.name']) addDefinition(out, by);
  else if (by['binding.name']) addBinding(out, by);
}

function addDefinition(out: PyMatches, by: Record<string, Node>): void {
  const nameNode = by['definition.name'];
  for (const kind of ['class', 'function', 'alias'] as const) {
    const node = by[`definition.${kind}`];
    if (!node) continue;
    out.definitions.push({
      kind,
      node,
      nameNode: nameNode!,
      body: by['definition.body'],
      params: by['definition.params'],
      returns: by['definition.returns'],
      bases: by['definition.bases'],
    });
  }
}

function addBinding(out: PyMatches, by: Record<string, Node>): void {
  const name = by['binding.name'];
  for (const role of ['assign', 'member', 'with', 'for', 'except', 'extend', 'pairs'] as const) {
    const node = by[`binding.${role}`];
    // `for k, v in d.items()`: the value is the mapping (its `items` call), whose values v runs over.
    const value = role === 'pairs' && by['binding.items'] ? by['binding.items'].parent?.childForFieldName('object') ?? undefined : by['binding.value'];
    if (node) out.bindings.push({ role, node: node!, name: name!, object: by['binding.object'], value, ...(by['binding.items'] ? { items: true } : {}) });
  }
}
