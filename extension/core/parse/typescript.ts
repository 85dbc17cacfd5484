/**
 * TypeScript / TSX / JavaScript fact extractor
 * ============================================
 * (tree, source) → ExtractedFacts for .ts/.tsx/.js files, driven by the `imports`, `exports` and `code`
 * queries of grammars/typescript (TS and TSX) or grammars/javascript; the helpers in typescript_*.ts
 * interpret what the queries capture. Never throws on broken code: what parsed is extracted.
 */
import type { Node } from 'web-tree-sitter';
import type { ExtractedFacts, ExtractorInput } from './facts';
import type { SymbolFact } from './facts';
import { collect } from './typescript_collect';
import { readElementBindings } from './typescript_elements';
import { emptySurface, readCommonJs, readExport, readImport, type ModuleSurface } from './typescript_module';
import { tsNarrowings } from './typescript_narrowing';
import { buildScopes } from './typescript_scopes';
import { describeSymbol } from './typescript_symbols';
import { commentFirstLine, textOf } from './typescript_syntax';
import {
  localNames,
  readBindings,
  readCallbackParams,
  readCalls,
  readFields,
  readReferences,
  readReturns,
  testCandidates,
  type Usage,
} from './typescript_usages';

/** Comments at the top of a file that configure tools rather than describe the file. */
const DIRECTIVE_COMMENT = /^(?:\/\/|\/\*+)\s*(?:eslint|@ts-|tslint|prettier|jshint|jscs|global\s|istanbul|#region|@flow|@jsx|c8\s|biome)/;

export function extractTypeScript(input: ExtractorInput): ExtractedFacts {
  try {
    return extract(input);
  } catch {
    // A bug here must not stop indexing: the file is kept with what its envelope says.
    return { symbols: [], imports: [], exports: [], calls: [], references: [], bindings: [] };
  }
}

function extract(input: ExtractorInput): ExtractedFacts {
  const { source, grammar } = input;
  const root = input.tree.rootNode;
  const surface = readSurface(source, root, input.grammar.queries);
  const collected = collect(grammar.queries.get('code'), root);
  const calleeTexts = collected.calls.map((c) => textOf(source, c));
  const candidates = [...collected.candidates, ...surface.candidates, ...testCandidates(source, collected.calls, calleeTexts)];
  const scopes = buildScopes(source, candidates);
  const usage: Usage = { source, scopes, collected, calleeTexts, narrowings: tsNarrowings(source, collected) };

  let defaultExport = surface.defaultExport;
  for (const rec of scopes.symbols) {
    const { isDefault } = describeSymbol(source, rec);
    if (isDefault) defaultExport = rec.fact.qualifiedName;
    if (rec.from === 'cjs') rec.fact.exported = true;
  }
  markExported(scopes.symbols.map((s) => s.fact), surface.exportedNames);

  const symbolNodes = new Set(scopes.symbols.map((s) => s.node.id));
  const locals = localNames(usage);
  const imports = surface.imports;
  const calls = readCalls(usage, imports);
  const references = readReferences(usage, locals);
  const bindings = readBindings(usage, symbolNodes);
  readElementBindings(usage, bindings);
  readFields(usage, symbolNodes);
  readCallbackParams(usage, new Set(scopes.symbols.flatMap((s) => (s.value ? [s.value.id] : []))));
  readReturns(usage);

  const facts: ExtractedFacts = {
    symbols: scopes.symbols.map((s) => s.fact),
    imports,
    exports: surface.exports,
    calls,
    references,
    bindings,
  };
  const doc = fileDoc(source, root);
  if (doc) facts.doc = doc;
  if (defaultExport) facts.defaultExport = defaultExport;
  return facts;
}

/** Imports and exports: top-level statements only, so the queries stop at depth 1. */
function readSurface(source: string, root: Node, queries: ExtractorInput['grammar']['queries']): ModuleSurface {
  const surface = emptySurface();
  const imports = queries.get('imports');
  if (imports) {
    for (const capture of imports.captures(root, { maxStartDepth: 1 })) {
      const fact = readImport(source, capture.node);
      if (fact) surface.imports.push(fact);
    }
  }
  const exports = queries.get('exports');
  if (exports) {
    for (const match of exports.matches(root, { maxStartDepth: 1 })) {
      const left = match.captures.find((c) => c.name === 'cjs.left')?.node;
      const right = match.captures.find((c) => c.name === 'cjs.right')?.node;
      const stmt = match.captures.find((c) => c.name === 'export')?.node;
      if (stmt) readExport(source, stmt, surface);
      else if (left && right) readCommonJs(source, left, right, surface);
    }
  }
  return surface;
}

/** `export { a }`, `export default a`, `module.exports = { a }` mark module-level symbols exported. */
function markExported(symbols: SymbolFact[], names: Set<string>): void {
  if (names.size === 0) return;
  for (const s of symbols) if (s.parent === undefined && s.kind !== 'test' && names.has(s.qualifiedName)) s.exported = true;
}

/** First line of the file's header comment (after a shebang; tool directives skipped). */
function fileDoc(source: string, root: Node): string | undefined {
  const count = Math.min(root.childCount, 8);
  for (let i = 0; i < count; i++) {
    const child = root.child(i);
    if (!child) break;
    if (child.type === 'hash_bang_line') continue;
    if (child.type !== 'comment') return undefined;
    const text = textOf(source, child);
    if (DIRECTIVE_COMMENT.test(text)) continue;
    const line = commentFirstLine(text);
    if (line) return line;
  }
  return undefined;
}
