/**
 * Go fact extractor
 * =================
 * A parsed Go file → facts. grammars/go/definitions.scm finds the top-level declarations; bodies
 * are walked by go_body.ts. How Go maps onto the shared schema:
 *  - the package clause → `package`; `// Code generated … DO NOT EDIT.` → `generated`;
 *  - imports: `module` is the import path; the local name is the alias, or the path's last
 *    element as a first guess (the resolver reads the imported package's real name); `.` imports
 *    are `star`, `_` imports bind nothing;
 *  - struct → `class` (fields; embedded types are `bases` and a field named after the type),
 *    interface → `interface` (its methods are `I.M` symbols of kind `method`; embedded interfaces
 *    are `bases`), other defined types and aliases → `type`;
 *  - func → `function`, or `test` for `TestXxx`/`BenchmarkXxx`/`ExampleXxx`/`FuzzXxx` in a
 *    `_test.go` file; a method → `Type.Method` (value and pointer receivers alike), its receiver a
 *    local binding typed as written (`s: *Server`). `parent` is the receiver type only when that
 *    type is declared in the same file: a method whose type lives in another file of the package
 *    keeps the qualified name `Type.Method` and no parent (no contains/method_of edge from the type);
 *  - package-level var → `variable`, const → `constant` (and a binding, to type receivers).
 */
import type { Node } from 'web-tree-sitter';
import type { BindingFact, ExtractedFacts, ExtractorInput, ImportFact, ParamFact, SymbolFact } from './facts';
import { buildsByDefault } from './go_build';
import { walkBody, type BodyOut } from './go_body';
import { chainOf, docAbove, guessPackageName, isExportedName, lineOf, signatureOf, typeText } from './go_syntax';

const MAX_QUERY_DEPTH = 4;
const TEST_NAME = /^(Test|Benchmark|Fuzz|Example)([^\p{Ll}]|$)/u;
const GENERATED = /^\/\/ Code generated .* DO NOT EDIT\.$/m;

interface GoContext {
  source: string;
  isTestFile: boolean;
  /** Type names declared at the top of this file: a method on one of them has it as parent. */
  fileTypes: Set<string>;
  symbols: SymbolFact[];
  imports: ImportFact[];
  bindings: BindingFact[];
  body: BodyOut;
}

export function extractGo(input: ExtractorInput): ExtractedFacts {
  const root = input.tree.rootNode;
  const ctx: GoContext = {
    source: input.source,
    isTestFile: input.path.endsWith('_test.go'),
    fileTypes: new Set(),
    symbols: [],
    imports: [],
    bindings: [],
    body: { calls: [], references: [] },
  };
  const facts: ExtractedFacts = { symbols: ctx.symbols, imports: ctx.imports, exports: [], calls: ctx.body.calls, references: ctx.body.references, bindings: ctx.bindings };
  try {
    const query = input.grammar.queries.get('definitions');
    const captures = query ? query.captures(root, { maxStartDepth: MAX_QUERY_DEPTH }) : [];
    for (const c of captures) if (c.name === 'type') for (const spec of typeSpecs(c.node)) ctx.fileTypes.add(spec.name);
    for (const { name, node } of captures) {
      if (name === 'package') {
        facts.package = node.text;
        const doc = node.parent ? docAbove(node.parent) : undefined;
        if (doc) facts.doc = doc;
      } else if (name === 'import') imports(ctx, node);
      else if (name === 'function') func(ctx, node);
      else if (name === 'method') method(ctx, node);
      else if (name === 'type') types(ctx, node);
      else if (name === 'const' || name === 'var') values(ctx, node, name === 'const' ? 'constant' : 'variable');
    }
    const header = input.source.slice(0, Math.max(0, root.namedChildren.find((c) => c.type === 'package_clause')?.startIndex ?? 0));
    if (GENERATED.test(header)) facts.generated = true;
    if (!buildsByDefault(input.path, header)) facts.buildExcluded = true;
  } catch {
    // Never fail a file: whatever was collected before an unexpected error is still worth indexing.
  }
  ctx.body.references.sort((a, b) => a.line - b.line);
  return facts;
}

// ---- imports ----------------------------------------------------------------------------------

