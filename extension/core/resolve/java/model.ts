/**
 * The Java workspace as resolution reads it
 * =========================================
 * Type names to workspace classes (type parameters, member types of the enclosing classes, the
 * file's own types, single-type imports, the file's package, on-demand imports: javac's order),
 * packages to the classes declaring them (a class `Foo` of package `a.b` is the top-level `Foo`
 * of any Java file whose `package` says `a.b`, wherever its source root is), supertypes, and the
 * members of a class with those it inherits.
 *
 * Every read of a file goes through Project's tracked reads; results shared between the files of
 * one update are memoised with the keys they read (DepTracker.capture), and a hit charges those
 * keys to the file asking, so incremental updates stay equal to a full rebuild.
 */
import type { BindingFact, FileFacts, ImportFact, SymbolFact } from '../../parse/facts';
import type { FileView, Project } from '../project';
import { LISTS, topOf, type DepTracker } from '../tracker';
import { arrayDepth, PRIMITIVES, refKey, typeArguments, type ClassRef, type JType, type Place } from './types';
import { typeSegments } from '../../parse/java_syntax';

const TYPE_KINDS = new Set(['class', 'interface', 'enum']);
const MAX_HIERARCHY = 64;

/** One class's own members, by name. */
export interface Members {
  methods: Map<string, SymbolFact[]>;
  fields: Map<string, BindingFact>;
  types: Map<string, SymbolFact>;
}

/** A member found in a class or one of its supertypes, with the class that declares it. */
export interface Found<T> {
  value: T;
  owner: ClassRef;
}

const membersByFile = new WeakMap<FileFacts, Map<string, Members>>();

/** The members of every class of a file (pure: a function of its facts). */
function membersOf(facts: FileFacts): Map<string, Members> {
  let m = membersByFile.get(facts);
  if (m) return m;
  m = new Map();
  const of = (qn: string): Members => {
    let x = m!.get(qn);
    if (!x) m!.set(qn, (x = { methods: new Map(), fields: new Map(), types: new Map() }));
    return x;
  };
  for (const s of facts.symbols) {
    if (TYPE_KINDS.has(s.kind)) {
      const own = of(s.qualifiedName);
      for (const f of s.fields ?? []) if (!own.fields.has(f.name)) own.fields.set(f.name, f);
    }
    if (s.parent === undefined) continue;
    const parent = of(s.parent);
    if (s.kind === 'method' || s.kind === 'test') {
      const list = parent.methods.get(s.name) ?? [];
      list.push(s);
      parent.methods.set(s.name, list);
    } else if (TYPE_KINDS.has(s.kind) && !parent.types.has(s.name)) parent.types.set(s.name, s);
  }
  membersByFile.set(facts, m);
  return m;
}

export class JavaModel {
  private readonly memo = new Map<string, { value: unknown; keys: Set<string> }>();
  tracker!: DepTracker;

  constructor(private readonly project: Project) {}

  private cached<T>(key: string, compute: () => T): T {
    const hit = this.memo.get(key);
    if (hit) {
      this.tracker.addAll(hit.keys);
      return hit.value as T;
    }
    const { value, keys } = this.tracker.capture(compute);
    this.memo.set(key, { value, keys });
    return value;
  }

  // ---- reads -----------------------------------------------------------------------------

  /** A Java file's view, charged as a read of one top-level name (or its lists). */
  view(path: string, part: string): FileView | undefined {
    const v = this.project.view(path, this.tracker, part);
    return v && v.facts.language === 'java' ? v : undefined;
  }

  symbol(ref: ClassRef): SymbolFact | undefined {
    return this.view(ref.path, topOf(ref.qn))?.symbols.get(ref.qn);
  }

  members(ref: ClassRef): Members | undefined {
    const v = this.view(ref.path, topOf(ref.qn));
    return v ? membersOf(v.facts).get(ref.qn) : undefined;
  }

  packageOf(path: string): string {
    return this.view(path, LISTS)?.facts.package ?? '';
  }

  /** The top-level type `name` of package `pkg`, if a workspace file declares it. */
  topLevelIn(name: string, pkg: string): ClassRef | undefined {
    return this.cached(`top|${pkg}|${name}`, () => {
      const found = this.project
        .symbolsNamed(name, this.tracker)
        .filter((s) => s.qn === name && TYPE_KINDS.has(s.kind) && this.project.languageOf(s.path) === 'java')
        .map((s) => s.path)
        .sort();
      for (const path of found) if (this.packageOf(path) === pkg) return { path, qn: name };
      return undefined;
    });
  }

