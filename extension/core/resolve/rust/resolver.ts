/**
 * The Rust family
 * ===============
 * Resolves Rust facts the way rust-analyzer's call hierarchy would for code without macro magic:
 *   - paths through the module tree (modules.ts): `f()`, `module::f()`, `crate::a::f()`, `use`d names;
 *   - associated functions `Type::new()`, `Self::new()`: the methods of the type's `impl` blocks,
 *     wherever in the crate they are (found through the name index, checked by resolving the
 *     block's self type from where it is written);
 *   - method calls `recv.m()`: the receiver typed from `self`, parameters, typed `let`s,
 *     `let x = Type::new()` and other calls' declared return types, struct fields, `?`, unwrap,
 *     Vec/slice elements and tuple fields (types.ts); inherent methods win over trait impls; a
 *     receiver known only by a trait (`&dyn Tr`, `impl Tr`, `T: Tr`, `self` in a default method)
 *     reaches the trait's method, counted apart as interface calls are for TypeScript;
 *   - `foo!()` to a `macro_rules! foo` of the same crate is a call of the macro;
 *   - a tuple struct or variant constructor (`Wrapper(x)`, `Op::Exact`) calls nothing.
 * Nothing is guessed by name alone: a receiver we cannot type gives no edge.
 */
import type { CallFact, ImportFact, ReferenceFact, SymbolFact } from '../../parse/facts';
import type { Confidence } from '../../model/types';
import type { BaseTarget, CallTarget, DefinitionRef, FamilyResolver, ImportTarget, ResolveContext, SymbolRef } from '../family';
import type { Project } from '../project';
import type { DepTracker } from '../tracker';
import { RustNames, topOfQn, type Def, type Place } from './modules';
import { EXT, genericsOf, tyOfText, typeParamsOf, type SymDef, type Ty, type TypeScope } from './types';
import { parseType } from './type_text';
import { cfgEnabled, TRY_SEGMENT, typeBaseName } from '../../parse/rust_syntax';

const CALLABLE = new Set<SymbolFact['kind']>(['function', 'method', 'test']);
/** Methods of std's Option/Result that hand back what is inside. */
const UNWRAPS = new Set(['unwrap', 'expect', 'unwrap_or', 'unwrap_or_else', 'unwrap_or_default', 'unwrap_unchecked', 'unwrap_err', 'expect_err']);
const SAME_OPTION = new Set(['as_ref', 'as_mut', 'as_deref', 'take', 'clone', 'cloned', 'copied', 'or', 'or_else', 'filter', 'replace', 'ok', 'ok_or', 'ok_or_else', 'map_err', 'context', 'with_context']);
const SEQ_SAME = new Set(['iter', 'iter_mut', 'into_iter', 'rev', 'skip', 'take', 'filter', 'clone', 'cloned', 'copied', 'to_vec', 'as_slice', 'drain', 'peekable', 'chain', 'skip_while', 'take_while', 'step_by', 'by_ref', 'sorted']);
const SEQ_OPTION = new Set(['first', 'last', 'get', 'get_mut', 'pop', 'next', 'next_back', 'peek', 'find', 'min', 'max', 'min_by_key', 'max_by_key', 'nth', 'pop_front', 'pop_back', 'front', 'back']);
/** Methods every type has through std traits: they hand back the same type. */
const SAME_VALUE = new Set(['clone', 'to_owned', 'borrow', 'borrow_mut', 'as_ref', 'as_mut', 'deref', 'deref_mut', 'into']);
const MAX_CHAIN_DEPTH = 16;

type Val = { t: 'def'; def: Def } | { t: 'val'; ty: Ty | undefined };

interface Memo<T> {
  value: T;
  keys: Set<string>;
}

export class RustFamily implements FamilyResolver {
  private readonly names: RustNames;
  private readonly memo = new Map<string, Memo<unknown>>();
  private active = 0;

  constructor(private readonly project: Project) {
    this.names = new RustNames(project);
  }

  // ---- FamilyResolver ----------------------------------------------------------------------

