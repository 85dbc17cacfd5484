/**
 * Ruby classes and modules across files
 * =====================================
 * A Ruby class is open: `class A::B` in three files is one class. Each file keeps its own symbol
 * of the qualified name `A.B` (ids stay unique per file); this module reads them as one: its
 * definitions (every file that opens it), its methods (wherever they are defined), its ancestors
 * (superclass and included/prepended modules of every opening, Ruby's lookup order) and constant
 * lookup (lexical nesting, then the ancestors of the innermost class, then the top level). Every
 * read is a tracked one: names through `symbolsNamed`, a file's symbols through its top-level part.
 */
import type { SymbolFact } from '../../parse/facts';
import type { SymbolRef } from '../family';
import type { Project } from '../project';
import { topOf, type DepTracker } from '../tracker';
import { constParts } from '../../parse/ruby_syntax';

/** One opening of a class or module: the file and its symbol there. */
export interface ClassDef {
  path: string;
  sym: SymbolFact;
}

export interface MethodHit {
  ref: SymbolRef;
  sym: SymbolFact;
}

const MAX_ANCESTORS = 24;

const lastOf = (qn: string): string => qn.slice(qn.lastIndexOf('.') + 1);
/** The namespace around a qualified name: `A.B.C` → `A.B`. */
export const outerOf = (qn: string): string | undefined => (qn.includes('.') ? qn.slice(0, qn.lastIndexOf('.')) : undefined);
/** The file path Zeitwerk expects a constant in: `Admin::UserRole` → `admin/user_role`. */
export const autoloadPath = (qn: string): string =>
  qn
    .split('.')
    .map((p) => p.replace(/([a-z\d])([A-Z])/g, '$1_$2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2').toLowerCase())
    .join('/');

const isSingleton = (s: SymbolFact): boolean => s.isStatic === true;
const isInstance = (s: SymbolFact): boolean => s.isStatic !== true || s.isClassMethod === true;

export class RubyClasses {
  /** Classes whose ancestors are being read (a guard against lookups that come back to them). */
  private readonly reading = new Set<string>();

  constructor(
    private readonly project: Project,
    private readonly tracker: DepTracker,
  ) {}

  // Memo tables: one RubyClasses serves one file's resolution, whose reads all go to one tracker,
  // so an answer found once stands for the rest of that file (and records the same keys).
  private readonly memoDefs = new Map<string, ClassDef[]>();
  private readonly memoAncestors = new Map<string, string[]>();
  private readonly memoConst = new Map<string, string | undefined>();
  private readonly memoMethod = new Map<string, MethodHit | undefined>();

  /** Every opening of the class or module `qn`, by path. */
  defs(qn: string): ClassDef[] {
    let known = this.memoDefs.get(qn);
    if (!known) this.memoDefs.set(qn, (known = this.readDefs(qn)));
    return known;
  }

