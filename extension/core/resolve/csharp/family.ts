/**
 * The C# resolver family
 * ======================
 * Calls, references, bases and usings of C# files, resolved as the compiler binds them, on the
 * declared types the facts carry (docs/adr/0010-csharp-resolution.md):
 *  - a simple call `Foo()` is a local function of the caller, else a method of the enclosing
 *    types (with their bases), else of a `using static` type;
 *  - `recv.Foo()` types the receiver (locals, parameters, fields, properties, `this`, `base`,
 *    casts, `new T()`, method return types, foreach elements), then looks Foo up in every part
 *    of its type and its bases; when the type has no such member, an extension method
 *    `static Foo(this T x)` in a visible namespace whose `this` type the receiver is (or derives
 *    from, or a type parameter) is the target, for external receivers (`string`) too;
 *  - `new T()` / `: base()` / `: this()` call T's constructor, or T itself when it declares none;
 *  - base lists: a class base → inherits, an interface → implements (an interface's bases inherit).
 * No name-only guesses: an untyped receiver gives no edge.
 */
import type { CallFact, Chain, ImportFact, ReferenceFact, SymbolFact } from '../../parse/facts';
import type { Project } from '../project';
import type { BaseTarget, CallTarget, DefinitionRef, FamilyResolver, ImportTarget, ResolveContext, SymbolRef } from '../family';
import { topOf } from '../tracker';
import { namespaceOf, type Scope, type TypeRef } from './scope';
import { CSharpTypes, genericArgs, type Val } from './types';

const CALLABLE = new Set<SymbolFact['kind']>(['method', 'function', 'test', 'class']);
/** Value chains of locals are followed this deep (`var a = b; var b = c.D();`). */
const MAX_EVAL_DEPTH = 8;

/** Where a call or reference is written: its file, symbol, enclosing type and functions. */
interface Site {
  types: CSharpTypes;
  path: string;
  scope: Scope;
  /** The innermost enclosing type, as parts. */
  own: TypeRef[] | undefined;
  /** The caller and its enclosing functions (a local function's method), innermost first. */
  functions: SymbolFact[];
}

/** What a simple name denotes: a declaration (with the type it is a member of), or a value. */
type NameHit = { t: 'symbol'; ref: SymbolRef; owner?: TypeRef; value: () => Val | undefined } | { t: 'value'; value: () => Val | undefined };

export class CSharpFamily implements FamilyResolver {
  /**
   * Sites by file resolution (one ResolveContext per file): what a site read is charged to that
   * file's tracker when first read, so reusing it for the file's other calls records nothing new.
   */
  private readonly sites = new WeakMap<ResolveContext, { types: CSharpTypes; byQn: Map<string, Site> }>();

  private site(ctx: ResolveContext, qn: string | undefined): Site {
    let file = this.sites.get(ctx);
    if (!file) this.sites.set(ctx, (file = { types: new CSharpTypes(ctx.project, ctx.tracker), byQn: new Map() }));
    const key = qn ?? '';
    let site = file.byQn.get(key);
    if (!site) file.byQn.set(key, (site = this.makeSite(ctx, file.types, qn)));
    return site;
  }

  private makeSite(ctx: ResolveContext, types: CSharpTypes, qn: string | undefined): Site {
    const functions: SymbolFact[] = [];
    let own: TypeRef[] | undefined;
    for (let s = qn !== undefined ? ctx.view.symbols.get(qn) : undefined; s; s = s.parent !== undefined ? ctx.view.symbols.get(s.parent) : undefined) {
      if (s.kind === 'class' || s.kind === 'interface' || s.kind === 'enum') {
        own = types.partsOf(ctx.path, s.qualifiedName, s.kind);
        break;
      }
      if (s.kind !== 'type') functions.push(s);
    }
    return { types, path: ctx.path, scope: types.scopeAt(ctx.path, qn), own, functions };
  }

  importTargets(ctx: ResolveContext, imp: ImportFact): ImportTarget[] {
    const site = this.site(ctx, undefined);
    const v = site.types.typeName(imp.module.split('.'), { ...site.scope, namespaces: [''] }, undefined);
    if (v?.t === 'type') return [...new Set(v.parts.map((p) => p.path))].filter((p) => p !== ctx.path).map((path) => ({ t: 'file', path }));
    // A namespace of this workspace (its root is the file's own) is not a node; any other is a third-party one.
    const root = imp.module.split('.')[0]!;
    const own = ctx.view.facts.symbols.some((s) => s.namespace !== undefined && s.namespace.split('.')[0] === root);
    return own ? [] : [{ t: 'external', name: imp.module }];
  }

