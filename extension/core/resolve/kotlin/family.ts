/**
 * The Kotlin resolver family
 * ==========================
 * Calls, references, bases and imports of Kotlin files, resolved as the compiler binds them on the
 * declared types the facts carry (docs/adr/0016-kotlin-resolution.md):
 *  - a simple call `foo()` is a local function of the caller, else a member of the implicit
 *    receivers (an extension function's receiver type, the enclosing classes walking out, with
 *    their bases and companion objects), else a top-level function (imported, same package, star
 *    import), else a class: `Foo()` calls its primary constructor (the class) or, when it has
 *    none, its secondary `constructor`;
 *  - `recv.foo()` types the receiver (parameters, locals, properties, `this`, `this@Outer`,
 *    `super`, `as T`, `Foo()` results, function return types, for-loop elements, objects and
 *    companions as `Foo.bar()`), then looks foo up in its type and bases; when the type has no
 *    such member, an extension function `fun T.foo()` visible from the file whose receiver type the
 *    receiver is (or derives from, or a type parameter) is the target, for external receivers too;
 *  - `: this(…)` / `: super(…)` and a header's `: Base(…)` call constructors;
 *  - supertypes: a constructor call `Base()` or a workspace class inherits, an interface is
 *    implemented (an interface's supertypes inherit).
 * No name-only guesses: an untyped receiver (`it`, a lambda's implicit `this`) gives no edge.
 */
import type { CallFact, ImportFact, ReferenceFact, SymbolFact } from '../../parse/facts';
import type { Project } from '../project';
import type { BaseTarget, CallTarget, DefinitionRef, FamilyResolver, ImportTarget, ResolveContext, SymbolRef } from '../family';
import type { DepTracker } from '../tracker';
import { topOf } from '../tracker';
import { byFullName, declOf, genericArgs, scopeOf, topLevel, TYPE_KINDS, visible, type Decl, type Scope } from './scope';

const CALLABLE = new Set<SymbolFact['kind']>(['method', 'function', 'test', 'class']);
const isTypeKind = (k: SymbolFact['kind']): boolean => TYPE_KINDS.has(k);
const isFunctionKind = (k: SymbolFact['kind']): boolean => k === 'function' || k === 'test';
/** Value chains of locals are followed this deep (`val a = b; val b = c.d()`). */
const MAX_EVAL_DEPTH = 8;
const MAX_BASE_DEPTH = 10;

/** The standard library's collection calls that give a collection of the same elements (`xs.asReversed()`, `xs.filter { }`). */
const SAME_COLLECTION = new Set([
  'asReversed', 'reversed', 'toList', 'toMutableList', 'toTypedArray', 'toSet', 'toMutableSet', 'toHashSet', 'filter', 'filterNot', 'filterNotNull',
  'sorted', 'sortedBy', 'sortedByDescending', 'sortedWith', 'distinct', 'distinctBy', 'take', 'drop', 'takeLast', 'dropLast', 'takeWhile', 'dropWhile',
  'subList', 'asSequence', 'asIterable', 'shuffled', 'plus', 'minus', 'onEach', 'toCollection', 'orEmpty',
]);
/** …and those that give one element (`xs.first()`, `map.getValue(k)`). */
const ELEMENT_OF = new Set([
  'first', 'last', 'firstOrNull', 'lastOrNull', 'single', 'singleOrNull', 'get', 'getOrNull', 'elementAt', 'elementAtOrNull', 'find', 'findLast',
  'removeAt', 'removeFirst', 'removeLast', 'removeFirstOrNull', 'removeLastOrNull', 'minByOrNull', 'maxByOrNull', 'getValue', 'getOrElse', 'poll',
  'peek', 'pop', 'random', 'elementAtOrElse', 'pollFirst', 'pollLast', 'peekFirst', 'peekLast', 'getFirst', 'getLast',
]);
/** Scope functions that give their receiver back (`x.apply { }`, `x.also { }`). */
const RETURNS_RECEIVER = new Set(['apply', 'also']);

/** What an expression evaluates to. */
type Val =
  | { t: 'type'; decl: Decl }
  | { t: 'instance'; decl: Decl; elem?: TypeText }
  | { t: 'external'; name: string; elem?: TypeText }
  | { t: 'namespace'; name: string };