  /** `a.b.C.D` → the member type D of the top-level C of package a.b (the longest package first, as javac reads it). */
  qualified(dotted: string): ClassRef | undefined {
    return this.cached(`q|${dotted}`, () => {
      const segs = dotted.split('.');
      for (let i = segs.length - 1; i >= 0; i--) {
        const top = this.topLevelIn(segs[i]!, segs.slice(0, i).join('.'));
        if (!top) continue;
        const inner = this.memberTypePath(top, segs.slice(i + 1));
        if (inner) return inner;
      }
      return undefined;
    });
  }

  private memberTypePath(start: ClassRef, rest: string[]): ClassRef | undefined {
    let cur: ClassRef | undefined = start;
    for (const seg of rest) {
      cur = cur ? this.memberType(cur, seg) : undefined;
      if (!cur) return undefined;
    }
    return cur;
  }

  /** A member type of a class, its own or inherited. */
  memberType(ref: ClassRef, name: string): ClassRef | undefined {
    return this.cached(`mt|${refKey(ref)}|${name}`, () => {
      for (const c of this.hierarchy(ref)) {
        const t = this.members(c)?.types.get(name);
        if (t) return { path: c.path, qn: t.qualifiedName };
      }
      return undefined;
    });
  }

  // ---- type names ------------------------------------------------------------------------

  /** The enclosing definitions of a place, innermost first (the place's own symbol included). */
  enclosing(at: Place): SymbolFact[] {
    const out: SymbolFact[] = [];
    if (at.qn === undefined) return out;
    const v = this.view(at.path, topOf(at.qn));
    for (let s = v?.symbols.get(at.qn); s; s = s.parent !== undefined ? v!.symbols.get(s.parent) : undefined) out.push(s);
    return out;
  }

  /** The innermost class around a place. */
  enclosingClass(at: Place): ClassRef | undefined {
    const s = this.enclosing(at).find((x) => TYPE_KINDS.has(x.kind));
    return s ? { path: at.path, qn: s.qualifiedName } : undefined;
  }

  /** A simple type name where it is written: javac's scopes, innermost first. */
  typeName(name: string, at: Place): JType | undefined {
    // The answer depends on the enclosing classes and the definitions declaring type parameters, not on the method asking.
    const scope: string[] = [];
    for (const s of this.enclosing(at)) {
      if (TYPE_KINDS.has(s.kind)) {
        scope.push(s.qualifiedName);
        break;
      }
      if (s.typeParameters) scope.push(s.qualifiedName);
    }
    return this.cached(`tn|${at.path}|${scope.join('|')}|${name}`, () => {
      for (const s of this.enclosing(at)) {
        const tp = s.typeParameters?.find((p) => p.name === name);
        if (tp) {
          const bound = tp.bound !== undefined ? this.typeOf(tp.bound, { path: at.path, ...(s.parent !== undefined ? { qn: s.parent } : {}) }) : undefined;
          return bound?.t === 'class' ? bound : { t: 'var' };
        }
        if (TYPE_KINDS.has(s.kind)) {
          const self: ClassRef = { path: at.path, qn: s.qualifiedName };
          if (s.name === name) return { t: 'class', ref: self };
          const member = this.memberType(self, name);
          if (member) return { t: 'class', ref: member };
        }
      }
      const ref = this.fileTypeName(name, at.path);
      return ref ? { t: 'class', ref } : undefined;
    });
  }

  /** A simple type name at a file's top level: its own types, single-type imports, its package, on-demand imports. */
  fileTypeName(name: string, path: string): ClassRef | undefined {
    const own = this.view(path, name);
    if (!own) return undefined;
    const top = own.topLevel.get(name);
    if (top && TYPE_KINDS.has(top.kind)) return { path, qn: top.qualifiedName };
    const imp = own.imports.get(name);
    if (imp && !imp.fact.isStatic && !imp.fact.star) return this.qualified(imp.fact.module);
    const same = this.topLevelIn(name, this.packageOf(path));
    if (same) return same;
    for (const star of this.starImports(path)) {
      if (star.isStatic) {
        const cls = this.qualified(star.module);
        const member = cls ? this.memberType(cls, name) : undefined;
        if (member) return member;
        continue;
      }
      const inPkg = this.topLevelIn(name, star.module);
      if (inPkg) return inPkg;
      const cls = this.qualified(star.module);
      const member = cls ? this.memberType(cls, name) : undefined;
      if (member) return member;
    }
    return undefined;
  }

  starImports(path: string): ImportFact[] {
    return this.view(path, LISTS)?.starImports ?? [];
  }

