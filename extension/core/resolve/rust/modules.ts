/**
 * Rust names: the module tree and paths
 * =====================================
 * What a path (`crate::parse::Error`, `super::util::f`, `Version`, `fmt::Display`) names from a
 * place in the code, resolved as rustc does for the common cases: items of a module (the file's
 * top level or an inline `mod a { … }`), its `mod x;` children (x.rs or x/mod.rs beside it),
 * its `use` bindings and glob imports (re-exports with `pub use` are `use`s other modules reach),
 * `crate::`, `self::`, `super::`, items nested in the enclosing functions, other crates of the
 * workspace by their library name, and everything else (std, core, alloc, dependencies) as
 * external. Every read of another file goes through the tracker.
 */
import { posix } from 'node:path';
import type { ImportFact, SymbolFact } from '../../parse/facts';
import type { Project } from '../project';
import { DepTracker, LISTS } from '../tracker';
import { CrateLayout, type CrateOf } from './cargo';

/** A module: a file's own (inline = []) or an inline `mod` in it. */
export interface Mod {
  file: string;
  inline: string[];
}

export type Def =
  | { t: 'mod'; mod: Mod }
  | { t: 'sym'; path: string; qn: string; kind: SymbolFact['kind'] }
  /** A variant of a workspace enum: calling it (`Op::Exact(v)`) makes an instance of the enum. */
  | { t: 'variant'; enumDef: { path: string; qn: string } }
  | { t: 'ext'; name: string };

/** Where a name is looked up from: a module, and the function (qualified name) it is written in. */
export interface Place {
  mod: Mod;
  fn?: string;
}

const EXTERNAL_ROOTS = new Set(['std', 'core', 'alloc', 'proc_macro', 'test']);
/** Names every module sees without a `use` (the std prelude), all external. */
const PRELUDE = new Set(
  ('Option Some None Result Ok Err Vec String Box ToString ToOwned Clone Copy Default Drop Eq PartialEq Ord PartialOrd Iterator IntoIterator ' +
    'Extend FromIterator DoubleEndedIterator ExactSizeIterator AsRef AsMut Into From TryFrom TryInto Fn FnMut FnOnce Send Sync Sized Unpin ' +
    'Debug Hash drop').split(' '),
);
const MAX_LOOKUP_DEPTH = 24;

export const modKey = (m: Mod): string => `${m.file}#${m.inline.join('.')}`;
const scopeOf = (m: Mod): string | undefined => (m.inline.length ? m.inline.join('.') : undefined);
const parentDir = (p: string): string => {
  const d = posix.dirname(p);
  return d === '.' ? '' : d;
};
const join = (dir: string, name: string): string => (dir === '' ? name : `${dir}/${name}`);

export class RustNames {
  private layoutOnce: CrateLayout | undefined;

  constructor(readonly project: Project) {}

  /**
   * The Cargo manifests, read once per update (a RustNames lives for one): a change of any config
   * file re-resolves everything, so what they say needs no key per file.
   */
  get layout(): CrateLayout {
    if (!this.layoutOnce) {
      const manifests = new Map<string, string>();
      const untracked = new DepTracker();
      for (const path of this.project.configPaths()) {
        if (posix.basename(path) !== 'Cargo.toml') continue;
        const text = this.project.configText(path, untracked);
        if (text !== undefined) manifests.set(path, text);
      }
      this.layoutOnce = new CrateLayout(manifests);
    }
    return this.layoutOnce;
  }

  crateOf(path: string, tracker: DepTracker): CrateOf {
    return this.layout.crateOf(path, (p) => this.project.exists(p, tracker));
  }

  /** The module a symbol is declared in. */
  modOf(path: string, s: SymbolFact | undefined): Mod {
    return { file: path, inline: s?.inlineModule ? s.inlineModule.split('.') : [] };
  }

  /** The folder the `mod x;` children of a module live in. */
  private childDir(m: Mod, tracker: DepTracker): string {
    const file = m.file;
    const base = posix.basename(file);
    const crate = this.crateOf(file, tracker);
    const own = base === 'mod.rs' || crate.root === file ? parentDir(file) : join(parentDir(file), base.replace(/\.rs$/, ''));
    return m.inline.reduce((d, seg) => join(d, seg), own);
  }

  /** The file of `mod name;` declared in module m: name.rs or name/mod.rs beside it. */
  childFile(m: Mod, name: string, tracker: DepTracker): string | undefined {
    const dir = this.childDir(m, tracker);
    for (const candidate of [join(dir, `${name}.rs`), join(dir, `${name}/mod.rs`)]) if (this.project.exists(candidate, tracker)) return candidate;
    return undefined;
  }

