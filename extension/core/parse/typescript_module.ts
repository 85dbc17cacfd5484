/**
 * TypeScript / JavaScript module surface
 * ======================================
 * Reads import and export statements, CommonJS `module.exports` / `exports.x` assignments, and
 * `require(...)` / `import(...)` calls into ImportFact / ExportFact and the names a file exports.
 */
import type { Node } from 'web-tree-sitter';
import type { ExportFact, ImportFact } from './facts';
import type { Candidate } from './typescript_scopes';
import { FUNCTION_VALUES } from './typescript_scopes';
import { keywords, lineOf, textOf, unquote, unwrap } from './typescript_syntax';

/** What the top-level statements say about the module's surface. */
export interface ModuleSurface {
  imports: ImportFact[];
  exports: ExportFact[];
  /** Local names exported by `export { a }`, `export default a`, `module.exports = { a }`… */
  exportedNames: Set<string>;
  defaultExport?: string;
  /** `exports.a = function () {}`: functions that exist only as CommonJS exports. */
  candidates: Candidate[];
}

export function emptySurface(): ModuleSurface {
  return { imports: [], exports: [], exportedNames: new Set(), candidates: [] };
}

/** `import … from "m"`, `import "m"`, `import x = require("m")`. */
export function readImport(source: string, stmt: Node): ImportFact | undefined {
  let module: string | undefined;
  let typeKeyword = false;
  let bound = false;
  let specifiers = 0;
  let typeSpecifiers = 0;
  const names: ImportFact['names'] = [];
  for (const child of stmt.children) {
    if (!child) continue;
    if (child.type === 'type') typeKeyword = true;
    else if (child.type === 'string') module = unquote(textOf(source, child));
    else if (child.type === 'import_require_clause') {
      const local = child.firstNamedChild;
      const from = child.childForFieldName('source');
      if (from) module = unquote(textOf(source, from));
      if (local) names.push({ imported: '*module*', local: textOf(source, local) });
      bound = true;
    } else if (child.type === 'import_clause') {
      for (const part of child.namedChildren) {
        if (!part) continue;
        if (part.type === 'identifier') {
          names.push({ imported: 'default', local: textOf(source, part) });
          bound = true;
        } else if (part.type === 'namespace_import') {
          const local = part.lastNamedChild;
          if (local) names.push({ imported: '*module*', local: textOf(source, local) });
          bound = true;
        } else if (part.type === 'named_imports') {
          for (const spec of part.namedChildren) {
            if (!spec || spec.type !== 'import_specifier') continue;
            const name = spec.childForFieldName('name');
            const alias = spec.childForFieldName('alias');
            if (!name) continue;
            const imported = unquoteName(textOf(source, name));
            names.push({ imported, local: alias ? textOf(source, alias) : imported });
            specifiers++;
            if (keywords(spec).has('type')) typeSpecifiers++;
          }
        }
      }
    }
  }
  if (module === undefined) return undefined;
  const fact: ImportFact = { module, line: lineOf(stmt), names };
  if (typeKeyword || (specifiers > 0 && typeSpecifiers === specifiers && !bound)) fact.typeOnly = true;
  return fact;
}

function unquoteName(text: string): string {
  return text.startsWith('"') || text.startsWith("'") ? unquote(text) : text;
}

/** `export * from`, `export * as ns from`, `export { a as b } [from]`, `export default x`, `export = x`. */
export function readExport(source: string, stmt: Node, out: ModuleSurface): void {
  let module: string | undefined;
  let star = false;
  let isDefault = false;
  let assigns = false;
  let namespace: string | undefined;
  let clause: Node | undefined;
  let bareName: string | undefined;
  for (const child of stmt.children) {
    if (!child) continue;
    switch (child.type) {
      case '*':
        star = true;
        break;
      case 'default':
        isDefault = true;
        break;
      case '=':
        assigns = true;
        break;
      case 'string':
        module = unquote(textOf(source, child));
        break;
      case 'namespace_export': {
        const name = child.lastNamedChild;
        if (name) namespace = unquoteName(textOf(source, name));
        break;
      }
      case 'export_clause':
        clause = child;
        break;
      case 'identifier':
        bareName = textOf(source, child);
        break;
      default:
        break;
    }
  }
  const line = lineOf(stmt);
  if ((star || namespace !== undefined) && module !== undefined) {
    const fact: ExportFact = { module, star: true, line };
    if (namespace) fact.names = [{ imported: '*module*', exported: namespace }];
    out.exports.push(fact);
  } else if (clause) {
    readExportClause(source, clause, module, line, out);
  } else if ((isDefault || assigns) && bareName) {
    // `export default Foo` / `export = Foo`
    out.defaultExport = bareName;
    out.exportedNames.add(bareName);
  } else if (isDefault) {
    const value = stmt.childForFieldName('value');
    if (value && (FUNCTION_VALUES.has(value.type) || value.type === 'class')) out.defaultExport = 'default';
  }
}

function readExportClause(source: string, clause: Node, module: string | undefined, line: number, out: ModuleSurface): void {
  const names: { imported: string; exported: string }[] = [];
  for (const spec of clause.namedChildren) {
    if (!spec || spec.type !== 'export_specifier') continue;
    const name = spec.childForFieldName('name');
    if (!name) continue;
    const imported = unquoteName(textOf(source, name));
    const alias = spec.childForFieldName('alias');
    // The JS grammar leaves `as default` without an alias node: read it from the text.
    const written = /\bas\s+([\w$]+|"[^"]*"|'[^']*')\s*$/.exec(textOf(source, spec));
    const exported = alias ? unquoteName(textOf(source, alias)) : written ? unquoteName(written[1]!) : imported;
    names.push({ imported, exported });
    if (module === undefined) {
      out.exportedNames.add(imported);
      if (exported === 'default') out.defaultExport = imported;
    }
  }
  const fact: ExportFact = { names, line };
  if (module !== undefined) fact.module = module;
  out.exports.push(fact);
}