  call(ctx: ResolveContext, call: CallFact): CallTarget[] {
    const site = this.site(ctx, call.caller);
    const found = call.isNew ? this.construct(site, call.callee, call.args) : this.invoke(site, call.callee, call.args);
    const out: CallTarget[] = [];
    const seen = new Set<string>();
    for (const f of found) {
      if (!CALLABLE.has(f.kind) || seen.has(`${f.path}:${f.qn}`)) continue;
      seen.add(`${f.path}:${f.qn}`);
      out.push({ value: f, confidence: 'resolved' });
    }
    return out;
  }

  reference(ctx: ResolveContext, ref: ReferenceFact): SymbolRef | undefined {
    if (!ref.isType) return undefined;
    const site = this.site(ctx, ref.from);
    const v = site.types.typeName(ref.chain, site.scope, site.own);
    const part = v?.t === 'type' ? v.parts[0] : undefined;
    return part ? { t: 'symbol', path: part.path, qn: part.qn, kind: part.kind } : undefined;
  }

  bases(ctx: ResolveContext, s: SymbolFact): BaseTarget[] {
    const out: BaseTarget[] = [];
    for (const b of this.resolvedBases(ctx, s)) {
      if (b.v?.t === 'instance') {
        const part = b.v.parts[0]!;
        if (part.kind === 'class' || s.kind === 'interface') out.push({ t: 'symbol', path: part.path, qn: part.qn, kind: part.kind });
      } else if (!/^I[A-Z]/.test(b.name)) {
        // A third-party base: an `IName` is taken for an interface (implemented, not inherited).
        out.push({ t: 'external', name: b.name });
      }
    }
    return out;
  }

  implementations(ctx: ResolveContext, s: SymbolFact): DefinitionRef[] {
    if (s.kind !== 'class') return [];
    const out: DefinitionRef[] = [];
    for (const b of this.resolvedBases(ctx, s)) {
      const part = b.v?.t === 'instance' ? b.v.parts[0] : undefined;
      if (part?.kind === 'interface') out.push({ path: part.path, qn: part.qn });
    }
    return out;
  }

  private resolvedBases(ctx: ResolveContext, s: SymbolFact): { v: Val | undefined; name: string }[] {
    if (!s.bases?.length) return [];
    const site = this.site(ctx, s.qualifiedName);
    // Base names are looked up from the type's declaration: nested types of the enclosing type, not its own.
    const context = s.parent !== undefined ? site.own && site.types.outerOf(site.own[0]!) : undefined;
    return s.bases.map((text) => ({ v: site.types.instanceOf(text, site.scope, context), name: genericArgs(text).base.split('.').pop()! }));
  }

  // ---- calls ---------------------------------------------------------------------------------

  /** `new T()`, `: base()`, `: this()`, a record's `: Base(x)`. */
  private construct(site: Site, callee: string[], args: Chain[] | undefined): SymbolRef[] {
    let parts: TypeRef[] | undefined;
    if (callee.length === 1 && callee[0] === 'this') parts = site.own;
    else if (callee.length === 1 && callee[0] === 'base') parts = site.own && this.baseClass(site, site.own);
    else {
      const v = site.types.typeName(callee, site.scope, site.own);
      parts = v?.t === 'type' ? v.parts : undefined;
    }
    return parts ? this.constructorOf(site, parts, args) : [];
  }

  private baseClass(site: Site, parts: TypeRef[]): TypeRef[] | undefined {
    return site.types.bases(parts).find((b) => b.parts[0]?.kind === 'class')?.parts;
  }

  /** The constructor of a type the arguments fit (overload resolution), else the type itself when it declares none. */
  private constructorOf(site: Site, parts: TypeRef[], args: Chain[] | undefined): SymbolRef[] {
    const first = parts[0];
    if (!first || first.kind !== 'class') return [];
    const name = first.qn.slice(first.qn.lastIndexOf('.') + 1);
    // A static constructor runs on the type's first use: `new T()` never calls it.
    const ctors = site.types.overloads(parts, name).filter((o) => o.symbol.kind === 'method' && o.symbol.parent === o.part.qn && !o.symbol.isStatic);
    if (ctors.length) return [this.pick(site, ctors, args, 0)];
    return [{ t: 'symbol', path: first.path, qn: first.qn, kind: first.kind }];
  }