interface TypeText {
  text: string;
  at: Where;
}

/** Where a type text or a name is written: a file and the symbol around it. */
interface Where {
  path: string;
  qn: string | undefined;
}

type MemberHit = { t: 'symbol'; symbol: SymbolFact; owner: Decl } | { t: 'field'; type?: string; value?: string[]; owner: Decl };

class Resolution {
  private readonly scopes = new Map<string, Scope>();

  constructor(
    readonly project: Project,
    readonly tracker: DepTracker,
  ) {}

  scope(path: string): Scope {
    let s = this.scopes.get(path);
    if (!s) this.scopes.set(path, (s = scopeOf(this.project, path, this.tracker)));
    return s;
  }

  symbol(path: string, qn: string): SymbolFact | undefined {
    return this.project.view(path, this.tracker, topOf(qn))?.symbols.get(qn);
  }

  child(path: string, qn: string, name: string): SymbolFact | undefined {
    return this.project.view(path, this.tracker, topOf(qn))?.children.get(qn)?.get(name);
  }

  declAt(path: string, s: SymbolFact): Decl {
    return declOf(this.project, { path, qn: s.qualifiedName, kind: s.kind }, this.tracker);
  }

  /** The types enclosing `where`, innermost first (the type itself when `where` is one). */
  enclosingTypes(where: Where): Decl[] {
    const out: Decl[] = [];
    for (let qn = where.qn; qn !== undefined; ) {
      const s = this.symbol(where.path, qn);
      if (!s) break;
      if (isTypeKind(s.kind)) out.push(this.declAt(where.path, s));
      qn = s.parent;
    }
    return out;
  }

  /** A dotted name as a type (nested types of the enclosing types first, then top-level ones in scope), or a package. */
  typeName(segments: readonly string[], where: Where): Val | undefined {
    const head = segments[0];
    if (head === undefined) return undefined;
    let v: Val | undefined;
    for (const t of this.enclosingTypes(where)) {
      const nested = this.nestedType(t, head);
      if (nested) {
        v = { t: 'type', decl: nested };
        break;
      }
    }
    if (!v) {
      const top = topLevel(this.project, this.scope(where.path), head, this.tracker, isTypeKind)[0];
      v = top ? { t: 'type', decl: top } : { t: 'namespace', name: head };
    }
    for (const seg of segments.slice(1)) {
      if (v.t === 'type') {
        const nested = this.nestedType(v.decl, seg);
        if (!nested) return undefined;
        v = { t: 'type', decl: nested };
      } else if (v.t === 'namespace') {
        const full: string = `${v.name}.${seg}`;
        const found: Decl | undefined = byFullName(this.project, full, this.tracker, isTypeKind)[0];
        v = found ? { t: 'type', decl: found } : { t: 'namespace', name: full };
      } else return undefined;
    }
    return v.t === 'type' ? this.unalias(v, 0) : v;
  }

  /** A typealias stands for its target. */
  private unalias(v: Val & { t: 'type' }, depth: number): Val | undefined {
    if (v.decl.kind !== 'type') return v;
    const target = this.symbol(v.decl.path, v.decl.qn)?.returnType;
    if (!target || depth > 4) return undefined;
    const inst = this.instanceOf(target, { path: v.decl.path, qn: undefined });
    return inst?.t === 'instance' ? { t: 'type', decl: inst.decl } : undefined;
  }

  nestedType(t: Decl, name: string): Decl | undefined {
    const c = this.child(t.path, t.qn, name);
    return c && isTypeKind(c.kind) ? this.declAt(t.path, c) : undefined;
  }

  /** An instance of a type written as `text` (`Foo`, `List<Foo>`, `Foo?`, `a.b.Foo`). */
  instanceOf(text: string, where: Where): Val | undefined {
    let t = text.replace(/^@\w+/, '');
    while (t.endsWith('?') || t.endsWith('!')) t = t.slice(0, -1);
    if (t.startsWith('(')) return undefined; // a function type
    const { base, args } = genericArgs(t);
    const elem = args.length >= 1 ? { text: args[args.length - 1]!, at: where } : undefined;
    const segments = base.split('.');
    if (segments.some((s) => !/^[A-Za-z_]\w*$/.test(s))) return undefined;
    const v = this.typeName(segments, where);
    if (v?.t === 'type') return { t: 'instance', decl: v.decl, ...(elem ? { elem } : {}) };
    return { t: 'external', name: segments[segments.length - 1]!, ...(elem ? { elem } : {}) };
  }

