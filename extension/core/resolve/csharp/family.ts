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
import type { CallFact, ImportFact, ReferenceFact, SymbolFact } from '../../parse/facts';
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

export class CSharpFamily implements FamilyResolver {
  private site(ctx: ResolveContext, qn: string | undefined): Site {
    const types = new CSharpTypes(ctx.project, ctx.tracker);
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
    const found = call.isNew ? this.construct(site, call.callee) : this.invoke(site, call.callee);
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
  private construct(site: Site, callee: string[]): SymbolRef[] {
    let parts: TypeRef[] | undefined;
    if (callee.length === 1 && callee[0] === 'this') parts = site.own;
    else if (callee.length === 1 && callee[0] === 'base') parts = site.own && this.baseClass(site, site.own);
    else {
      const v = site.types.typeName(callee, site.scope, site.own);
      parts = v?.t === 'type' ? v.parts : undefined;
    }
    return parts ? this.constructorOf(site, parts) : [];
  }

  private baseClass(site: Site, parts: TypeRef[]): TypeRef[] | undefined {
    return site.types.bases(parts).find((b) => b.parts[0]?.kind === 'class')?.parts;
  }

  /** The constructor a type declares (overloads are one symbol), else the type itself. */
  private constructorOf(site: Site, parts: TypeRef[]): SymbolRef[] {
    const first = parts[0];
    if (!first || first.kind !== 'class') return [];
    const name = first.qn.slice(first.qn.lastIndexOf('.') + 1);
    for (const part of parts) {
      const ctor = site.types.project.view(part.path, site.types.tracker, topOf(part.qn))?.children.get(part.qn)?.get(name);
      if (ctor?.kind === 'method') return [{ t: 'symbol', path: part.path, qn: ctor.qualifiedName, kind: ctor.kind }];
    }
    return [{ t: 'symbol', path: first.path, qn: first.qn, kind: first.kind }];
  }

  private invoke(site: Site, callee: string[]): SymbolRef[] {
    const name = callee[callee.length - 1]!;
    if (callee.length === 1) {
      const hit = this.simpleName(site, name, true);
      return hit?.t === 'symbol' ? [hit.ref] : [];
    }
    const receiver = this.evalChain(site, callee.slice(0, -1), 0);
    if (!receiver) return [];
    if (receiver.t === 'type' || receiver.t === 'instance') {
      const hit = site.types.member(receiver.parts, name, true);
      if (hit?.t === 'symbol') return [{ t: 'symbol', path: hit.part.path, qn: hit.symbol.qualifiedName, kind: hit.symbol.kind }];
      if (hit) return []; // a delegate-typed field or property invoked
      return receiver.t === 'instance' ? this.extension(site, name, receiver) : [];
    }
    if (receiver.t === 'external') return this.extension(site, name, receiver);
    return [];
  }

  /**
   * What a simple name means in a function: a local or parameter (a value), a local function,
   * a member of the enclosing types (walking out), a member of a `using static` type, a type.
   */
  private simpleName(site: Site, name: string, call: boolean): { t: 'symbol'; ref: SymbolRef; value: () => Val | undefined } | { t: 'value'; value: () => Val | undefined } | undefined {
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
        if (child?.kind === 'function') return this.symbolHit(site, site.path, child, [{ path: site.path, qn: fn.qualifiedName, kind: fn.kind, fullName: fn.qualifiedName }]);
      }
    }
    for (let c = site.own; c?.length; c = c[0] ? types.outerOf(c[0]) : undefined) {
      const hit = types.member(c, name, call);
      if (hit) return hit.t === 'symbol' ? this.symbolHit(site, hit.part.path, hit.symbol, [hit.part]) : { t: 'value', value: () => types.memberValue(hit) };
    }
    for (const text of site.scope.statics) {
      const v = types.typeName(text.split('.'), { ...site.scope, namespaces: [''] }, undefined);
      const hit = v?.t === 'type' ? types.member(v.parts, name, call) : undefined;
      if (hit) return hit.t === 'symbol' ? this.symbolHit(site, hit.part.path, hit.symbol, [hit.part]) : { t: 'value', value: () => types.memberValue(hit) };
    }
    return undefined;
  }

  private symbolHit(site: Site, path: string, symbol: SymbolFact, parts: TypeRef[]) {
    const ref: SymbolRef = { t: 'symbol', path, qn: symbol.qualifiedName, kind: symbol.kind };
    return { t: 'symbol' as const, ref, value: () => site.types.memberValue({ t: 'symbol', symbol, part: parts[0]! }) };
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
        const hit = types.member(v.parts, name, call);
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
  private extension(site: Site, name: string, receiver: Val): SymbolRef[] {
    const { project, tracker } = site.types;
    const out: SymbolRef[] = [];
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
      if (fits) out.push({ t: 'symbol', path: c.path, qn: c.qn, kind: c.kind });
    }
    return out;
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

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

