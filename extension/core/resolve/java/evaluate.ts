/**
 * Java expressions and calls
 * ==========================
 * Evaluates access chains (facts.ts `Chain`) to static types, and picks the method a call
 * invokes as javac would: the innermost class that has a member of that name (an anonymous body's
 * supertype first), then single and on-demand static imports; among its overloads, those whose
 * arity fits, then those whose parameter types fit the argument types we know, the most exact
 * first. A call through a receiver typed by an interface or a superclass names that declaration
 * (javac's symbol), not the overrides; dispatch is counted apart by the oracle comparison.
 */
import type { BindingFact, CallFact, Chain, ParamFact, SymbolFact } from '../../parse/facts';
import type { JavaModel, Found } from './model';
import { namedFit, refKey, type ClassRef, type JType, type Place } from './types';

const MAX_DEPTH = 12;
const CALLABLE_SCOPES = new Set(['method', 'test']);
const TYPE_KINDS = new Set(['class', 'interface', 'enum']);

export interface CallSite {
  at: Place;
  line: number;
  anonymousBase?: string;
}

export type Callee = { t: 'method'; owner: ClassRef; method: SymbolFact } | { t: 'class'; ref: ClassRef };

export class JavaEvaluator {
  private depth = 0;

  constructor(private readonly model: JavaModel) {}

  // ---- calls -----------------------------------------------------------------------------

  call(call: CallFact, at: Place): Callee | undefined {
    const site: CallSite = { at, line: call.line, ...(call.anonymousBase !== undefined ? { anonymousBase: call.anonymousBase } : {}) };
    const args = call.args ?? [];
    const callee = call.callee;
    if (call.isNew) {
      const direct = this.construct(callee.join('.'), args, site);
      if (direct || callee.length < 2) return direct;
      // `outer.new Inner()`: a member type of the receiver's type.
      const receiver = this.chain(callee.slice(0, -1), site);
      const inner = receiver?.t === 'class' || receiver?.t === 'static' ? this.model.memberType(receiver.ref, callee[callee.length - 1]!) : undefined;
      return inner ? this.constructorOf(inner, args, site) : undefined;
    }
    if (callee.length === 1 && (callee[0] === 'this' || callee[0] === 'super')) {
      const cls = this.model.enclosingClass(at);
      if (!cls) return undefined;
      const target = callee[0] === 'this' ? cls : this.model.superclass(cls);
      return target ? this.constructorOf(target, args, site) : undefined;
    }
    const name = callee[callee.length - 1]!;
    if (callee.length === 1) return this.unqualified(name, args, site);
    const receiver = this.chain(callee.slice(0, -1), site);
    if (!receiver || (receiver.t !== 'class' && receiver.t !== 'static')) return undefined;
    const found = this.pick(this.model.methods(receiver.ref, name), args, site);
    return found ? { t: 'method', owner: found.owner, method: found.value } : undefined;
  }

  private construct(typeText: string, args: Chain[], site: CallSite): Callee | undefined {
    const t = this.model.typeOf(typeText, site.at);
    return t?.t === 'class' ? this.constructorOf(t.ref, args, site) : undefined;
  }

  /** A class's constructor for these arguments; a class that declares none is its own target (javac's default constructor). */
  private constructorOf(ref: ClassRef, args: Chain[], site: CallSite): Callee | undefined {
    const s = this.model.symbol(ref);
    if (!s || s.kind === 'interface') return undefined;
    const ctors = this.model.constructors(ref);
    if (!ctors.length) return s.kind === 'enum' ? undefined : { t: 'class', ref };
    const found = this.pick(
      ctors.map((value) => ({ value, owner: ref })),
      args,
      site,
    );
    return found ? { t: 'method', owner: ref, method: found.value } : undefined;
  }

  private unqualified(name: string, args: Chain[], site: CallSite): Callee | undefined {
    if (site.anonymousBase !== undefined) {
      const base = this.model.typeOf(site.anonymousBase, site.at);
      if (base?.t === 'class') {
        const found = this.model.methods(base.ref, name);
        if (found.length) return this.asCallee(this.pick(found, args, site));
      }
    }
    // The innermost enclosing class with a member of that name decides, even when no overload fits.
    for (const s of this.model.enclosing(site.at)) {
      if (!TYPE_KINDS.has(s.kind)) continue;
      const found = this.model.methods({ path: site.at.path, qn: s.qualifiedName }, name);
      if (found.length) return this.asCallee(this.pick(found, args, site));
    }
    for (const cls of this.staticImportsOf(name, site.at.path)) {
      const found = this.model.methods(cls, name).filter((f) => f.value.isStatic);
      if (found.length) return this.asCallee(this.pick(found, args, site));
    }
    return undefined;
  }

  private asCallee(found: Found<SymbolFact> | undefined): Callee | undefined {
    return found ? { t: 'method', owner: found.owner, method: found.value } : undefined;
  }