  /** The companion object of a class, if it declares one. */
  companion(t: Decl): Decl | undefined {
    const kids = this.project.view(t.path, this.tracker, topOf(t.qn))?.children.get(t.qn);
    for (const c of kids?.values() ?? []) if (c.kind === 'class' && c.signature.includes('companion object')) return this.declAt(t.path, c);
    return undefined;
  }

  /** A member of a type, in it then in its supertypes. `call` prefers functions, otherwise properties come first. */
  member(t: Decl, name: string, call: boolean, seen = new Set<string>(), depth = 0): MemberHit | undefined {
    if (seen.has(t.fullName) || depth > MAX_BASE_DEPTH) return undefined;
    seen.add(t.fullName);
    const s = this.symbol(t.path, t.qn);
    const field = s?.fields?.find((f) => f.name === name);
    const fieldHit: MemberHit | undefined = field && { t: 'field', ...(field.type ? { type: field.type } : {}), ...(field.value ? { value: field.value } : {}), owner: t };
    if (fieldHit && !call) return fieldHit;
    const child = this.child(t.path, t.qn, name);
    if (child && (!isTypeKind(child.kind) || call || !fieldHit)) {
      if (!call || child.kind !== 'method' || !this.isProperty(child)) return { t: 'symbol', symbol: child, owner: t };
    }
    if (fieldHit) return fieldHit;
    for (const b of this.bases(t)) {
      const hit = this.member(b, name, call, seen, depth + 1);
      if (hit) return hit;
    }
    return undefined;
  }

  /** A property with accessors is a method symbol too; `x.p()` does not call it. */
  private isProperty(s: SymbolFact): boolean {
    return /^(?:[\w@]+\s+)*(val|var)\s/.test(s.signature);
  }

  /** The workspace supertypes of a type. */
  bases(t: Decl): Decl[] {
    const s = this.symbol(t.path, t.qn);
    const out: Decl[] = [];
    // Supertypes are named from the declaration's outside (its own nested types are not in scope there).
    const where: Where = { path: t.path, qn: s?.parent };
    for (const text of s?.bases ?? []) {
      const v = this.instanceOf(text.replace(/\(\)$/, ''), where);
      if (v?.t === 'instance') out.push(v.decl);
    }
    return out;
  }

  ancestry(t: Decl): Set<string> {
    const out = new Set<string>();
    const walk = (d: Decl, depth: number): void => {
      if (out.has(d.fullName) || depth > MAX_BASE_DEPTH) return;
      out.add(d.fullName);
      for (const b of this.bases(d)) walk(b, depth + 1);
    };
    walk(t, 0);
    return out;
  }

  /** What a member evaluates to (a property's type, a function's return type when called, a nested type or object). */
  memberValue(hit: MemberHit, depth: number): Val | undefined {
    const where: Where = { path: hit.owner.path, qn: hit.owner.qn };
    if (hit.t === 'field') {
      if (hit.type) return this.instanceOf(hit.type, where);
      return hit.value ? this.evalChain(where, hit.value, depth + 1) : undefined;
    }
    return this.symbolValue(hit.owner.path, hit.symbol, depth);
  }

  symbolValue(path: string, s: SymbolFact, depth: number): Val | undefined {
    if (isTypeKind(s.kind)) {
      const d = this.declAt(path, s);
      return s.isStatic ? { t: 'instance', decl: d } : { t: 'type', decl: d };
    }
    const where: Where = { path, qn: s.parent ?? s.qualifiedName };
    if (s.returnType) return this.instanceOf(s.returnType, where);
    const ret = s.returns?.[0];
    return ret ? this.evalChain({ path, qn: s.qualifiedName }, ret, depth + 1) : undefined;
  }

  elementOf(v: Val | undefined): Val | undefined {
    if (!v || (v.t !== 'instance' && v.t !== 'external') || !v.elem) return undefined;
    return this.instanceOf(v.elem.text, v.elem.at);
  }

  // ---- names and chains ------------------------------------------------------------------------