  private invoke(site: Site, callee: string[], args: Chain[] | undefined): SymbolRef[] {
    const name = callee[callee.length - 1]!;
    if (callee.length === 1) {
      const hit = this.simpleName(site, name, true);
      if (hit?.t !== 'symbol') return [];
      return [hit.owner ? this.pick(site, site.types.overloads(site.types.partsOf(hit.owner.path, hit.owner.qn, hit.owner.kind), name), args, 0) : hit.ref];
    }
    const receiver = this.evalChain(site, callee.slice(0, -1), 0);
    if (!receiver) return [];
    if (receiver.t === 'type' || receiver.t === 'instance') {
      const hit = site.types.member(receiver.parts, name);
      if (hit?.t === 'symbol') return [this.pick(site, site.types.overloads(site.types.partsOf(hit.part.path, hit.part.qn, hit.part.kind), name), args, 0)];
      if (hit) return []; // a delegate-typed field or property invoked
      return receiver.t === 'instance' ? this.extension(site, name, receiver, args) : [];
    }
    if (receiver.t === 'external') return this.extension(site, name, receiver, args);
    return [];
  }

  /**
   * Overload resolution: the overloads whose parameters take that many arguments, then the one
   * whose parameter types fit the arguments' known types best (an exact type over a base type
   * over `object`); the first declared among equals. `offset` is 1 for an extension method
   * called on its receiver (the receiver is its first parameter).
   */
  private pick(site: Site, overloads: { symbol: SymbolFact; part: TypeRef }[], args: Chain[] | undefined, offset: number): SymbolRef {
    const ref = (o: { symbol: SymbolFact; part: TypeRef }): SymbolRef => ({ t: 'symbol', path: o.part.path, qn: o.symbol.qualifiedName, kind: o.symbol.kind });
    const first = overloads[0]!;
    if (overloads.length === 1 || !args) return ref(first);
    const n = args.length + offset;
    const fits = overloads.filter(({ symbol }) => {
      const params = symbol.params ?? [];
      const required = params.filter((p) => p.default === undefined && !p.isRest).length;
      return n >= required && (n <= params.length || params.some((p) => p.isRest));
    });
    if (fits.length <= 1) return ref(fits[0] ?? first);
    const values = args.map((a) => (a[0] === '?' ? undefined : this.evalChain(site, a, 1)));
    let best = fits[0]!;
    let bestScore = -1;
    for (const o of fits) {
      const { scope } = site.types.partScope(o.part);
      let score = 0;
      for (let i = 0; i < values.length && score >= 0; i++) {
        const param = o.symbol.params?.[i + offset];
        const s = param?.type ? this.argumentFit(site, values[i], param.isRest ? param.type.replace(/\[\]$/, '') : param.type, scope, o.part) : 0;
        score = s < 0 ? -1 : score + s;
      }
      if (score > bestScore) [best, bestScore] = [o, score];
    }
    return ref(best);
  }

  /** How well an argument fits a parameter type: 3 the same type, 2 a derived type, 0 unknown or `object`, -1 not at all. */
  private argumentFit(site: Site, arg: Val | undefined, paramType: string, scope: Scope, part: TypeRef): number {
    if (!arg || arg.t === 'namespace' || arg.t === 'type') return 0;
    const bare = genericArgs(paramType.replace(/\?$/, '')).base;
    if (clrName(bare) === 'Object' || bare === 'dynamic') return 0;
    const param = site.types.instanceOf(paramType, scope, [part]);
    if (!param) return 0;
    if (param.t === 'instance') {
      if (arg.t !== 'instance') return KEYWORD_TYPES[arg.name] !== undefined || arg.name === 'String' ? -1 : 0;
      const target = param.parts[0]!.fullName;
      if (arg.parts[0]!.fullName === target) return 3;
      return site.types.ancestry(arg.parts).has(target) ? 2 : -1;
    }
    if (param.t !== 'external') return 0;
    if (arg.t === 'instance') return KEYWORD_TYPES[param.name] !== undefined ? -1 : 0;
    if (arg.t !== 'external') return 0;
    if (clrName(param.name) === clrName(arg.name)) return 3;
    const primitive = (n: string): boolean => KEYWORD_TYPES[n] !== undefined || Object.values(KEYWORD_TYPES).includes(n);
    return primitive(param.name) && primitive(arg.name) ? (NUMERIC.has(clrName(arg.name)) && NUMERIC.has(clrName(param.name)) ? 1 : -1) : 0;
  }

