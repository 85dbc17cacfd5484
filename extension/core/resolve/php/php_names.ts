/**
 * PHP names
 * =========
 * How a name written in a PHP file becomes a fully qualified one, and which workspace declaration
 * that is (docs/adr/0012-php-resolution.md):
 *  - a class name: `\A\B` is fully qualified; otherwise its first segment is replaced by a `use`
 *    import of that alias, else the file's namespace is put before it (`namespace\X` too);
 *  - a function name: unqualified ones try a `use function` import, then the namespace, then the
 *    global function (PHP's fallback); qualified ones resolve as class names do;
 *  - a fully qualified name is looked up by its last segment among the workspace's PHP symbols of
 *    that namespace; when several files declare it, the one Composer's PSR-4 map (composer.json
 *    `autoload` / `autoload-dev`) puts at that path wins, else the first by path.
 * Names compare case-sensitively (PHP's are not: code that relies on that loses the edge).
 * Every read goes through the Project's tracked reads with the tracker given.
 */
import { posix } from 'node:path';
import type { SymbolFact } from '../../parse/facts';
import type { Project } from '../project';
import type { DepTracker } from '../tracker';
import { topOf } from '../tracker';

/** A workspace class, interface, trait or enum. */
export interface ClassRef {
  path: string;
  qn: string;
  kind: SymbolFact['kind'];
  /** Fully qualified, without the leading `\`. */
  fqn: string;
}

/** Where a name is written: the file and its namespace. */
export interface Scope {
  path: string;
  namespace: string | undefined;
}

const CLASS_KINDS = new Set<SymbolFact['kind']>(['class', 'interface', 'enum']);

export const lastSegment = (fqn: string): string => fqn.slice(fqn.lastIndexOf('\\') + 1);
const namespacePart = (fqn: string): string => (fqn.includes('\\') ? fqn.slice(0, fqn.lastIndexOf('\\')) : '');
const join = (ns: string | undefined, name: string): string => (ns ? `${ns}\\${name}` : name);

/** Composer PSR-4 prefixes (`Monolog\`) → the folders (workspace-relative) their classes live in. */
export type Psr4Map = { prefix: string; dirs: string[] }[];

/** The PSR-4 map of every composer.json of the workspace, longest prefix first. Bad JSON maps nothing. */
export function readPsr4(project: Project, tracker: DepTracker): Psr4Map {
  const out: Psr4Map = [];
  for (const path of project.configPaths()) {
    if (posix.basename(path) !== 'composer.json') continue;
    let json: unknown;
    try {
      json = JSON.parse(project.configText(path, tracker) ?? '');
    } catch {
      continue;
    }
    const base = posix.dirname(path) === '.' ? '' : posix.dirname(path);
    for (const section of ['autoload', 'autoload-dev']) {
      const psr4 = (json as Record<string, Record<string, Record<string, unknown>> | undefined> | null)?.[section]?.['psr-4'];
      if (!psr4 || typeof psr4 !== 'object') continue;
      for (const [prefix, value] of Object.entries(psr4)) {
        const dirs = (Array.isArray(value) ? value : [value]).filter((d): d is string => typeof d === 'string');
        out.push({ prefix: prefix.replace(/^\\/, ''), dirs: dirs.map((d) => posix.normalize(posix.join(base, d)).replace(/^\.\/?|\/$/g, '').replace(/^\.$/, '')) });
      }
    }
  }
  return out.sort((a, b) => b.prefix.length - a.prefix.length);
}

/** The files PSR-4 expects a class at. */
export function psr4Paths(map: Psr4Map, fqn: string): string[] {
  const out: string[] = [];
  for (const { prefix, dirs } of map) {
    if (!fqn.startsWith(prefix)) continue;
    const rest = `${fqn.slice(prefix.length).split('\\').join('/')}.php`;
    for (const d of dirs) out.push(d ? `${d}/${rest}` : rest);
  }
  return out;
}

/** Does a PSR-4 prefix of the workspace claim this name (a class of ours, even when no file declares it)? */
export const claimedByPsr4 = (map: Psr4Map, fqn: string): boolean => map.some((m) => m.prefix !== '' && fqn.startsWith(m.prefix));

export class PhpNames {
  private psr4: Psr4Map | undefined;

  constructor(
    readonly project: Project,
    readonly tracker: DepTracker,
    psr4: Psr4Map | undefined,
  ) {
    this.psr4 = psr4;
  }

  psr4Map(): Psr4Map {
    return (this.psr4 ??= readPsr4(this.project, this.tracker));
  }