  /** The functions around `where`, innermost first (a local function's enclosing function too). */
  functions(where: Where): SymbolFact[] {
    const out: SymbolFact[] = [];
    for (let qn = where.qn; qn !== undefined; ) {
      const s = this.symbol(where.path, qn);
      if (!s || isTypeKind(s.kind)) break;
      out.push(s);
      qn = s.parent;
    }
    return out;
  }

  /** The implicit receivers at `where`, innermost first: an extension function's receiver, then the enclosing types (each with its companion). */
  receivers(where: Where): Val[] {
    const out: Val[] = [];
    for (const fn of this.functions(where)) {
      const self = fn.params?.[0];
      if (self?.isThis && self.type) {
        const v = this.instanceOf(self.type, { path: where.path, qn: fn.parent });
        if (v) out.push(v);
      }
    }
    for (const t of this.enclosingTypes(where)) {
      out.push({ t: 'instance', decl: t });
      const c = this.companion(t);
      if (c) out.push({ t: 'instance', decl: c });
    }
    return out;
  }

  /** A simple name as a value: a parameter or local, a class parameter, a property of an implicit receiver, a top-level property. */
  nameValue(where: Where, name: string, depth: number): Val | undefined | null {
    for (const fn of this.functions(where)) {
      const param = fn.params?.find((p) => p.name === name && !p.isThis);
      if (param) return param.type ? this.instanceOf(param.type, { path: where.path, qn: fn.qualifiedName }) : undefined;
      const local = fn.locals?.find((l) => l.name === name);
      if (local) {
        if (local.type) return this.instanceOf(local.type, { path: where.path, qn: fn.qualifiedName });
        return local.value ? this.evalChain({ path: where.path, qn: fn.qualifiedName }, local.value, depth + 1) : undefined;
      }
    }
    for (const t of this.enclosingTypes(where)) {
      const param = this.symbol(t.path, t.qn)?.params?.find((p) => p.name === name);
      if (param?.type) return this.instanceOf(param.type, { path: t.path, qn: t.qn });
    }
    for (const r of this.receivers(where)) {
      if (r.t !== 'instance') continue;
      const hit = this.member(r.decl, name, false);
      if (hit && !(hit.t === 'symbol' && isTypeKind(hit.symbol.kind))) return this.memberValue(hit, depth);
    }
    const top = topLevel(this.project, this.scope(where.path), name, this.tracker, (k) => k === 'variable' || k === 'constant')[0];
    if (top) {
      const b = this.project.view(top.path, this.tracker, top.qn)?.bindings.get(top.qn);
      if (b?.type) return this.instanceOf(b.type, { path: top.path, qn: undefined });
      return b?.value ? this.evalChain({ path: top.path, qn: undefined }, b.value, depth + 1) : undefined;
    }
    return null; // not a value: a type or a package, maybe
  }

