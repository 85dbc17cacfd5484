/**
 * Ruby resolution
 * ===============
 * Resolves Ruby facts as far as the code written in the workspace says, the way Ruby's method
 * lookup would at run time when the receiver's class is known statically:
 *  - self: in a method, an instance of its class (the class itself in a singleton method, a class
 *    body or `class << self`); a bare call `m` / `m(…)` and `self.m` look `m` up on it;
 *  - constants: lexical nesting outward, the innermost class's ancestors, the top level, across
 *    every file (a class reopened anywhere is one class, ruby_classes.ts); `Const.m` is a
 *    singleton method (its `extend`ed modules and superclasses' ones included); `Const.new` is
 *    `initialize` (or a singleton `new` when the class defines one);
 *  - receivers typed by what they were assigned: `x = Foo.new`, `@x = Foo.new` (fields of the
 *    class, any method, any opening), `Foo.new.bar`;
 *  - `super` is the same method further up the ancestors;
 *  - top-level defs (private methods of Object) are reached by bare calls when no method of self
 *    has the name: in the same file, or the only one of that name in the workspace;
 *  - a def inside an RSpec group is a helper its examples call by name.
 * What cannot be typed (a parameter, a method's result, a third-party object) gives no edge: no
 * name-only guesses, so precision holds.
 */
import type { BindingFact, CallFact, Chain, ImportFact, ReferenceFact, SymbolFact } from '../../parse/facts';
import type { BaseTarget, CallTarget, DefinitionRef, FamilyResolver, ImportTarget, ResolveContext, SymbolRef } from '../family';
import type { FileView, Project } from '../project';
import { topOf, type DepTracker } from '../tracker';
import { RubyClasses, outerOf, type MethodHit } from './ruby_classes';
import { requireTarget } from './ruby_requires';

type RbValue = { t: 'inst'; qn: string } | { t: 'const'; qn: string };

const MAX_DEPTH = 8;

export class RubyFamily implements FamilyResolver {
  /** One class table per file being resolved (its tracker), so its memo tables never cross files. */
  private readonly tables = new WeakMap<DepTracker, RubyClasses>();

  constructor(private readonly project: Project) {}

  private run(ctx: ResolveContext): Run {
    let classes = this.tables.get(ctx.tracker);
    if (!classes) this.tables.set(ctx.tracker, (classes = new RubyClasses(this.project, ctx.tracker)));
    return new Run(this.project, ctx, classes);
  }

  importTargets(ctx: ResolveContext, imp: ImportFact): ImportTarget[] {
    return requireTarget(this.project, ctx.path, imp, ctx.tracker);
  }

  call(ctx: ResolveContext, call: CallFact): CallTarget[] {
    const run = this.run(ctx);
    const hit = run.call(call);
    return hit ? [{ value: hit.ref, confidence: run.inferred ? 'inferred' : 'resolved' }] : [];
  }

  reference(ctx: ResolveContext, ref: ReferenceFact): SymbolRef | undefined {
    if (ref.chain.length !== 1) return undefined;
    const run = this.run(ctx);
    const qn = run.classes.resolveConst(ref.chain[0]!, run.site(ref.from).nesting);
    return qn !== undefined ? run.classes.canonical(qn) : undefined;
  }

  bases(ctx: ResolveContext, s: SymbolFact): BaseTarget[] {
    const run = this.run(ctx);
    const out: BaseTarget[] = [];
    for (const text of [...(s.bases ?? []), ...(s.singletonBases ?? [])]) {
      if (text === 'self') continue;
      const qn = run.classes.resolveConst(text, s.qualifiedName, false);
      const ref = qn !== undefined ? run.classes.canonical(qn) : undefined;
      if (ref && !(ref.path === ctx.path && ref.qn === s.qualifiedName)) out.push(ref);
    }
    return out;
  }

  implementations(_ctx: ResolveContext, _s: SymbolFact): DefinitionRef[] {
    return [];
  }
}

/** Where a call stands: its definition, the class self belongs to and which side of it. */
interface Site {
  sym?: SymbolFact;
  /** The innermost class or module around the site (constant lookup). */
  nesting?: string;
  self?: RbValue;
  /** The enclosing RSpec groups, innermost first (their helpers). */
  groups: string[];
}

