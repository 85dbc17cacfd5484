/**
 * Python imports
 * ==============
 * `import` / `from ... import` statements captured by facts.scm, and `importlib.import_module("m")`
 * calls with a literal name, as ImportFacts.
 */
import type { Node } from 'web-tree-sitter';
import type { Chain, ImportFact } from './facts';
import type { PyContext } from './python_context';
import { lineOf, stringValue } from './python_syntax';

const MODULE = '*module*';

export function collectImports(ctx: PyContext): void {
  for (const node of ctx.m.imports) {
    const scope = ctx.scopes.at(node.startIndex)?.owner?.qualifiedName;
    const facts = node.type === 'import_statement' ? plainImports(node) : fromImport(node);
    for (const fact of facts) {
      if (scope) fact.scope = scope;
      ctx.imports.push(fact);
    }
  }
}

function dotted(node: Node | null): string {
  return node ? node.text.replace(/\s+/g, '') : '';
}

/** `import a.b.c, d as e` → one fact per module; a plain import binds the top package. */
function plainImports(statement: Node): ImportFact[] {
  const facts: ImportFact[] = [];
  const line = lineOf(statement);
  for (const item of statement.childrenForFieldName('name')) {
    if (!item) continue;
    if (item.type === 'aliased_import') {
      const module = dotted(item.childForFieldName('name'));
      const alias = item.childForFieldName('alias')?.text;
      if (module && alias) facts.push({ module, line, names: [{ imported: MODULE, local: alias }] });
    } else {
      const module = dotted(item);
      if (module) facts.push({ module, line, names: [{ imported: MODULE, local: module.split('.')[0]! }] });
    }
  }
  return facts;
}

/** `from m import x as y, z` / `from . import x` / `from m import *` → one fact. */
function fromImport(statement: Node): ImportFact[] {
  const module = dotted(statement.childForFieldName('module_name'));
  if (!module) return [];
  const fact: ImportFact = { module, line: lineOf(statement), names: [] };
  for (const item of statement.childrenForFieldName('name')) {
    if (!item) continue;
    if (item.type === 'aliased_import') {
      const imported = dotted(item.childForFieldName('name'));
      const local = item.childForFieldName('alias')?.text;
      if (imported && local) fact.names.push({ imported, local });
    } else {
      const name = dotted(item);
      if (name) fact.names.push({ imported: name, local: name });
    }
  }
  for (const child of statement.namedChildren) {
    if (child && child.type === 'wildcard_import') fact.star = true;
  }
  return [fact];
}

export function isDynamicImport(callee: Chain): boolean {
  const name = callee.join('.');
  return name === 'importlib.import_module' || name === 'import_module' || name === '__import__';
}

/**
 * `importlib.import_module("a.b")` / `__import__("a.b")` with a literal name → a dynamic import;
 * `x = import_module("m")` binds x to the module.
 */
export function dynamicImport(call: Node | null, scope: string | undefined): ImportFact | undefined {
  if (!call || call.type !== 'call') return undefined;
  const module = stringValue(call.childForFieldName('arguments')?.firstNamedChild ?? null);
  if (!module) return undefined;
  const fact: ImportFact = { module, line: lineOf(call), names: [], dynamic: true };
  const parent = call.parent;
  const target = parent && parent.type === 'assignment' ? parent.childForFieldName('left') : null;
  if (target && target.type === 'identifier') fact.names.push({ imported: MODULE, local: target.text });
  if (scope) fact.scope = scope;
  return fact;
}