  /** The scope code inside symbol `qn` of `path` is written in (its top-level symbol's namespace). */
  scopeAt(path: string, qn: string | undefined): Scope {
    if (qn === undefined) return { path, namespace: this.fileNamespace(path) };
    const top = topOf(qn);
    const s = this.project.view(path, this.tracker, top)?.symbols.get(top);
    return { path, namespace: s ? s.namespace : this.fileNamespace(path) };
  }

  /** The namespace of file-level code: the first one any of the file's symbols declares. */
  private fileNamespace(path: string): string | undefined {
    const view = this.project.view(path, this.tracker);
    return view?.facts.symbols.find((s) => s.parent === undefined && s.namespace !== undefined)?.namespace;
  }

  /** The `use` import of an alias in a file (classes and namespaces, or functions/constants). */
  private importOf(scope: Scope, alias: string, kind: 'class' | 'function' | 'constant'): string | undefined {
    const view = this.project.view(scope.path, this.tracker, alias);
    for (const imp of view?.facts.imports ?? []) {
      if (imp.scope !== undefined || (imp.symbolKind ?? 'class') !== kind) continue;
      if (imp.names.some((n) => n.local === alias)) return imp.module;
    }
    return undefined;
  }

  /** A class name as written → its fully qualified name; undefined for `self`/`static`/`parent` and primitives. */
  className(written: string, scope: Scope): string | undefined {
    const text = written.trim();
    if (!text || /^(self|static|parent|\$this)$/i.test(text)) return undefined;
    if (text.startsWith('\\')) return text.slice(1);
    if (/^namespace\\/i.test(text)) return join(scope.namespace, text.slice(10));
    const [head, ...rest] = text.split('\\');
    const imported = this.importOf(scope, head!, 'class');
    if (imported !== undefined) return [imported, ...rest].join('\\');
    return join(scope.namespace, text);
  }

  /** The fully qualified names an unqualified or qualified function call may mean, in PHP's order. */
  functionNames(written: string, scope: Scope): string[] {
    if (written.startsWith('\\')) return [written.slice(1)];
    if (written.includes('\\')) {
      const fqn = this.className(written, scope);
      return fqn ? [fqn] : [];
    }
    const imported = this.importOf(scope, written, 'function');
    if (imported !== undefined) return [imported];
    return scope.namespace ? [join(scope.namespace, written), written] : [written];
  }

  /** The workspace class, interface, trait or enum of a fully qualified name. */
  classByFqn(fqn: string): ClassRef | undefined {
    const name = lastSegment(fqn);
    const ns = namespacePart(fqn);
    const found: ClassRef[] = [];
    for (const c of this.project.symbolsNamed(name, this.tracker)) {
      if (!CLASS_KINDS.has(c.kind) || c.qn !== name || this.project.languageOf(c.path) !== 'php') continue;
      const s = this.project.view(c.path, this.tracker, c.qn)?.symbols.get(c.qn);
      if ((s?.namespace ?? '') === ns) found.push({ path: c.path, qn: c.qn, kind: c.kind, fqn });
    }
    return this.preferred(found, fqn);
  }

  /** The workspace function of a fully qualified name. */
  functionByFqn(fqn: string): { path: string; qn: string; kind: SymbolFact['kind'] } | undefined {
    const name = lastSegment(fqn);
    const ns = namespacePart(fqn);
    const found: ClassRef[] = [];
    for (const c of this.project.symbolsNamed(name, this.tracker)) {
      if (c.kind !== 'function' || c.qn !== name || this.project.languageOf(c.path) !== 'php') continue;
      const s = this.project.view(c.path, this.tracker, c.qn)?.symbols.get(c.qn);
      if ((s?.namespace ?? '') === ns) found.push({ path: c.path, qn: c.qn, kind: c.kind, fqn });
    }
    return this.preferred(found, fqn);
  }

  /** One of several declarations of a name: PSR-4's file, else the first by path. */
  private preferred(found: ClassRef[], fqn: string): ClassRef | undefined {
    if (found.length < 2) return found[0];
    const expected = new Set(psr4Paths(this.psr4Map(), fqn));
    return found.find((f) => expected.has(f.path)) ?? found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))[0];
  }

  /** A class as written in a scope. */
  classNamed(written: string, scope: Scope): ClassRef | undefined {
    const fqn = this.className(written, scope);
    return fqn !== undefined ? this.classByFqn(fqn) : undefined;
  }
}
