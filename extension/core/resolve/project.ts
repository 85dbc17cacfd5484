/**
 * The project as the resolver sees it
 * ===================================
 * All files' facts, with the tables derived from them (Python module names, TS module resolution,
 * the workspace-wide name index) and a per-file view with the lookups resolution needs. Every read
 * a resolution makes goes through a DepTracker (see tracker.ts).
 */
import { posix } from 'node:path';
import type { BindingFact, FileFacts, ImportFact, LanguageId, SymbolFact } from '../parse/facts';
import { fileId, symbolId } from '../model/ids';
import { languageSpec, type ResolverFamily } from '../parse/languages';
import { buildPythonModuleTable, type PythonModuleTable } from './python_modules';
import { TsModuleResolver } from './ts_modules';
import { basenameKey, existsKey, fileKey, LISTS, moduleKey, nameKey, partKey, topOf, type DepTracker } from './tracker';

export interface FileView {
  facts: FileFacts;
  symbols: Map<string, SymbolFact>;
  /** Top-level symbols by name. */
  topLevel: Map<string, SymbolFact>;
  /** Children (methods, nested classes, `it` blocks) by parent qualifiedName, then by name. */
  children: Map<string, Map<string, SymbolFact>>;
  /** Module-level import bindings by local name. */
  imports: Map<string, { fact: ImportFact; imported: string }>;
  /** Import bindings inside a symbol, by scope then local name. */
  scopedImports: Map<string, Map<string, { fact: ImportFact; imported: string }>>;
  starImports: ImportFact[];
  bindings: Map<string, BindingFact>;
  /** exported name → local name (`export { a as b }` without `from`). */
  localExports: Map<string, string>;
}

export type SymbolFamily = ResolverFamily;

const dirOf = (path: string): string => {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
};
export const familyOf = (language: LanguageId): SymbolFamily => languageSpec(language).family;

export interface NamedSymbol {
  path: string;
  qn: string;
  kind: SymbolFact['kind'];
}

const REDEFINITION = /@\d+$/;

function buildView(facts: FileFacts): FileView {
  const symbols = new Map<string, SymbolFact>();
  const topLevel = new Map<string, SymbolFact>();
  const children = new Map<string, Map<string, SymbolFact>>();
  for (const s of facts.symbols) {
    if (symbols.has(s.qualifiedName)) continue; // first definition wins, as ids must be unique
    symbols.set(s.qualifiedName, s);
    // A Python redefinition (`where@2`: the `else:` branch of `if sys.platform …`) is what the name holds after it.
    const redefines = facts.language === 'python' && REDEFINITION.test(s.qualifiedName);
    if (s.parent === undefined) {
      // describe("Service") names a suite, not a binding: it must not shadow the class Service.
      const bindsName = !(s.kind === 'test' && facts.language !== 'python');
      if (bindsName && (redefines || !topLevel.has(s.name))) topLevel.set(s.name, s);
    } else {
      let m = children.get(s.parent);
      if (!m) children.set(s.parent, (m = new Map()));
      if (redefines || !m.has(s.name)) m.set(s.name, s);
    }
  }
  const imports = new Map<string, { fact: ImportFact; imported: string }>();
  const scopedImports = new Map<string, Map<string, { fact: ImportFact; imported: string }>>();
  const starImports: ImportFact[] = [];
  for (const imp of facts.imports) {
    if (imp.star && imp.scope === undefined) starImports.push(imp);
    let target = imports;
    if (imp.scope !== undefined) {
      target = scopedImports.get(imp.scope) ?? new Map();
      scopedImports.set(imp.scope, target);
    }
    for (const n of imp.names) if (!target.has(n.local)) target.set(n.local, { fact: imp, imported: n.imported });
  }
  const bindings = new Map<string, BindingFact>();
  for (const b of facts.bindings) if (!bindings.has(b.name) || (b.type && !bindings.get(b.name)!.type)) bindings.set(b.name, b);
  const localExports = new Map<string, string>();
  for (const e of facts.exports) {
    if (e.module === undefined) for (const n of e.names ?? []) localExports.set(n.exported, n.imported);
  }
  return { facts, symbols, topLevel, children, imports, scopedImports, starImports, bindings, localExports };
}