  /** The static type of an access chain (the receiver of a call). */
  evalChain(where: Where, chain: readonly string[], depth: number): Val | undefined {
    if (depth > MAX_EVAL_DEPTH) return undefined;
    const head = chain[0];
    if (head === undefined || head === '?' || head === '[]') return undefined;
    let v: Val | undefined;
    let rest = chain.slice(1);
    if (head === 'this') v = this.receivers(where)[0];
    else if (head.startsWith('this@')) {
      const label = head.slice(5);
      const labelled = this.enclosingTypes(where).find((t) => t.qn.slice(t.qn.lastIndexOf('.') + 1) === label);
      v = labelled ? { t: 'instance', decl: labelled } : undefined;
      const fn = this.functions(where).find((f) => f.name === label);
      if (!v && fn?.params?.[0]?.isThis && fn.params[0].type) v = this.instanceOf(fn.params[0].type, { path: where.path, qn: fn.parent });
    } else if (head === 'super') {
      const own = this.enclosingTypes(where)[0];
      const base = own && this.bases(own)[0];
      v = base && { t: 'instance', decl: base };
    } else if (head.startsWith(':')) v = this.instanceOf(head.slice(1), where);
    else if (head.endsWith('()')) {
      const hit = this.simpleCall(where, head.slice(0, -2));
      v = hit ? this.callValue(hit, depth) : undefined;
    } else {
      const value = this.nameValue(where, head, depth);
      if (value !== null) v = value;
      else {
        // A type (`Foo.bar()`, an object, a companion's member) or a package path (`a.b.Foo.bar()`).
        let end = 1;
        let named: Val | undefined = this.typeName([head], where);
        while (named?.t === 'namespace' && end < chain.length) {
          const seg = chain[end]!;
          const bare = seg.replace(/\(\)$/, '');
          if (seg === '[]') break;
          named = this.typeName([...chain.slice(0, end), bare], where);
          end++;
          if (seg.endsWith('()')) {
            named = named?.t === 'type' ? { t: 'instance', decl: named.decl } : undefined;
            break;
          }
        }
        v = named?.t === 'namespace' ? undefined : named;
        if (v?.t === 'type' && this.symbol(v.decl.path, v.decl.qn)?.isStatic) v = { t: 'instance', decl: v.decl };
        rest = chain.slice(end);
      }
    }
    for (const seg of rest) {
      if (!v) return undefined;
      if (seg === '[]') {
        v = this.elementOf(v);
        continue;
      }
      const call = seg.endsWith('()');
      const name = call ? seg.slice(0, -2) : seg;
      const hit = this.memberOn(v, name, call);
      if (hit) v = this.memberValue(hit, depth);
      else if (call && SAME_COLLECTION.has(name) && (v.t === 'instance' || v.t === 'external') && v.elem) continue;
      else if (call && ELEMENT_OF.has(name) && (v.t === 'instance' || v.t === 'external') && v.elem) v = this.elementOf(v);
      else if (call && RETURNS_RECEIVER.has(name)) continue;
      else if (call && v.t !== 'namespace') {
        const ext = this.extension(where, name, v)[0];
        v = ext ? this.symbolValue(ext.path, this.symbol(ext.path, ext.qn)!, depth) : undefined;
      } else v = undefined;
    }
    return v;
  }

  /** A member of a value: an instance's type members, a type's nested types and companion members. */
  memberOn(v: Val, name: string, call: boolean): MemberHit | undefined {
    if (v.t === 'instance') return this.member(v.decl, name, call);
    if (v.t === 'type') {
      const nested = this.nestedType(v.decl, name);
      if (nested && !call) return { t: 'symbol', symbol: this.symbol(nested.path, nested.qn)!, owner: v.decl };
      const c = this.companion(v.decl);
      const hit = c ? this.member(c, name, call) : undefined;
      if (hit) return hit;
      // An enum's entries and a nested type's constructor.
      const s = this.symbol(v.decl.path, v.decl.qn);
      const entry = s?.kind === 'enum' ? s.fields?.find((f) => f.name === name && f.type === s.qualifiedName) : undefined;
      if (entry) return { t: 'field', type: entry.type!, owner: v.decl };
      if (nested) return { t: 'symbol', symbol: this.symbol(nested.path, nested.qn)!, owner: v.decl };
    }
    return undefined;
  }

  /** What `name()` with no receiver calls at `where`. */
  simpleCall(where: Where, name: string): { path: string; symbol: SymbolFact; owner?: Decl } | undefined {
    for (const fn of this.functions(where)) {
      const local = this.child(where.path, fn.qualifiedName, name);
      if (local && (isFunctionKind(local.kind) || isTypeKind(local.kind))) return { path: where.path, symbol: local };
    }
    for (const r of this.receivers(where)) {
      if (r.t !== 'instance') continue;
      const hit = this.member(r.decl, name, true);
      if (hit?.t === 'symbol' && hit.symbol.kind !== 'class') return { path: hit.owner.path, symbol: hit.symbol, owner: hit.owner };
      if (hit?.t === 'symbol' && hit.symbol.kind === 'class' && !hit.symbol.isStatic) return { path: hit.owner.path, symbol: hit.symbol, owner: hit.owner };
      if (hit) return undefined; // a property of a function type invoked
    }
    const scope = this.scope(where.path);
    // Top-level functions, and an object's members imported by name (`import a.Utils.f`).
    const fns = topLevel(this.project, scope, name, this.tracker, (k) => isFunctionKind(k) || k === 'method');
    const plain = fns.find((d) => !this.symbol(d.path, d.qn)?.params?.[0]?.isThis);
    if (plain) return { path: plain.path, symbol: this.symbol(plain.path, plain.qn)! };
    // An extension function called on an implicit receiver.
    for (const r of this.receivers(where)) {
      const ext = this.extension(where, name, r)[0];
      if (ext) return { path: ext.path, symbol: this.symbol(ext.path, ext.qn)! };
    }
    const type = this.typeName([name], where);
    if (type?.t === 'type') return { path: type.decl.path, symbol: this.symbol(type.decl.path, type.decl.qn)! };
    return undefined;
  }