  /** The enclosing module: the inline parent, else the file's parent module by the layout. */
  parentMod(m: Mod, tracker: DepTracker): Mod | undefined {
    if (m.inline.length) return { file: m.file, inline: m.inline.slice(0, -1) };
    const crate = this.crateOf(m.file, tracker);
    if (crate.root === m.file) return undefined;
    const rel = crate.dir === '' ? m.file : m.file.slice(crate.dir.length + 1);
    const segs = rel.replace(/\.rs$/, '').split('/');
    if (segs[segs.length - 1] === 'mod') segs.pop();
    segs.pop();
    if (!segs.length) {
      const root = this.rootFile(m.file, tracker);
      return root ? { file: root, inline: [] } : undefined;
    }
    const dir = join(crate.dir, segs.join('/'));
    for (const candidate of [`${dir}.rs`, `${dir}/mod.rs`]) if (this.project.exists(candidate, tracker)) return { file: candidate, inline: [] };
    return undefined;
  }

  crateRoot(m: Mod, tracker: DepTracker): Mod | undefined {
    const root = this.rootFile(m.file, tracker);
    return root ? { file: root, inline: [] } : undefined;
  }

  /**
   * The crate root of a file. A module shared by several crates (tests/common/mod.rs, declared by
   * `mod common;` in several tests/*.rs) takes the first of them, by path.
   */
  private rootFile(file: string, tracker: DepTracker): string | undefined {
    const crate = this.crateOf(file, tracker);
    if (crate.root) return crate.root;
    const rel = crate.dir === '' ? file : file.slice(crate.dir.length + 1);
    const top = rel.split('/')[0]!.replace(/\.rs$/, '');
    for (const candidate of this.project.filesInDir(crate.dir, tracker)) {
      if (!candidate.endsWith('.rs')) continue;
      const binding = this.project.view(candidate, tracker, top)?.imports.get(top);
      if (binding?.fact.rustMod === 'file') return candidate;
    }
    return undefined;
  }

  /** What `name` means inside module m (its items, `mod`s, `use`s and glob imports). */
  member(m: Mod, name: string, tracker: DepTracker, depth = 0, value = false): Def | undefined {
    if (depth > MAX_LOOKUP_DEPTH) return undefined;
    const scope = scopeOf(m);
    const part = m.inline.length ? m.inline[0]! : name;
    const view = this.project.view(m.file, tracker, part);
    if (!view) return undefined;
    const binding = scope === undefined ? view.imports.get(name) : view.scopedImports.get(scope)?.get(name);
    if (binding?.fact.rustMod === 'extern') return this.externCrate(binding.fact.module, tracker);
    // A module and a function may share a name (`mod as_map` beside `fn as_map`): a call means the function.
    const fn = value ? view.symbols.get(`${m.inline.length ? `${m.inline.join('.')}.` : ''}${name}`) : undefined;
    if (fn && (fn.kind === 'function' || fn.kind === 'test') && fn.implFor === undefined && (fn.inlineModule ?? '') === m.inline.join('.')) {
      return { t: 'sym', path: m.file, qn: fn.qualifiedName, kind: fn.kind };
    }
    if (binding?.fact.rustMod) {
      if (binding.fact.rustMod === 'inline') return { t: 'mod', mod: { file: m.file, inline: [...m.inline, name] } };
      const file = this.childFile(m, name, tracker);
      return file ? { t: 'mod', mod: { file, inline: [] } } : undefined;
    }
    const s = view.symbols.get(`${m.inline.length ? `${m.inline.join('.')}.` : ''}${name}`);
    if (s && s.kind !== 'test' && (s.inlineModule ?? '') === m.inline.join('.') && s.implFor === undefined) return { t: 'sym', path: m.file, qn: s.qualifiedName, kind: s.kind };
    if (s && s.kind === 'test' && s.implFor === undefined && !s.decorators?.some((d) => d.startsWith('cfg('))) return { t: 'sym', path: m.file, qn: s.qualifiedName, kind: s.kind };
    if (binding) return this.useTarget(m, binding.fact, binding.imported, tracker, depth + 1);
    // Glob imports: `use crate::backport::*;`, `pub use self::inner::*;`.
    const lists = this.project.view(m.file, tracker, LISTS)!;
    for (const imp of lists.facts.imports) {
      if (!imp.star || imp.scope !== scope) continue;
      const target = this.resolvePath({ mod: m }, imp.module.split('::'), tracker, depth + 1);
      if (target?.t === 'mod') {
        if (modKey(target.mod) === modKey(m)) continue;
        const found = this.member(target.mod, name, tracker, depth + 1, value);
        if (found) return found;
      } else if (target?.t === 'sym' && target.kind === 'enum') {
        // `use Op::*;` brings the variants in.
        return { t: 'variant', enumDef: { path: target.path, qn: target.qn } };
      }
    }
    return undefined;
  }