  importTargets(ctx: ResolveContext, imp: ImportFact): ImportTarget[] {
    const s = imp.scope !== undefined ? ctx.view.symbols.get(imp.scope) : undefined;
    const mod = imp.scope !== undefined && !s ? { file: ctx.path, inline: imp.scope.split('.') } : this.names.modOf(ctx.path, s);
    if (imp.rustMod === 'inline') return [];
    if (imp.rustMod === 'extern') {
      const def = this.names.resolvePath({ mod }, [imp.names[0]?.local ?? imp.module], ctx.tracker, 0, true);
      return def?.t === 'mod' ? [{ t: 'file', path: def.mod.file }] : [{ t: 'external', name: imp.module }];
    }
    if (imp.rustMod === 'file') {
      const file = this.names.childFile(mod, imp.module, ctx.tracker);
      return file ? [{ t: 'file', path: file }] : [];
    }
    const segs = imp.module.split('::');
    const def = this.names.resolvePath({ mod }, segs, ctx.tracker, 0, true) ?? this.associatedDef(ctx.tracker, { mod }, segs);
    if (!def) return ['crate', 'self', 'super'].includes(segs[0]!) ? [] : [{ t: 'external', name: segs[0]! }];
    if (def.t === 'ext') return [{ t: 'external', name: def.name }];
    if (def.t === 'mod') return def.mod.file === ctx.path ? [] : [{ t: 'file', path: def.mod.file }];
    const path = def.t === 'sym' ? def.path : def.enumDef.path;
    return path === ctx.path ? [] : [{ t: 'file', path }];
  }

  call(ctx: ResolveContext, call: CallFact): CallTarget[] {
    const tracker = ctx.tracker;
    const caller = call.caller !== undefined ? ctx.view.symbols.get(call.caller) : undefined;
    const scope = this.scopeOf(ctx.path, caller, tracker);
    const chain = call.callee;
    const last = chain[chain.length - 1]!;
    if (chain.length === 1) {
      if (last.endsWith('!')) return this.macroTargets(ctx, last.slice(0, -1));
      if (this.local(ctx, caller, last, call.line) || caller?.params?.some((p) => p.name === last)) return [];
      const segs = last.split('::');
      const direct = this.pathTargets(tracker, scope, segs);
      const first = call.args?.[0];
      if (direct.length || !first || first[0] === '?' || segs.length < 2) return direct;
      return this.traitPathTargets(ctx, caller, scope, segs, first, call.line);
    }
    const receiver = this.evalChain(ctx, caller, scope, chain.slice(0, -1), call.line);
    if (!receiver || receiver.t !== 'val') return [];
    return this.methodTargets(tracker, receiver.ty, last);
  }

  reference(_ctx: ResolveContext, _ref: ReferenceFact): SymbolRef | undefined {
    return undefined;
  }

  bases(ctx: ResolveContext, s: SymbolFact): BaseTarget[] {
    if (s.kind !== 'interface') return [];
    const out: BaseTarget[] = [];
    const place: Place = { mod: this.names.modOf(ctx.path, s) };
    for (const text of s.bases ?? []) {
      const t = tyOfText(this.names, text, { place }, ctx.tracker);
      if (t?.t === 'bound') for (const tr of t.traits) out.push({ t: 'symbol', path: tr.path, qn: tr.qn, kind: tr.kind });
      else if (t?.t === 'ext') out.push({ t: 'external', name: text.split('::')[0]!.replace(/<.*$/, '') });
    }
    return out;
  }

  implementations(ctx: ResolveContext, s: SymbolFact): DefinitionRef[] {
    if (s.kind !== 'class' && s.kind !== 'enum') return [];
    return this.traitsImplemented(ctx.tracker, { path: ctx.path, qn: s.qualifiedName, kind: s.kind }).map((t) => ({ path: t.path, qn: t.qn }));
  }

  // ---- scopes --------------------------------------------------------------------------------

  /** Where the code of symbol `s` looks names up, what `Self` is there, and its generic parameters. */
  private scopeOf(path: string, s: SymbolFact | undefined, tracker: DepTracker): TypeScope {
    const place: Place = { mod: this.names.modOf(path, s), ...(s && CALLABLE.has(s.kind) ? { fn: s.qualifiedName } : {}) };
    const generics = this.genericsIn(path, s);
    const base: TypeScope = { place, ...(generics?.size ? { generics } : {}) };
    if (!s) return base;
    const self = this.selfTypeOf(path, s, tracker);
    return self ? { ...base, self } : base;
  }