  callValue(hit: { path: string; symbol: SymbolFact }, depth: number): Val | undefined {
    if (isTypeKind(hit.symbol.kind)) return { t: 'instance', decl: this.declAt(hit.path, hit.symbol) };
    return this.symbolValue(hit.path, hit.symbol, depth);
  }

  /** The constructor `Foo(…)` reaches: the class (its primary constructor), or its secondary `constructor` when it has no primary one. */
  constructorOf(t: Decl): SymbolRef | undefined {
    if (t.kind !== 'class') return undefined;
    const s = this.symbol(t.path, t.qn);
    if (!s || s.isStatic) return undefined;
    const secondary = this.child(t.path, t.qn, 'constructor');
    if (secondary && s.params === undefined) return { t: 'symbol', path: t.path, qn: secondary.qualifiedName, kind: secondary.kind };
    return { t: 'symbol', path: t.path, qn: t.qn, kind: t.kind };
  }

  // ---- extension functions -----------------------------------------------------------------------

  /** `recv.foo()` where foo is no member: the extension functions `fun T.foo()` visible here that the receiver fits. */
  extension(where: Where, name: string, receiver: Val): Decl[] {
    const scope = this.scope(where.path);
    const out: Decl[] = [];
    let ancestry: Set<string> | undefined;
    for (const c of this.project.symbolsNamed(name, this.tracker)) {
      if (!isFunctionKind(c.kind) || c.qn !== name || this.project.languageOf(c.path) !== 'kotlin') continue;
      const s = this.symbol(c.path, c.qn);
      const self = s?.params?.[0];
      if (!s || !self?.isThis || !self.type) continue;
      const d = declOf(this.project, c, this.tracker);
      if (!visible(this.project, scope, d, this.tracker)) continue;
      const thisType = genericArgs(self.type.replace(/\?$/, '')).base;
      const simple = thisType.slice(thisType.lastIndexOf('.') + 1);
      const typeParam = new RegExp(`^fun\\s*<[^>]*\\b${simple}\\b`).test(s.signature.replace(/^(?:[\w@]+\s+)*(?=fun\b)/, ''));
      let fits = typeParam || simple === 'Any';
      if (!fits && receiver.t === 'instance') {
        const written = this.instanceOf(self.type, { path: c.path, qn: undefined });
        ancestry ??= this.ancestry(receiver.decl);
        fits = written?.t === 'instance' && ancestry.has(written.decl.fullName);
      } else if (!fits && receiver.t === 'external') fits = simple === receiver.name;
      if (fits) out.push(d);
    }
    return out;
  }
}

export class KotlinFamily implements FamilyResolver {
  importTargets(ctx: ResolveContext, imp: ImportFact): ImportTarget[] {
    const r = new Resolution(ctx.project, ctx.tracker);
    if (!imp.star) {
      const found = byFullName(ctx.project, imp.module, ctx.tracker, (k) => isTypeKind(k) || isFunctionKind(k) || k === 'variable' || k === 'constant');
      const files = [...new Set(found.map((d) => d.path))].filter((p) => p !== ctx.path);
      if (found.length) return files.map((path) => ({ t: 'file', path }));
    }
    // A package of this workspace (its root is the file's own) is not a node; any other is a third-party one.
    const root = imp.module.split('.').slice(0, 2).join('.');
    const pkg = r.scope(ctx.path).pkg;
    if (pkg && (pkg === root || pkg.startsWith(`${root}.`))) return [];
    const segs = imp.module.split('.');
    const packageName = imp.star ? imp.module : segs.slice(0, Math.max(1, segs.findIndex((s) => /^[A-Z]/.test(s)))).join('.') || imp.module;
    return [{ t: 'external', name: packageName }];
  }

