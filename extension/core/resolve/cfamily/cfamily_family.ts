/**
 * C and C++ resolution
 * ====================
 * Resolves C and C++ facts as clangd would, as far as the declarations written in the workspace
 * say (docs/adr/0013-cfamily-resolution.md):
 *  - an unqualified name is a local (parameters, declared locals, nearest above the use), then a
 *    member of the enclosing class and its bases (`this` included), then a name of the enclosing
 *    namespaces, innermost first, then the global scope, then a `using namespace` / `using n::f`
 *    of the file; a qualified name `A::f` / `n::f` / `::f` is looked up from the same scopes;
 *  - an access chain steps through typed locals, parameters, fields and globals (`a.b->c()`),
 *    function results (`make()->run()`), `new T`, casts and smart pointers to their class, then
 *    member functions through the class and its bases;
 *  - a call of a type (`T(…)`, `new T(…)`) is a call of its constructor `T.T` when one is
 *    declared; a call of a template is a call of the template; of overloads, the one the
 *    arguments pick (count, then literal types);
 *  - the target is the definition when the workspace has one (the declaration in a header and
 *    the definition in a source file are the same function), the declaration otherwise. Of
 *    several definitions, a `static` one counts only in its own file, the caller's file wins,
 *    then the one nearest the caller in the folder tree; a tie gives no edge.
 * Macros name nothing (no symbols), so their uses give no edge. Every lookup is bounded (depth
 * and steps per resolution): macro- or template-heavy code never hangs the resolver.
 */
import { posix } from 'node:path';
import type { BindingFact, CallFact, Chain, ImportFact, ReferenceFact, SymbolFact } from '../../parse/facts';
import type { BaseTarget, CallTarget, DefinitionRef, FamilyResolver, ImportTarget, ResolveContext, SymbolRef } from '../family';
import { familyOf, type FileView, type NamedSymbol, type Project } from '../project';
import { LISTS, topOf } from '../tracker';
import { Includes } from './cfamily_includes';
import { receiverTypeName } from './cfamily_types';
import { overloadKey } from '../../parse/cfamily_syntax';

type CValue = { t: 'type'; ref: SymbolRef; sym: SymbolFact } | { t: 'inst'; ref: SymbolRef; sym: SymbolFact } | { t: 'func'; ref: SymbolRef; sym: SymbolFact };

interface Scope {
  path: string;
  caller?: string;
  line: number;
}

const MAX_DEPTH = 12;
/** Lookups one resolution may make: a bound on template- and macro-heavy code. */
export const MAX_STEPS = 4000;
/** Untyped locals whose values are worked out inside one another (`auto c = b;` with `auto b = a;` …). */
const MAX_LOCAL_CHAIN = 64;
const TYPE_KINDS = new Set(['class', 'enum', 'type', 'interface']);
const FUNC_KINDS = new Set(['function', 'method']);
const HEADER = /\.(h|hh|hpp|hxx)$/;

export class CFamily implements FamilyResolver {
  private readonly includes: Includes;
  /**
   * Per file: the values of untyped locals (`auto b = a.f();`) worked out by one call's lookup,
   * reused by the next. Without it a chain of n such locals costs every call n lookups: a
   * generated 2,000-line function took 47 s.
   */
  private readonly localValues = new WeakMap<ResolveContext, Map<string, CValue | false>>();

  constructor(private readonly project: Project) {
    this.includes = new Includes(project);
  }

  private localsOf(ctx: ResolveContext): Map<string, CValue | false> {
    let m = this.localValues.get(ctx);
    if (!m) this.localValues.set(ctx, (m = new Map()));
    return m;
  }

  importTargets(ctx: ResolveContext, imp: ImportFact): ImportTarget[] {
    const target = this.includes.resolve(ctx.path, imp.module, ctx.tracker);
    return target ? [target] : [];
  }

