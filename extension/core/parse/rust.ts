/**
 * Rust fact extractor
 * ===================
 * Turns a parsed Rust file into facts. grammars/rust/facts.scm captures the nodes of interest in
 * one pass; they come back in document order and are swept with a stack of the open items, so
 * each node knows the function, `impl` block and inline module it is in.
 *
 * What becomes what (the kinds are the house's, model/kinds.ts):
 *   struct, union → class        enum → enum           trait → interface     type X = … → type
 *   fn → function; `#[test]`, `#[tokio::test]` and any `#[….::test]` fn → test
 *   `#[cfg(test)] mod tests { … }` → a test (like a describe block) holding its items
 *   fn in `impl Type` / `impl Trait for Type` → method `Type.name` (`implFor`, `implTrait`);
 *     when one file's impls of a type define a name twice (Display and Debug both have `fmt`)
 *     the later is `Type.Trait.name`. Its parent is the type when the type is in the same file
 *     and module; otherwise none (resolve/rust gives the method_of edge a home then).
 *   fn in `trait T` → method `T.name` (no body: abstract)
 *   const → constant, static → variable (module level and associated), macro_rules! → function
 *     with the decorator `macro_rules!` (a `foo!()` call to it is a call)
 *   items of a plain inline `mod a { … }` are qualified `a.item` and carry `inlineModule: "a"`.
 * Closures are transparent: their calls are the enclosing function's.
 */
import type { Node } from 'web-tree-sitter';
import type { BindingFact, CallFact, ExtractedFacts, ExtractorInput, ImportFact, ParamFact, SymbolFact, SymbolKind } from './facts';
import { mayNest } from './nesting';
import { tokenTreeCalls, type TokenCall } from './rust_macros';
import { useFacts } from './rust_uses';
import { attributesOf, cfgEnabled, chainOf, docOf, fileDocOf, isPub, leadingTrivia, oneLine, pathText, signatureOf, TRY_SEGMENT, typeBaseName } from './rust_syntax';

/** Deepest node a match may start at (tree-sitter's query cursor is quadratic in depth; see python.ts). */
const MAX_QUERY_DEPTH = 1024;

interface ImplBlock {
  /** The self type as written. */
  selfType: string;
  typeName: string;
  trait?: string;
  /** `<T: A> … where T: B`, when the block has type parameters. */
  generics?: string;
  /** The block's `#[cfg(…)]` attributes. */
  cfg?: string[];
}

interface Scope {
  kind: 'file' | 'fn' | 'impl' | 'trait' | 'mod';
  end: number;
  /** Inline module path (`['tests']`). */
  module: string[];
  /** The symbol this scope is, if any (a function, a trait, a test module). */
  symbol?: SymbolFact;
  /** Who what happens here is attributed to. */
  owner?: SymbolFact;
  /** Symbols enclosing this scope's own, for the nesting caps. */
  depth: number;
  impl?: ImplBlock;
}

interface Ctx {
  source: string;
  symbols: SymbolFact[];
  byQn: Map<string, SymbolFact>;
  /** Methods of an impl block, by the qualified name of their self type, resolved to a parent at the end. */
  pendingParent: Map<SymbolFact, string>;
  imports: ImportFact[];
  calls: CallFact[];
  locals: Map<SymbolFact, BindingFact[]>;
}

const line = (n: Node): number => n.startPosition.row + 1;
const modulePrefix = (module: readonly string[]): string => (module.length ? `${module.join('.')}.` : '');

export function extractRust(input: ExtractorInput): ExtractedFacts {
  const root = input.tree.rootNode;
  const ctx: Ctx = { source: input.source, symbols: [], byQn: new Map(), pendingParent: new Map(), imports: [], calls: [], locals: new Map() };
  try {
    const query = input.grammar.queries.get('facts');
    if (query) sweep(ctx, query.captures(root, { maxStartDepth: MAX_QUERY_DEPTH }), root.endIndex);
  } catch {
    // Never fail a file: whatever was collected before an unexpected error is still worth indexing.
  }
  for (const [s, parentQn] of ctx.pendingParent) {
    const p = ctx.byQn.get(parentQn);
    if (p && (p.kind === 'class' || p.kind === 'enum' || p.kind === 'type' || p.kind === 'interface')) s.parent = p.qualifiedName;
  }
  for (const [s, list] of ctx.locals) if (list.length) s.locals = list;
  const facts: ExtractedFacts = { symbols: ctx.symbols, imports: ctx.imports, exports: [], calls: ctx.calls, references: [], bindings: [] };
  const doc = fileDocOf(root);
  if (doc) facts.doc = doc;
  return facts;
}