  /** What a `use` leaf binds. */
  useTarget(m: Mod, fact: ImportFact, _imported: string, tracker: DepTracker, depth: number): Def | undefined {
    // A `use` path starts from the module it is written in (Rust 2018 uniform paths) or a crate;
    // in a 2015-edition crate, from the crate root unless it says self:: or super::.
    return this.resolvePath({ mod: m }, fact.module.split('::'), tracker, depth + 1, true);
  }

  /** Rust 2015: `use a::b` means `use crate::a::b` (or an extern crate `a` declared at the root). */
  private is2015(m: Mod, tracker: DepTracker): boolean {
    const manifest = this.crateOf(m.file, tracker).manifest;
    return manifest !== undefined && manifest.edition === '2015';
  }

  /** What a path names from a place. `inUse`: a `use` path, which does not see the function's own items. */
  resolvePath(place: Place, segments: readonly string[], tracker: DepTracker, depth = 0, inUse = false, value = false): Def | undefined {
    if (depth > MAX_LOOKUP_DEPTH || !segments.length) return undefined;
    const head = segments[0]!;
    let cur: Def | undefined;
    if (inUse && head !== 'self' && head !== 'super' && head !== 'crate' && this.is2015(place.mod, tracker)) {
      const root = this.crateRoot(place.mod, tracker);
      cur = root ? this.member(root, head, tracker, depth + 1, value && segments.length === 1) : undefined;
      cur ??= this.first({ mod: root ?? place.mod }, head, segments.length > 1, tracker, depth, true, value && segments.length === 1);
    } else cur = this.first(place, head, segments.length > 1, tracker, depth, inUse, value && segments.length === 1);
    for (let i = 1; i < segments.length && cur; i++) cur = this.step(cur, segments[i]!, tracker, depth, value && i === segments.length - 1);
    return cur;
  }

  private first(place: Place, seg: string, more: boolean, tracker: DepTracker, depth: number, inUse: boolean, value = false): Def | undefined {
    const m = place.mod;
    if (seg === 'crate') return this.crateRoot(m, tracker) ? { t: 'mod', mod: this.crateRoot(m, tracker)! } : undefined;
    if (seg === 'self') return { t: 'mod', mod: m };
    if (seg === 'super') {
      const p = this.parentMod(m, tracker);
      return p ? { t: 'mod', mod: p } : undefined;
    }
    if (seg === '') return undefined;
    if (!inUse && place.fn !== undefined) {
      // Items and `use`s inside the enclosing functions come first.
      const view = this.project.ownView(m.file);
      for (let fn: string | undefined = place.fn; fn !== undefined; fn = view.symbols.get(fn)?.parent) {
        const local = view.symbols.get(`${fn}.${seg}`);
        if (local && local.kind !== 'method') return { t: 'sym', path: m.file, qn: local.qualifiedName, kind: local.kind };
        const imp = view.scopedImports.get(fn)?.get(seg);
        if (imp) return this.resolvePath({ mod: m }, imp.fact.module.split('::'), tracker, depth + 1, true);
      }
    }
    const own = this.member(m, seg, tracker, depth + 1, value);
    if (own) return own;
    // A name not found in an inline module may be one of its parents'… only through `super::`
    // in Rust; but a `#[cfg(test)] mod tests` reaches nothing it does not `use`, so nothing here.
    if (EXTERNAL_ROOTS.has(seg)) return { t: 'ext', name: seg };
    const lib = this.layout.libraryRoot(seg, (p) => this.project.exists(p, tracker));
    if (lib) return { t: 'mod', mod: { file: lib, inline: [] } };
    if (PRELUDE.has(seg)) return { t: 'ext', name: 'std' };
    void more;
    return undefined;
  }

  /** `extern crate name;`: a crate of the workspace by its library name, else a third-party one. */
  private externCrate(name: string, tracker: DepTracker): Def {
    const lib = name === 'self' ? undefined : this.layout.libraryRoot(name, (p) => this.project.exists(p, tracker));
    return lib ? { t: 'mod', mod: { file: lib, inline: [] } } : { t: 'ext', name };
  }

  /** `a::b` where a is already resolved. */
  step(cur: Def, seg: string, tracker: DepTracker, depth: number, value = false): Def | undefined {
    if (cur.t === 'ext') return cur;
    if (cur.t === 'mod') return this.member(cur.mod, seg, tracker, depth + 1, value);
    if (cur.t === 'variant') return undefined;
    if (cur.kind === 'enum') {
      const view = this.project.view(cur.path, tracker, topOfQn(cur.qn));
      const member = view?.symbols.get(`${cur.qn}.${seg}`);
      if (member) return { t: 'sym', path: cur.path, qn: member.qualifiedName, kind: member.kind };
    }
    // Associated items are the resolver's (impl blocks may be in any file of the crate).
    return undefined;
  }
}

export const topOfQn = (qn: string): string => {
  const dot = qn.indexOf('.');
  return dot < 0 ? qn : qn.slice(0, dot);
};