  /** A type as written (`List<Foo>`, `a.B.C[]`, `T`) where it is written. */
  typeOf(text: string, at: Place): JType | undefined {
    const dims = arrayDepth(text);
    const segs = typeSegments(text);
    let base: JType | undefined;
    if (segs.length === 0) return undefined;
    if (segs.length === 1 && PRIMITIVES.has(segs[0]!)) base = { t: 'named', name: segs[0]! };
    else {
      const head = this.typeName(segs[0]!, at);
      let ref: ClassRef | undefined = head?.t === 'class' ? head.ref : undefined;
      if (head?.t === 'var' && segs.length === 1) base = head;
      else if (ref && segs.length > 1) ref = this.memberTypePath(ref, segs.slice(1));
      else if (!head && segs.length > 1) ref = this.qualified(segs.join('.'));
      if (ref) {
        const args = typeArguments(text);
        base = { t: 'class', ref, ...(args.length ? { args: args.map((a) => ({ text: a, at })) } : {}) };
      } else if (!base) base = { t: 'named', name: segs[segs.length - 1]! };
    }
    for (let i = 0; i < dims; i++) base = { t: 'array', of: base };
    return base;
  }

  // ---- hierarchy and members -------------------------------------------------------------

  /** The declared supertypes of a class, resolved where they are written; outside ones by name. */
  supertypes(ref: ClassRef): JType[] {
    return this.cached(`sup|${refKey(ref)}`, () => {
      const s = this.symbol(ref);
      if (!s) return [];
      const at: Place = { path: ref.path, ...(s.parent !== undefined ? { qn: s.parent } : {}) };
      const out: JType[] = [];
      for (const text of [...(s.bases ?? []), ...(s.implements ?? [])]) {
        // The class's own type parameters are in scope in its `extends` clause; its member types are not.
        const viaSelf = s.typeParameters?.some((p) => p.name === typeSegments(text)[0]);
        const t = this.typeOf(text, viaSelf ? { path: ref.path, qn: ref.qn } : at);
        if (t) out.push(t);
      }
      return out;
    });
  }

  /** The superclass of a class (its `extends`), if it is a workspace class. */
  superclass(ref: ClassRef): ClassRef | undefined {
    const s = this.symbol(ref);
    if (!s || s.kind === 'interface' || !s.bases?.length) return undefined;
    const t = this.supertypes(ref)[0];
    return t?.t === 'class' ? t.ref : undefined;
  }

  /** The class, then its supertypes breadth first (superclass before interfaces), each once. */
  hierarchy(ref: ClassRef): ClassRef[] {
    return this.cached(`h|${refKey(ref)}`, () => {
      const out: ClassRef[] = [];
      const seen = new Set<string>();
      const queue: ClassRef[] = [ref];
      while (queue.length && out.length < MAX_HIERARCHY) {
        const c = queue.shift()!;
        if (seen.has(refKey(c))) continue;
        seen.add(refKey(c));
        out.push(c);
        for (const t of this.supertypes(c)) if (t.t === 'class') queue.push(t.ref);
      }
      return out;
    });
  }

  /** Every outside supertype name of a class and its workspace supertypes (`Exception`, `Runnable`). */
  outsideSupertypes(ref: ClassRef): Set<string> {
    return this.cached(`os|${refKey(ref)}`, () => {
      const out = new Set<string>();
      for (const c of this.hierarchy(ref)) for (const t of this.supertypes(c)) if (t.t === 'named') out.add(t.name);
      return out;
    });
  }

  isSubclass(sub: ClassRef, sup: ClassRef): boolean {
    return this.hierarchy(sub).some((c) => refKey(c) === refKey(sup));
  }

  /** The methods named `name` of a class and its supertypes, an override hiding what it overrides. */
  methods(ref: ClassRef, name: string): Found<SymbolFact>[] {
    return this.cached(`m|${refKey(ref)}|${name}`, () => {
      const out: Found<SymbolFact>[] = [];
      const signatures = new Set<string>();
      for (const c of this.hierarchy(ref)) {
        for (const m of this.members(c)?.methods.get(name) ?? []) {
          const sig = (m.params ?? []).map((p) => typeSegments(p.type ?? '?').pop() ?? '?').join(',');
          if (signatures.has(sig)) continue;
          signatures.add(sig);
          out.push({ value: m, owner: c });
        }
        // Constructors are not inherited.
        if (name === '<init>') break;
      }
      return out;
    });
  }

  /** A class's own constructors (`<init>`, `<init>$2` …). */
  constructors(ref: ClassRef): SymbolFact[] {
    return this.members(ref)?.methods.get('<init>') ?? [];
  }

  field(ref: ClassRef, name: string): Found<BindingFact> | undefined {
    return this.cached(`f|${refKey(ref)}|${name}`, () => {
      for (const c of this.hierarchy(ref)) {
        const f = this.members(c)?.fields.get(name);
        if (f) return { value: f, owner: c };
      }
      return undefined;
    });
  }
}
