/**
 * Cargo manifests and crate layout
 * ================================
 * Which crate a `.rs` file belongs to and where its module tree hangs, read the way Cargo does:
 * the nearest Cargo.toml with a [package] names the package (a workspace's members are packages
 * of their own, each with its Cargo.toml); its library is src/lib.rs (or [lib] path), its
 * binaries src/main.rs and src/bin/*, and every file directly in tests/, benches/ and examples/
 * is a crate root of its own. Without a Cargo.toml a file's crate hangs from the folder above its
 * nearest src/ (or its own folder). A manifest that does not parse counts as absent: the files are
 * still indexed by folder.
 *
 * Only the subset of TOML manifests use is read: [package] name, [lib] name/path, [[bin]]
 * name/path, [workspace] members. Manifests are config files: a change re-resolves everything.
 */
import { posix } from 'node:path';

export interface Manifest {
  /** The folder of the Cargo.toml ('' at the root). */
  dir: string;
  packageName?: string;
  /** The library's crate name (`[lib] name`, else the package name with `-` as `_`). */
  libName?: string;
  /** Root-relative path of the library's root file. */
  libPath?: string;
  /** Root-relative paths of [[bin]] roots. */
  binPaths: string[];
  workspaceMembers?: string[];
  /** `[package] edition`; Cargo's default, 2015, when absent. */
  edition: string;
}

/** Parses the manifest subset; undefined when the text has no [package] or [workspace] table. */
export function parseManifest(path: string, text: string): Manifest | undefined {
  const dir = posix.dirname(path) === '.' ? '' : posix.dirname(path);
  const at = (rel: string): string => posix.normalize(dir === '' ? rel : `${dir}/${rel}`);
  const m: Manifest = { dir, binPaths: [], edition: '2015' };
  let table = '';
  let sawTable = false;
  let binPath: string | undefined;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.replace(/^\s+|\s*(#.*)?$/g, '');
    if (!raw) continue;
    const header = /^\[\[?\s*([^\]]+?)\s*\]\]?$/.exec(raw);
    if (header) {
      if (table === 'bin' && binPath) m.binPaths.push(at(binPath));
      binPath = undefined;
      table = header[1]!;
      if (table === 'package' || table === 'workspace') sawTable = true;
      continue;
    }
    const kv = /^([\w-]+)\s*=\s*(.*)$/.exec(raw);
    if (!kv) continue;
    const key = kv[1]!;
    let value = kv[2]!;
    // Multi-line arrays (`members = [ … ]`).
    if (value.startsWith('[') && !value.includes(']')) {
      while (i + 1 < lines.length && !value.includes(']')) value += lines[++i]!.replace(/#.*$/, '');
    }
    const str = /^"([^"]*)"|^'([^']*)'/.exec(value);
    const s = str ? (str[1] ?? str[2]) : undefined;
    if (table === 'package' && key === 'name' && s) m.packageName = s;
    else if (table === 'package' && key === 'edition' && s) m.edition = s;
    else if (table === 'lib' && key === 'name' && s) m.libName = s;
    else if (table === 'lib' && key === 'path' && s) m.libPath = at(s);
    else if (table === 'bin' && key === 'path' && s) binPath = s;
    else if (table === 'workspace' && key === 'members') m.workspaceMembers = [...value.matchAll(/"([^"]*)"|'([^']*)'/g)].map((x) => x[1] ?? x[2] ?? '');
  }
  if (table === 'bin' && binPath) m.binPaths.push(at(binPath));
  if (!sawTable) return undefined;
  if (m.packageName && !m.libName) m.libName = m.packageName.replace(/-/g, '_');
  return m;
}

/** Where a file's crate is: its root file (when known) and the folder its `mod` tree hangs from. */
export interface CrateOf {
  /** The crate root's path, or undefined when the file is a module of several crates (tests/common/mod.rs). */
  root?: string;
  /** The root's folder: module `a::b` of the crate is <dir>/a/b.rs or <dir>/a/b/mod.rs. */
  dir: string;
  manifest?: Manifest;
}

const ROOT_NAMES = ['lib.rs', 'main.rs'];

