/**
 * TypeScript / JavaScript usages
 * ==============================
 * What code does with names, attributed to the symbol owning each position: calls, references,
 * local and module-level bindings, class fields, return values, test blocks and in-body imports.
 */
import { narrowChain, type Narrowing } from './narrowing';
import type { Node } from 'web-tree-sitter';
import type { BindingFact, CallFact, Chain, ImportFact, ReferenceFact, SymbolFact, SymbolKind } from './facts';
import type { Collected } from './typescript_collect';
import { importFromCall } from './typescript_module';
import type { Candidate, Scopes } from './typescript_scopes';
import { paramsOf, returnChain } from './typescript_symbols';
import { annotationText, chainOf, lineOf, patternNames, textOf, unquote, valueInfo } from './typescript_syntax';

/** Upper bound on references per file: enough for any real module, bounded for generated ones. */
const MAX_REFERENCES = 20000;
const MAX_RETURNS = 3;
const NOT_REFERENCES = new Set(['this', 'super', 'undefined', 'NaN', 'Infinity', 'arguments']);
const TEST_CALLEE =
  /^(?:describe|context|suite|it|test|specify|fdescribe|xdescribe|fit|xit|xtest)(?:\s*\.\s*(?:only|skip|todo|each|concurrent|sequential|serial|parallel|fixme|fails|describe|skipIf\([^)]*\)|runIf\([^)]*\)))*\s*(?:\(|$)/;
const FUNCTION_ARGUMENTS = new Set(['arrow_function', 'function_expression', 'function']);
/** Symbols that keep locals: functions and tests, and module-level values (for their initializers' callbacks). */
export const LOCAL_OWNER_KINDS: ReadonlySet<SymbolKind> = new Set<SymbolKind>(['function', 'method', 'test', 'constant', 'variable']);

export interface Usage {
  source: string;
  scopes: Scopes;
  collected: Collected;
  /** Callee texts, index-aligned with collected.calls. */
  calleeTexts: string[];
  /** Where `x instanceof T` narrows x (typescript_narrowing.ts). */
  narrowings: Narrowing[];
}

function symbolAt(u: Usage, pos: number): SymbolFact | undefined {
  const owner = u.scopes.index.ownerAt(pos);
  return owner < 0 ? undefined : u.scopes.symbols[owner]!.fact;
}

/** describe/it/test calls with a string title (and a callback, or `.todo`) as test candidates. */
export function testCandidates(source: string, calls: Node[], calleeTexts: string[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < calls.length; i++) {
    const text = calleeTexts[i]!;
    if (!TEST_CALLEE.test(text)) continue;
    const callee = calls[i]!;
    const call = callee.parent;
    const args = call?.childForFieldName('arguments');
    const title = args?.firstNamedChild;
    if (!call || !args || !title || (title.type !== 'string' && title.type !== 'template_string')) continue;
    const hasBody = args.namedChildren.some((a) => a !== null && FUNCTION_ARGUMENTS.has(a.type));
    if (!hasBody && !/\.\s*todo\b/.test(text)) continue;
    out.push({ kind: 'test', node: call, start: call.startIndex, name: unquote(textOf(source, title)), callee: text });
  }
  return out;
}

/** Names local to each symbol (params, variables, catch/loop bindings, local declarations). */
export function localNames(u: Usage): Map<number, Set<string>> {
  const out = new Map<number, Set<string>>();
  const add = (pos: number, names: string[]): void => {
    const owner = u.scopes.index.ownerAt(pos);
    if (owner < 0 || names.length === 0) return;
    let set = out.get(owner);
    if (!set) out.set(owner, (set = new Set()));
    for (const n of names) set.add(n);
  };
  for (const node of u.collected.localNames) add(node.startIndex, patternNames(u.source, node));
  for (const v of u.collected.variables) if (v.nameNode) add(v.start, patternNames(u.source, v.nameNode));
  for (const d of u.scopes.localDeclarations) add(d.pos, [d.name]);
  return out;
}

/** Every call and `new`; `require("m")` / `import("m")` become imports instead. */
export function readCalls(u: Usage, imports: ImportFact[]): CallFact[] {
  const out: CallFact[] = [];
  const { calls, news } = u.collected;
  for (let i = 0; i < calls.length; i++) {
    const callee = calls[i]!;
    const text = u.calleeTexts[i]!;
    // `import("m")`: the callee is the `import` keyword, whose text says so without asking its type.
    if (text === 'import' || text === 'require') {
      const fact = importFromCall(u.source, callee, text);
      if (fact) {
        const scope = symbolAt(u, callee.startIndex);
        if (scope) fact.scope = scope.qualifiedName;
        imports.push(fact);
        continue;
      }
    }
    out.push(callFact(u, callee, text, false));
  }
  for (const callee of news) out.push(callFact(u, callee, textOf(u.source, callee), true));
  // `<Button />`, `<Foo.Bar>`: rendering a component calls it (the TypeScript checker says so too).
  for (const name of u.collected.jsxRefs) {
    const text = componentName(u.source, name);
    if (text) out.push(callFact(u, name, text, false));
  }
  return out;
}

/** The tag of a JSX element when it names a component (capitalised or dotted), whitespace removed. */
function componentName(source: string, name: Node): string | undefined {
  const text = textOf(source, name);
  // Lower-case tags are HTML elements, not components.
  if (!/^[A-Z_$]/.test(text) && !text.includes('.')) return undefined;
  return text.replace(/\s+/g, '');
}

function callFact(u: Usage, callee: Node, text: string, isNew: boolean): CallFact {
  const pos = callee.startIndex;
  const chain = narrowChain(u.narrowings, chainOf(u.source, callee, text), pos, (start) => u.scopes.index.ownerAt(start) === u.scopes.index.ownerAt(pos));
  // A callee spread over lines (`a\n  .b()`) is reported on the line of its last segment.
  const line = text.includes('\n') ? callee.endPosition.row + 1 : lineOf(callee);
  const fact: CallFact = { callee: chain, line };
  const caller = symbolAt(u, callee.startIndex);
  if (caller) fact.caller = caller.qualifiedName;
  if (isNew) fact.isNew = true;
  return fact;
}

/** References, deduplicated per (symbol, chain, kind) and bounded. */
export function readReferences(u: Usage, locals: Map<number, Set<string>>): ReferenceFact[] {
  const out: ReferenceFact[] = [];
  const seen = new Set<string>();
  const typeParams = new Set<string>();
  for (const node of u.collected.typeParams) typeParams.add(textOf(u.source, node));
  const add = (node: Node, chain: Chain, isType: boolean): void => {
    // A chain rooted in a call result is the call's business (calls record it).
    if (out.length >= MAX_REFERENCES || chain.length === 0 || chain[0] === '?' || chain[0]!.endsWith(')')) return;
    if (chain.length === 1 && NOT_REFERENCES.has(chain[0]!)) return;
    if (chain[0] === 'undefined' || chain[0] === 'arguments') return;
    const owner = u.scopes.index.ownerAt(node.startIndex);
    if (owner >= 0 && locals.get(owner)?.has(chain[0]!)) return;
    const key = `${owner}\u0000${chain.join('.')}\u0000${isType ? 't' : 'v'}`;
    if (seen.has(key)) return;
    seen.add(key);
    const fact: ReferenceFact = { chain, line: lineOf(node) };
    if (owner >= 0) fact.from = u.scopes.symbols[owner]!.fact.qualifiedName;
    if (isType) fact.isType = true;
    out.push(fact);
  };
  for (const node of u.collected.valueRefs) add(node, chainOf(u.source, node), false);
  for (const node of u.collected.jsxRefs) {
    const text = componentName(u.source, node);
    if (text) add(node, chainOf(u.source, node, text), false);
  }
  readTypeReferences(u, typeParams, add);
  return out;
}

function readTypeReferences(u: Usage, typeParams: Set<string>, add: (node: Node, chain: Chain, isType: boolean) => void): void {
  const nestedEnds = new Set<number>();
  for (const node of u.collected.nestedTypeRefs) {
    const text = textOf(u.source, node).replace(/\s+/g, '');
    nestedEnds.add(node.endIndex);
    add(node, text.split('.'), true);
  }
  for (const node of u.collected.typeRefs) {
    if (u.collected.definitionNames.has(node.id)) continue;
    const text = textOf(u.source, node);
    // The last part of `ns.Type` is captured alone too; type parameters are not references.
    if (nestedEnds.has(node.endIndex) || typeParams.has(text)) continue;
    add(node, [text], true);
  }
  for (const node of u.collected.typeofRefs) add(node, chainOf(u.source, node), true);
}

/**
 * Typed parameters of anonymous callbacks (`new Observable((subscriber: Subscriber<T>) => …)`) are
 * locals of the definition the callback belongs to: its calls are that definition's, and so are
 * the names it binds. A callback that is a symbol's own body keeps its parameters as `params`.
 */
export function readCallbackParams(u: Usage, bodies: Set<number>): void {
  for (const c of u.collected.candidates) {
    if (c.kind !== 'fn' || bodies.has(c.node.id)) continue;
    const owner = u.scopes.index.ownerAt(c.node.startIndex + 1);
    const fact = owner >= 0 ? u.scopes.symbols[owner]!.fact : undefined;
    if (!fact || !LOCAL_OWNER_KINDS.has(fact.kind) || fact.kind === 'constant' || fact.kind === 'variable') continue;
    const passed = passedTo(u.source, c.node);
    const line = lineOf(c.node);
    (paramsOf(u.source, c.node) ?? []).forEach((param, j) => {
      if (!/^[\w$]+$/.test(param.name)) return;
      // Array callbacks' parameters are already there (readElementBindings).
      if (fact.locals?.some((l) => l.name === param.name && l.line === line && (l.type !== undefined || !param.type))) return;
      // Untyped: typed by what the callee declares for it (`operate((source, subscriber) => …)`).
      const binding: BindingFact | undefined = param.type
        ? { name: param.name, type: param.type, line }
        : passed && !param.isRest ? { name: param.name, value: [...passed.callee, `@arg${passed.index}.${j}`], line } : undefined;
      if (binding) (fact.locals ??= []).push(binding);
    });
  }
}

/** Array and promise methods: their callbacks' parameters are the runtime's business (or elements, above). */
const RUNTIME_CALLBACK_TAKERS = new Set(['forEach', 'map', 'filter', 'reduce', 'reduceRight', 'some', 'every', 'find', 'findIndex', 'findLast', 'flatMap', 'sort', 'then', 'catch', 'finally', 'setTimeout', 'setInterval', 'addEventListener']);

/** The call (or `new`) a callback is an argument of: the callee's chain and the argument's index. */
function passedTo(source: string, fn: Node): { callee: Chain; index: number } | undefined {
  const args = fn.parent;
  const call = args?.parent;
  if (!args || !call || args.type !== 'arguments') return undefined;
  const calleeNode = call.type === 'call_expression' ? call.childForFieldName('function') : call.type === 'new_expression' ? call.childForFieldName('constructor') : null;
  if (!calleeNode) return undefined;
  const callee = chainOf(source, calleeNode);
  if (callee.length === 0 || callee.includes('?') || callee.length > 8 || RUNTIME_CALLBACK_TAKERS.has(callee[callee.length - 1]!)) return undefined;
  const index = args.namedChildren.filter((n) => n !== null && n.type !== 'comment').findIndex((n) => n!.id === fn.id);
  return index < 0 ? undefined : { callee, index };
}

/** Locals of functions (into their symbols) and module-level bindings (returned). */
export function readBindings(u: Usage, symbolNodes: Set<number>): BindingFact[] {
  const bindings: BindingFact[] = [];
  for (const v of u.collected.variables) {
    if (!v.nameNode) continue;
    const isSymbol = symbolNodes.has(v.node.id);
    const owner = isSymbol ? -1 : u.scopes.index.ownerAt(v.start);
    if (!isSymbol && owner < 0) continue;
    const fact = owner >= 0 ? u.scopes.symbols[owner]!.fact : undefined;
    if (fact && !LOCAL_OWNER_KINDS.has(fact.kind)) continue;
    if (isSymbol && v.value && /function|class/.test(v.value.type)) continue;
    const found = v.nameNode.type === 'identifier' ? [bindingOf(u.source, v)] : destructured(u.source, v);
    for (const binding of found) {
      if (!binding) continue;
      if (fact) (fact.locals ??= []).push(binding);
      else bindings.push(binding);
    }
  }
  return bindings;
}

/**
 * `const { gen, schema: s } = cxt` → gen: [cxt, gen], s: [cxt, schema]; `const [a] = xs` → a: [xs, "[]"].
 * With an annotation and no usable value (`const { a }: T = …`) the members are read off the type.
 */
function destructured(source: string, v: Candidate): BindingFact[] {
  const pattern = v.nameNode!;
  const base = (v.value ? valueInfo(source, v.value).value : undefined) ?? (v.typeNode ? [`:${annotationText(source, v.typeNode)}`] : undefined);
  if (!base) return [];
  const line = lineOf(v.node);
  const out: BindingFact[] = [];
  if (pattern.type === 'array_pattern') {
    for (const part of pattern.namedChildren) {
      if (part?.type === 'identifier') out.push({ name: textOf(source, part), line, value: [...base, '[]'] });
    }
    return out;
  }
  if (pattern.type !== 'object_pattern') return out;
  for (const part of pattern.namedChildren) {
    if (!part) continue;
    if (part.type === 'shorthand_property_identifier_pattern') {
      const name = textOf(source, part);
      out.push({ name, line, value: [...base, name] });
    } else if (part.type === 'pair_pattern') {
      const key = part.childForFieldName('key');
      const value = part.childForFieldName('value');
      if (key?.type === 'property_identifier' && value?.type === 'identifier') out.push({ name: textOf(source, value), line, value: [...base, textOf(source, key)] });
    } else if (part.type === 'object_assignment_pattern') {
      const left = part.childForFieldName('left');
      if (left?.type === 'shorthand_property_identifier_pattern') {
        const name = textOf(source, left);
        out.push({ name, line, value: [...base, name] });
      }
    }
  }
  return out;
}

function bindingOf(source: string, v: Candidate): BindingFact | undefined {
  const name = v.nameNode ? textOf(source, v.nameNode) : '';
  const info = v.value ? valueInfo(source, v.value) : {};
  const type = v.typeNode ? annotationText(source, v.typeNode) : info.type;
  if (!type && !info.value) return undefined;
  const binding: BindingFact = { name, line: lineOf(v.node) };
  if (type) binding.type = type;
  if (info.value) binding.value = info.value;
  return binding;
}

/** Class fields: declarations, `this.x = …` in any method, constructor parameter properties. */
export function readFields(u: Usage, symbolNodes: Set<number>): void {
  const { source, scopes } = u;
  const byClass = new Map<number, Map<string, BindingFact>>();
  const put = (cls: number, field: BindingFact): void => {
    let fields = byClass.get(cls);
    if (!fields) byClass.set(cls, (fields = new Map()));
    const existing = fields.get(field.name);
    // A type annotation wins over a value; otherwise the first sighting stays.
    if (!existing) fields.set(field.name, field);
    else if (!existing.type && field.type) fields.set(field.name, { ...existing, ...field, line: existing.line });
  };
  const classOf = (pos: number): number => {
    const owner = scopes.index.ownerAt(pos);
    if (owner < 0) return -1;
    const fact = scopes.symbols[owner]!.fact;
    // Interfaces have fields too: their property signatures.
    if (fact.kind === 'class' || fact.kind === 'interface') return owner;
    if (fact.kind !== 'method' || !fact.parent) return -1;
    return scopes.byQualifiedName.get(fact.parent) ?? -1;
  };
  for (const f of u.collected.fields) {
    if (symbolNodes.has(f.node.id)) continue;
    const cls = classOf(f.start);
    const name = f.node.childForFieldName('name') ?? f.node.childForFieldName('property');
    if (cls < 0 || !name) continue;
    const field: BindingFact = { name: textOf(source, name), line: lineOf(name) };
    const type = f.node.childForFieldName('type');
    if (type) field.type = annotationText(source, type);
    const info = f.value ? valueInfo(source, f.value) : {};
    if (info.value) field.value = info.value;
    if (!field.type && info.type) field.type = info.type;
    put(cls, field);
  }
  for (const a of u.collected.thisAssignments) {
    const cls = classOf(a.name.startIndex);
    if (cls < 0) continue;
    const field: BindingFact = { name: textOf(source, a.name), line: lineOf(a.name) };
    const info = valueInfo(source, a.value);
    if (info.value) field.value = info.value;
    const paramType = info.value?.length === 1 ? paramTypeAt(u, a.name.startIndex, info.value[0]!) : undefined;
    if (info.type ?? paramType) field.type = info.type ?? paramType;
    put(cls, field);
  }
  addParameterProperties(u, put);
  for (const [cls, fields] of byClass) scopes.symbols[cls]!.fact.fields = [...fields.values()];
}

/** `this.c = c` where c is a typed parameter of the method: the field has the parameter's type. */
function paramTypeAt(u: Usage, pos: number, name: string): string | undefined {
  const owner = u.scopes.index.ownerAt(pos);
  if (owner < 0) return undefined;
  return u.scopes.symbols[owner]!.fact.params?.find((p) => p.name === name)?.type;
}

function addParameterProperties(u: Usage, put: (cls: number, field: BindingFact) => void): void {
  const { symbols } = u.scopes;
  for (let i = 0; i < symbols.length; i++) {
    const fact = symbols[i]!.fact;
    if (fact.kind !== 'method' || fact.name !== 'constructor' || !fact.params || !fact.parent) continue;
    const cls = u.scopes.byQualifiedName.get(fact.parent);
    if (cls === undefined) continue;
    for (const p of fact.params) {
      if (!p.isProperty) continue;
      const field: BindingFact = { name: p.name, line: fact.line };
      if (p.type) field.type = p.type;
      put(cls, field);
    }
  }
}

/** `return X()` / `return new X()` / `return name` of each function's own body (not nested ones). */
export function readReturns(u: Usage): void {
  const { index, symbols } = u.scopes;
  for (const value of u.collected.returns) {
    const entry = index.entryAt(value.startIndex);
    if (entry < 0) continue;
    const symbol = index.symbols[entry]!;
    if (symbol < 0) continue;
    const fact = symbols[symbol]!.fact;
    if (fact.kind !== 'function' && fact.kind !== 'method') continue;
    const returns = (fact.returns ??= []);
    if (returns.length >= MAX_RETURNS) continue;
    const chain = returnChain(u.source, value);
    if (!chain) continue;
    const key = chain.join('.');
    if (!returns.some((r) => r.join('.') === key)) returns.push(chain);
  }
  for (const s of symbols) if (s.fact.returns?.length === 0) delete s.fact.returns;
}