/**
 * What other files can observe of a file, part by part (see tracker.ts): one signature per
 * top-level name, and one for its lists. Lines are left out on purpose: an edit that only moves
 * code, or changes what a body calls, ripples to no other file.
 */
export function interfaceParts(facts: FileFacts): Map<string, string> {
  const view = buildView(facts);
  const parts = new Map<string, unknown[]>();
  const add = (part: string, item: unknown): void => {
    let list = parts.get(part);
    if (!list) parts.set(part, (list = []));
    list.push(item);
  };
  const binding = (b: BindingFact) => [b.name, b.type, b.value, b.result];
  for (const s of facts.symbols) {
    add(topOf(s.qualifiedName), [s.kind, s.qualifiedName, s.parent, s.bases, s.implements, s.params?.map((p) => [p.name, p.type, p.isProperty, p.isThis, p.isRest]),
      s.namespace, s.singletonBases, s.mixins, s.declaration,
      s.returnType, s.returns, s.exported, s.isStatic, s.isClassMethod, s.decorators, s.signature.startsWith('get ') || s.signature.startsWith('static get '),
      s.locals?.map(binding), s.typeParameters,
      // Which method a `self.x = …` field sits in is observable; its line is not.
      s.fields?.map((f) => [...binding(f), fieldScope(view, s.qualifiedName, f.line)]), s.implFor, s.implTrait, s.implGenerics, s.inlineModule]);
  }
  for (const i of facts.imports) {
    const item = [i.module, i.scope, i.names, i.star, i.typeOnly, i.dynamic, i.rustMod, i.symbolKind, i.isStatic];
    if (i.star) add(LISTS, item);
    if (i.scope !== undefined) add(topOf(i.scope), item);
    else for (const n of i.names) add(n.local, item);
  }
  for (const b of facts.bindings) add(b.name, binding(b));
  for (const e of facts.exports) {
    if (e.module !== undefined) add(LISTS, [e.module, e.star, e.names]);
    else for (const n of e.names ?? []) add(n.exported, [n.imported]);
  }
  add(LISTS, [facts.language, facts.all, facts.defaultExport, facts.package, facts.buildExcluded]);
  const out = new Map<string, string>();
  for (const [part, items] of parts) out.set(part, JSON.stringify(items));
  return out;
}

/** The method of `classQn` whose body holds `line` (where `self.x = …` was written), if any. */
export function fieldScope(view: FileView, classQn: string, line: number): string | undefined {
  for (const m of view.children.get(classQn)?.values() ?? []) {
    if ((m.kind === 'method' || m.kind === 'function') && m.startLine <= line && line <= m.endLine) return m.qualifiedName;
  }
  return undefined;
}

export class Project {
  readonly facts = new Map<string, FileFacts>();
  private views = new Map<string, FileView>();
  private pyTable: PythonModuleTable = buildPythonModuleTable([]);
  /** dotted prefix of some module name → its folder (namespace packages). */
  private pyDirs = new Map<string, string>();
  /** folders that hold an indexed file somewhere below (for namespace packages and existence probes). */
  private dirs = new Set<string>();
  private tsResolver = new TsModuleResolver(new Map());
  private readonly names = new Map<string, NamedSymbol[]>();
  private readonly basenames = new Map<string, string[]>();
  /** folder → the indexed files directly in it (a Go package is a folder's files). */
  private readonly byDir = new Map<string, Set<string>>();
  private configs: ReadonlyMap<string, string> = new Map();

  /** The workspace folder's own name, for a workspace that is itself a Python package. */
  rootPackage: string | undefined;

  // ---- mutation (by the assembler) --------------------------------------------------------

  setFacts(path: string, facts: FileFacts | undefined): void {
    const old = this.facts.get(path);
    if (old) this.unindexNames(old);
    if (facts) {
      this.facts.set(path, facts);
      this.indexNames(facts);
    } else this.facts.delete(path);
    this.views.delete(path);
  }