  call(ctx: ResolveContext, call: CallFact): CallTarget[] {
    const r = new Resolution(ctx.project, ctx.tracker);
    const where: Where = { path: ctx.path, qn: call.caller };
    const found = this.targets(r, where, call.callee);
    return found && CALLABLE.has(found.kind) ? [{ value: found, confidence: 'resolved' }] : [];
  }

  private targets(r: Resolution, where: Where, callee: string[]): SymbolRef | undefined {
    const name = callee[callee.length - 1]!;
    if (callee.length === 1 && (name === 'this()' || name === 'super()')) {
      const own = r.enclosingTypes(where)[0];
      const t = own && (name === 'this()' ? own : r.bases(own).find((b) => b.kind === 'class'));
      return t && r.constructorOf(t);
    }
    if (callee.length === 1) {
      const hit = r.simpleCall(where, name);
      if (!hit) return undefined;
      if (isTypeKind(hit.symbol.kind)) return r.constructorOf(r.declAt(hit.path, hit.symbol));
      return { t: 'symbol', path: hit.path, qn: hit.symbol.qualifiedName, kind: hit.symbol.kind };
    }
    const receiver = r.evalChain(where, callee.slice(0, -1), 0);
    if (!receiver || receiver.t === 'namespace') {
      // `a.b.Foo()` / `a.b.foo()`: a full name.
      if (receiver?.t !== 'namespace') return undefined;
      const full = `${receiver.name}.${name}`;
      const d = byFullName(r.project, full, r.tracker, (k) => isTypeKind(k) || isFunctionKind(k))[0];
      if (!d) return undefined;
      return isTypeKind(d.kind) ? r.constructorOf(d) : { t: 'symbol', path: d.path, qn: d.qn, kind: d.kind };
    }
    const hit = r.memberOn(receiver, name, true);
    if (hit?.t === 'symbol') {
      if (isTypeKind(hit.symbol.kind)) return r.constructorOf(r.declAt(hit.owner.path, hit.symbol));
      return { t: 'symbol', path: hit.owner.path, qn: hit.symbol.qualifiedName, kind: hit.symbol.kind };
    }
    if (hit) return undefined; // a property of a function type invoked
    const ext = r.extension(where, name, receiver)[0];
    return ext && { t: 'symbol', path: ext.path, qn: ext.qn, kind: ext.kind };
  }

  reference(ctx: ResolveContext, ref: ReferenceFact): SymbolRef | undefined {
    if (!ref.isType) return undefined;
    const r = new Resolution(ctx.project, ctx.tracker);
    const v = r.typeName(ref.chain, { path: ctx.path, qn: ref.from });
    return v?.t === 'type' ? { t: 'symbol', path: v.decl.path, qn: v.decl.qn, kind: v.decl.kind } : undefined;
  }

  bases(ctx: ResolveContext, s: SymbolFact): BaseTarget[] {
    const out: BaseTarget[] = [];
    for (const b of this.resolvedBases(ctx, s)) {
      if (b.v?.t === 'instance') {
        if (b.v.decl.kind === 'class' || b.v.decl.kind === 'enum' || s.kind === 'interface') out.push({ t: 'symbol', path: b.v.decl.path, qn: b.v.decl.qn, kind: b.v.decl.kind });
      } else if (b.call) out.push({ t: 'external', name: b.name });
    }
    return out;
  }

  implementations(ctx: ResolveContext, s: SymbolFact): DefinitionRef[] {
    if (s.kind === 'interface') return [];
    const out: DefinitionRef[] = [];
    for (const b of this.resolvedBases(ctx, s)) {
      if (b.v?.t === 'instance' && b.v.decl.kind === 'interface') out.push({ path: b.v.decl.path, qn: b.v.decl.qn });
    }
    return out;
  }

  private resolvedBases(ctx: ResolveContext, s: SymbolFact): { v: Val | undefined; name: string; call: boolean }[] {
    if (!s.bases?.length) return [];
    const r = new Resolution(ctx.project, ctx.tracker);
    const where: Where = { path: ctx.path, qn: s.parent };
    return s.bases.map((text) => {
      const call = text.endsWith('()');
      const bare = call ? text.slice(0, -2) : text;
      return { v: r.instanceOf(bare, where), name: genericArgs(bare).base.split('.').pop()!, call };
    });
  }
}
