/**
 * Python fact extractor
 * =====================
 * Turns a parsed Python file into facts. grammars/python/facts.scm finds the nodes of interest in
 * one pass over the tree; the python_* helpers interpret what it captured, phase by phase.
 */
import type { ExtractedFacts, ExtractorInput } from './facts';
import type { SymbolFact } from './facts';
import { collectBindings, collectBoundNames } from './python_bindings';
import { newContext, type PyContext } from './python_context';
import { collectDefinitions } from './python_definitions';
import { collectImports } from './python_imports';
import { sortMatches } from './python_query';
import { firstDocLine, isDunder } from './python_syntax';
import { collectCalls, collectReturns, collectTypeReferences, collectValueReferences } from './python_uses';

/**
 * Deepest node a match may start at. Tree-sitter's query cursor is quadratic in tree depth
 * (10,000 nested parentheses took 15 s); real code stays far below this (no stdlib module differs),
 * and 500 nested classes still fit.
 */
const MAX_QUERY_DEPTH = 1024;

/** The phases in order: scopes first, then what needs them; names before the references they filter. */
const PHASES: ((ctx: PyContext) => void)[] = [
  collectDefinitions,
  collectBindings,
  collectBoundNames,
  collectImports,
  collectModuleNames,
  collectCalls,
  collectReturns,
  collectTypeReferences,
  collectValueReferences,
];

export function extractPython(input: ExtractorInput): ExtractedFacts {
  const root = input.tree.rootNode;
  const ctx = newContext(input.source, root);
  let doc: string | undefined;
  try {
    const query = input.grammar.queries.get('facts');
    if (query) ctx.m = sortMatches(query.matches(root, { maxStartDepth: MAX_QUERY_DEPTH }));
    if (ctx.m.moduleDoc) doc = firstDocLine(input.source, ctx.m.moduleDoc);
    for (const phase of PHASES) phase(ctx);
  } catch {
    // Never fail a file: whatever was collected before an unexpected error is still worth indexing.
  }
  return finish(ctx, doc);
}

function collectModuleNames(ctx: PyContext): void {
  for (const s of ctx.symbols) if (!s.parent) ctx.moduleNames.add(s.name);
  for (const i of ctx.imports) if (!i.scope) for (const n of i.names) ctx.moduleNames.add(n.local);
  for (const name of ctx.bindings.keys()) ctx.moduleNames.add(name);
}

/** Python visibility: `__all__` decides for module-level names when it is a literal; else a leading `_` hides. */
function isExported(symbol: SymbolFact, all: Set<string> | undefined): boolean {
  if (!symbol.parent && all) return all.has(symbol.name);
  return !symbol.name.startsWith('_') || isDunder(symbol.name);
}

function finish(ctx: PyContext, doc: string | undefined): ExtractedFacts {
  const all = ctx.all ? new Set(ctx.all) : undefined;
  for (const symbol of ctx.symbols) {
    symbol.exported = isExported(symbol, all);
    const locals = ctx.locals.get(symbol);
    if (locals?.size) symbol.locals = [...locals.values()];
    const fields = ctx.fields.get(symbol);
    if (fields?.size) symbol.fields = [...fields.values()];
  }
  const order = (s: SymbolFact): number => ctx.order.get(s) ?? 0;
  const facts: ExtractedFacts = {
    symbols: [...ctx.symbols].sort((a, b) => order(a) - order(b)),
    imports: ctx.imports.sort((a, b) => a.line - b.line),
    exports: [],
    calls: ctx.calls,
    references: ctx.references.sort((a, b) => a.line - b.line),
    bindings: [...ctx.bindings.values()],
  };
  if (doc) facts.doc = doc;
  if (ctx.all) facts.all = ctx.all;
  return facts;
}