  setConfigFiles(configs: ReadonlyMap<string, string>): void {
    this.configs = configs;
    this.tsResolver = new TsModuleResolver(configs);
  }

  /** Rebuilds the tables that depend on which files exist. Returns the module-table keys that changed. */
  rebuildStructure(): { changedKeys: Set<string>; canonicalChanged: boolean } {
    const before = this.pyTable;
    const beforeDirs = this.pyDirs;
    this.pyTable = buildPythonModuleTable(this.facts.keys(), this.rootPackage);
    this.pyDirs = new Map();
    for (const [name, path] of this.pyTable.lookup) {
      const parts = name.split('.');
      let dir = posix.dirname(path);
      if (/__init__\.pyi?$/.test(path)) dir = posix.dirname(dir);
      for (let i = parts.length - 1; i >= 1; i--) {
        const prefix = parts.slice(0, i).join('.');
        if (!this.pyDirs.has(prefix)) this.pyDirs.set(prefix, dir === '.' ? '' : dir);
        dir = posix.dirname(dir);
      }
    }
    this.dirs = new Set();
    for (const p of this.facts.keys()) for (let d = posix.dirname(p); d !== '.' && !this.dirs.has(d); d = posix.dirname(d)) this.dirs.add(d);

    const changedKeys = new Set<string>();
    const diff = (a: Map<string, string>, b: Map<string, string>): void => {
      for (const [k, v] of a) if (b.get(k) !== v) changedKeys.add(moduleKey(k));
      for (const k of b.keys()) if (!a.has(k)) changedKeys.add(moduleKey(k));
    };
    diff(before.lookup, this.pyTable.lookup);
    diff(beforeDirs, this.pyDirs);
    let canonicalChanged = false;
    for (const [path, name] of this.pyTable.canonical) {
      const was = before.canonical.get(path);
      if (was !== undefined && was !== name) canonicalChanged = true;
    }
    return { changedKeys, canonicalChanged };
  }

  private indexNames(facts: FileFacts): void {
    for (const s of facts.symbols) {
      const list = this.names.get(s.name) ?? [];
      list.push({ path: facts.path, qn: s.qualifiedName, kind: s.kind });
      this.names.set(s.name, list);
    }
    const base = posix.basename(facts.path);
    this.basenames.set(base, [...(this.basenames.get(base) ?? []), facts.path].sort());
    const dir = dirOf(facts.path);
    let inDir = this.byDir.get(dir);
    if (!inDir) this.byDir.set(dir, (inDir = new Set()));
    inDir.add(facts.path);
  }

  private unindexNames(facts: FileFacts): void {
    for (const s of facts.symbols) {
      const list = this.names.get(s.name);
      if (!list) continue;
      const rest = list.filter((n) => !(n.path === facts.path && n.qn === s.qualifiedName));
      if (rest.length) this.names.set(s.name, rest);
      else this.names.delete(s.name);
    }
    const base = posix.basename(facts.path);
    const rest = (this.basenames.get(base) ?? []).filter((p) => p !== facts.path);
    if (rest.length) this.basenames.set(base, rest);
    else this.basenames.delete(base);
    const inDir = this.byDir.get(dirOf(facts.path));
    inDir?.delete(facts.path);
    if (inDir?.size === 0) this.byDir.delete(dirOf(facts.path));
  }

  // ---- ids (depend only on the path and the package structure) ----------------------------

  pythonModuleName(path: string): string | undefined {
    return this.pyTable.canonical.get(path);
  }

  container(path: string, language: LanguageId): string {
    if (language === 'python') return this.pyTable.canonical.get(path) ?? path.replace(/\.pyi?$/, '').split('/').join('.');
    // TS/JS ids keep `.tsx`/`.mjs` (ids already handed out stay valid); every other language drops its extension.
    if (familyOf(language) === 'ecmascript') return path.replace(/\.(ts|js|py)$/, '');
    // A C/C++ header keeps its extension: `foo.h` and `foo.cpp` side by side would otherwise share ids.
    if (familyOf(language) === 'cfamily' && /\.(h|hh|hpp|hxx)$/.test(path)) return path;
    return path.replace(/\.[^./]+$/, '');
  }