  /** The generic parameters in scope in `s`: its own, and its impl block's. */
  private genericsIn(path: string, s: SymbolFact | undefined): Map<string, string[]> | undefined {
    if (!s) return undefined;
    const own = s.signature.includes('<') ? genericsOf(s.signature) : undefined;
    let owner: SymbolFact | undefined = s;
    const view = this.project.ownView(path);
    while (owner && owner.implGenerics === undefined && owner.parent !== undefined) owner = view.symbols.get(owner.parent);
    const implGenerics = owner?.implGenerics !== undefined ? genericsOf(owner.implGenerics, true) : undefined;
    if (!implGenerics?.size) return own;
    for (const [k, v] of own ?? []) implGenerics.set(k, [...(implGenerics.get(k) ?? []), ...v]);
    return implGenerics;
  }

  private selfTypeOf(path: string, s: SymbolFact, tracker: DepTracker): Ty | undefined {
    const view = this.project.ownView(path);
    // A function nested in a method sees the method's Self.
    let owner: SymbolFact | undefined = s;
    while (owner && owner.implFor === undefined && owner.kind !== 'method') owner = owner.parent !== undefined ? view.symbols.get(owner.parent) : undefined;
    if (!owner) return undefined;
    if (owner.implFor !== undefined) return this.implSelf(tracker, path, owner);
    const trait = owner.parent !== undefined ? view.symbols.get(owner.parent) : undefined;
    if (trait?.kind === 'interface') return { t: 'bound', traits: [{ path, qn: trait.qualifiedName, kind: 'interface' }] };
    return undefined;
  }

  /** The self type of the impl block method `s` (of file `path`) is in. */
  private implSelf(tracker: DepTracker, path: string, s: SymbolFact): Ty | undefined {
    return this.memoized(tracker, `self:${path}:${s.qualifiedName}`, () => {
      const generics = s.implGenerics !== undefined ? genericsOf(s.implGenerics, true) : undefined;
      return tyOfText(this.names, s.implFor, { place: { mod: this.names.modOf(path, s) }, ...(generics?.size ? { generics } : {}) }, tracker);
    });
  }

  /** The binding of `name` in scope at `line` (the latest before it: `let` shadows). */
  private local(ctx: ResolveContext, caller: SymbolFact | undefined, name: string, line: number): { type?: string; value?: string[]; line: number } | undefined {
    let best: { type?: string; value?: string[]; line: number } | undefined;
    for (let s: SymbolFact | undefined = caller; s; s = s.parent !== undefined ? ctx.view.symbols.get(s.parent) : undefined) {
      for (const b of s.locals ?? []) if (b.name === name && b.line <= line && (!best || b.line >= best.line)) best = b;
      if (best) return best;
      if (s.params?.some((p) => p.name === name)) return undefined;
    }
    return best;
  }

  // ---- chains --------------------------------------------------------------------------------

  private evalChain(ctx: ResolveContext, caller: SymbolFact | undefined, scope: TypeScope, chain: readonly string[], line: number): Val | undefined {
    if (++this.active > MAX_CHAIN_DEPTH) {
      this.active--;
      return undefined;
    }
    try {
      let cur = this.head(ctx, caller, scope, chain[0]!, line);
      for (let i = 1; i < chain.length && cur; i++) cur = this.memberOf(ctx.tracker, cur, chain[i]!);
      return cur;
    } finally {
      this.active--;
    }
  }

