/**
 * The PHP resolver family
 * =======================
 * Calls, references, bases and `use` imports of PHP files, resolved as PHP binds them, on the
 * declared types the facts carry (docs/adr/0012-php-resolution.md):
 *  - `f()` is a function (php_names.ts: `use function`, the namespace, then the global one);
 *  - `$x->m()` / `$x?->m()` types the receiver (`$this`, parameters, locals, typed and promoted
 *    properties, `$this->x = …` assignments, `@var`/`@param`/`@return` doc types, `new`, method
 *    and function return types, `foreach` elements of `T[]` / `array<T>`), then looks `m` up in the
 *    class, its traits, its parent classes and its interfaces, in that order;
 *  - `A::m()`, `self::m()`, `static::m()` look `m` up from A or the enclosing class, `parent::m()`
 *    from the parent class; `new A()` calls A's `__construct` (inherited ones too), else A itself;
 *  - `extends` and `use Trait` → inherits, `implements` → implements.
 * No name-only guesses: an untyped receiver gives no edge.
 */
import type { CallFact, ImportFact, ReferenceFact, SymbolFact } from '../../parse/facts';
import type { Project } from '../project';
import type { BaseTarget, CallTarget, DefinitionRef, FamilyResolver, ImportTarget, ResolveContext, SymbolRef } from '../family';
import { topOf } from '../tracker';
import { claimedByPsr4, PhpNames, readPsr4, type ClassRef, type Psr4Map, type Scope } from './php_names';
import { PhpTypes, type Val } from './php_types';

const CALLABLE = new Set<SymbolFact['kind']>(['method', 'function', 'test', 'class']);
/** Value chains of locals are followed this deep (`$a = $b; $b = $c->d();`). */
const MAX_EVAL_DEPTH = 8;

/** Where a call or reference is written: its file, scope, enclosing class and function. */
interface Site {
  types: PhpTypes;
  scope: Scope;
  /** The enclosing class, trait, interface or enum. */
  own: ClassRef | undefined;
  /** The caller (a method or function), if any. */
  fn: SymbolFact | undefined;
  /** File-level variables, for code at file level. */
  bindings: ReadonlyMap<string, { type?: string; value?: string[] }>;
}

export class PhpFamily implements FamilyResolver {
  private psr4: Psr4Map | undefined;

  constructor(private readonly project: Project) {}

  private site(ctx: ResolveContext, qn: string | undefined): Site {
    this.psr4 ??= readPsr4(this.project, ctx.tracker);
    const names = new PhpNames(ctx.project, ctx.tracker, this.psr4);
    const types = new PhpTypes(names);
    let own: ClassRef | undefined;
    let fn: SymbolFact | undefined;
    for (let s = qn !== undefined ? ctx.view.symbols.get(qn) : undefined; s; s = s.parent !== undefined ? ctx.view.symbols.get(s.parent) : undefined) {
      if (s.kind === 'class' || s.kind === 'interface' || s.kind === 'enum') {
        const top = ctx.view.symbols.get(topOf(s.qualifiedName));
        own = { path: ctx.path, qn: s.qualifiedName, kind: s.kind, fqn: top?.namespace ? `${top.namespace}\\${s.qualifiedName}` : s.qualifiedName };
        break;
      }
      if (!fn && s.kind !== 'constant') fn = s;
    }
    return { types, scope: names.scopeAt(ctx.path, qn), own, fn, bindings: qn === undefined ? ctx.view.bindings : new Map() };
  }

  importTargets(ctx: ResolveContext, imp: ImportFact): ImportTarget[] {
    const site = this.site(ctx, undefined);
    const { names } = site.types;
    const found = imp.symbolKind === 'function' ? names.functionByFqn(imp.module) : imp.symbolKind === 'constant' ? undefined : names.classByFqn(imp.module);
    if (found) return found.path === ctx.path ? [] : [{ t: 'file', path: found.path }];
    // A name under one of the workspace's own PSR-4 prefixes is ours (not a third-party package), even when missing.
    if (claimedByPsr4(names.psr4Map(), imp.module)) return [];
    if (imp.symbolKind === undefined && names.classByFqn(imp.module) === undefined && this.declaresNamespace(ctx, imp.module)) return [];
    const ns = imp.module.includes('\\') ? imp.module.slice(0, imp.module.lastIndexOf('\\')) : imp.module;
    return [{ t: 'external', name: ns }];
  }

  /** Does this file declare the namespace (or one below) that an import names? Then it is no third-party one. */
  private declaresNamespace(ctx: ResolveContext, module: string): boolean {
    const root = module.split('\\')[0]!;
    return ctx.view.facts.symbols.some((s) => s.namespace !== undefined && s.namespace.split('\\')[0] === root);
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
    const text = ref.chain[0];
    if (ref.chain.length !== 1 || text === undefined) return undefined;
    const site = this.site(ctx, ref.from);
    const c = site.types.names.classNamed(text.replace(/^\?/, ''), site.scope);
    return c ? { t: 'symbol', path: c.path, qn: c.qn, kind: c.kind } : undefined;
  }