const CJS_MEMBER = /^(?:module\.)?exports\.([A-Za-z_$][\w$]*)$/;
const PROTOTYPE_MEMBER = /^([A-Za-z_$][\w$]*)\.prototype\.([A-Za-z_$][\w$]*)$/;

/**
 * `module.exports = x | { a, b: c } | require("m") | function …`, `exports.a = …`,
 * `module.exports.a = …`, and `Foo.prototype.m = function …` (a method of Foo).
 */
export function readCommonJs(source: string, left: Node, right: Node, out: ModuleSurface): void {
  const target = textOf(source, left).replace(/\s+/g, '');
  if (target === 'module.exports') {
    readModuleExports(source, left, right, out);
    return;
  }
  const value = unwrap(right);
  const proto = PROTOTYPE_MEMBER.exec(target);
  if (proto) {
    if (FUNCTION_VALUES.has(value.type)) pushDefinition(out, 'proto', left, value, proto[2]!, proto[1]);
    return;
  }
  const member = CJS_MEMBER.exec(target);
  if (!member) return;
  if (value.type === 'identifier') out.exportedNames.add(textOf(source, value));
  else if (FUNCTION_VALUES.has(value.type) || value.type === 'class') pushDefinition(out, 'cjs', left, value, member[1]!);
}

/** A definition made by the assignment whose left side is `left`. */
function pushDefinition(out: ModuleSurface, kind: 'cjs' | 'proto', left: Node, value: Node, name: string, owner?: string): void {
  const assignment = left.parent;
  if (!assignment) return;
  const candidate: Candidate = { kind, node: assignment, start: assignment.startIndex, value, name };
  if (owner !== undefined) candidate.owner = owner;
  out.candidates.push(candidate);
}

function readModuleExports(source: string, left: Node, right: Node, out: ModuleSurface): void {
  const value = unwrap(right);
  if (FUNCTION_VALUES.has(value.type) || value.type === 'class') {
    // `module.exports = function name() {}` / `class Name {}`: a symbol under its own name, else `default`.
    const own = value.childForFieldName('name');
    const name = own ? textOf(source, own) : 'default';
    pushDefinition(out, 'cjs', left, value, name);
    out.defaultExport = name;
  } else if (value.type === 'identifier') {
    const name = textOf(source, value);
    out.exportedNames.add(name);
    out.defaultExport = name;
  } else if (value.type === 'object') {
    for (const child of value.namedChildren) {
      if (!child) continue;
      if (child.type === 'shorthand_property_identifier') out.exportedNames.add(textOf(source, child));
      else if (child.type === 'pair') {
        const v = child.childForFieldName('value');
        if (v && v.type === 'identifier') out.exportedNames.add(textOf(source, v));
      }
    }
  } else if (value.type === 'call_expression') {
    const required = requiredModule(source, value);
    if (required !== undefined) out.exports.push({ module: required, star: true, line: lineOf(value) });
  }
}

/** `require("m")` → "m". */
function requiredModule(source: string, call: Node): string | undefined {
  const fn = call.childForFieldName('function');
  if (!fn || textOf(source, fn) !== 'require') return undefined;
  const first = call.childForFieldName('arguments')?.firstNamedChild;
  return first && first.type === 'string' ? unquote(textOf(source, first)) : undefined;
}

/**
 * An import made by a call: `require("m")` (with the names its declaration binds) or `import("m")`
 * (dynamic). `callee` is the call's function node; undefined when the argument is not a plain string.
 */
export function importFromCall(source: string, callee: Node, calleeText: string): ImportFact | undefined {
  const call = callee.parent;
  if (!call) return undefined;
  const first = call.childForFieldName('arguments')?.firstNamedChild;
  if (!first || first.type !== 'string') return undefined;
  const fact: ImportFact = { module: unquote(textOf(source, first)), line: lineOf(call), names: [] };
  if (calleeText === 'import') {
    fact.dynamic = true;
    return fact;
  }
  fact.names = requireBindings(source, call);
  return fact;
}

/** `const x = require()`, `const {a, b: c} = require()`, `const k = require().k`. */
function requireBindings(source: string, call: Node): ImportFact['names'] {
  let holder = call.parent;
  let member: string | undefined;
  if (holder && holder.type === 'member_expression') {
    const property = holder.childForFieldName('property');
    member = property ? textOf(source, property) : undefined;
    holder = holder.parent;
  }
  if (!holder || holder.type !== 'variable_declarator') return [];
  const name = holder.childForFieldName('name');
  if (!name) return [];
  if (name.type === 'identifier') return [{ imported: member ?? '*module*', local: textOf(source, name) }];
  if (name.type !== 'object_pattern' || member) return [];
  const names: ImportFact['names'] = [];
  for (const part of name.namedChildren) {
    if (!part) continue;
    if (part.type === 'shorthand_property_identifier_pattern') {
      const n = textOf(source, part);
      names.push({ imported: n, local: n });
    } else if (part.type === 'pair_pattern') {
      const key = part.childForFieldName('key');
      const value = part.childForFieldName('value');
      if (key && value && value.type === 'identifier') names.push({ imported: textOf(source, key), local: textOf(source, value) });
    }
  }
  return names;
}