  private head(ctx: ResolveContext, caller: SymbolFact | undefined, scope: TypeScope, raw: string, line: number): Val | undefined {
    const tracker = ctx.tracker;
    const isCall = raw.endsWith('()');
    const seg = isCall ? raw.slice(0, -2) : raw;
    if (seg === 'self') return { t: 'val', ty: scope.self };
    if (seg.startsWith(':')) return { t: 'val', ty: tyOfText(this.names, seg.slice(1), scope, tracker) };
    if (seg.endsWith('!')) return { t: 'val', ty: undefined };
    if (!seg.includes('::')) {
      const param = this.paramOf(ctx, caller, seg);
      const local = param ? undefined : this.local(ctx, caller, seg, line);
      if (param || local) {
        if (isCall) return { t: 'val', ty: undefined };
        if (param) return { t: 'val', ty: tyOfText(this.names, param.type, param.scope, tracker) };
        if (local!.type !== undefined) return { t: 'val', ty: tyOfText(this.names, local!.type, scope, tracker) };
        // `let x = expr`: x is what expr evaluates to (written before this use).
        const inner = local!.value ? this.evalChain(ctx, caller, scope, local!.value, local!.line - 1) : undefined;
        return inner?.t === 'val' ? inner : { t: 'val', ty: undefined };
      }
    }
    const segs = seg.split('::');
    if (!isCall) {
      const def = this.names.resolvePath(scope.place, segs, tracker);
      return def ? { t: 'def', def } : undefined;
    }
    // A call at the head: `f()`, `Type::new()`, `Self::parse()`, `Wrapper(x)`, `Op::Exact(v)`.
    const targets = this.pathTargets(tracker, scope, segs);
    if (targets.length) return { t: 'val', ty: this.returnTy(tracker, targets[0]!.value) };
    const def = this.names.resolvePath(scope.place, segs, tracker);
    if (def?.t === 'sym' && (def.kind === 'class' || def.kind === 'enum')) return { t: 'val', ty: { t: 'named', def, args: [] } };
    if (def?.t === 'variant') return { t: 'val', ty: { t: 'named', def: { ...def.enumDef, kind: 'enum' }, args: [] } };
    return { t: 'val', ty: def?.t === 'ext' ? EXT : undefined };
  }

  private paramOf(ctx: ResolveContext, caller: SymbolFact | undefined, name: string): { type?: string; scope: TypeScope } | undefined {
    for (let s: SymbolFact | undefined = caller; s; s = s.parent !== undefined ? ctx.view.symbols.get(s.parent) : undefined) {
      const p = s.params?.find((x) => x.name === name);
      if (p) return { ...(p.type !== undefined ? { type: p.type } : {}), scope: this.scopeOf(ctx.path, s, ctx.tracker) };
      if (s.locals?.some((b) => b.name === name)) return undefined;
    }
    return undefined;
  }

  private memberOf(tracker: DepTracker, cur: Val, raw: string): Val | undefined {
    const isCall = raw.endsWith('()');
    const seg = isCall ? raw.slice(0, -2) : raw;
    if (cur.t === 'def') return undefined; // paths are one segment: `a.b` on a module or type is not Rust
    const ty = cur.ty;
    if (!ty) return { t: 'val', ty: undefined };
    if (seg === TRY_SEGMENT) return { t: 'val', ty: ty.t === 'option' ? ty.inner : undefined };
    if (seg === '[]') return { t: 'val', ty: ty.t === 'seq' ? ty.elem : undefined };
    if (!isCall) {
      if (ty.t === 'tuple' && /^\d+$/.test(seg)) return { t: 'val', ty: ty.items[Number(seg)] };
      if (ty.t === 'named') return { t: 'val', ty: this.fieldTy(tracker, ty, seg) };
      return { t: 'val', ty: undefined };
    }
    const targets = this.methodTargets(tracker, ty, seg);
    if (targets.length) return { t: 'val', ty: this.returnTy(tracker, targets[0]!.value, ty) };
    if (ty.t === 'option') return { t: 'val', ty: UNWRAPS.has(seg) ? ty.inner : SAME_OPTION.has(seg) ? ty : undefined };
    if (ty.t === 'seq') return { t: 'val', ty: SEQ_SAME.has(seg) ? ty : SEQ_OPTION.has(seg) ? { t: 'option', inner: ty.elem } : undefined };
    if (SAME_VALUE.has(seg) && ty.t !== 'ext') return { t: 'val', ty };
    return { t: 'val', ty: undefined };
  }

  /** The type of field `name` of a value of type `ty`; a field typed by a type parameter takes the value's argument. */
  private fieldTy(tracker: DepTracker, ty: Extract<Ty, { t: 'named' }>, name: string): Ty | undefined {
    const def = ty.def;
    const s = this.project.view(def.path, tracker, topOfQn(def.qn))?.symbols.get(def.qn);
    const f = s?.fields?.find((x) => x.name === name);
    if (!s || !f?.type) return undefined;
    const param = parseType(f.type);
    if (param.k === 'path' && param.path.length === 1 && ty.args.length) {
      const i = typeParamsOf(s.signature).indexOf(param.path[0]!);
      if (i >= 0) return ty.args[i];
    }
    return this.memoized(tracker, `field:${def.path}:${def.qn}:${name}`, () => tyOfText(this.names, f.type, { place: { mod: this.names.modOf(def.path, s) } }, tracker));
  }