  call(ctx: ResolveContext, call: CallFact): CallTarget[] {
    const run = new Run(this.project, ctx, this.localsOf(ctx));
    const scope: Scope = { path: ctx.path, ...(call.caller !== undefined ? { caller: call.caller } : {}), line: call.line };
    const v = run.evalChain(scope, stripCall(call.callee));
    if (run.cut) ctx.cut();
    const target = v?.t === 'type' ? run.constructorOf(v) : v;
    if (target?.t !== 'func') return [];
    return [{ value: call.args ? this.overload(ctx, target, call.args) : target.ref, confidence: run.inferred ? 'inferred' : 'resolved' }];
  }

  /**
   * Of a function's overloads (`f`, `f$2` … in each file that declares or defines it), the one
   * the arguments pick: the parameter count must fit (defaults, `...`), then the literal
   * arguments' types decide (`"x"` fits `const char*`, not `const std::string&`). The target the
   * lookup found wins when it fits as well as any (it is already the definition nearest the
   * caller); else a definition before a declaration, then the earlier overload, then the path.
   */
  private overload(ctx: ResolveContext, target: Extract<CValue, { t: 'func' }>, args: readonly Chain[]): SymbolRef {
    if (ctx.view.facts.language === 'c') return target.ref; // C has no overloads
    const base = baseQn(target.ref.qn);
    const cands: { ref: SymbolRef; sym: SymbolFact }[] = [];
    for (const n of this.project.symbolsNamed(target.sym.name, ctx.tracker)) {
      const lang = this.project.languageOf(n.path);
      if (!FUNC_KINDS.has(n.kind) || baseQn(n.qn) !== base || !lang || familyOf(lang) !== 'cfamily') continue;
      const sym = (n.path === ctx.path ? ctx.view : this.project.view(n.path, ctx.tracker, topOf(n.qn)))?.symbols.get(n.qn);
      if (sym && (sym.exported || n.path === ctx.path || HEADER.test(n.path))) cands.push({ ref: { t: 'symbol', path: n.path, qn: n.qn, kind: sym.kind }, sym });
    }
    if (cands.length <= 1 || !cands.some((c) => c.ref.qn !== base)) return target.ref; // no overloads: the lookup's pick stands
    const score = (c: { sym: SymbolFact }): number => (arityFits(c.sym, args.length) ? 1 + args.reduce((n, a, i) => n + literalFit(a, c.sym.params?.[i]?.type), 0) : 0);
    const best = Math.max(...cands.map(score));
    if (best === 0 || score(target) === best) return target.ref;
    const order = (qn: string): number => Number(/\$(\d+)$/.exec(qn)?.[1] ?? 1);
    const top = cands
      .filter((c) => score(c) === best)
      .sort((a, b) => Number(a.sym.declaration === true) - Number(b.sym.declaration === true) || order(a.ref.qn) - order(b.ref.qn) || (a.ref.path < b.ref.path ? -1 : a.ref.path > b.ref.path ? 1 : 0));
    const chosen = top[0]!;
    if (!chosen.sym.declaration) return chosen.ref;
    // A declaration's defaults are not written again where it is defined: its definition is the one with the same parameter types.
    return cands.find((c) => !c.sym.declaration && overloadKey(c.sym) === overloadKey(chosen.sym))?.ref ?? chosen.ref;
  }

  reference(ctx: ResolveContext, ref: ReferenceFact): SymbolRef | undefined {
    const run = new Run(this.project, ctx, this.localsOf(ctx));
    const scope: Scope = { path: ctx.path, ...(ref.from !== undefined ? { caller: ref.from } : {}), line: ref.line };
    const name = ref.chain[0];
    if (ref.chain.length !== 1 || name === undefined) return undefined;
    const v = ref.isType ? run.typeNamed(name, ctx.path, scopePrefixes(scope.caller), 0) : run.evalChain(scope, ref.chain);
    return v?.t === 'func' || v?.t === 'type' ? v.ref : undefined;
  }

  bases(ctx: ResolveContext, s: SymbolFact): BaseTarget[] {
    const run = new Run(this.project, ctx, this.localsOf(ctx));
    const out: BaseTarget[] = [];
    for (const text of s.bases ?? []) {
      const v = run.typeNamed(text, ctx.path, scopePrefixes(s.qualifiedName), 0);
      if (v?.t === 'type' && v.ref.qn !== s.qualifiedName) out.push(v.ref);
    }
    return out;
  }