  /** The classes whose static member `name` a file imports: single-name static imports, then on-demand ones. */
  private staticImportsOf(name: string, path: string): ClassRef[] {
    const out: ClassRef[] = [];
    const single = this.model.view(path, name)?.imports.get(name);
    if (single?.fact.isStatic) {
      const cls = this.model.qualified(single.fact.module);
      if (cls) out.push(cls);
    }
    for (const star of this.model.starImports(path)) {
      if (!star.isStatic) continue;
      const cls = this.model.qualified(star.module);
      if (cls) out.push(cls);
    }
    return out;
  }

  /** Overload selection: arity, then argument types where we know them, the most exact fit first. */
  pick(candidates: Found<SymbolFact>[], args: Chain[], site: CallSite): Found<SymbolFact> | undefined {
    const n = args.length;
    const byArity = candidates.filter(({ value }) => arityFits(value.params ?? [], n));
    if (byArity.length <= 1) return byArity[0];
    const argTypes = args.map((a) => (a[0] === '?λ' ? undefined : this.chain(a, site)));
    let best: Found<SymbolFact> | undefined;
    let bestScore = -1;
    for (const c of byArity) {
      const params = c.value.params ?? [];
      let score = 0;
      let fits = true;
      for (let i = 0; i < n && fits; i++) {
        const p = params[Math.min(i, params.length - 1)];
        if (!p) break;
        const varargs = p.isRest === true && (i >= params.length - 1) && !(n === params.length && argTypes[i]?.t === 'array');
        const fit = this.fit(argTypes[i], p, { path: c.owner.path, qn: c.value.qualifiedName }, varargs);
        if (fit === 0) fits = false;
        score += fit;
      }
      if (params.length && params[params.length - 1]!.isRest) score -= 0.5; // a fixed-arity fit is preferred (JLS phase 1 before 3)
      if (fits && score > bestScore) {
        best = c;
        bestScore = score;
      }
    }
    return best;
  }

  private fit(arg: JType | undefined, param: ParamFact, at: Place, varargs: boolean): number {
    if (!arg || !param.type) return 1;
    let p = this.model.typeOf(param.type, at);
    if (varargs && p?.t === 'array') p = p.of;
    return typeFit(this.model, arg, p);
  }

  // ---- expressions -----------------------------------------------------------------------

  /** The static type of a chain evaluated at a call site. */
  chain(chain: Chain, site: CallSite): JType | undefined {
    if (this.depth > MAX_DEPTH || !chain.length) return undefined;
    this.depth++;
    try {
      let cur = this.head(chain[0]!, site);
      for (let i = 1; i < chain.length && cur; i++) cur = this.member(cur, chain[i]!, site);
      return cur;
    } finally {
      this.depth--;
    }
  }

  private head(seg: string, site: CallSite): JType | undefined {
    if (seg.startsWith(':')) {
      const t = this.model.typeOf(seg.slice(1), site.at);
      return t?.t === 'static' ? { t: 'class', ref: t.ref } : t;
    }
    if (seg === 'this' || seg === 'super') {
      if (site.anonymousBase !== undefined) return this.model.typeOf(site.anonymousBase, site.at);
      const cls = this.model.enclosingClass(site.at);
      if (!cls) return undefined;
      if (seg === 'this') return { t: 'class', ref: cls };
      const sup = this.model.superclass(cls);
      return sup ? { t: 'class', ref: sup } : undefined;
    }
    if (seg.startsWith('?')) return undefined;
    if (seg.endsWith('()')) {
      const c = this.unqualified(seg.slice(0, -2), [], site);
      return c ? this.returnType(c) : undefined;
    }
    return this.name(seg, site);
  }

  private member(cur: JType, seg: string, site: CallSite): JType | undefined {
    if (seg === '[]') return cur.t === 'array' ? cur.of : undefined;
    if (cur.t === 'package') {
      const ref = this.model.topLevelIn(seg, cur.name);
      return ref ? { t: 'static', ref } : { t: 'package', name: `${cur.name}.${seg}` };
    }
    if (cur.t === 'array') return seg === 'length' ? { t: 'named', name: 'int' } : undefined;
    if (cur.t !== 'class' && cur.t !== 'static') return undefined;
    if (seg.endsWith('()')) {
      // Arguments of calls inside a chain are not recorded: the arity-blind pick takes a sole overload only.
      const found = this.model.methods(cur.ref, seg.slice(0, -2));
      const one = found.length === 1 ? found[0] : uniqueReturn(found);
      return one ? this.returnType({ t: 'method', owner: one.owner, method: one.value }) : undefined;
    }
    const f = this.model.field(cur.ref, seg);
    if (f) return this.bindingType(f.value, { path: f.owner.path, qn: f.owner.qn }, site);
    const nested = this.model.memberType(cur.ref, seg);
    return nested ? { t: 'static', ref: nested } : undefined;
  }

  returnType(c: Callee): JType | undefined {
    if (c.t === 'class') return { t: 'class', ref: c.ref };
    const text = c.method.returnType;
    if (!text || text === 'void') return undefined;
    const t = this.model.typeOf(text, { path: c.owner.path, qn: c.method.qualifiedName });
    return t?.t === 'var' ? undefined : t;
  }