  /** The declared return type of a function or method (`Self` read where it was declared). */
  private returnTy(tracker: DepTracker, target: SymbolRef, receiver?: Ty): Ty | undefined {
    const s = this.project.view(target.path, tracker, topOfQn(target.qn))?.symbols.get(target.qn);
    if (!s?.returnType) return undefined;
    const scope = this.scopeOf(target.path, s, tracker);
    // A trait method's `Self` is the receiver's type.
    if (receiver && s.implFor === undefined && scope.self?.t === 'bound') return tyOfText(this.names, s.returnType, { ...scope, self: receiver }, tracker);
    return tyOfText(this.names, s.returnType, scope, tracker);
  }

  // ---- targets -------------------------------------------------------------------------------

  /** What a call of a path reaches: a function, or an associated function / method of a type or trait. */
  private pathTargets(tracker: DepTracker, scope: TypeScope, segs: readonly string[]): CallTarget[] {
    if (segs.length >= 2 && segs[0] === 'Self') {
      return scope.self ? this.methodTargets(tracker, scope.self, segs[segs.length - 1]!) : [];
    }
    const def = this.names.resolvePath(scope.place, segs, tracker, 0, false, true);
    if (def?.t === 'sym') return CALLABLE.has(def.kind) ? [{ value: { t: 'symbol', path: def.path, qn: def.qn, kind: def.kind }, confidence: 'resolved' }] : [];
    if (def || segs.length < 2) return [];
    const owner = this.names.resolvePath(scope.place, segs.slice(0, -1), tracker);
    if (owner?.t !== 'sym') return [];
    const name = segs[segs.length - 1]!;
    if (owner.kind === 'interface') return this.traitMethod(tracker, owner, name);
    if (owner.kind === 'class' || owner.kind === 'enum') return this.methodTargets(tracker, { t: 'named', def: owner, args: [] }, name);
    if (owner.kind === 'type') {
      const ty = tyOfText(this.names, segs.slice(0, -1).join('::'), scope, tracker);
      return ty ? this.methodTargets(tracker, ty, name) : [];
    }
    return [];
  }

  /**
   * `Trait::method(x, …)` (`Ord::cmp(self, rhs)`, `Display::fmt(self, f)`): the method of the
   * `impl Trait for T` block of x's type T, as static dispatch picks it.
   */
  private traitPathTargets(ctx: ResolveContext, caller: SymbolFact | undefined, scope: TypeScope, segs: readonly string[], firstArg: readonly string[], line: number): CallTarget[] {
    const tracker = ctx.tracker;
    const owner = this.names.resolvePath(scope.place, segs.slice(0, -1), tracker);
    const isTrait = owner?.t === 'ext' || (owner?.t === 'sym' && owner.kind === 'interface');
    if (!isTrait) return [];
    const arg = this.evalChain(ctx, caller, scope, firstArg, line);
    if (arg?.t !== 'val' || arg.ty?.t !== 'named') return [];
    const traitName = segs[segs.length - 2]!;
    const name = segs[segs.length - 1]!;
    return this.methodTargets(tracker, arg.ty, name, traitName);
  }

  /** For `use Type::method` paths (rare). */
  private associatedDef(tracker: DepTracker, place: Place, segs: readonly string[]): Def | undefined {
    if (segs.length < 2) return undefined;
    const owner = this.names.resolvePath(place, segs.slice(0, -1), tracker, 0, true);
    return owner?.t === 'sym' ? owner : undefined;
  }

