/**
 * Python module names
 * ===================
 * Which dotted name each Python file answers to, from the package structure alone (`__init__.py`
 * files), the way an interpreter with the usual source roots on sys.path would see it:
 *   src/shop/api.py   (src/shop/__init__.py exists)  → shop.api
 *   src/shop/__init__.py                              → shop
 *   tests/test_api.py (no __init__.py)                → tests.test_api, and test_api from its own folder
 * The canonical name becomes the node id; aliases (names relative to `src/`, `lib/` or the root)
 * make absolute imports work in src layouts and namespace packages.
 */
import { dirname, posix } from 'node:path';

export interface PythonModuleTable {
  /** path → canonical dotted name (unique across the workspace). */
  canonical: Map<string, string>;
  /** dotted name → path, canonical names first, then aliases that do not clash. */
  lookup: Map<string, string>;
  /** Folders that are packages (hold an __init__.py). */
  packageDirs: Set<string>;
}

const isInit = (p: string): boolean => /(^|\/)__init__\.pyi?$/.test(p);

function parentDir(p: string): string {
  const d = dirname(p);
  return d === '.' ? '' : d;
}

function dotted(relPath: string): string {
  const noExt = relPath.replace(/\.pyi?$/, '');
  const parts = noExt.split('/');
  if (parts[parts.length - 1] === '__init__') parts.pop();
  return parts.join('.');
}

function relativeTo(dir: string, path: string): string {
  return dir === '' ? path : posix.relative(dir, path);
}

/** Folders whose contents are importable by absolute name in common layouts. */
const ROOT_FOLDERS = new Set(['src', 'lib', 'python']);

/**
 * `rootPackage`: the name of the workspace folder itself. When the folder is a package (it holds an
 * `__init__.py`, as when `django/` is opened on its own), its modules are `django.db…`, not `db…`.
 */
export function buildPythonModuleTable(paths: Iterable<string>, rootPackage?: string): PythonModuleTable {
  const files = [...paths].filter((p) => /\.pyi?$/.test(p)).sort();
  const packageDirs = new Set(files.filter(isInit).map(parentDir));

  const preferred = new Map<string, string>();
  const roots = new Map<string, string[]>();
  for (const file of files) {
    let top = parentDir(file);
    if (packageDirs.has(top)) {
      while (top !== '' && packageDirs.has(parentDir(top))) top = parentDir(top);
    }
    const sourceRoot = packageDirs.has(top) ? parentDir(top) : '';
    const fileRoots = new Set<string>([sourceRoot, '']);
    // src/, lib/ on the way up are roots as well (src layouts without __init__.py).
    for (let d = parentDir(file); d !== ''; d = parentDir(d)) {
      if (ROOT_FOLDERS.has(posix.basename(d))) fileRoots.add(d);
    }
    roots.set(file, [...fileRoots]);
    let name = dotted(relativeTo(sourceRoot, file));
    if (top === '' && packageDirs.has('') && rootPackage) name = name ? `${rootPackage}.${name}` : rootPackage;
    else if (!packageDirs.has(parentDir(file))) {
      // A loose script: name it from the nearest src/lib root, else from the workspace root.
      const rootDir = [...fileRoots].filter((r) => r !== '').sort((a, b) => b.length - a.length)[0] ?? '';
      name = dotted(relativeTo(rootDir, file));
    }
    preferred.set(file, name || dotted(file));
  }

  // Two files may claim one name (e.g. two `tests` packages in a monorepo): both fall back to the full path.
  const claims = new Map<string, string[]>();
  for (const [file, name] of preferred) {
    const list = claims.get(name) ?? [];
    list.push(file);
    claims.set(name, list);
  }
  const canonical = new Map<string, string>();
  for (const [file, name] of preferred) canonical.set(file, claims.get(name)!.length > 1 ? dotted(file) : name);

  const lookup = new Map<string, string>();
  for (const [file, name] of canonical) lookup.set(name, file);
  for (const file of files) {
    for (const root of roots.get(file)!) {
      const alias = dotted(relativeTo(root, file));
      if (alias && !lookup.has(alias)) lookup.set(alias, file);
    }
  }
  return { canonical, lookup, packageDirs };
}

/** Folder a relative import starts from: `.` is the file's own package, each further dot one level up. */
export function relativeImportBase(fromFile: string, dots: number): string | undefined {
  let dir = parentDir(fromFile);
  for (let i = 1; i < dots; i++) {
    if (dir === '') return undefined;
    dir = parentDir(dir);
  }
  return dir;
}

/** Candidate file paths for a module path under a folder: `a/b.py`, `a/b.pyi`, `a/b/__init__.py`. */
export function pythonModuleCandidates(dir: string, dottedRest: string): string[] {
  const rel = dottedRest.split('.').filter(Boolean).join('/');
  const base = rel === '' ? dir : dir === '' ? rel : `${dir}/${rel}`;
  if (rel === '') return [base === '' ? '__init__.py' : `${base}/__init__.py`];
  return [`${base}.py`, `${base}.pyi`, `${base}/__init__.py`, `${base}/__init__.pyi`];
}