  /**
   * What a simple name means in a function: a local or parameter (a value), a local function,
   * a member of the enclosing types (walking out), a member of a `using static` type, a type.
   */
  private simpleName(site: Site, name: string, call: boolean): NameHit | undefined {
    const { types } = site;
    if (!call) {
      for (const fn of site.functions) {
        const local = fn.locals?.find((l) => l.name === name);
        const param = fn.params?.find((p) => p.name === name);
        const b = param ?? local;
        if (b) {
          return {
            t: 'value',
            value: () => {
              if (b.type) return types.instanceOf(b.type, site.scope, site.own);
              return local?.value ? this.evalChain(site, local.value, 1) : undefined;
            },
          };
        }
      }
    }
    if (call) {
      for (const fn of site.functions) {
        const child = types.project.view(site.path, types.tracker, topOf(fn.qualifiedName))?.children.get(fn.qualifiedName)?.get(name);
        if (child?.kind === 'function') return this.symbolHit(site, site.path, child, { path: site.path, qn: fn.qualifiedName, kind: fn.kind, fullName: fn.qualifiedName }, false);
      }
    }
    for (let c = site.own; c?.length; c = c[0] ? types.outerOf(c[0]) : undefined) {
      const hit = types.member(c, name);
      if (hit) return hit.t === 'symbol' ? this.symbolHit(site, hit.part.path, hit.symbol, hit.part, true) : { t: 'value', value: () => types.memberValue(hit) };
    }
    for (const text of site.scope.statics) {
      const v = types.typeName(text.split('.'), { ...site.scope, namespaces: [''] }, undefined);
      const hit = v?.t === 'type' ? types.member(v.parts, name) : undefined;
      if (hit) return hit.t === 'symbol' ? this.symbolHit(site, hit.part.path, hit.symbol, hit.part, true) : { t: 'value', value: () => types.memberValue(hit) };
    }
    return undefined;
  }

  /** A method, local function or nested type a name denotes; `member`: it is a type's member (overloads apply). */
  private symbolHit(site: Site, path: string, symbol: SymbolFact, part: TypeRef, member: boolean): NameHit {
    const ref: SymbolRef = { t: 'symbol', path, qn: symbol.qualifiedName, kind: symbol.kind };
    return { t: 'symbol', ref, ...(member ? { owner: part } : {}), value: () => site.types.memberValue({ t: 'symbol', symbol, part }) };
  }

  /** The static type of an access chain (the receiver of a call). */
  private evalChain(site: Site, chain: readonly string[], depth: number): Val | undefined {
    if (depth > MAX_EVAL_DEPTH) return undefined;
    const { types } = site;
    const head = chain[0];
    if (head === undefined || head === '?') return undefined;
    let v: Val | undefined;
    let rest = chain.slice(1);
    if (head === 'this') v = site.own && { t: 'instance', parts: site.own };
    else if (head === 'base') {
      const base = site.own && this.baseClass(site, site.own);
      v = base && { t: 'instance', parts: base };
    } else if (head.startsWith(':')) v = types.instanceOf(head.slice(1), site.scope, site.own);
    else if (head === '[]') return undefined;
    else {
      const call = head.endsWith('()');
      const name = call ? head.slice(0, -2) : head;
      const hit = this.simpleName(site, name, call);
      if (hit) v = hit.value();
      else {
        // A type (`Foo.Bar()`, `new Foo().Bar()`) or a namespace path (`A.B.Foo.Bar()`).
        let end = 1;
        let named: Val | undefined = types.typeName([name], site.scope, site.own);
        while (named?.t === 'namespace' && end < chain.length && !chain[end - 1]!.endsWith('()')) {
          const seg = chain[end]!;
          if (seg.endsWith('()') || seg === '[]') break;
          named = types.typeName([...chain.slice(0, end), seg].map((s) => s.replace(/\(\)$/, '')), site.scope, site.own);
          end++;
        }
        if (named?.t === 'type' && chain[end - 1]!.endsWith('()')) named = { t: 'instance', parts: named.parts };
        v = named?.t === 'namespace' ? undefined : named;
        rest = chain.slice(end);
      }
    }
    for (const seg of rest) {
      if (!v) return undefined;
      if (seg === '[]') {
        v = types.elementOf(v);
        continue;
      }
      const call = seg.endsWith('()');
      const name = call ? seg.slice(0, -2) : seg;
      if (v.t === 'type' || v.t === 'instance') {
        const hit = types.member(v.parts, name);
        if (hit) v = types.memberValue(hit);
        else if (call && v.t === 'instance') v = this.extensionValue(site, name, v);
        else v = undefined;
      } else if (v.t === 'external' && call) v = this.extensionValue(site, name, v);
      else v = undefined;
    }
    return v;
  }