/** One resolution: reads are charged to the file's tracker. */
class Run {
  inferred = false;

  constructor(
    private readonly project: Project,
    private readonly ctx: ResolveContext,
    readonly classes: RubyClasses,
  ) {}

  site(caller: string | undefined, view: FileView = this.ctx.view): Site {
    const sym = caller !== undefined ? view.symbols.get(caller) : undefined;
    const groups: string[] = [];
    for (let s = sym; s; s = s.parent !== undefined ? view.symbols.get(s.parent) : undefined) if (s.kind === 'test') groups.push(s.qualifiedName);
    if (!sym) return { groups };
    if (sym.kind === 'class') return { sym, nesting: sym.qualifiedName, self: { t: 'const', qn: sym.qualifiedName }, groups };
    const owner = ownerOf(sym, view.symbols);
    if (owner === undefined) return { sym, groups };
    return { sym, nesting: owner, self: sym.isStatic === true && sym.isClassMethod !== true ? { t: 'const', qn: owner } : { t: 'inst', qn: owner }, groups };
  }

  call(call: CallFact): MethodHit | undefined {
    const site = this.site(call.caller);
    const chain = call.callee;
    const name = chain[chain.length - 1]!;
    if (chain.length === 1) {
      if (name === 'super') return this.superOf(site);
      return this.selfCall(site, name);
    }
    const receiver = this.evalChain(site, chain.slice(0, -1), call.line, 0);
    return receiver ? this.send(receiver, name) : undefined;
  }

  /** A method sent to a value: an instance's method, a class's singleton method, `new` → `initialize`. */
  private send(v: RbValue, name: string): MethodHit | undefined {
    if (v.t === 'inst') return this.classes.findMethod(v.qn, name, false);
    if (name === 'new') return this.classes.findMethod(v.qn, 'new', true) ?? this.classes.findMethod(v.qn, 'initialize', false);
    return this.classes.findMethod(v.qn, name, true);
  }

  private selfCall(site: Site, name: string, view: FileView = this.ctx.view): MethodHit | undefined {
    if (site.self) {
      const hit = this.send(site.self, name);
      if (hit) return hit;
      // A module's method calls its own siblings (module_function, `extend self` reach them as singletons).
      if (site.self.t === 'const') {
        const own = this.classes.findMethod(site.self.qn, name, false);
        if (own && own.sym.isClassMethod === true) return own;
      }
    }
    const path = view.facts.path;
    for (const g of site.groups) {
      const qn = `${g}.${name}`;
      const helper = this.read(path, qn)?.symbols.get(qn);
      if (helper && helper.kind === 'function') return { ref: { t: 'symbol', path, qn, kind: helper.kind }, sym: helper };
    }
    return this.topLevel(name, path);
  }

  /** A file's view for reading `qn`: the own file's as it is, another's charged to the tracker. */
  private read(path: string, qn: string): FileView | undefined {
    return path === this.ctx.path ? this.ctx.view : this.project.view(path, this.ctx.tracker, topOf(qn));
  }

  /** A top-level def: in this file, else the only one of that name in the workspace. */
  private topLevel(name: string, path: string): MethodHit | undefined {
    const own = this.read(path, name)?.topLevel.get(name);
    if (own?.kind === 'function') return { ref: { t: 'symbol', path, qn: own.qualifiedName, kind: own.kind }, sym: own };
    const all = this.project.symbolsNamed(name, this.ctx.tracker).filter((n) => n.kind === 'function' && n.qn === name && this.project.languageOf(n.path) === 'ruby');
    if (all.length !== 1) return undefined;
    const only = all[0]!;
    const sym = this.project.view(only.path, this.ctx.tracker, name)?.symbols.get(name);
    return sym ? { ref: { t: 'symbol', path: only.path, qn: name, kind: only.kind }, sym } : undefined;
  }

  private superOf(site: Site): MethodHit | undefined {
    if (!site.sym || !site.self || (site.sym.kind !== 'method' && site.sym.kind !== 'test')) return undefined;
    return this.classes.findMethod(site.self.qn, site.sym.name, site.self.t === 'const', true);
  }

  // ---- values ---------------------------------------------------------------------------------

