/**
 * C# names in scope
 * =================
 * What a simple name can mean at a point of a C# file, read through the Project's tracked reads:
 * the namespaces around it (innermost first), the file's `using` namespaces, `using static`
 * types and `using X = …` aliases, and the workspace types a name denotes from there. A type's
 * parts (a partial type declared in several files) are all the declarations with its
 * namespace-qualified name.
 */
import type { SymbolFact } from '../../parse/facts';
import type { Project } from '../project';
import type { DepTracker } from '../tracker';
import { LISTS, topOf } from '../tracker';

/** One declaration of a workspace type (a partial type has one per part). */
export interface TypeRef {
  path: string;
  qn: string;
  kind: SymbolFact['kind'];
  /** Namespace-qualified name (`A.B.Outer.Inner`): the parts of a partial type share it. */
  fullName: string;
}

export interface Scope {
  path: string;
  /** The folder of the `.csproj` the file belongs to ('' when none holds it). */
  csproj: string;
  /** Enclosing namespaces, innermost first, ending with the global one (''). */
  namespaces: string[];
  /** `using A.B;` namespaces. */
  usings: string[];
  /** `using static A.B;` type names as written. */
  statics: string[];
}

const TYPE_KINDS = new Set<SymbolFact['kind']>(['class', 'interface', 'enum', 'type']);

let csprojDirs: { key: string; dirs: Set<string> } | undefined;

/**
 * The project a file belongs to: the nearest folder above it holding a `.csproj` ('' when none
 * does). Types of the same name in two projects are two types (edge-js builds its mono and its
 * .NET Core sources as separate assemblies); a lookup prefers the site's own project.
 */
export function csprojOf(project: Project, path: string): string {
  const paths = project.configPaths().filter((p) => p.endsWith('.csproj'));
  const key = paths.join('\n');
  if (csprojDirs?.key !== key) csprojDirs = { key, dirs: new Set(paths.map((p) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : ''))) };
  const dirs = csprojDirs.dirs;
  for (let d = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : ''; ; d = d.includes('/') ? d.slice(0, d.lastIndexOf('/')) : '') {
    if (dirs.has(d)) return d;
    if (d === '') return '';
  }
}

/** The candidates in `csproj` when there are any, else all of them (a type of a referenced project). */
export function preferProject<T extends { path: string }>(project: Project, csproj: string, candidates: T[]): T[] {
  if (candidates.length < 2) return candidates;
  const own = candidates.filter((c) => csprojOf(project, c.path) === csproj);
  return own.length ? own : candidates;
}

/** The namespace a symbol's top-level type sits in, reading that type's part of its file. */
export function namespaceOf(project: Project, path: string, qn: string, tracker: DepTracker): string | undefined {
  const top = topOf(qn);
  return project.view(path, tracker, top)?.symbols.get(top)?.namespace;
}

export function fullNameOf(project: Project, path: string, qn: string, tracker: DepTracker): string {
  const ns = namespaceOf(project, path, qn, tracker);
  return ns ? `${ns}.${qn}` : qn;
}

/** The scope of a file, for code inside the top-level type `top` (or at file level). */
export function scopeOf(project: Project, path: string, top: string | undefined, tracker: DepTracker): Scope {
  const view = project.view(path, tracker, LISTS);
  const namespaces: string[] = [''];
  const ns = top !== undefined ? project.view(path, tracker, top)?.symbols.get(top)?.namespace : undefined;
  if (ns) {
    const parts = ns.split('.');
    for (let i = 1; i <= parts.length; i++) namespaces.unshift(parts.slice(0, i).join('.'));
  }
  const usings: string[] = [];
  const statics: string[] = [];
  for (const imp of view?.starImports ?? []) (imp.isStatic ? statics : usings).push(imp.module);
  return { path, csproj: csprojOf(project, path), namespaces, usings, statics };
}

/** `using X = A.B;` in the scope's file: what X stands for, as written. */
export function aliasOf(project: Project, scope: Scope, name: string, tracker: DepTracker): string | undefined {
  const imp = project.view(scope.path, tracker, name)?.imports.get(name);
  return imp && imp.imported === '*module*' && imp.fact.scope === undefined ? imp.fact.module : undefined;
}

/** Workspace types named `name` declared at the top level of namespace `ns` (or nested types `Outer.name` when `outer` is given). */
export function typesIn(project: Project, name: string, fullName: string, tracker: DepTracker, csproj?: string): TypeRef[] {
  const out: TypeRef[] = [];
  for (const c of project.symbolsNamed(name, tracker)) {
    if (!TYPE_KINDS.has(c.kind) || project.languageOf(c.path) !== 'csharp') continue;
    const f = fullNameOf(project, c.path, c.qn, tracker);
    if (f === fullName) out.push({ path: c.path, qn: c.qn, kind: c.kind, fullName: f });
  }
  // A partial type's parts are in one project: the parts of the first declaration's.
  const first = out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))[0];
  return first && out.length > 1 ? preferProject(project, csproj ?? csprojOf(project, first.path), out) : out;
}

/**
 * The top-level workspace type a simple name denotes in a scope: declared in an enclosing
 * namespace (innermost first), else in a `using` namespace. When neither holds it, a type of
 * that name the workspace declares exactly once under the same root namespace as the file is
 * taken (global usings in another file, implicit usings of the project): an approximation the
 * ADR documents.
 */
export function topLevelType(project: Project, scope: Scope, name: string, tracker: DepTracker): TypeRef[] {
  const byNamespace = new Map<string, TypeRef[]>();
  for (const c of project.symbolsNamed(name, tracker)) {
    if (!TYPE_KINDS.has(c.kind) || c.qn !== name || project.languageOf(c.path) !== 'csharp') continue;
    const ns = namespaceOf(project, c.path, c.qn, tracker) ?? '';
    const list = byNamespace.get(ns) ?? [];
    list.push({ path: c.path, qn: c.qn, kind: c.kind, fullName: ns ? `${ns}.${name}` : name });
    byNamespace.set(ns, list);
  }
  if (byNamespace.size === 0) return [];
  for (const ns of [...scope.namespaces, ...scope.usings]) {
    const found = byNamespace.get(ns);
    if (found) return preferProject(project, scope.csproj, sortParts(found));
  }
  if (byNamespace.size !== 1) return [];
  const [ns, found] = [...byNamespace][0]!;
  const root = scope.namespaces[0]?.split('.')[0] ?? '';
  return root !== '' && ns.split('.')[0] === root ? preferProject(project, scope.csproj, sortParts(found)) : [];
}

const sortParts = (parts: TypeRef[]): TypeRef[] => parts.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
