/**
 * TypeScript / JavaScript symbol details
 * ======================================
 * Fills in a symbol's span, signature, doc, decorators, heritage, parameters and modifiers from its
 * definition node. Runs once per symbol, so it may ask the tree for children and siblings.
 */
import type { Node } from 'web-tree-sitter';
import type { ParamFact, SymbolFact } from './facts';
import type { SymbolRecord } from './typescript_scopes';
import { FUNCTION_VALUES } from './typescript_scopes';
import { annotationText, chainOf, clip, collapse, commentFirstLine, firstAlternative, keywords, lineOf, textOf, unwrap } from './typescript_syntax';

const SIGNATURE_MAX = 200;
const DEFAULT_MAX = 80;
const WRAPPER_TYPES = new Set(['export_statement', 'ambient_declaration']);

/** Where a symbol's text begins and ends, and the nodes around it. */
interface Layout {
  /** Outermost node of the definition (`export …`, `declare …`, the `const` statement). */
  outer: Node;
  /** First node of the definition, decorators included (for startLine and the JSDoc before it). */
  first: Node;
  /** The function node when the symbol is a function or method (its params, body, return type). */
  fn?: Node;
  /** The class node when the symbol is a class. */
  cls?: Node;
}

export interface SymbolDetails {
  /** `export default …` wraps this symbol. */
  isDefault: boolean;
}

/** Fills rec.fact in place; tells whether the symbol is the module's default export. */
export function describeSymbol(source: string, rec: SymbolRecord): SymbolDetails {
  const fact = rec.fact;
  const layout = layoutOf(rec);
  const exportStatement = layout.outer.type === 'export_statement' ? layout.outer : undefined;
  fact.exported = exportStatement !== undefined;
  const isDefault = exportStatement !== undefined && hasDefaultKeyword(exportStatement);
  fact.line = nameLine(rec);
  fact.startLine = lineOf(layout.first);
  fact.endLine = layout.outer.endPosition.row + 1;
  fact.signature = signatureOf(source, rec, layout);
  const doc = docBefore(source, layout.first);
  if (doc) fact.doc = doc;
  const decorators = decoratorsOf(source, rec, layout);
  if (decorators.length > 0) fact.decorators = decorators;
  if (layout.cls) describeClass(source, fact, layout.cls);
  if (rec.node.type === 'interface_declaration') describeInterface(source, fact, rec.node);
  if (layout.fn) describeFunction(source, fact, layout.fn);
  if (fact.kind === 'method') describeMember(fact, rec.node);
  return { isDefault };
}

function layoutOf(rec: SymbolRecord): Layout {
  const node = rec.node;
  const value = rec.value;
  switch (rec.from) {
    case 'var': {
      const declaration = node.parent ?? node;
      const outer = climbWrappers(declaration);
      const layout: Layout = { outer, first: outer };
      if (value && FUNCTION_VALUES.has(value.type)) layout.fn = value;
      if (value && value.type === 'class') layout.cls = value;
      return layout;
    }
    case 'cjs':
    case 'proto': {
      const outer = node.parent ?? node;
      return value?.type === 'class' ? { outer, first: outer, cls: value } : { outer, first: outer, fn: value };
    }
    case 'default': {
      const outer = node.parent ?? node;
      return node.type === 'class' ? { outer, first: outer, cls: node } : { outer, first: outer, fn: node };
    }
    case 'method':
    case 'signature':
    case 'field': {
      const first = rec.fact.kind === 'method' ? firstDecoratorBefore(node) : node;
      const outer = rec.fact.kind === 'method' ? node : climbWrappers(node);
      const fn = rec.from === 'field' ? value : node;
      return { outer, first: rec.fact.kind === 'method' ? first : outer, fn };
    }
    case 'test':
      return { outer: node, first: node };
    default: {
      const outer = climbWrappers(node);
      const layout: Layout = { outer, first: outer };
      if (rec.fact.kind === 'class') layout.cls = node;
      if (rec.fact.kind === 'function') layout.fn = node;
      return layout;
    }
  }
}

/** `export`, `declare`, `export declare` around a module-level definition: the outermost one, or node. */
function climbWrappers(node: Node): Node {
  let cur = node;
  for (let i = 0; i < 3; i++) {
    const parent = cur.parent;
    if (!parent || !WRAPPER_TYPES.has(parent.type)) break;
    cur = parent;
  }
  return cur;
}