  implementations(_ctx: ResolveContext, _s: SymbolFact): DefinitionRef[] {
    return [];
  }
}

/** `f()` → f: the call's target is what the chain names once its last call is taken off. */
/** `A.f$2` → `A.f`: the qualified name as written, of any overload. */
const baseQn = (qn: string): string => qn.replace(/\$\d+$/, '');

/** The call's argument count fits the parameters (those with defaults may be left out; `...` takes any more). */
function arityFits(s: SymbolFact, n: number): boolean {
  const params = s.params ?? [];
  const rest = params.some((p) => p.isRest);
  const fixed = params.filter((p) => !p.isRest);
  const required = fixed.filter((p) => p.default === undefined).length;
  return n >= required && (rest || n <= fixed.length);
}

/** 1 when a literal argument fits the parameter's type, 0 when unknown or not. */
function literalFit(arg: Chain, type: string | undefined): number {
  const lit = arg.length === 1 && arg[0]!.startsWith(':') ? arg[0]!.slice(1) : undefined;
  if (!lit || !type) return 0;
  const t = type.replace(/\s+/g, '');
  if (lit === 'char*') return /char\*|char\[/.test(t) ? 1 : 0;
  if (lit === 'int' || lit === 'double') return /^(const)?(unsigned|signed)?(int|long|short|size_t|u?int\d+_t|float|double|char)/.test(t) ? 1 : 0;
  if (lit === 'bool') return /bool/.test(t) ? 1 : 0;
  return 0;
}

function stripCall(chain: Chain): Chain {
  const last = chain[chain.length - 1]!;
  return last.endsWith('()') ? [...chain.slice(0, -1), last.slice(0, -2)] : chain;
}

/** The scopes a name used inside `qn` is looked up in, innermost first: `n.A.f` → [n.A, n, '']. */
function scopePrefixes(qn: string | undefined): string[] {
  const out: string[] = [];
  if (qn !== undefined) {
    const parts = qn.split('.');
    for (let i = parts.length - 1; i >= 1; i--) out.push(parts.slice(0, i).join('.'));
  }
  out.push('');
  return out;
}

const dotted = (name: string): string => name.replace(/^::/, '').split('::').join('.');
const joinQn = (prefix: string, name: string): string => (prefix ? `${prefix}.${name}` : name);

/** One resolution (a call, a reference): reads are charged to the file's tracker. */
class Run {
  inferred = false;
  cut = false;
  private steps = 0;
  /** Untyped locals being worked out inside one another. */
  private localDepth = 0;

  constructor(
    private readonly project: Project,
    private readonly ctx: ResolveContext,
    /** Values of the file's untyped locals already worked out (see CFamily.localValues). */
    private readonly localValues: Map<string, CValue | false>,
  ) {}

  private get tracker() {
    return this.ctx.tracker;
  }

  private view(path: string, qn: string): FileView | undefined {
    return path === this.ctx.path ? this.ctx.view : this.project.view(path, this.tracker, topOf(qn));
  }

  private budget(): boolean {
    if (++this.steps > MAX_STEPS) this.cut = true;
    return !this.cut;
  }

  evalChain(scope: Scope, chain: Chain): CValue | undefined {
    if (!chain.length) return undefined;
    let v = this.first(scope, chain[0]!, 0);
    for (const seg of chain.slice(1)) {
      if (!v || !this.budget()) return undefined;
      v = this.step(v, seg, 0);
    }
    return v;
  }

  private first(scope: Scope, seg: string, depth: number): CValue | undefined {
    if (seg.startsWith(':')) return this.instOf(seg.slice(1), scope.path, scopePrefixes(scope.caller), depth);
    const called = seg.endsWith('()');
    const name = called ? seg.slice(0, -2) : seg;
    const v = name === 'this' ? this.thisOf(scope, depth) : this.lookup(scope, name, depth);
    return called && v ? this.applyCall(v, depth) : v;
  }

  private step(v: CValue, seg: string, depth: number): CValue | undefined {
    if (seg === '[]' || seg.startsWith(':') || seg === '?') return undefined;
    const called = seg.endsWith('()');
    const name = called ? seg.slice(0, -2) : seg;
    if (v.t === 'func') return undefined;
    const m = this.member(v.ref, name, depth, new Set());
    return called && m ? this.applyCall(m, depth) : m;
  }

  /** What calling a value gives: a function's result; a type's call constructs one. */
  private applyCall(v: CValue, depth: number): CValue | undefined {
    if (v.t === 'func') {
      if (v.sym.returnType === undefined) return undefined;
      this.inferred = true;
      return this.instOf(v.sym.returnType, v.ref.path, scopePrefixes(v.ref.qn), depth + 1);
    }
    if (v.t === 'type') return { t: 'inst', ref: v.ref, sym: v.sym };
    return undefined;
  }

  /** The constructor a call of a type reaches (`T(…)`, `new T(…)`), when the class declares one. */
  constructorOf(v: CValue & { t: 'type' }): CValue | undefined {
    if (v.sym.kind !== 'class') return undefined;
    const m = this.member(v.ref, v.sym.name, 0, new Set(), false);
    return m?.t === 'func' ? m : undefined;
  }

  // ---- names --------------------------------------------------------------------------------

  private lookup(scope: Scope, name: string, depth: number): CValue | undefined {
    if (depth > MAX_DEPTH || !this.budget()) return undefined;
    const prefixes = scopePrefixes(scope.caller);
    if (!name.includes('::')) {
      const local = scope.path === this.ctx.path ? this.local(scope, name, depth) : undefined;
      if (local !== undefined) return local || undefined;
      const self = this.thisOf(scope, depth);
      if (self) {
        const m = this.member(self.ref, name, depth, new Set());
        if (m) return m;
      }
    }
    return this.scoped(name, scope.path, prefixes, FUNC_OR_VALUE, depth);
  }

  /** `this` in a method (its class), or in a GoogleTest fixture's test. */
  private thisOf(scope: Scope, depth: number): CValue | undefined {
    if (scope.caller === undefined || scope.path !== this.ctx.path) return undefined;
    const sym = this.ctx.view.symbols.get(scope.caller);
    const self = sym?.locals?.find((b) => b.name === 'this');
    if (!sym || !self?.type) return undefined;
    const cls = sym.parent !== undefined && sym.kind === 'method' ? this.ctx.view.symbols.get(sym.parent) : undefined;
    if (cls && TYPE_KINDS.has(cls.kind)) return { t: 'inst', ref: { t: 'symbol', path: this.ctx.path, qn: cls.qualifiedName, kind: cls.kind }, sym: cls };
    const v = this.typeNamed(self.type, scope.path, scopePrefixes(scope.caller).slice(1), depth + 1);
    return v?.t === 'type' ? { t: 'inst', ref: v.ref, sym: v.sym } : undefined;
  }

  /** A local of the enclosing definition: undefined if there is none, false if there is one we cannot type. */
  private local(scope: Scope, name: string, depth: number): CValue | false | undefined {
    if (scope.caller === undefined || name === 'this') return undefined;
    const sym = this.ctx.view.symbols.get(scope.caller);
    if (!sym) return undefined;
    let best: BindingFact | undefined;
    for (const b of sym.locals ?? []) if (b.name === name && b.line <= scope.line && (!best || b.line >= best.line)) best = b;
    if (best) {
      if (best.type !== undefined) return this.instOf(best.type, scope.path, scopePrefixes(scope.caller), depth + 1) ?? false;
      if (best.value) {
        this.inferred = true;
        const key = `${scope.caller}\0${best.line}\0${name}`;
        const known = this.localValues.get(key);
        if (known !== undefined) return known;
        // `auto b = a; auto c = b; …`: each step is a lookup inside a lookup, bounded like the rest.
        if (this.localDepth >= MAX_LOCAL_CHAIN) {
          this.cut = true;
          return false;
        }
        this.localDepth++;
        const v = this.evalChain({ ...scope, line: best.line - 1 }, best.value) ?? false;
        this.localDepth--;
        if (!this.cut) this.localValues.set(key, v);
        return v;
      }
      return false;
    }
    const param = sym.params?.find((p) => p.name === name);
    if (param) return param.type !== undefined ? (this.instOf(param.type, scope.path, scopePrefixes(scope.caller), depth + 1) ?? false) : false;
    return undefined;
  }

  /**
   * A (possibly qualified) name looked up from the scopes `prefixes` of `path`, then through the
   * file's `using namespace` and `using n::f` imports.
   */
  scoped(name: string, path: string, prefixes: string[], kinds: Set<string>, depth: number): CValue | undefined {
    const global = name.startsWith('::');
    const rel = dotted(name);
    const tried = new Set<string>();
    const tryQn = (qn: string): CValue | undefined => {
      if (tried.has(qn)) return undefined;
      tried.add(qn);
      return this.byQn(qn, path, kinds, depth);
    };
    for (const p of global ? [''] : prefixes) {
      const v = tryQn(joinQn(p, rel));
      if (v) return v;
    }
    if (global) return undefined;
    const view = path === this.ctx.path ? this.ctx.view : this.project.view(path, this.tracker);
    const head = rel.split('.')[0]!;
    const using = view?.imports.get(head);
    if (using && !using.fact.star) {
      const v = tryQn(joinQn(dotted(using.fact.module).split('.').slice(0, -1).join('.'), rel));
      if (v) return v;
    }
    for (const imp of view?.starImports ?? []) {
      const v = tryQn(joinQn(dotted(imp.module), rel));
      if (v) return v;
    }
    return undefined;
  }

  /** The symbol with a qualified name, by kind; of several files' symbols, the definition the site links to. */
  private byQn(qn: string, from: string, kinds: Set<string>, depth: number): CValue | undefined {
    if (!this.budget()) return undefined;
    const last = qn.slice(qn.lastIndexOf('.') + 1);
    const family = familyOf(this.ctx.view.facts.language);
    const cands: { n: NamedSymbol; sym: SymbolFact }[] = [];
    for (const n of this.project.symbolsNamed(last, this.tracker)) {
      if (!kinds.has(n.kind) || (n.qn !== qn && !this.definedUnderUsing(n, qn))) continue;
      const lang = this.project.languageOf(n.path);
      if (!lang || familyOf(lang) !== family) continue;
      const sym = this.view(n.path, n.qn)?.symbols.get(n.qn);
      // A `static` definition is its file's; one in a header is every includer's (each gets its copy).
      if (sym && (sym.exported || n.path === from || HEADER.test(n.path))) cands.push({ n, sym });
    }
    const best = pick(cands, from);
    if (!best) return undefined;
    const ref: SymbolRef = { t: 'symbol', path: best.n.path, qn: best.n.qn, kind: best.sym.kind };
    if (FUNC_KINDS.has(best.sym.kind)) return { t: 'func', ref, sym: best.sym };
    if (TYPE_KINDS.has(best.sym.kind)) return this.followAlias({ t: 'type', ref, sym: best.sym }, depth);
    // A variable: a value of its type.
    const b = this.view(best.n.path, best.n.qn)?.bindings.get(best.n.qn);
    return b?.type !== undefined ? this.instOf(b.type, best.n.path, scopePrefixes(best.n.qn), depth + 1) : undefined;
  }

  /**
   * `using namespace shop; void Store::put() {…}` defines `shop.Store.put` under the name the file
   * wrote (`Store.put`): a method or function defined out of line in a file that uses the
   * namespace the rest of the name is in.
   */
  private definedUnderUsing(n: NamedSymbol, qn: string): boolean {
    if ((n.kind !== 'method' && n.kind !== 'function') || !qn.endsWith(`.${n.qn}`)) return false;
    const ns = qn.slice(0, qn.length - n.qn.length - 1);
    const stars = (n.path === this.ctx.path ? this.ctx.view : this.project.view(n.path, this.tracker, LISTS))?.starImports ?? [];
    return stars.some((imp) => dotted(imp.module) === ns);
  }

  /** `typedef struct node node_t;`, `using Ptr = Foo;`: the type is what it stands for. */
  private followAlias(v: CValue & { t: 'type' }, depth: number): CValue | undefined {
    if (v.sym.kind !== 'type' || v.sym.returnType === undefined || depth > MAX_DEPTH) return v;
    const name = receiverTypeName(v.sym.returnType);
    if (name === undefined) return v;
    return this.typeNamed(name, v.ref.path, scopePrefixes(v.ref.qn), depth + 1) ?? v;
  }

  // ---- types --------------------------------------------------------------------------------

  /** The named type a type text stands for, looked up from `prefixes` of `path`. */
  typeNamed(text: string, path: string, prefixes: string[], depth: number): CValue | undefined {
    if (depth > MAX_DEPTH) return undefined;
    const name = receiverTypeName(text);
    if (name === undefined) return undefined;
    const v = this.scoped(name, path, prefixes, TYPE_KINDS, depth + 1);
    return v?.t === 'type' ? v : undefined;
  }

  /** A value of the type written `text` in `path`. */
  instOf(text: string, path: string, prefixes: string[], depth: number): CValue | undefined {
    const v = this.typeNamed(text, path, prefixes, depth);
    return v?.t === 'type' ? { t: 'inst', ref: v.ref, sym: v.sym } : undefined;
  }

  /** A member function or field of a class, inherited ones included (bases, depth-first, in order). */
  member(type: SymbolRef, name: string, depth: number, seen: Set<string>, inherited = true): CValue | undefined {
    const key = `${type.path}#${type.qn}`;
    if (seen.has(key) || seen.size > 16 || depth > MAX_DEPTH || !this.budget()) return undefined;
    seen.add(key);
    const qn = `${type.qn}.${name}`;
    const fn = this.byQn(qn, type.path, FUNC_KINDS, depth + 1);
    if (fn) return fn;
    const sym = this.view(type.path, type.qn)?.symbols.get(type.qn);
    if (!sym) return undefined;
    const field = sym.fields?.find((f) => f.name === name);
    if (field?.type !== undefined) return this.instOf(field.type, type.path, scopePrefixes(qn), depth + 1);
    if (!inherited) return undefined;
    for (const base of sym.bases ?? []) {
      const b = this.typeNamed(base, type.path, scopePrefixes(type.qn), depth + 1);
      if (b?.t !== 'type') continue;
      const found = this.member(b.ref, name, depth + 1, seen);
      if (found) return found;
    }
    return undefined;
  }
}

const FUNC_OR_VALUE = new Set(['function', 'method', 'variable', 'constant', 'class', 'enum', 'type', 'interface']);

/**
 * Of the symbols one qualified name has across files: a definition before a declaration; the
 * site's own file first; then the nearest in the folder tree; a tie between two files gives none.
 */
function pick<T extends { n: NamedSymbol; sym: SymbolFact }>(cands: T[], from: string): T | undefined {
  if (cands.length <= 1) return cands[0];
  const defs = cands.filter((c) => !c.sym.declaration);
  const pool = defs.length ? defs : cands;
  const own = pool.find((c) => c.n.path === from);
  if (own) return own;
  const near = (p: string): number => {
    const a = posix.dirname(p).split('/');
    const b = posix.dirname(from).split('/');
    let i = 0;
    while (i < a.length && i < b.length && a[i] === b[i]) i++;
    return i;
  };
  let best: T | undefined;
  let bestScore = -1;
  let tie = false;
  for (const c of pool) {
    const s = near(c.n.path);
    if (s > bestScore) [best, bestScore, tie] = [c, s, false];
    else if (s === bestScore && c.n.path !== best?.n.path) tie = true;
  }
  return tie ? undefined : best;
}
