/**
 * TypeScript / JavaScript capture collection
 * ==========================================
 * Runs the one-pass `code` query and sorts its captures into definition candidates, scopes, local
 * names, fields, returns, calls and references, keeping the nodes for the interpreting helpers.
 */
import type { Node, Query } from 'web-tree-sitter';
import type { Candidate, CandidateKind } from './typescript_scopes';

export interface ThisAssignment {
  name: Node;
  value: Node;
}

/** `x instanceof T` guarding `body`, or the statements after `after` (`if (!(x instanceof T)) return`). */
export interface NarrowCapture {
  name: Node;
  type: Node;
  body?: Node;
  after?: Node;
  exit?: Node;
}

export interface Collected {
  candidates: Candidate[];
  /** Variable declarators (module-level ones become symbols, the rest locals). */
  variables: Candidate[];
  /** Class field declarations. */
  fields: Candidate[];
  localNames: Node[];
  /** `for (… in/of …)` statements (their targets are in localNames too). */
  loops: Node[];
  typeParams: Node[];
  /** Ids of the name nodes of classes, interfaces and type aliases (not type references). */
  definitionNames: Set<number>;
  thisAssignments: ThisAssignment[];
  returns: Node[];
  calls: Node[];
  news: Node[];
  valueRefs: Node[];
  jsxRefs: Node[];
  typeRefs: Node[];
  nestedTypeRefs: Node[];
  /** `typeof x` in a type: a value name used as a type. */
  typeofRefs: Node[];
  narrowings: NarrowCapture[];
}

const DEF_KINDS: Record<string, CandidateKind> = {
  'def.class': 'class',
  'def.interface': 'interface',
  'def.enum': 'enum',
  'def.type': 'type',
  'def.function': 'function',
  'def.signature': 'signature',
  'def.default': 'default',
  'def.method': 'method',
  'def.field': 'field',
  'def.var': 'var',
  'def.namespace': 'namespace',
};

function emptyCollected(): Collected {
  return {
    candidates: [],
    variables: [],
    fields: [],
    localNames: [],
    loops: [],
    typeParams: [],
    definitionNames: new Set(),
    thisAssignments: [],
    returns: [],
    calls: [],
    news: [],
    valueRefs: [],
    jsxRefs: [],
    typeRefs: [],
    nestedTypeRefs: [],
    typeofRefs: [],
    narrowings: [],
  };
}

/**
 * Deepest node a match may start at. Tree-sitter's query cursor keeps every unfinished match of
 * the enclosing nodes alive while it walks a subtree, so time grows with the square of the depth
 * (5,000 nested callbacks, ~25,000 nodes deep, took 4–11 s). The deepest of 8,815 real TS/JS files
 * (node_modules, minified bundles included) is 285 nodes deep; what starts below this bound in
 * pathological code is left out.
 */
const MAX_QUERY_DEPTH = 1024;

/** Parts of one match that belong together (a declarator and its name, type and value…). */
interface MatchParts {
  def?: Candidate;
  varName?: Node;
  varType?: Node;
  value?: Node;
  thisName?: Node;
  thisValue?: Node;
  narrow?: Partial<NarrowCapture>;
}

/** Runs `query` once over `root` and sorts the captures. */
export function collect(query: Query | undefined, root: Node): Collected {
  const out = emptyCollected();
  if (!query) return out;
  const scopeFns: Node[] = [];
  for (const match of query.matches(root, { maxStartDepth: MAX_QUERY_DEPTH })) {
    const parts: MatchParts = {};
    for (const capture of match.captures) takeCapture(capture.name, capture.node, parts, out, scopeFns);
    finishMatch(parts, out);
  }
  // A node that is a definition (`export default () => …`) is not also a plain scope.
  const defined = new Set<number>();
  for (const c of out.candidates) defined.add(c.node.id);
  for (const node of scopeFns) if (!defined.has(node.id)) out.candidates.push({ kind: 'fn', node, start: node.startIndex });
  return out;
}

function takeCapture(name: string, node: Node, parts: MatchParts, out: Collected, scopeFns: Node[]): void {
  switch (name) {
    case 'call.callee':
      out.calls.push(node);
      return;
    case 'new.callee':
      out.news.push(node);
      return;
    case 'ref.value':
      out.valueRefs.push(node);
      return;
    case 'ref.type':
      out.typeRefs.push(node);
      return;
    case 'ref.type.nested':
      out.nestedTypeRefs.push(node);
      return;
    case 'ref.typeof':
      out.typeofRefs.push(node);
      return;
    case 'ref.jsx':
      out.jsxRefs.push(node);
      return;
    case 'scope.fn':
      scopeFns.push(node);
      return;
    case 'local.name':
      out.localNames.push(node);
      return;
    case 'loop':
      out.loops.push(node);
      return;
    case 'local.typeparam':
      out.typeParams.push(node);
      return;
    case 'name.def':
      out.definitionNames.add(node.id);
      return;
    case 'return.value':
      out.returns.push(node);
      return;
    case 'var.name':
      parts.varName = node;
      return;
    case 'var.type':
      parts.varType = node;
      return;
    case 'var.value':
    case 'field.value':
      parts.value = node;
      return;
    case 'this.name':
      parts.thisName = node;
      return;
    case 'this.value':
      parts.thisValue = node;
      return;
    case 'narrow.name':
    case 'narrow.type':
    case 'narrow.body':
    case 'narrow.after':
    case 'narrow.exit':
      (parts.narrow ??= {})[name.slice(7) as keyof NarrowCapture] = node;
      return;
    default: {
      const kind = DEF_KINDS[name];
      if (kind) parts.def = { kind, node, start: node.startIndex };
    }
  }
}

function finishMatch(parts: MatchParts, out: Collected): void {
  if (parts.thisName && parts.thisValue) out.thisAssignments.push({ name: parts.thisName, value: parts.thisValue });
  if (parts.narrow?.name && parts.narrow.type) out.narrowings.push(parts.narrow as NarrowCapture);
  const def = parts.def;
  if (!def) return;
  if (parts.value) def.value = parts.value;
  if (parts.varName) def.nameNode = parts.varName;
  if (parts.varType) def.typeNode = parts.varType;
  out.candidates.push(def);
  if (def.kind === 'var') out.variables.push(def);
  else if (def.kind === 'field') out.fields.push(def);
}