  bases(ctx: ResolveContext, s: SymbolFact): BaseTarget[] {
    const site = this.site(ctx, s.qualifiedName);
    const out: BaseTarget[] = [];
    for (const text of [...(s.bases ?? []), ...(s.mixins ?? [])]) {
      const c = site.types.names.classNamed(text, site.scope);
      if (c) out.push({ t: 'symbol', path: c.path, qn: c.qn, kind: c.kind });
      else {
        const fqn = site.types.names.className(text, site.scope);
        if (fqn && !claimedByPsr4(site.types.names.psr4Map(), fqn)) out.push({ t: 'external', name: fqn });
      }
    }
    return out;
  }

  implementations(ctx: ResolveContext, s: SymbolFact): DefinitionRef[] {
    if (s.kind !== 'class' || !s.implements?.length) return [];
    const site = this.site(ctx, s.qualifiedName);
    const out: DefinitionRef[] = [];
    for (const text of s.implements) {
      const c = site.types.names.classNamed(text, site.scope);
      if (c?.kind === 'interface') out.push({ path: c.path, qn: c.qn });
    }
    return out;
  }

  // ---- calls ---------------------------------------------------------------------------------

  /** `new A()`, `new static()`, `new self()`, `new parent()`. */
  private construct(site: Site, callee: string[]): SymbolRef[] {
    const written = callee[0];
    if (callee.length !== 1 || written === undefined) return [];
    const cls = this.classOf(site, written);
    if (!cls) return [];
    const ctor = site.types.member([cls], '__construct', true);
    if (ctor?.t === 'symbol') return [toRef(ctor.part.path, ctor.symbol)];
    return cls.kind === 'class' ? [{ t: 'symbol', path: cls.path, qn: cls.qn, kind: cls.kind }] : [];
  }

  /** `self`, `static`, `parent` or a class name, from the site. */
  private classOf(site: Site, written: string): ClassRef | undefined {
    const lower = written.toLowerCase();
    if (lower === 'self' || lower === 'static') return site.own;
    if (lower === 'parent') return site.own ? site.types.parentOf(site.own) : undefined;
    return site.types.names.classNamed(written, site.scope);
  }

  private invoke(site: Site, callee: string[]): SymbolRef[] {
    const name = callee[callee.length - 1]!;
    if (callee.length === 1) {
      for (const fqn of site.types.names.functionNames(name, site.scope)) {
        const f = site.types.names.functionByFqn(fqn);
        if (f) return [{ t: 'symbol', path: f.path, qn: f.qn, kind: f.kind }];
      }
      return [];
    }
    const receiver = this.evalChain(site, callee.slice(0, -1), 0);
    if (!receiver) return [];
    const out: SymbolRef[] = [];
    for (const cls of receiver.classes) {
      const hit = site.types.member([cls], name, true);
      if (hit?.t === 'symbol') out.push(toRef(hit.part.path, hit.symbol));
    }
    return out;
  }

  /** The value of a variable in the site's function (a parameter, a local) or at file level. */
  private variable(site: Site, name: string, depth: number): Val | undefined {
    const fn = site.fn;
    const param = fn?.params?.find((p) => p.name === name);
    if (param) return param.type ? site.types.instanceOf(param.type, site.scope, site.own) : undefined;
    const local = fn ? fn.locals?.find((l) => l.name === name) : site.bindings.get(name);
    if (!local) return undefined;
    if (local.type) return site.types.instanceOf(local.type, site.scope, site.own);
    return local.value ? this.evalChain(site, local.value, depth + 1) : undefined;
  }

  /** The static type of an access chain (the receiver of a call). */
  private evalChain(site: Site, chain: readonly string[], depth: number): Val | undefined {
    if (depth > MAX_EVAL_DEPTH) return undefined;
    const { types } = site;
    const head = chain[0];
    if (head === undefined || head === '?' || head === '[]') return undefined;
    let v: Val | undefined;
    if (head === '$this') v = site.own && { classes: [site.own], static: false };
    else if (head.startsWith('$')) v = this.variable(site, head, depth);
    else if (head.startsWith(':')) {
      const text = head.slice(1);
      const cls = /^(self|static|parent)$/i.test(text) ? this.classOf(site, text) : undefined;
      v = cls ? { classes: [cls], static: false } : types.instanceOf(text, site.scope, site.own);
    } else if (head.endsWith('()')) {
      const name = head.slice(0, -2);
      for (const fqn of types.names.functionNames(name, site.scope)) {
        const f = types.names.functionByFqn(fqn);
        if (!f) continue;
        const s = types.names.project.view(f.path, types.names.tracker, f.qn)?.symbols.get(f.qn);
        v = s ? types.returnValue(f.path, s, undefined) : undefined;
        break;
      }
    } else {
      const cls = this.classOf(site, head);
      v = cls && { classes: [cls], static: true };
    }
    for (const seg of chain.slice(1)) {
      if (!v) return undefined;
      v = types.step(v, seg);
    }
    return v;
  }
}

const toRef = (path: string, s: SymbolFact): SymbolRef => ({ t: 'symbol', path, qn: s.qualifiedName, kind: s.kind });