function hasDefaultKeyword(exportStatement: Node): boolean {
  for (const child of exportStatement.children) if (child && child.type === 'default') return true;
  return false;
}

/** TS puts a class member's decorators before it in the class body; JS puts them inside. */
function firstDecoratorBefore(node: Node): Node {
  let first = node;
  for (let prev = node.previousNamedSibling; prev && prev.type === 'decorator'; prev = prev.previousNamedSibling) first = prev;
  return first;
}

function nameLine(rec: SymbolRecord): number {
  if (rec.from === 'var') {
    const name = rec.node.childForFieldName('name');
    return lineOf(name ?? rec.node);
  }
  if (rec.from === 'test' || rec.from === 'cjs' || rec.from === 'proto' || rec.from === 'default') return lineOf(rec.node);
  const name = rec.node.childForFieldName('name') ?? rec.node.childForFieldName('property');
  return lineOf(name ?? rec.node);
}

/** The first non-empty line of the JSDoc right before `node`. */
function docBefore(source: string, node: Node): string | undefined {
  const prev = node.previousSibling;
  if (!prev || prev.type !== 'comment') return undefined;
  const text = textOf(source, prev);
  return text.startsWith('/**') ? commentFirstLine(text) : undefined;
}

function decoratorsOf(source: string, rec: SymbolRecord, layout: Layout): string[] {
  const out: string[] = [];
  const add = (holder: Node): void => {
    for (const child of holder.namedChildren) if (child && child.type === 'decorator') out.push(clip(textOf(source, child).replace(/^@\s*/, ''), 100));
  };
  if (layout.first.id !== rec.node.id && layout.first.type === 'decorator') {
    for (let d: Node | null = layout.first; d && d.type === 'decorator'; d = d.nextNamedSibling) out.push(clip(textOf(source, d).replace(/^@\s*/, ''), 100));
  }
  if (layout.outer.type === 'export_statement') add(layout.outer);
  if (rec.fact.kind === 'class' || rec.fact.kind === 'method') add(rec.node);
  return out;
}