  symbolNodeId(path: string, qn: string): string {
    const facts = this.facts.get(path);
    return facts ? symbolId(languageSpec(facts.language).idPrefix, this.container(path, facts.language), qn) : fileId(path);
  }

  // ---- tracked reads (by the resolver) ----------------------------------------------------

  /**
   * A file's view, charged to the tracker as a read of one top-level name (`part`), of the file's
   * lists (LISTS), or, without `part`, of all of it.
   */
  view(path: string, tracker: DepTracker, part?: string): FileView | undefined {
    tracker.add(part === undefined ? fileKey(path) : partKey(path, part));
    const facts = this.facts.get(path);
    if (!facts) return undefined;
    let v = this.views.get(path);
    if (!v) this.views.set(path, (v = buildView(facts)));
    return v;
  }

  /** The language of an indexed file: it follows from the path, so reading it depends on nothing. */
  languageOf(path: string): LanguageId | undefined {
    return this.facts.get(path)?.language;
  }

  /** The file's own view: resolving a file always depends on all of it, so this records nothing extra. */
  ownView(path: string): FileView {
    let v = this.views.get(path);
    if (!v) this.views.set(path, (v = buildView(this.facts.get(path)!)));
    return v;
  }

  exists(path: string, tracker: DepTracker): boolean {
    tracker.add(existsKey(path));
    return this.facts.has(path);
  }

  dirExists(dir: string, tracker: DepTracker): boolean {
    tracker.add(existsKey(`${dir}/`));
    return this.dirs.has(dir);
  }

  pythonModule(dotted: string, tracker: DepTracker): string | undefined {
    tracker.add(moduleKey(dotted));
    return this.pyTable.lookup.get(dotted);
  }

  pythonNamespaceDir(dotted: string, tracker: DepTracker): string | undefined {
    tracker.add(moduleKey(dotted));
    return this.pyDirs.get(dotted);
  }

  isPythonPackageDir(dir: string): boolean {
    return this.pyTable.packageDirs.has(dir);
  }

  resolveTsModule(fromFile: string, specifier: string, tracker: DepTracker) {
    return this.tsResolver.resolve(fromFile, specifier, (p) => this.exists(p, tracker));
  }

  symbolsNamed(name: string, tracker: DepTracker): readonly NamedSymbol[] {
    tracker.add(nameKey(name));
    return this.names.get(name) ?? [];
  }

  /** The indexed files directly in a folder ('' = the root), sorted; charged as the folder's existence, which changes when a file in it comes or goes. */
  filesInDir(dir: string, tracker: DepTracker): string[] {
    tracker.add(existsKey(`${dir}/`));
    return [...(this.byDir.get(dir) ?? [])].sort();
  }

  /**
   * A config file's text (go.mod, go.work …: the registry's configFiles), undefined when there is none.
   * A change of any config file re-resolves everything (assembler), so the key is only a record.
   */
  configText(path: string, tracker: DepTracker): string | undefined {
    tracker.add(fileKey(path));
    return this.configs.get(path);
  }

  /** The config files' paths. Untracked: a change of the set re-resolves everything (assembler). */
  configPaths(): string[] {
    return [...this.configs.keys()].sort();
  }

  /** The indexed files under a folder ('' for all), sorted; depends on which files exist there. */
  filesUnder(dir: string, tracker: DepTracker): string[] {
    tracker.add(existsKey(`${dir}/`));
    const prefix = dir === '' ? '' : `${dir}/`;
    return [...this.facts.keys()].filter((p) => p.startsWith(prefix)).sort();
  }

  filesNamed(basename: string, tracker: DepTracker): readonly string[] {
    tracker.add(basenameKey(basename));
    return this.basenames.get(basename) ?? [];
  }
}