function sweep(ctx: Ctx, captures: { name: string; node: Node }[], fileEnd: number): void {
  const stack: Scope[] = [{ kind: 'file', end: fileEnd + 1, module: [], depth: 0 }];
  for (const { name, node } of captures) {
    while (stack.length > 1 && stack[stack.length - 1]!.end <= node.startIndex) stack.pop();
    const cur = stack[stack.length - 1]!;
    const opened = visit(ctx, name, node, cur);
    if (opened) stack.push(opened);
  }
}

/** Handles one captured node; returns the scope it opens, if any. */
function visit(ctx: Ctx, capture: string, node: Node, cur: Scope): Scope | undefined {
  switch (capture) {
    case 'item.fn':
      return fnItem(ctx, node, cur);
    case 'item.impl': {
      const type = node.childForFieldName('type');
      const selfType = type ? oneLine(type.text, 200) : '';
      const typeName = typeBaseName(selfType);
      if (!typeName) return { kind: 'impl', end: node.endIndex, module: cur.module, owner: cur.owner, depth: cur.depth };
      const trait = node.childForFieldName('trait');
      const impl: ImplBlock = { selfType, typeName, ...(trait ? { trait: oneLine(trait.text, 200) } : {}) };
      // `#[cfg(no_str_strip_prefix)] impl StripPrefixExt for str`: the block's cfg is its methods'.
      const cfg = attributesOf(leadingTrivia(node)).filter((a) => a.startsWith('cfg'));
      if (cfg.length) impl.cfg = cfg;
      const params = node.childForFieldName('type_parameters');
      const where = node.namedChildren.find((c) => c?.type === 'where_clause');
      if (params || where) impl.generics = oneLine(`${params?.text ?? ''} ${where?.text ?? ''}`, 300);
      return { kind: 'impl', end: node.endIndex, module: cur.module, owner: cur.owner, depth: cur.depth, impl };
    }
    case 'item.mod':
      return modItem(ctx, node, cur);
    case 'item.trait': {
      const s = typeItem(ctx, node, cur, 'interface');
      if (!s) return undefined;
      return { kind: 'trait', end: node.endIndex, module: cur.module, symbol: s, owner: s, depth: cur.depth + 1 };
    }
    case 'item.struct':
      typeItem(ctx, node, cur, 'class');
      return undefined;
    case 'item.enum':
      typeItem(ctx, node, cur, 'enum');
      return undefined;
    case 'item.type':
      // Associated types (`type Err = Error;`) name nothing callable.
      if (cur.kind !== 'impl' && cur.kind !== 'trait') typeItem(ctx, node, cur, 'type');
      return undefined;
    case 'item.const':
      typeItem(ctx, node, cur, 'constant');
      return undefined;
    case 'item.static':
      typeItem(ctx, node, cur, 'variable');
      return undefined;
    case 'item.macro':
      typeItem(ctx, node, cur, 'function');
      return undefined;
    case 'use':
      // A `use` under a cfg a default build leaves off binds nothing (the item it names still exists).
      if (cfgEnabled(attributesOf(leadingTrivia(node)))) ctx.imports.push(...useFacts(node, importScope(cur)));
      return undefined;
    case 'extern': {
      const name = node.childForFieldName('name');
      if (!name || !cfgEnabled(attributesOf(leadingTrivia(node)))) return undefined;
      const alias = node.childForFieldName('alias');
      const fact: ImportFact = { module: name.text, line: line(node), names: [{ imported: name.text, local: alias?.text ?? name.text }], rustMod: 'extern' };
      const scope = importScope(cur);
      if (scope !== undefined) fact.scope = scope;
      ctx.imports.push(fact);
      return undefined;
    }
    case 'let':
    case 'for':
    case 'iflet':
    case 'closure':
      if (cur.owner && cur.kind === 'fn') bindings(ctx, capture, node, cur.owner);
      return undefined;
    case 'call': {
      const fn = node.childForFieldName('function');
      if (!fn) return undefined;
      const callee = chainOf(fn);
      const call = addCall(ctx, cur, callee, line(node));
      // `Trait::method(x, …)`: the type of x picks the impl.
      const args = fn.type === 'scoped_identifier' ? node.childForFieldName('arguments') : null;
      if (call && args && args.namedChildCount > 0) {
        call.args = args.namedChildren.filter((a) => a !== null && a.type !== 'attribute_item' && !a.type.endsWith('comment')).map((a) => chainOf(a!));
      }
      return undefined;
    }
    case 'macro': {
      const m = node.childForFieldName('macro');
      const p = m ? pathText(m) : undefined;
      if (p) addCall(ctx, cur, [`${p}!`], line(node));
      const tree = node.namedChildren.find((c) => c?.type === 'token_tree');
      if (tree) {
        const found: TokenCall[] = [];
        tokenTreeCalls(tree, found);
        for (const c of found) addCall(ctx, cur, c.callee, c.line);
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/** Where a `use` binds: the function it is written in, else the inline module, else the file. */
function importScope(cur: Scope): string | undefined {
  if (cur.kind === 'fn' && cur.owner) return cur.owner.qualifiedName;
  return cur.module.length ? cur.module.join('.') : undefined;
}

function addCall(ctx: Ctx, cur: Scope, callee: string[], at: number): CallFact | undefined {
  if (callee.length === 0 || callee[0] === '?') return undefined;
  const call: CallFact = { callee, line: at };
  if (cur.owner && (cur.kind === 'fn' || cur.owner.kind === 'function' || cur.owner.kind === 'method' || cur.owner.kind === 'test')) call.caller = cur.owner.qualifiedName;
  ctx.calls.push(call);
  return call;
}

function newSymbol(ctx: Ctx, node: Node, nameNode: Node, kind: SymbolKind, qn: string, cur: Scope, parent: string | undefined): SymbolFact | undefined {
  const existing = ctx.byQn.get(qn);
  if (existing) return existing; // `#[cfg(a)] fn f` / `#[cfg(not(a))] fn f`: one symbol, the first
  const trivia = leadingTrivia(node);
  const attrs = attributesOf(trivia);
  const s: SymbolFact = {
    kind,
    name: nameNode.text,
    qualifiedName: qn,
    line: line(nameNode),
    startLine: trivia.length ? line(trivia[0]!) : line(node),
    endLine: node.endPosition.row + 1,
    signature: signatureOf(ctx.source, node),
    exported: isPub(node),
  };
  if (parent !== undefined) s.parent = parent;
  const doc = docOf(trivia);
  if (doc) s.doc = doc;
  if (attrs.length) s.decorators = attrs;
  if (cur.module.length) s.inlineModule = cur.module.join('.');
  ctx.byQn.set(qn, s);
  ctx.symbols.push(s);
  return s;
}

/** Qualified name and parent of a definition written in scope `cur`; undefined past the nesting caps. */
function placement(cur: Scope, name: string): { qn: string; parent?: string } | undefined {
  if (cur.kind === 'fn') {
    if (!cur.owner) return undefined;
    if (!mayNest(cur.depth, cur.owner.qualifiedName, name)) return undefined;
    return { qn: `${cur.owner.qualifiedName}.${name}`, parent: cur.owner.qualifiedName };
  }
  const qn = `${modulePrefix(cur.module)}${name}`;
  return cur.symbol ? { qn, parent: cur.symbol.qualifiedName } : { qn };
}

function fnItem(ctx: Ctx, node: Node, cur: Scope): Scope {
  const nameNode = node.childForFieldName('name');
  const transparent: Scope = { kind: 'fn', end: node.endIndex, module: cur.module, owner: cur.owner, depth: cur.depth };
  if (!nameNode) return transparent;
  const name = nameNode.text;
  let kind: SymbolKind = 'function';
  let qn: string;
  let parent: string | undefined;
  let pending: string | undefined;
  const impl = cur.kind === 'impl' ? cur.impl : undefined;
  if (cur.kind === 'impl') {
    if (!impl) return transparent;
    kind = 'method';
    const typeQn = `${modulePrefix(cur.module)}${impl.typeName}`;
    qn = `${typeQn}.${name}`;
    if (ctx.byQn.has(qn) && impl.trait) qn = `${typeQn}.${typeBaseName(impl.trait) ?? 'impl'}.${name}`;
    pending = typeQn;
    if (cur.owner && cur.owner.kind === 'test') parent = cur.owner.qualifiedName;
  } else if (cur.kind === 'trait' && cur.symbol) {
    kind = 'method';
    qn = `${cur.symbol.qualifiedName}.${name}`;
    parent = cur.symbol.qualifiedName;
  } else {
    const placed = placement(cur, name);
    if (!placed) return transparent;
    qn = placed.qn;
    parent = placed.parent;
    const attrs = attributesOf(leadingTrivia(node));
    if (attrs.some((a) => a === 'test' || /::test$/.test(a))) kind = 'test';
  }
  const s = newSymbol(ctx, node, nameNode, kind, qn, cur, parent);
  if (!s) return transparent;
  if (ctx.symbols[ctx.symbols.length - 1] === s) {
    if (impl) {
      s.implFor = impl.selfType;
      if (impl.trait) s.implTrait = impl.trait;
      if (impl.generics) s.implGenerics = impl.generics;
      if (impl.cfg) s.decorators = [...impl.cfg, ...(s.decorators ?? [])];
      if (impl.trait || (cur.kind === 'impl' && cur.owner?.kind === 'test')) s.exported = s.exported || impl.trait !== undefined;
      if (pending) ctx.pendingParent.set(s, pending);
    }
    if (cur.kind === 'trait' && cur.symbol) s.exported = cur.symbol.exported;
    fillFunction(ctx, s, node);
  }
  return { kind: 'fn', end: node.endIndex, module: cur.module, symbol: s, owner: s, depth: cur.depth + 1 };
}

function fillFunction(ctx: Ctx, s: SymbolFact, node: Node): void {
  const params = node.childForFieldName('parameters');
  const list: ParamFact[] = [];
  for (let i = 0; params && i < params.namedChildCount; i++) {
    const p = params.namedChild(i)!;
    if (p.type === 'self_parameter') list.push({ name: 'self', type: 'Self' });
    else if (p.type === 'parameter') {
      const pattern = p.childForFieldName('pattern');
      const type = p.childForFieldName('type');
      const name = pattern ? bindingName(pattern) : undefined;
      list.push({ name: name ?? (pattern ? oneLine(pattern.text, 80) : '_'), ...(type ? { type: oneLine(type.text, 200) } : {}) });
    }
  }
  if (list.length) s.params = list;
  const ret = node.childForFieldName('return_type');
  if (ret) s.returnType = oneLine(ret.text, 200);
  if (node.type === 'function_signature_item') s.isAbstract = true;
  const mods = node.namedChildren.find((c) => c?.type === 'function_modifiers');
  if (mods && /\basync\b/.test(mods.text)) s.isAsync = true;
  if (s.kind === 'method' && !list.some((p) => p.name === 'self')) s.isStatic = true;
  void ctx;
}

/** `x`, `mut x`, `ref x` → x. */
function bindingName(pattern: Node): string | undefined {
  if (pattern.type === 'identifier') return pattern.text;
  if (pattern.type === 'mut_pattern' || pattern.type === 'ref_pattern') {
    const inner = pattern.namedChildren.find((c) => c?.type === 'identifier');
    return inner?.text;
  }
  return undefined;
}

function modItem(ctx: Ctx, node: Node, cur: Scope): Scope | undefined {
  const nameNode = node.childForFieldName('name');
  if (!nameNode) return undefined;
  const name = nameNode.text;
  const body = node.childForFieldName('body');
  const fact: ImportFact = { module: name, line: line(node), names: [{ imported: '*module*', local: name }], rustMod: body ? 'inline' : 'file' };
  const scope = importScope(cur);
  if (scope !== undefined) fact.scope = scope;
  const attrs = attributesOf(leadingTrivia(node));
  if (cfgEnabled(attrs)) ctx.imports.push(fact);
  if (!body) return undefined;
  const module = [...cur.module, name];
  let symbol: SymbolFact | undefined;
  if (attrs.some((a) => a === 'cfg(test)' || /^cfg\(all\(test\b/.test(a))) {
    symbol = newSymbol(ctx, node, nameNode, 'test', `${modulePrefix(cur.module)}${name}`, cur, cur.symbol?.qualifiedName);
  }
  const owner = symbol ?? (cur.kind === 'mod' || cur.kind === 'file' ? cur.owner : undefined);
  return { kind: 'mod', end: node.endIndex, module, ...(symbol ? { symbol } : {}), ...(owner ? { owner } : {}), depth: cur.depth + (symbol ? 1 : 0) };
}

function typeItem(ctx: Ctx, node: Node, cur: Scope, kind: SymbolKind): SymbolFact | undefined {
  const nameNode = node.childForFieldName('name');
  if (!nameNode) return undefined;
  let placed: { qn: string; parent?: string } | undefined;
  let pending: string | undefined;
  if (cur.kind === 'impl' || cur.kind === 'trait') {
    // Associated consts: `VersionReq::STAR`.
    const owner = cur.kind === 'impl' ? (cur.impl ? `${modulePrefix(cur.module)}${cur.impl.typeName}` : undefined) : cur.symbol?.qualifiedName;
    if (!owner) return undefined;
    placed = { qn: `${owner}.${nameNode.text}`, ...(cur.kind === 'trait' ? { parent: owner } : {}) };
    if (cur.kind === 'impl') pending = owner;
  } else placed = placement(cur, nameNode.text);
  if (!placed) return undefined;
  const s = newSymbol(ctx, node, nameNode, kind, placed.qn, cur, placed.parent);
  if (!s || ctx.symbols[ctx.symbols.length - 1] !== s) return s;
  if (pending) ctx.pendingParent.set(s, pending);
  if (cur.kind === 'impl' && cur.impl) s.implFor = cur.impl.selfType;
  if (node.type === 'macro_definition') {
    s.decorators = [...(s.decorators ?? []), 'macro_rules!'];
    s.exported = (s.decorators ?? []).includes('macro_export');
  }
  if (kind === 'class') fields(s, node);
  if (kind === 'interface') {
    const bounds = node.childForFieldName('bounds');
    const bases = bounds ? bounds.namedChildren.filter((b) => b && b.type !== 'lifetime').map((b) => oneLine(b!.text, 120)) : [];
    if (bases.length) s.bases = bases;
  }
  if (kind === 'constant' || kind === 'variable' || kind === 'type') {
    const type = node.childForFieldName('type');
    if (type) s.returnType = oneLine(type.text, 200);
  }
  return s;
}

function fields(s: SymbolFact, node: Node): void {
  const body = node.childForFieldName('body');
  if (!body) return;
  const out: BindingFact[] = [];
  if (body.type === 'field_declaration_list') {
    for (const f of body.namedChildren) {
      if (f?.type !== 'field_declaration') continue;
      const name = f.childForFieldName('name');
      const type = f.childForFieldName('type');
      if (name) out.push({ name: name.text, ...(type ? { type: oneLine(type.text, 200) } : {}), line: line(f) });
    }
  } else if (body.type === 'ordered_field_declaration_list') {
    let i = 0;
    for (const f of body.namedChildren) {
      if (!f || f.type === 'visibility_modifier' || f.type === 'attribute_item') continue;
      out.push({ name: String(i++), type: oneLine(f.text, 200), line: line(f) });
    }
  }
  if (out.length) s.fields = out;
}

/** Names a `let`, `for`, `if let` or typed closure parameter binds in function `owner`. */
function bindings(ctx: Ctx, capture: string, node: Node, owner: SymbolFact): void {
  const list = ctx.locals.get(owner) ?? [];
  ctx.locals.set(owner, list);
  // The line from which the name is in scope: after a `let` statement (its value is evaluated
  // before the binding exists: `let (op, text) = op(input)` calls the function op), at the head of
  // a `for`, `if let` or closure (bound in the body that follows).
  const at = capture === 'let' ? node.endPosition.row + 2 : line(node);
  const bind = (pattern: Node, value: string[] | undefined, type?: string): void => {
    const name = bindingName(pattern);
    if (name !== undefined) {
      if (value || type) list.push({ name, ...(type ? { type } : {}), ...(value ? { value } : {}), line: at });
      return;
    }
    if (pattern.type === 'tuple_pattern' && value) {
      pattern.namedChildren.forEach((p, i) => p && bind(p, [...value, String(i)]));
    } else if (pattern.type === 'tuple_struct_pattern' && value) {
      // `Some(x)`, `Ok(x)`: the inside of an Option / Result.
      const type = pattern.childForFieldName('type')?.text;
      const typeId = pattern.childForFieldName('type')?.id;
      const inner = pattern.namedChildren.filter((c) => c !== null && c.id !== typeId);
      if ((type === 'Some' || type === 'Ok') && inner.length === 1) bind(inner[0]!, [...value, TRY_SEGMENT]);
    }
  };
  const valueChain = (n: Node | null): string[] | undefined => {
    if (!n) return undefined;
    const c = chainOf(n);
    return c[0] === '?' ? undefined : c;
  };
  if (capture === 'let' || capture === 'iflet') {
    const pattern = node.childForFieldName('pattern');
    if (!pattern) return;
    const type = node.childForFieldName('type');
    bind(pattern, valueChain(node.childForFieldName('value')), type ? oneLine(type.text, 200) : undefined);
  } else if (capture === 'for') {
    const pattern = node.childForFieldName('pattern');
    const value = valueChain(node.childForFieldName('value'));
    if (pattern && value) bind(pattern, [...value, '[]']);
  } else if (capture === 'closure') {
    const params = node.childForFieldName('parameters');
    for (const p of params?.namedChildren ?? []) {
      if (p?.type !== 'parameter') continue;
      const pattern = p.childForFieldName('pattern');
      const type = p.childForFieldName('type');
      if (pattern && type) bind(pattern, undefined, oneLine(type.text, 200));
    }
  }
}