/** The head of the definition on one line, its body left out. */
function signatureOf(source: string, rec: SymbolRecord, layout: Layout): string {
  const node = rec.node;
  if (rec.from === 'test') return clip(`${calleeHead(source, node)}(${firstArgument(source, node) ?? ''})`, SIGNATURE_MAX);
  const start = headStart(layout.outer, rec);
  let end = layout.outer.endIndex;
  const bodyOwner = layout.fn ?? layout.cls ?? node;
  const body = bodyOwner.childForFieldName('body');
  if (body && rec.fact.kind !== 'type' && rec.fact.kind !== 'constant' && rec.fact.kind !== 'variable') end = body.startIndex;
  const text = source.slice(start, Math.min(end, start + SIGNATURE_MAX * 4));
  return clip(text, SIGNATURE_MAX).replace(/\s*[{;]$/, '');
}

/** Start of the definition's text after its decorators (`export`, `const`, `class`, the method name…). */
function headStart(outer: Node, rec: SymbolRecord): number {
  if (rec.from === 'var' || rec.from === 'cjs' || rec.from === 'proto') return outer.startIndex;
  for (const child of outer.children) {
    if (!child || child.type === 'decorator' || child.type === 'comment') continue;
    return child.startIndex;
  }
  return outer.startIndex;
}

function calleeHead(source: string, call: Node): string {
  const fn = call.childForFieldName('function');
  return fn ? collapse(textOf(source, fn)) : '';
}

function firstArgument(source: string, call: Node): string | undefined {
  const first = call.childForFieldName('arguments')?.firstNamedChild;
  return first ? textOf(source, first) : undefined;
}

function describeClass(source: string, fact: SymbolFact, cls: Node): void {
  const bases: string[] = [];
  const impl: string[] = [];
  for (const child of cls.namedChildren) {
    if (!child || child.type !== 'class_heritage') continue;
    for (const h of child.namedChildren) {
      if (!h) continue;
      if (h.type === 'extends_clause') bases.push(collapse(textOf(source, h).replace(/^extends\s+/, '')));
      else if (h.type === 'implements_clause') {
        for (const t of h.namedChildren) if (t && t.type !== 'comment') impl.push(collapse(textOf(source, t)));
      } else if (h.type !== 'comment') bases.push(collapse(textOf(source, h)));
    }
  }
  if (bases.length > 0) fact.bases = bases;
  if (impl.length > 0) fact.implements = impl;
  if (cls.type === 'abstract_class_declaration') fact.isAbstract = true;
}

function describeInterface(source: string, fact: SymbolFact, node: Node): void {
  const bases: string[] = [];
  for (const child of node.namedChildren) {
    if (!child || child.type !== 'extends_type_clause') continue;
    for (const t of child.namedChildren) if (t && t.type !== 'comment') bases.push(collapse(textOf(source, t)));
  }
  if (bases.length > 0) fact.bases = bases;
}

function describeFunction(source: string, fact: SymbolFact, fn: Node): void {
  const params = paramsOf(source, fn);
  if (params) fact.params = params;
  const returnType = fn.childForFieldName('return_type');
  if (returnType) fact.returnType = annotationText(source, returnType);
  if (keywords(fn).has('async')) fact.isAsync = true;
  // `() => make()`: an expression body is the return value.
  const body = fn.childForFieldName('body');
  if (body && body.type !== 'statement_block' && fn.type === 'arrow_function') {
    const chain = returnChain(source, body);
    if (chain) fact.returns = [chain];
  }
}

function describeMember(fact: SymbolFact, node: Node): void {
  const words = keywords(node);
  if (words.has('static')) fact.isStatic = true;
  if (words.has('abstract') || node.type === 'abstract_method_signature') fact.isAbstract = true;
}

/** The chain a `return` value contributes: a call, `new X()` (→ ["X()"]), a name or member chain. */
export function returnChain(source: string, value: Node): string[] | undefined {
  const node = firstAlternative(unwrap(value));
  switch (node.type) {
    case 'new_expression': {
      const ctor = node.childForFieldName('constructor');
      if (!ctor) return undefined;
      const chain = chainOf(source, ctor);
      chain[chain.length - 1] += '()';
      return chain[0] === '?' ? undefined : chain;
    }
    case 'call_expression':
    case 'identifier':
    case 'member_expression': {
      const chain = chainOf(source, node);
      return chain[0] === '?' || (chain.length === 1 && chain[0] === 'this') ? undefined : chain;
    }
    default:
      return undefined;
  }
}

/** Parameters of a function-like node (TS required/optional parameters or JS patterns). */
export function paramsOf(source: string, fn: Node): ParamFact[] | undefined {
  const list = fn.childForFieldName('parameters');
  if (!list) {
    const single = fn.childForFieldName('parameter');
    return single ? [{ name: textOf(source, single) }] : undefined;
  }
  const out: ParamFact[] = [];
  for (const p of list.namedChildren) {
    if (!p) continue;
    const param = paramOf(source, p);
    if (param) out.push(param);
  }
  return out;
}

function paramOf(source: string, p: Node): ParamFact | undefined {
  switch (p.type) {
    case 'required_parameter':
    case 'optional_parameter':
      return tsParam(source, p);
    case 'identifier':
      return { name: textOf(source, p) };
    case 'assignment_pattern': {
      const left = p.childForFieldName('left');
      const right = p.childForFieldName('right');
      const param: ParamFact = { name: left ? clip(textOf(source, left), 80) : '?' };
      if (right) param.default = clip(textOf(source, right), DEFAULT_MAX);
      return param;
    }
    case 'rest_pattern': {
      const inner = p.firstNamedChild;
      return { name: inner ? clip(textOf(source, inner), 80) : '?', isRest: true };
    }
    case 'object_pattern':
    case 'array_pattern':
      return { name: clip(textOf(source, p), 80) };
    default:
      return undefined;
  }
}

function tsParam(source: string, p: Node): ParamFact | undefined {
  const pattern = p.childForFieldName('pattern');
  if (!pattern || pattern.type === 'this') return undefined;
  const param: ParamFact = { name: '' };
  if (pattern.type === 'rest_pattern') {
    const inner = pattern.firstNamedChild;
    param.name = inner ? clip(textOf(source, inner), 80) : '?';
    param.isRest = true;
  } else {
    param.name = clip(textOf(source, pattern), 80);
  }
  const type = p.childForFieldName('type');
  if (type) param.type = annotationText(source, type);
  const value = p.childForFieldName('value');
  if (value) param.default = clip(textOf(source, value), DEFAULT_MAX);
  const words = keywords(p);
  if (words.has('accessibility_modifier') || words.has('readonly') || words.has('override_modifier')) param.isProperty = true;
  return param;
}
