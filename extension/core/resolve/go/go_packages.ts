/**
 * Go packages and import paths
 * ============================
 * A package is the `.go` files of one folder that share a package clause (`foo` and the external
 * test package `foo_test` can share a folder). An import path names a folder of the workspace when
 * it starts with the module path of a `go.mod` of the workspace (the file's own module first, then
 * the others a `go.work` would join); anything else is the standard library or a third-party module,
 * an external. Without any go.mod (GOPATH-style trees, a folder opened on its own) the longest
 * suffix of the import path that is a folder with Go files is taken, so files are still resolved
 * by folder.
 *
 * Reads go through the Project's tracked accessors: which files a folder holds is the folder's
 * existence key (it changes when a file comes or goes), a file's package name is its LISTS part.
 */
import { posix } from 'node:path';
import { LISTS, type DepTracker } from '../tracker';
import type { Project } from '../project';

export type ImportPlace = { t: 'dir'; dir: string } | { t: 'external'; name: string };

const MODULE_LINE = /^\s*module\s+("?)([^\s"]+)\1\s*(\/\/.*)?$/m;

/** The module path a go.mod declares, if it declares one. */
export function modulePath(goMod: string): string | undefined {
  return MODULE_LINE.exec(goMod)?.[2];
}

export const dirOf = (path: string): string => {
  const d = posix.dirname(path);
  return d === '.' ? '' : d;
};

const isGo = (path: string): boolean => path.endsWith('.go');

export class GoPackages {
  /** go.mod path → module path, read once per update (config changes re-resolve everything). */
  private modules: { dir: string; module: string }[] | undefined;

  /**
   * File lists already read for a tracker (one file's resolution): its keys are recorded, so a
   * second read may skip them. A name lookup reads a package's file list many times over.
   */
  private readonly lists = new WeakMap<DepTracker, Map<string, string[]>>();

  constructor(private readonly project: Project) {}

  private memo(tracker: DepTracker, key: string, read: () => string[]): string[] {
    let m = this.lists.get(tracker);
    if (!m) this.lists.set(tracker, (m = new Map()));
    let v = m.get(key);
    if (!v) m.set(key, (v = read()));
    return v;
  }

  /** Every module of the workspace, longest path first, so that nested modules win. */
  private allModules(tracker: DepTracker): { dir: string; module: string }[] {
    if (!this.modules) {
      this.modules = [];
      for (const path of this.project.configPaths()) {
        if (posix.basename(path) !== 'go.mod') continue;
        const module = modulePath(this.project.configText(path, tracker) ?? '');
        if (module) this.modules.push({ dir: dirOf(path), module });
      }
      this.modules.sort((a, b) => b.module.length - a.module.length || (a.dir < b.dir ? -1 : 1));
    }
    return this.modules;
  }

  /** Where an import path of the file `from` leads. */
  importPlace(from: string, importPath: string, tracker: DepTracker): ImportPlace {
    for (const d of ancestors(dirOf(from))) {
      const text = this.project.configText(d === '' ? 'go.mod' : `${d}/go.mod`, tracker);
      const module = text !== undefined ? modulePath(text) : undefined;
      if (module) {
        const inModule = within(module, d, importPath);
        if (inModule !== undefined) return { t: 'dir', dir: inModule };
        break;
      }
    }
    const modules = this.allModules(tracker);
    for (const m of modules) {
      const inModule = within(m.module, m.dir, importPath);
      if (inModule !== undefined) return { t: 'dir', dir: inModule };
    }
    if (!modules.length) {
      const parts = importPath.split('/');
      for (let i = 0; i < parts.length; i++) {
        const dir = parts.slice(i).join('/');
        if (this.packageFiles(dir, tracker).length) return { t: 'dir', dir };
      }
    }
    return { t: 'external', name: importPath };
  }

  /** The non-test `.go` files of a folder: what an importer sees; those a default build leaves out come last. */
  packageFiles(dir: string, tracker: DepTracker): string[] {
    return this.memo(tracker, `d:${dir}`, () => this.buildingFirst(this.project.filesInDir(dir, tracker).filter((p) => isGo(p) && !p.endsWith('_test.go')), tracker));
  }

  /** The files of the package the file `path` belongs to (same folder, same package clause), building ones first. */
  siblings(path: string, tracker: DepTracker): string[] {
    return this.memo(tracker, `s:${path}`, () => {
      const own = this.packageName(path, tracker);
      return this.buildingFirst(this.project.filesInDir(dirOf(path), tracker).filter((p) => isGo(p) && (p === path || this.packageName(p, tracker) === own)), tracker);
    });
  }

  private buildingFirst(files: string[], tracker: DepTracker): string[] {
    const excluded = (p: string): boolean => this.project.view(p, tracker, LISTS)?.facts.buildExcluded === true;
    return [...files.filter((p) => !excluded(p)), ...files.filter(excluded)];
  }

  packageName(path: string, tracker: DepTracker): string | undefined {
    return this.project.view(path, tracker, LISTS)?.facts.package;
  }

  /** The name an importer refers to a workspace package by: its package clause. */
  dirPackageName(dir: string, tracker: DepTracker): string | undefined {
    const first = this.packageFiles(dir, tracker)[0];
    return first !== undefined ? this.packageName(first, tracker) : undefined;
  }
}

function* ancestors(dir: string): Generator<string> {
  for (let d = dir; ; d = dirOf(d)) {
    yield d;
    if (d === '') return;
  }
}

/** The workspace folder an import path names inside a module rooted at `dir`, if it is inside. */
function within(module: string, dir: string, importPath: string): string | undefined {
  if (importPath !== module && !importPath.startsWith(`${module}/`)) return undefined;
  const rest = importPath.slice(module.length + 1);
  return [dir, rest].filter((s) => s !== '').join('/');
}