  private bindingType(b: BindingFact, at: Place, _site: CallSite): JType | undefined {
    if (b.type) {
      const t = this.model.typeOf(b.type, at);
      return t?.t === 'var' ? undefined : t;
    }
    return b.value ? this.chain(b.value, { at, line: b.line }) : undefined;
  }

  /** A simple name in an expression: a local or parameter, a field of an enclosing class, a static import, a type, a package. */
  private name(name: string, site: CallSite): JType | undefined {
    let anonymousChecked = site.anonymousBase === undefined;
    for (const s of this.model.enclosing(site.at)) {
      const at: Place = { path: site.at.path, qn: s.qualifiedName };
      if (CALLABLE_SCOPES.has(s.kind)) {
        const local = nearestLocal(s.locals ?? [], name, site.line);
        if (local) return this.bindingType(local, at, site);
        if (!anonymousChecked) {
          anonymousChecked = true;
          const base = this.model.typeOf(site.anonymousBase!, site.at);
          const f = base?.t === 'class' ? this.model.field(base.ref, name) : undefined;
          if (f) return this.bindingType(f.value, { path: f.owner.path, qn: f.owner.qn }, site);
        }
        const param = s.params?.find((p) => p.name === name);
        if (param?.type) {
          const t = this.model.typeOf(param.type, at);
          return t?.t === 'var' ? undefined : t;
        }
      } else if (TYPE_KINDS.has(s.kind)) {
        const f = this.model.field({ path: site.at.path, qn: s.qualifiedName }, name);
        if (f) return this.bindingType(f.value, { path: f.owner.path, qn: f.owner.qn }, site);
        // Locals of initializer blocks and field initializers' lambdas sit on the class.
        const local = nearestLocal(s.locals ?? [], name, site.line);
        if (local) return this.bindingType(local, at, site);
      }
    }
    for (const cls of this.staticImportsOf(name, site.at.path)) {
      const f = this.model.field(cls, name);
      if (f) return this.bindingType(f.value, { path: f.owner.path, qn: f.owner.qn }, site);
    }
    const t = this.model.typeName(name, site.at);
    if (t?.t === 'class') return { t: 'static', ref: t.ref };
    if (t) return undefined;
    return /^[a-z_]/.test(name) ? { t: 'package', name } : undefined;
  }
}

function arityFits(params: ParamFact[], n: number): boolean {
  const last = params[params.length - 1];
  if (last?.isRest) return n >= params.length - 1;
  return params.length === n;
}

/** Several overloads by name alone: usable when they all return the same type as written. */
function uniqueReturn(found: Found<SymbolFact>[]): Found<SymbolFact> | undefined {
  const first = found[0];
  if (!first) return undefined;
  return found.every((f) => f.value.returnType === first.value.returnType && refKey(f.owner) === refKey(first.owner)) ? first : undefined;
}

/** The local binding of `name` declared last before `line` (Java forbids shadowing a local, but sibling blocks reuse names). */
function nearestLocal(locals: BindingFact[], name: string, line: number): BindingFact | undefined {
  let best: BindingFact | undefined;
  for (const b of locals) if (b.name === name && b.line <= line && (!best || b.line >= best.line)) best = b;
  return best ?? locals.find((b) => b.name === name);
}

/** How well an argument's static type fits a parameter's (see namedFit): 0 rules the overload out. */
function typeFit(model: JavaModel, arg: JType, param: JType | undefined): number {
  if (!param || param.t === 'var' || arg.t === 'var') return 1;
  if (arg.t === 'package' || param.t === 'package') return 1;
  const argT = arg.t === 'static' ? ({ t: 'class', ref: arg.ref } as const) : arg;
  if (param.t === 'array' || argT.t === 'array') {
    if (param.t === 'array' && argT.t === 'array') return typeFit(model, argT.of, param.of);
    if (param.t === 'named' && param.name === 'Object') return 2;
    if (argT.t === 'named' && argT.name === 'null') return 2;
    return 0;
  }
  if (param.t === 'named') {
    if (argT.t === 'named') return namedFit(argT.name, param.name);
    // A workspace class for an outside parameter type: Object, or a supertype it names.
    if (param.name === 'Object') return 2;
    if (model.outsideSupertypes(argT.ref).has(param.name)) return 2;
    return PRIMITIVES_AND_BOXES.has(param.name) ? 0 : 1;
  }
  const p = param.t === 'static' ? param.ref : param.ref;
  if (argT.t === 'named') return argT.name === 'null' ? 2 : PRIMITIVES_AND_BOXES.has(argT.name) ? 0 : 1;
  if (refKey(argT.ref) === refKey(p)) return 3;
  return model.isSubclass(argT.ref, p) ? 2 : 0;
}

const PRIMITIVES_AND_BOXES = new Set(['byte', 'short', 'char', 'int', 'long', 'float', 'double', 'boolean', 'Byte', 'Short', 'Character', 'Integer', 'Long', 'Float', 'Double', 'Boolean', 'String']);