function imports(ctx: GoContext, decl: Node): void {
  const specs = decl.descendantsOfType('import_spec');
  for (const spec of specs) {
    if (!spec) continue;
    const pathNode = spec.childForFieldName('path');
    if (!pathNode) continue;
    const module = pathNode.text.replace(/^["`]|["`]$/g, '');
    const alias = spec.childForFieldName('name');
    const fact: ImportFact = { module, line: lineOf(spec), names: [] };
    if (alias?.type === 'dot') fact.star = true;
    else if (alias?.type === 'blank_identifier') {
      // `import _ "embed"`: for its side effects only.
    } else fact.names.push({ imported: '*module*', local: alias ? alias.text : guessPackageName(module) });
    ctx.imports.push(fact);
  }
}

// ---- functions and methods --------------------------------------------------------------------

function params(list: Node | null): ParamFact[] {
  const out: ParamFact[] = [];
  for (const p of list?.namedChildren ?? []) {
    const t = p.childForFieldName('type');
    const type = t ? typeText(t) : undefined;
    const rest = p.type === 'variadic_parameter_declaration';
    const names = p.childrenForFieldName('name').filter((c) => c.type === 'identifier');
    if (!names.length) out.push({ name: '_', ...(type ? { type } : {}), ...(rest ? { isRest: true } : {}) });
    for (const id of names) out.push({ name: id.text, ...(type ? { type } : {}), ...(rest ? { isRest: true } : {}) });
  }
  return out;
}

function definition(ctx: GoContext, node: Node, kind: SymbolFact['kind'], name: string, qualifiedName: string, nameNode: Node): SymbolFact {
  const s: SymbolFact = {
    kind,
    name,
    qualifiedName,
    line: lineOf(nameNode),
    startLine: lineOf(node),
    endLine: node.endPosition.row + 1,
    signature: signatureOf(node, ctx.source),
    exported: isExportedName(name),
  };
  const doc = docAbove(node.type === 'type_spec' || node.type === 'type_alias' ? (node.parent?.namedChildCount === 1 ? node.parent : node) : node);
  if (doc) s.doc = doc;
  return s;
}

function callable(ctx: GoContext, node: Node, s: SymbolFact, receiver?: BindingFact): void {
  s.params = params(node.childForFieldName('parameters'));
  const result = node.childForFieldName('result');
  if (result) s.returnType = typeText(result);
  // The receiver is a local typed as written; parameters stay in `params`.
  const locals: BindingFact[] = receiver ? [receiver] : [];
  // Named results (`(p *parser, err error)`) are locals from the start.
  for (const r of result?.type === 'parameter_list' ? params(result) : []) if (r.type && r.name !== '_') locals.push({ name: r.name, type: r.type, line: s.line });
  const body = node.childForFieldName('body');
  ctx.symbols.push(s);
  // Parameter and result types are references of the definition.
  for (const part of [node.childForFieldName('receiver'), node.childForFieldName('parameters'), result]) if (part) walkBody(part, s.qualifiedName, ctx.body, undefined);
  if (body) walkBody(body, s.qualifiedName, ctx.body, locals);
  if (locals.length) s.locals = locals;
}

function func(ctx: GoContext, node: Node): void {
  const nameNode = node.childForFieldName('name');
  if (!nameNode) return;
  const name = nameNode.text;
  const kind = ctx.isTestFile && TEST_NAME.test(name) && name !== 'TestMain' ? 'test' : 'function';
  callable(ctx, node, definition(ctx, node, kind, name, name, nameNode));
}

function method(ctx: GoContext, node: Node): void {
  const nameNode = node.childForFieldName('name');
  const recv = node.childForFieldName('receiver')?.namedChildren.find((c) => c.type === 'parameter_declaration');
  const recvType = recv?.childForFieldName('type');
  if (!nameNode || !recvType) return;
  const typeName = receiverTypeName(recvType);
  if (!typeName) return;
  const s = definition(ctx, node, 'method', nameNode.text, `${typeName}.${nameNode.text}`, nameNode);
  if (ctx.fileTypes.has(typeName)) s.parent = typeName;
  const recvName = recv?.childForFieldName('name');
  const receiver = recvName && recvName.text !== '_' ? { name: recvName.text, type: typeText(recvType), line: s.line } : undefined;
  callable(ctx, node, s, receiver);
}

/** `*Server` → Server, `List[T]` → List. */
function receiverTypeName(t: Node): string | undefined {
  let n: Node | null = t;
  while (n && (n.type === 'pointer_type' || n.type === 'parenthesized_type' || n.type === 'generic_type')) {
    n = n.type === 'generic_type' ? n.childForFieldName('type') : (n.namedChildren[0] ?? null);
  }
  return n?.type === 'type_identifier' ? n.text : undefined;
}

// ---- types ------------------------------------------------------------------------------------

function typeSpecs(decl: Node): { name: string; node: Node; nameNode: Node }[] {
  const out: { name: string; node: Node; nameNode: Node }[] = [];
  for (const c of decl.namedChildren) {
    if (c.type !== 'type_spec' && c.type !== 'type_alias') continue;
    const nameNode = c.childForFieldName('name');
    if (nameNode) out.push({ name: nameNode.text, node: c, nameNode });
  }
  return out;
}

function types(ctx: GoContext, decl: Node): void {
  for (const { name, node, nameNode } of typeSpecs(decl)) {
    const t = node.childForFieldName('type');
    const kind = node.type === 'type_alias' || !t ? 'type' : t.type === 'struct_type' ? 'class' : t.type === 'interface_type' ? 'interface' : 'type';
    const s = definition(ctx, node, kind, name, name, nameNode);
    s.signature = `type ${s.signature}`.slice(0, 200);
    // What an alias stands for, or a defined type's underlying type (`type Path []PathStep`).
    if (kind === 'type' && t) s.returnType = typeText(t);
    ctx.symbols.push(s);
    if (t?.type === 'struct_type') structType(ctx, s, t);
    else if (t?.type === 'interface_type') interfaceType(ctx, s, t);
    else if (t) walkBody(t, name, ctx.body, undefined);
  }
}

function structType(ctx: GoContext, s: SymbolFact, t: Node): void {
  const fields: BindingFact[] = [];
  const bases: string[] = [];
  for (const f of t.descendantsOfType('field_declaration')) {
    if (!f || f.parent?.parent?.id !== t.id) continue; // fields of nested anonymous structs are not this struct's
    const type = f.childForFieldName('type');
    if (!type) continue;
    const names = f.childrenForFieldName('name');
    const text = typeText(type);
    if (!names.length) {
      // An embedded field: named after its type, and a base whose methods are promoted.
      const embedded = (f.text.trim().startsWith('*') ? '*' : '') + text;
      bases.push(embedded);
      const last = chainOf(type.type === 'generic_type' ? type.childForFieldName('type') : type);
      fields.push({ name: last[last.length - 1]!, type: embedded, line: lineOf(f) });
    }
    for (const n of names) fields.push({ name: n.text, type: text, line: lineOf(n) });
    walkBody(type, s.qualifiedName, ctx.body, undefined);
  }
  if (fields.length) s.fields = fields;
  if (bases.length) s.bases = bases;
}

function interfaceType(ctx: GoContext, s: SymbolFact, t: Node): void {
  const bases: string[] = [];
  for (const c of t.namedChildren) {
    if (c.type === 'method_elem') {
      const nameNode = c.childForFieldName('name');
      if (!nameNode) continue;
      const m = definition(ctx, c, 'method', nameNode.text, `${s.qualifiedName}.${nameNode.text}`, nameNode);
      m.parent = s.qualifiedName;
      m.isAbstract = true;
      m.params = params(c.childForFieldName('parameters'));
      const result = c.childForFieldName('result');
      if (result) m.returnType = typeText(result);
      ctx.symbols.push(m);
      walkBody(c, m.qualifiedName, ctx.body, undefined);
    } else if (c.type === 'type_elem' && c.namedChildCount === 1) {
      const only = c.namedChildren[0]!;
      if (only.type === 'type_identifier' || only.type === 'qualified_type' || only.type === 'generic_type') bases.push(typeText(only));
      walkBody(c, s.qualifiedName, ctx.body, undefined);
    }
  }
  if (bases.length) s.bases = bases;
}

// ---- package-level values ---------------------------------------------------------------------

function values(ctx: GoContext, decl: Node, kind: 'constant' | 'variable'): void {
  for (const spec of decl.descendantsOfType(kind === 'constant' ? 'const_spec' : 'var_spec')) {
    if (!spec) continue;
    const names = spec.childrenForFieldName('name').filter((c) => c.type === 'identifier');
    const t = spec.childForFieldName('type');
    const valueList = spec.childForFieldName('value');
    const vals = valueList ? (valueList.type === 'expression_list' ? valueList.namedChildren : [valueList]) : [];
    names.forEach((id, i) => {
      if (id.text === '_') return;
      const s = definition(ctx, spec, kind, id.text, id.text, id);
      s.signature = `${kind === 'constant' ? 'const' : 'var'} ${s.signature}`.slice(0, 200);
      if (decl.namedChildCount === 1) {
        const doc = docAbove(decl);
        if (doc) s.doc = doc;
      }
      ctx.symbols.push(s);
      const value = vals.length === names.length ? vals[i] : undefined;
      const binding: BindingFact = { name: id.text, line: lineOf(id) };
      if (t) binding.type = typeText(t);
      else if (value) {
        const chain = chainOf(value);
        if (chain.length === 1 && chain[0]!.startsWith(':')) binding.type = chain[0]!.slice(1);
        else if (!chain.includes('?')) binding.value = chain;
      }
      if (binding.type || binding.value) ctx.bindings.push(binding);
    });
    if (t) walkBody(t, undefined, ctx.body, undefined);
    // Initialisers run at package level: their calls are the file's, function literals included.
    if (valueList) walkBody(valueList, undefined, ctx.body, undefined);
  }
}