  private evalChain(site: Site, chain: Chain, line: number, depth: number, view: FileView = this.ctx.view): RbValue | undefined {
    if (depth > MAX_DEPTH || !chain.length) return undefined;
    let v = this.first(site, chain[0]!, line, depth, view);
    for (const seg of chain.slice(1)) {
      if (!v) return undefined;
      if (seg === 'new()' && v.t === 'const') v = { t: 'inst', qn: v.qn };
      else if (seg.endsWith('()')) v = this.resultOf(this.send(v, seg.slice(0, -2)), depth);
      else v = undefined;
    }
    return v;
  }

  /** What a method returns, when every chain it returns (facts.ts `returns`) that can be typed agrees. */
  private resultOf(hit: MethodHit | undefined, depth: number): RbValue | undefined {
    if (!hit?.sym.returns?.length || depth > MAX_DEPTH) return undefined;
    const view = this.read(hit.ref.path, hit.ref.qn);
    if (!view) return undefined;
    const site = this.site(hit.ref.qn, view);
    let found: RbValue | undefined;
    for (const chain of hit.sym.returns) {
      const v = this.evalChain(site, chain, Number.MAX_SAFE_INTEGER, depth + 1, view);
      if (!v) continue;
      if (found && (found.t !== v.t || found.qn !== v.qn)) return undefined;
      found = v;
    }
    if (found) this.inferred = true;
    return found;
  }

  private first(site: Site, seg: string, line: number, depth: number, view: FileView): RbValue | undefined {
    if (seg === 'self') return site.self;
    if (/^(::)?[A-Z]/.test(seg)) {
      const qn = this.classes.resolveConst(seg, site.nesting);
      return qn !== undefined ? { t: 'const', qn } : undefined;
    }
    if (seg.startsWith('@') && !seg.startsWith('@@')) return this.field(site, seg, depth);
    // A bare `new` in a singleton method or class body: an instance of self.
    if (seg === 'new()') return site.self?.t === 'const' ? { t: 'inst', qn: site.self.qn } : undefined;
    if (seg.endsWith('()')) return this.resultOf(this.selfCall(site, seg.slice(0, -2), view), depth);
    if (seg === '?') return undefined;
    return this.local(site, seg, line, depth, view);
  }

  /** A local by the nearest assignment above the use. */
  private local(site: Site, name: string, line: number, depth: number, view: FileView): RbValue | undefined {
    let best: BindingFact | undefined;
    for (const b of site.sym?.locals ?? []) if (b.name === name && b.line <= line && (!best || b.line >= best.line)) best = b;
    if (!best?.value) return undefined;
    this.inferred = true;
    return this.evalChain(site, best.value, best.line, depth + 1, view);
  }

  /** An instance variable of self's class: what some method of it (any opening) assigns it, when all agree. */
  private field(site: Site, name: string, depth: number): RbValue | undefined {
    if (site.self?.t !== 'inst') return undefined;
    let found: RbValue | undefined;
    for (const def of this.classes.defs(site.self.qn)) {
      for (const f of def.sym.fields ?? []) {
        if (f.name !== name || !f.value) continue;
        const v = this.evalChain({ nesting: site.self.qn, self: site.self, groups: [] }, f.value, Number.MAX_SAFE_INTEGER, depth + 1);
        if (!v) continue;
        if (found && (found.t !== v.t || found.qn !== v.qn)) return undefined; // assigned different things
        found = v;
      }
    }
    if (found) this.inferred = true;
    return found;
  }
}

/** The class or module a method belongs to: its parent, or what its qualified name says (`def Foo.x`, a class opened elsewhere). */
function ownerOf(sym: SymbolFact, symbols: Map<string, SymbolFact>): string | undefined {
  if (sym.kind !== 'method' && sym.kind !== 'test') return undefined;
  if (sym.parent !== undefined) {
    const p = symbols.get(sym.parent);
    return p?.kind === 'class' ? p.qualifiedName : undefined;
  }
  const outer = outerOf(sym.qualifiedName);
  if (outer === undefined || sym.qualifiedName.includes(' > ')) return undefined;
  return outer.endsWith('.self') ? outer.slice(0, -'.self'.length) : outer;
}