  /** The methods `name` a receiver of type `ty` reaches; with `viaTrait`, only those of that trait's impl. */
  private methodTargets(tracker: DepTracker, ty: Ty | undefined, name: string, viaTrait?: string): CallTarget[] {
    if (!ty) return [];
    if (ty.t === 'bound') return ty.traits.flatMap((t) => this.traitMethod(tracker, t, name));
    if (ty.t === 'ext' && ty.name !== undefined) return this.memoized(tracker, `ext-methods:${ty.name}:${name}:${viaTrait ?? ''}`, () => this.foreignImplMethods(tracker, ty.name!, name, viaTrait));
    if (ty.t !== 'named') return [];
    return this.memoized(tracker, `methods:${ty.def.path}:${ty.def.qn}:${name}:${viaTrait ?? ''}`, () => this.implMethods(tracker, ty.def, name, viaTrait));
  }

  /** Methods `name` of the impl blocks of `def`: inherent ones win over trait impls, then trait defaults. */
  private implMethods(tracker: DepTracker, def: SymDef, name: string, viaTrait?: string): CallTarget[] {
    const inherent: CallTarget[] = [];
    const fromTraits: CallTarget[] = [];
    const defaults: { trait: SymDef; method: SymbolRef }[] = [];
    for (const c of this.project.symbolsNamed(name, tracker)) {
      if (c.kind !== 'method' || this.project.languageOf(c.path) !== 'rust') continue;
      const s = this.project.view(c.path, tracker, topOfQn(c.qn))?.symbols.get(c.qn);
      if (!s || !cfgEnabled(s.decorators ?? [])) continue;
      if (s.implFor === undefined) {
        const trait = s.parent !== undefined ? this.project.view(c.path, tracker, topOfQn(c.qn))?.symbols.get(s.parent) : undefined;
        if (trait?.kind === 'interface' && !s.isAbstract) defaults.push({ trait: { path: c.path, qn: trait.qualifiedName, kind: 'interface' }, method: { t: 'symbol', ...c } });
        continue;
      }
      const self = this.implSelf(tracker, c.path, s);
      if (self?.t !== 'named' || self.def.path !== def.path || self.def.qn !== def.qn) continue;
      if (viaTrait !== undefined && (s.implTrait === undefined || typeBaseName(s.implTrait) !== viaTrait)) continue;
      (s.implTrait === undefined ? inherent : fromTraits).push({ value: { t: 'symbol', ...c }, confidence: 'resolved' });
    }
    if (inherent.length) return inherent;
    if (fromTraits.length) return fromTraits;
    if (!defaults.length) return [];
    const implemented = this.traitsImplemented(tracker, def);
    const known = defaults.filter((d) => implemented.some((t) => t.path === d.trait.path && t.qn === d.trait.qn));
    if (known.length) return known.map((d) => ({ value: d.method, confidence: 'resolved' as Confidence }));
    // `impl Tr for T {}` writes no method: a single trait defining `name` is the likely one.
    return defaults.length === 1 ? [{ value: defaults[0]!.method, confidence: 'inferred' }] : [];
  }

  /**
   * `"x".to_key()` where the workspace has `impl ToKey for str`: the method of a workspace trait's
   * impl for a type from outside (std's str, String, u8 …), matched by the type's name.
   */
  private foreignImplMethods(tracker: DepTracker, typeName: string, name: string, viaTrait?: string): CallTarget[] {
    const out: CallTarget[] = [];
    for (const c of this.project.symbolsNamed(name, tracker)) {
      if (c.kind !== 'method' || this.project.languageOf(c.path) !== 'rust') continue;
      const s = this.project.view(c.path, tracker, topOfQn(c.qn))?.symbols.get(c.qn);
      if (!s?.implFor || !s.implTrait || typeBaseName(s.implFor) !== typeName || !cfgEnabled(s.decorators ?? [])) continue;
      if (viaTrait !== undefined && typeBaseName(s.implTrait) !== viaTrait) continue;
      const self = this.implSelf(tracker, c.path, s);
      if (self?.t !== 'ext' || self.name !== typeName) continue;
      out.push({ value: { t: 'symbol', ...c }, confidence: 'resolved' });
    }
    return out;
  }