  private readDefs(qn: string): ClassDef[] {
    const out: ClassDef[] = [];
    for (const n of this.project.symbolsNamed(lastOf(qn), this.tracker)) {
      if (n.kind !== 'class' || n.qn !== qn) continue;
      const sym = this.project.view(n.path, this.tracker, topOf(qn))?.symbols.get(qn);
      if (sym) out.push({ path: n.path, sym });
    }
    return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  /** The opening a reference to the class names: the file Zeitwerk would load it from, else the first by path. */
  canonical(qn: string): SymbolRef | undefined {
    const defs = this.defs(qn);
    const expected = autoloadPath(qn);
    const best = defs.find((d) => d.path.replace(/\.rb$/, '').endsWith(expected)) ?? defs[0];
    return best ? { t: 'symbol', path: best.path, qn, kind: 'class' } : undefined;
  }

  isModule(qn: string): boolean {
    const d = this.defs(qn);
    return d.length > 0 && d.every((x) => x.sym.signature.startsWith('module'));
  }

  /**
   * The class or module a constant written `text` names at a site whose innermost namespace is
   * `nesting`: Ruby's lexical scopes outward, the ancestors of the innermost class, the top level.
   */
  resolveConst(text: string, nesting: string | undefined, viaAncestors = true): string | undefined {
    const key = `${text}\n${nesting ?? ''}\n${viaAncestors}`;
    if (this.memoConst.has(key) && this.reading.size === 0) return this.memoConst.get(key);
    const found = this.lookupConst(text, nesting, viaAncestors);
    if (this.reading.size === 0) this.memoConst.set(key, found);
    return found;
  }

  private lookupConst(text: string, nesting: string | undefined, viaAncestors: boolean): string | undefined {
    const parts = constParts(text);
    if (!parts.length) return undefined;
    const complete = (head: string): string | undefined => {
      const qn = [head, ...parts.slice(1)].join('.');
      return this.defs(qn).length ? qn : undefined;
    };
    if (!text.startsWith('::')) {
      for (let ns = nesting; ns !== undefined; ns = outerOf(ns)) {
        if (this.defs(`${ns}.${parts[0]}`).length) return complete(`${ns}.${parts[0]}`);
      }
      if (nesting !== undefined && viaAncestors) {
        for (const a of this.ancestors(nesting, false).slice(1)) if (this.defs(`${a}.${parts[0]}`).length) return complete(`${a}.${parts[0]}`);
      }
    }
    return this.defs(parts[0]!).length ? complete(parts[0]!) : undefined;
  }

  /** A base as written in one opening, resolved where that opening stands. */
  private resolveBase(text: string, def: ClassDef): string | undefined {
    // Lexical scopes first; then, as Ruby does for `class C < X` inside `class Outer`, the outer class's ancestors.
    const qn = def.sym.qualifiedName;
    return this.resolveConst(text, qn, false) ?? this.resolveConst(text, outerOf(qn), true);
  }

  /**
   * The class's ancestors, itself first, in Ruby's method lookup order: the modules each opening
   * includes (the last included first), then the superclass and its ancestors.
   */
  ancestors(qn: string, singletonSide: boolean, seen = new Set<string>()): string[] {
    const top = seen.size === 0 && this.reading.size === 0;
    const key = `${qn}\n${singletonSide}`;
    if (top) {
      const known = this.memoAncestors.get(key);
      if (known) return known;
      const found = this.walkAncestors(qn, singletonSide, seen);
      this.memoAncestors.set(key, found);
      return found;
    }
    return this.walkAncestors(qn, singletonSide, seen);
  }

  private walkAncestors(qn: string, singletonSide: boolean, seen: Set<string>): string[] {
    if (seen.has(qn) || seen.size > MAX_ANCESTORS) return [];
    // A base resolved through an outer class's ancestors may ask for a class whose ancestors are being read.
    if (this.reading.has(qn)) return [qn];
    seen.add(qn);
    this.reading.add(qn);
    try {
      return this.ancestorsOf(qn, singletonSide, seen);
    } finally {
      this.reading.delete(qn);
    }
  }

  private ancestorsOf(qn: string, singletonSide: boolean, seen: Set<string>): string[] {
    const out = [qn];
    const defs = this.defs(qn);
    const mixins: string[] = [];
    let superclass: string | undefined;
    for (const def of defs) {
      const bases = def.sym.bases ?? [];
      const hasSuper = def.sym.signature.startsWith('class') && /^class\s+[\w:]+\s*</.test(def.sym.signature);
      bases.forEach((b, i) => {
        const r = this.resolveBase(b, def);
        if (r === undefined) return;
        if (i === 0 && hasSuper) superclass ??= r;
        else if (!mixins.includes(r)) mixins.push(r);
      });
    }
    for (const m of mixins.reverse()) if (!singletonSide) out.push(...this.ancestors(m, false, seen));
    if (superclass !== undefined) out.push(...this.ancestors(superclass, singletonSide, seen));
    return out;
  }

  /** The modules whose instance methods are the class's singleton methods (`extend M`, `extend self`). */
  private extended(qn: string): string[] {
    const out: string[] = [];
    for (const def of this.defs(qn)) {
      for (const b of def.sym.singletonBases ?? []) {
        const r = b === 'self' ? qn : this.resolveBase(b, def);
        if (r !== undefined && !out.includes(r)) out.push(r);
      }
    }
    return out.reverse();
  }

  /** A method defined on the class itself (any opening, any file), instance or singleton side. */
  ownMethod(qn: string, name: string, singleton: boolean): MethodHit | undefined {
    const key = `${qn}\n${name}\n${singleton}`;
    if (this.memoMethod.has(key)) return this.memoMethod.get(key);
    const hit = this.readMethod(qn, name, singleton);
    this.memoMethod.set(key, hit);
    return hit;
  }

  private readMethod(qn: string, name: string, singleton: boolean): MethodHit | undefined {
    const wanted = singleton ? [`${qn}.self.${name}`, `${qn}.${name}`] : [`${qn}.${name}`];
    const hits: MethodHit[] = [];
    for (const n of this.project.symbolsNamed(name, this.tracker)) {
      if (!wanted.includes(n.qn) || (n.kind !== 'method' && n.kind !== 'test')) continue;
      const sym = this.project.view(n.path, this.tracker, topOf(n.qn))?.symbols.get(n.qn);
      if (sym && (singleton ? isSingleton(sym) : isInstance(sym))) hits.push({ ref: { t: 'symbol', path: n.path, qn: n.qn, kind: n.kind }, sym });
    }
    hits.sort((a, b) => (a.ref.path < b.ref.path ? -1 : a.ref.path > b.ref.path ? 1 : 0));
    return hits[0];
  }

  /** Method lookup on an instance of `qn` (singleton = false) or on `qn` itself (true); `skipOwn` for `super`. */
  findMethod(qn: string, name: string, singleton: boolean, skipOwn = false): MethodHit | undefined {
    if (!singleton) {
      for (const a of this.ancestors(qn, false).slice(skipOwn ? 1 : 0)) {
        const hit = this.ownMethod(a, name, false);
        if (hit) return hit;
      }
      return undefined;
    }
    for (const a of this.ancestors(qn, true).slice(skipOwn ? 1 : 0)) {
      const hit = this.ownMethod(a, name, true);
      if (hit) return hit;
      for (const m of this.extended(a)) {
        const viaExtend = this.findMethod(m, name, false);
        if (viaExtend) return viaExtend;
      }
    }
    return undefined;
  }
}