export class CrateLayout {
  private readonly manifests = new Map<string, Manifest>();
  /** Library crate name → its manifest (for `use other_crate::…` inside a workspace). */
  readonly byLibName = new Map<string, Manifest>();
  /** Cargo.toml files that did not parse, for status. */
  readonly unreadable: string[] = [];

  constructor(configs: ReadonlyMap<string, string>) {
    for (const [path, text] of configs) {
      if (posix.basename(path) !== 'Cargo.toml') continue;
      let m: Manifest | undefined;
      try {
        m = parseManifest(path, text);
      } catch {
        m = undefined;
      }
      if (!m) {
        this.unreadable.push(path);
        continue;
      }
      this.manifests.set(m.dir, m);
      if (m.packageName && m.libName) this.byLibName.set(m.libName, m);
    }
  }

  /** The package whose folder holds the file: the nearest manifest with a [package]. */
  manifestOf(path: string): Manifest | undefined {
    for (let d = parent(path); ; d = parent(d)) {
      const m = this.manifests.get(d);
      if (m?.packageName) return m;
      if (d === '') return undefined;
    }
  }

  /**
   * The crate of a file. `exists` answers (tracked) whether a file is indexed, for the library
   * root and for src/lib.rs versus src/main.rs.
   */
  crateOf(path: string, exists: (p: string) => boolean): CrateOf {
    const m = this.manifestOf(path);
    const pkg = m ? m.dir : packageDirGuess(path);
    const under = (d: string): string => (pkg === '' ? d : `${pkg}/${d}`);
    const rel = pkg === '' ? path : path.slice(pkg.length + 1);
    const withManifest = (c: CrateOf): CrateOf => (m ? { ...c, manifest: m } : c);
    if (m && (m.libPath === path || m.binPaths.includes(path))) return withManifest({ root: path, dir: parent(path) });
    const top = rel.split('/')[0];
    if (top === 'tests' || top === 'benches' || top === 'examples') {
      const parts = rel.split('/');
      if (parts.length === 2) return withManifest({ root: path, dir: under(top) });
      // examples/foo/main.rs is the root of example foo; tests/common/mod.rs is a module shared by tests.
      if (parts.length === 3 && parts[2] === 'main.rs') return withManifest({ root: path, dir: parent(path) });
      return withManifest({ dir: under(top) });
    }
    if (rel.startsWith('src/bin/')) {
      const parts = rel.split('/');
      if (parts.length === 3) return withManifest({ root: path, dir: under('src/bin') });
      const binDir = under(`src/bin/${parts[2]}`);
      return withManifest({ root: `${binDir}/main.rs`, dir: binDir });
    }
    if (rel === 'build.rs') return withManifest({ root: path, dir: parent(path) });
    const src = m?.libPath && isUnder(path, parent(m.libPath)) ? parent(m.libPath) : rel.startsWith('src/') ? under('src') : parent(path);
    if (ROOT_NAMES.some((n) => path === join(src, n))) return withManifest({ root: path, dir: src });
    if (m?.libPath && isUnder(path, parent(m.libPath))) return withManifest({ root: m.libPath, dir: parent(m.libPath) });
    const lib = join(src, 'lib.rs');
    if (exists(lib)) return withManifest({ root: lib, dir: src });
    const main = join(src, 'main.rs');
    if (exists(main)) return withManifest({ root: main, dir: src });
    return withManifest({ dir: src });
  }

  /** The library root of a crate named `name` in the workspace (`use other_crate::x`). */
  libraryRoot(name: string, exists: (p: string) => boolean): string | undefined {
    const m = this.byLibName.get(name);
    if (!m) return undefined;
    const candidate = m.libPath ?? join(m.dir, 'src/lib.rs');
    return exists(candidate) ? candidate : undefined;
  }
}

const parent = (p: string): string => {
  const d = posix.dirname(p);
  return d === '.' || d === '/' ? '' : d;
};
const join = (dir: string, name: string): string => (dir === '' ? name : `${dir}/${name}`);
const isUnder = (path: string, dir: string): boolean => dir === '' || path.startsWith(`${dir}/`);

/** Without a manifest: the folder above the nearest src/, else the file's own folder. */
function packageDirGuess(path: string): string {
  const parts = path.split('/');
  const i = parts.lastIndexOf('src', parts.length - 2);
  if (i >= 0) return parts.slice(0, i).join('/');
  return parent(path);
}