  private extensionValue(site: Site, name: string, receiver: Val): Val | undefined {
    const ext = this.extension(site, name, receiver)[0];
    if (!ext) return undefined;
    const s = site.types.project.view(ext.path, site.types.tracker, topOf(ext.qn))?.symbols.get(ext.qn);
    if (!s?.returnType) return undefined;
    const parts = site.types.partsOf(ext.path, s.parent ?? s.qualifiedName, 'class');
    return site.types.instanceOf(s.returnType, site.types.scopeAt(ext.path, ext.qn), parts);
  }

  // ---- extension methods -----------------------------------------------------------------------

  /** `recv.Foo()` where Foo is no member: the extension methods `static Foo(this T x)` in scope that the receiver fits. */
  private extension(site: Site, name: string, receiver: Val, args?: Chain[]): SymbolRef[] {
    const { project, tracker } = site.types;
    const found: { symbol: SymbolFact; part: TypeRef }[] = [];
    let ancestry: Set<string> | undefined;
    for (const c of project.symbolsNamed(name, tracker)) {
      if (c.kind !== 'method' || project.languageOf(c.path) !== 'csharp') continue;
      const s = project.view(c.path, tracker, topOf(c.qn))?.symbols.get(c.qn);
      const self = s?.params?.[0];
      if (!s?.isStatic || !self?.isThis || !self.type) continue;
      if (!this.visible(site, project, c.path, c.qn)) continue;
      const thisType = genericArgs(self.type.replace(/\?$/, '')).base;
      const typeParams = new RegExp(`\\b${escape(name)}\\s*<[^>]*\\b${escape(thisType)}\\b`).test(s.signature);
      let fits = typeParams || clrName(thisType) === 'Object';
      if (!fits && receiver.t === 'instance') {
        const written = site.types.instanceOf(self.type, site.types.scopeAt(c.path, c.qn), undefined);
        ancestry ??= site.types.ancestry(receiver.parts);
        fits = written?.t === 'instance' && ancestry.has(written.parts[0]!.fullName);
      } else if (!fits && receiver.t === 'external') {
        fits = clrName(thisType.split('.').pop()!) === clrName(receiver.name);
      }
      if (fits) found.push({ symbol: s, part: { path: c.path, qn: s.parent ?? c.qn, kind: 'class', fullName: s.parent ?? c.qn } });
    }
    if (!found.length) return [];
    // The name index lists declarations in the order files were indexed: sort, so that an update picks what a rebuild picks.
    found.sort((a, b) => (a.part.path < b.part.path ? -1 : a.part.path > b.part.path ? 1 : a.symbol.qualifiedName < b.symbol.qualifiedName ? -1 : 1));
    return args ? [this.pick(site, found, args, 1)] : found.map((f) => ({ t: 'symbol', path: f.part.path, qn: f.symbol.qualifiedName, kind: f.symbol.kind }));
  }

  /** Is the type holding a declaration in a namespace the site sees (enclosing or `using`; same root for global usings)? */
  private visible(site: Site, project: Project, path: string, qn: string): boolean {
    const ns = namespaceOf(project, path, qn, site.types.tracker) ?? '';
    if (site.scope.namespaces.includes(ns) || site.scope.usings.includes(ns)) return true;
    const root = site.scope.namespaces[0]?.split('.')[0] ?? '';
    return root !== '' && ns.split('.')[0] === root;
  }
}

/** C# keywords for the framework's types are the same type as their names (`string` is `String`). */
const KEYWORD_TYPES: Record<string, string> = {
  string: 'String', object: 'Object', int: 'Int32', long: 'Int64', short: 'Int16', byte: 'Byte', bool: 'Boolean', double: 'Double',
  float: 'Single', decimal: 'Decimal', char: 'Char', uint: 'UInt32', ulong: 'UInt64', ushort: 'UInt16', sbyte: 'SByte',
};
const clrName = (name: string): string => KEYWORD_TYPES[name] ?? name;
const NUMERIC = new Set(['Byte', 'SByte', 'Int16', 'UInt16', 'Int32', 'UInt32', 'Int64', 'UInt64', 'Single', 'Double', 'Decimal', 'Char']);

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

