/**
 * Kotlin names in scope
 * =====================
 * What a top-level name means in a Kotlin file, read through the Project's tracked reads: an
 * explicit import (`import a.b.C`, `import a.b.C as D`) first, then the file's own package, then
 * its star imports (`import a.b.*`), as the compiler's scope tower orders them. Top-level
 * declarations carry their package as `namespace` (parse/kotlin.ts), so a declaration's full
 * name is its package plus its qualified name.
 */
import type { SymbolFact } from '../../parse/facts';
import type { NamedSymbol, Project } from '../project';
import type { DepTracker } from '../tracker';
import { LISTS, topOf } from '../tracker';

/** One workspace declaration, with its package-qualified name. */
export interface Decl {
  path: string;
  qn: string;
  kind: SymbolFact['kind'];
  /** `pkg.Outer.Inner` (just the qualified name in the default package). */
  fullName: string;
}

export interface Scope {
  path: string;
  pkg: string;
  /** `import a.b.*` packages (and `import a.B.*` types, whose members they bring). */
  stars: string[];
}

export const TYPE_KINDS = new Set<SymbolFact['kind']>(['class', 'interface', 'enum', 'type']);

export function scopeOf(project: Project, path: string, tracker: DepTracker): Scope {
  const view = project.view(path, tracker, LISTS);
  return { path, pkg: view?.facts.package ?? '', stars: (view?.starImports ?? []).map((i) => i.module) };
}

/** The package a declaration's top-level symbol sits in ('' for the default package). */
export function packageOf(project: Project, path: string, qn: string, tracker: DepTracker): string {
  const top = topOf(qn);
  return project.view(path, tracker, top)?.symbols.get(top)?.namespace ?? '';
}

const join = (pkg: string, qn: string): string => (pkg ? `${pkg}.${qn}` : qn);

export function declOf(project: Project, c: NamedSymbol, tracker: DepTracker): Decl {
  return { path: c.path, qn: c.qn, kind: c.kind, fullName: join(packageOf(project, c.path, c.qn, tracker), c.qn) };
}

/** `import a.b.C [as D]` in the scope's file whose local name is `name`: the full name it imports. */
export function explicitImport(project: Project, scope: Scope, name: string, tracker: DepTracker): { module: string; imported: string } | undefined {
  const imp = project.view(scope.path, tracker, name)?.imports.get(name);
  return imp && !imp.fact.star ? { module: imp.fact.module, imported: imp.imported } : undefined;
}

/**
 * The top-level Kotlin declarations a simple name denotes in a scope, those `accept` keeps:
 * explicitly imported ones, else the file's package's, else those of a star-imported package.
 */
export function topLevel(project: Project, scope: Scope, name: string, tracker: DepTracker, accept: (kind: SymbolFact['kind']) => boolean): Decl[] {
  const imported = explicitImport(project, scope, name, tracker);
  const lookup = imported?.imported ?? name;
  const found: Decl[] = [];
  for (const c of project.symbolsNamed(lookup, tracker)) {
    // An import may name an object's member (`import a.Utils.f`): any qualified name then, matched by full name below.
    if ((c.qn !== lookup && !imported) || !accept(c.kind) || project.languageOf(c.path) !== 'kotlin') continue;
    found.push(declOf(project, c, tracker));
  }
  if (!found.length) return [];
  if (imported) return sortDecls(found.filter((d) => d.fullName === imported.module));
  const own = found.filter((d) => d.fullName === join(scope.pkg, name));
  if (own.length) return sortDecls(own);
  return sortDecls(found.filter((d) => scope.stars.some((s) => d.fullName === `${s}.${name}`)));
}

/** Declarations with a given full name (`a.b.C`), by their last segment. */
export function byFullName(project: Project, fullName: string, tracker: DepTracker, accept: (kind: SymbolFact['kind']) => boolean): Decl[] {
  const name = fullName.slice(fullName.lastIndexOf('.') + 1);
  const out: Decl[] = [];
  for (const c of project.symbolsNamed(name, tracker)) {
    if (!accept(c.kind) || project.languageOf(c.path) !== 'kotlin') continue;
    const d = declOf(project, c, tracker);
    if (d.fullName === fullName) out.push(d);
  }
  return sortDecls(out);
}

/** Is a top-level declaration visible from a scope (its package, imported by name, or star-imported)? */
export function visible(project: Project, scope: Scope, d: Decl, tracker: DepTracker): boolean {
  const pkg = d.fullName.slice(0, d.fullName.length - d.qn.length - 1);
  if (pkg === scope.pkg || (d.fullName === d.qn && scope.pkg === '')) return true;
  if (scope.stars.includes(pkg)) return true;
  const name = d.qn.slice(d.qn.lastIndexOf('.') + 1);
  return explicitImport(project, scope, name, tracker)?.module === d.fullName;
}

const sortDecls = (ds: Decl[]): Decl[] => ds.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));

/** Top-level generic arguments of `A<B,C<D>>` → ['B', 'C<D>']. */
export function genericArgs(text: string): { base: string; args: string[] } {
  const lt = text.indexOf('<');
  if (lt < 0 || !text.endsWith('>')) return { base: text, args: [] };
  const inner = text.slice(lt + 1, -1);
  const args: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i];
    if (ch === '<' || ch === '(') depth++;
    else if (ch === '>' || ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      args.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  args.push(inner.slice(start));
  return { base: text.slice(0, lt), args: args.map((a) => a.replace(/^(out|in)(?=[A-Z])/, '')) };
}