  private traitMethod(tracker: DepTracker, trait: SymDef, name: string, depth = 0): CallTarget[] {
    if (depth > 8) return [];
    const view = this.project.view(trait.path, tracker, topOfQn(trait.qn));
    const m = view?.symbols.get(`${trait.qn}.${name}`);
    if (m && m.kind === 'method') return [{ value: { t: 'symbol', path: trait.path, qn: m.qualifiedName, kind: 'method' }, confidence: 'resolved' }];
    // Supertraits: `trait Tr: Base` — Base's methods are callable on a Tr.
    const s = view?.symbols.get(trait.qn);
    for (const text of s?.bases ?? []) {
      const t = tyOfText(this.names, text, { place: { mod: this.names.modOf(trait.path, s) } }, tracker);
      if (t?.t === 'bound') for (const sup of t.traits) {
        const found = this.traitMethod(tracker, sup, name, depth + 1);
        if (found.length) return found;
      }
    }
    return [];
  }

  /** The workspace traits `impl Trait for Type` blocks in the type's package implement for it. */
  private traitsImplemented(tracker: DepTracker, def: SymDef): SymDef[] {
    return this.memoized(tracker, `traits:${def.path}:${def.qn}`, () => {
      const crate = this.names.crateOf(def.path, tracker);
      const pkg = crate.manifest?.dir ?? crate.dir;
      const typeName = def.qn.slice(def.qn.lastIndexOf('.') + 1);
      const out = new Map<string, SymDef>();
      for (const file of this.project.filesUnder(pkg, tracker)) {
        if (this.project.languageOf(file) !== 'rust') continue;
        const view = this.project.view(file, tracker, typeName);
        if (!view) continue;
        for (const s of view.symbols.values()) {
          if (s.implTrait === undefined || topOfQn(s.qualifiedName) !== typeName) continue;
          const self = this.implSelf(tracker, file, s);
          if (self?.t !== 'named' || self.def.path !== def.path || self.def.qn !== def.qn) continue;
          const t = tyOfText(this.names, s.implTrait, { place: { mod: this.names.modOf(file, s) } }, tracker);
          if (t?.t === 'bound') for (const tr of t.traits) out.set(`${tr.path}:${tr.qn}`, tr);
        }
      }
      return [...out.values()].sort((a, b) => (a.path + a.qn < b.path + b.qn ? -1 : 1));
    });
  }

  /**
   * `name!()` reaches a `macro_rules! name` of the crate: the file's own first, else the crate's
   * only one; `other_crate::name!()` one of that crate (`#[macro_export]`).
   */
  private macroTargets(ctx: ResolveContext, path: string): CallTarget[] {
    const name = path.slice(path.lastIndexOf(':') + 1);
    const isMacro = (s: SymbolFact | undefined): boolean => s?.kind === 'function' && (s.decorators ?? []).includes('macro_rules!');
    let home = ctx.path;
    if (path.includes('::')) {
      const owner = this.names.resolvePath({ mod: this.names.modOf(ctx.path, undefined) }, path.split('::').slice(0, -1), ctx.tracker);
      if (owner?.t !== 'mod') return [];
      home = owner.mod.file;
    } else {
      const own = [...ctx.view.symbols.values()].find((s) => s.name === name && isMacro(s));
      if (own) return [{ value: { t: 'symbol', path: ctx.path, qn: own.qualifiedName, kind: 'function' }, confidence: 'resolved' }];
    }
    const crate = this.names.crateOf(home, ctx.tracker);
    const pkg = crate.manifest?.dir ?? crate.dir;
    const found: CallTarget[] = [];
    for (const c of this.project.symbolsNamed(name, ctx.tracker)) {
      if (c.kind !== 'function' || this.project.languageOf(c.path) !== 'rust') continue;
      if (pkg !== '' && !c.path.startsWith(`${pkg}/`)) continue;
      const s = this.project.view(c.path, ctx.tracker, topOfQn(c.qn))?.symbols.get(c.qn);
      if (isMacro(s)) found.push({ value: { t: 'symbol', ...c }, confidence: 'resolved' });
    }
    return found.length === 1 ? found : [];
  }

  // ---- memo ----------------------------------------------------------------------------------

  /** One answer per update, replaying the keys it read into every tracker that asks. */
  private memoized<T>(tracker: DepTracker, key: string, fn: () => T): T {
    const hit = this.memo.get(key) as Memo<T> | undefined;
    if (hit) {
      tracker.addAll(hit.keys);
      return hit.value;
    }
    const { value, keys } = tracker.capture(fn);
    this.memo.set(key, { value, keys });
    return value;
  }
}

