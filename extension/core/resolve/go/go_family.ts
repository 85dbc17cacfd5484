/**
 * Go resolution
 * =============
 * Resolves Go facts as the type checker would, as far as the declarations written in the
 * workspace say: a name is a local (receivers, parameters, `:=` and `var` locals, range values,
 * type-switch cases, nearest binding above the use), then a package-level declaration of the
 * file's package (every file of the folder with the same package clause), then an import, then a
 * `.` import. An access chain steps through packages (`pkg.F`), struct fields and their types,
 * methods (value and pointer receivers alike, promoted through embedded fields), interface
 * methods, function results (`NewX()` → its first result type), composite literals, `new(T)`,
 * type assertions and elements (`[]`: index, range, receive). Conversions (`T(x)`) are not calls.
 * What cannot be typed from the workspace (a third-party value, a generic type parameter) gives
 * no edge: no name-only guesses, so precision holds.
 */
import type { BindingFact, CallFact, Chain, ImportFact, ReferenceFact, SymbolFact } from '../../parse/facts';
import type { BaseTarget, CallTarget, DefinitionRef, FamilyResolver, ImportTarget, ResolveContext, SymbolRef } from '../family';
import type { Project } from '../project';
import type { DepTracker } from '../tracker';
import { guessPackageName } from '../../parse/go_syntax';
import { nthResult, typeShape } from './go_types';
import { GoPackages } from './go_packages';

type GoValue =
  | { t: 'pkg'; dir: string }
  | { t: 'type'; ref: SymbolRef }
  | { t: 'inst'; ref: SymbolRef }
  | { t: 'elem'; of: string; path: string }
  /** A value of a func type (`func(int) Result`): calling it gives its result. */
  | { t: 'fn'; result: string; path: string }
  | { t: 'func'; ref: SymbolRef; sym: SymbolFact }
  | { t: 'external'; name: string };

/** Where a name is looked up: a file, the definition around the use (for its locals), the use's line. */
interface Scope {
  path: string;
  caller?: string;
  line: number;
}

const MAX_DEPTH = 12;
const TYPE_KINDS = new Set(['class', 'interface', 'type']);
const FUNC_KINDS = new Set(['function', 'test']);

/** Lookups already made for one file's resolution (its tracker holds their keys). */
interface Memo {
  /** By file list (the lists are memoised per tracker too, so one list is one object), then by name. */
  top: WeakMap<string[], Map<string, { path: string; s: SymbolFact } | null>>;
  members: Map<string, GoValue | null>;
}

export class GoFamily implements FamilyResolver {
  private readonly packages: GoPackages;
  private readonly memos = new WeakMap<DepTracker, Memo>();

  private memo(ctx: ResolveContext): Memo {
    let m = this.memos.get(ctx.tracker);
    if (!m) this.memos.set(ctx.tracker, (m = { top: new WeakMap(), members: new Map() }));
    return m;
  }

  constructor(private readonly project: Project) {
    this.packages = new GoPackages(project);
  }

  importTargets(ctx: ResolveContext, imp: ImportFact): ImportTarget[] {
    const place = this.packages.importPlace(ctx.path, imp.module, ctx.tracker);
    if (place.t === 'external') return [{ t: 'external', name: place.name }];
    return this.packages.packageFiles(place.dir, ctx.tracker).length ? [{ t: 'module', dir: place.dir }] : [];
  }

  call(ctx: ResolveContext, call: CallFact): CallTarget[] {
    const run = new Run(this.project, this.packages, ctx, this.memo(ctx));
    const target = run.evalChain({ path: ctx.path, ...(call.caller !== undefined ? { caller: call.caller } : {}), line: call.line }, stripCall(call.callee), 0);
    if (target?.t !== 'func') return [];
    return [{ value: target.ref, confidence: run.inferred ? 'inferred' : 'resolved' }];
  }

  reference(ctx: ResolveContext, ref: ReferenceFact): SymbolRef | undefined {
    const run = new Run(this.project, this.packages, ctx, this.memo(ctx));
    const scope = { path: ctx.path, ...(ref.from !== undefined ? { caller: ref.from } : {}), line: ref.line };
    const v = ref.isType ? run.typeValue(ref.chain, scope) : run.evalChain(scope, ref.chain, 0);
    if (v?.t === 'func' || v?.t === 'type') return v.ref;
    return undefined;
  }

  bases(ctx: ResolveContext, s: SymbolFact): BaseTarget[] {
    const run = new Run(this.project, this.packages, ctx, this.memo(ctx));
    const out: BaseTarget[] = [];
    for (const text of s.bases ?? []) {
      const v = run.namedType(text, ctx.path, 0);
      if (v?.t === 'type') out.push(v.ref);
      else if (v?.t === 'external') out.push({ t: 'external', name: v.name });
    }
    return out;
  }

  /**
   * The interfaces a struct implements, from method sets: every method an interface asks for
   * (its own and its embedded interfaces') is a method of the struct, of its pointer or promoted
   * from an embedded field, by name and parameter count. The interfaces looked at are those of
   * the struct's package and of the in-module packages its file imports; an interface embedding a
   * third-party one is left out (its methods are not known).
   */
  implementations(ctx: ResolveContext, s: SymbolFact): DefinitionRef[] {
    if (s.kind !== 'class' || s.parent !== undefined) return [];
    return new Run(this.project, this.packages, ctx, this.memo(ctx)).implemented(s);
  }
}

/** `F()` → F: the call's target is what the chain names once its last call is taken off. */
function stripCall(chain: Chain): Chain {
  const last = chain[chain.length - 1]!;
  return last.endsWith('()') ? [...chain.slice(0, -1), last.slice(0, -2)] : chain;
}

/** One resolution (a call, a reference): reads are charged to the file's tracker. */
class Run {
  /** Set when the answer went through a local's inferred value (`x := NewX()`), not declared types alone. */
  inferred = false;

  constructor(
    private readonly project: Project,
    private readonly packages: GoPackages,
    private readonly ctx: ResolveContext,
    private readonly memo: Memo,
  ) {}

  private get tracker() {
    return this.ctx.tracker;
  }

  /** A file's view; `part` undefined reads all of it. */
  private view(path: string, part: string | undefined) {
    return path === this.ctx.path ? this.ctx.view : this.project.view(path, this.tracker, part);
  }

  evalChain(scope: Scope, chain: Chain, depth: number): GoValue | undefined {
    if (depth > MAX_DEPTH || !chain.length) return undefined;
    let v = this.first(scope, chain[0]!, chain.length > 1, depth);
    for (const seg of chain.slice(1)) {
      if (!v) return undefined;
      v = this.step(v, seg, depth);
    }
    return v;
  }

  /** A type position's chain (`Server`, `pkg.Server`) → the named type. */
  typeValue(chain: Chain, scope: Scope): GoValue | undefined {
    return this.namedType(chain.join('.'), scope.path, 0);
  }

  private first(scope: Scope, seg: string, selected: boolean, depth: number): GoValue | undefined {
    if (seg.startsWith(':')) return this.instOf(seg.slice(1), scope.path, depth);
    const called = seg.endsWith('()');
    const name = called ? seg.slice(0, -2) : seg;
    const v = this.lookup(scope, name, selected, depth);
    return called && v ? this.applyCall(v, depth) : v;
  }

  private step(v: GoValue, seg: string, depth: number): GoValue | undefined {
    if (v.t === 'external') return v;
    if (seg === '[]') {
      const u = v.t === 'inst' ? this.underlying(v.ref, depth) : v;
      return u?.t === 'elem' ? this.instOf(u.of, u.path, depth) : undefined;
    }
    if (seg.startsWith(':') || seg === '?') return undefined;
    const called = seg.endsWith('()');
    const name = called ? seg.slice(0, -2) : seg;
    let m: GoValue | undefined;
    if (v.t === 'pkg') m = this.packageMember(this.packages.packageFiles(v.dir, this.tracker), name, true, depth);
    else if (v.t === 'inst') m = this.member(v.ref, name, depth, new Set());
    else if (v.t === 'type') {
      // A method expression: `(*T).M` / `T.M`.
      const f = this.member(v.ref, name, depth, new Set());
      m = f?.t === 'func' ? f : undefined;
    }
    return called && m ? this.applyCall(m, depth) : m;
  }

  /** What calling a value gives: a function's result (the first, or number `index`); a conversion `T(x)` is no call, but its value is a T. */
  private applyCall(v: GoValue, depth: number, index = 0): GoValue | undefined {
    if (v.t === 'func') {
      const result = v.sym.returnType !== undefined ? nthResult(v.sym.returnType, index) : undefined;
      return result !== undefined ? this.instOf(result, v.ref.path, depth + 1) : undefined;
    }
    if (v.t === 'type') return index === 0 ? { t: 'inst', ref: v.ref } : undefined;
    if (v.t === 'external') return v;
    const fn = v.t === 'inst' ? this.underlying(v.ref, depth) : v;
    if (fn?.t === 'fn') {
      const result = nthResult(fn.result, index);
      return result !== undefined ? this.instOf(result, fn.path, depth + 1) : undefined;
    }
    return undefined;
  }

  /** A defined type's underlying slice, map, channel or func type (`type Path []PathStep`), as a value shape. */
  private underlying(ref: SymbolRef, depth: number): GoValue | undefined {
    if (ref.kind !== 'type' || depth > MAX_DEPTH) return undefined;
    const sym = this.view(ref.path, ref.qn)?.symbols.get(ref.qn);
    if (sym?.returnType === undefined) return undefined;
    const v = this.instOf(sym.returnType, ref.path, depth + 1);
    if (v?.t === 'inst' && v.ref.kind === 'type' && v.ref.qn !== ref.qn) return this.underlying(v.ref, depth + 1);
    return v;
  }

  // ---- names --------------------------------------------------------------------------------

  private lookup(scope: Scope, name: string, selected: boolean, depth: number): GoValue | undefined {
    if (name === '_' || name === '?') return undefined;
    const local = scope.path === this.ctx.path ? this.local(scope, name, depth) : undefined;
    if (local !== undefined) return local || undefined;
    const top = this.packageMember(this.packages.siblings(scope.path, this.tracker), name, false, depth);
    if (top) return top;
    const imported = this.importNamed(scope.path, name, selected);
    if (imported) return imported;
    for (const imp of this.view(scope.path, '*')?.starImports ?? []) {
      const place = this.packages.importPlace(scope.path, imp.module, this.tracker);
      if (place.t !== 'dir') continue;
      const found = this.packageMember(this.packages.packageFiles(place.dir, this.tracker), name, true, depth);
      if (found) return found;
    }
    return undefined;
  }

  /** A local of the enclosing definition: undefined if there is none, false if there is one we cannot type. */
  private local(scope: Scope, name: string, depth: number): GoValue | false | undefined {
    if (scope.caller === undefined) return undefined;
    const sym = this.ctx.view.symbols.get(scope.caller);
    if (!sym) return undefined;
    let best: BindingFact | undefined;
    // The nearest binding above the use (or on its line: `if v, ok := f(); v.ok()`), still in scope there.
    for (const b of sym.locals ?? []) {
      if (b.name !== name || b.line > scope.line || (b.until !== undefined && scope.line > b.until)) continue;
      if (!best || b.line >= best.line) best = b;
    }
    if (best) {
      if (best.type !== undefined) return this.instOf(best.type, scope.path, depth + 1) ?? false;
      if (best.value) {
        this.inferred = true;
        // The value is read just above its own line: `x := x.Next()` reads the x before it.
        const at = { ...scope, line: best.line - 0.5 };
        if (best.result !== undefined) {
          const last = best.value[best.value.length - 1]!;
          if (!last.endsWith('()')) return false;
          const callee = this.evalChain(at, [...best.value.slice(0, -1), last.slice(0, -2)], depth + 1);
          return (callee && this.applyCall(callee, depth + 1, best.result)) ?? false;
        }
        return this.evalChain(at, best.value, depth + 1) ?? false;
      }
      return false;
    }
    const param = sym.params?.find((p) => p.name === name);
    if (param) return param.type !== undefined ? (this.instOf(param.isRest ? `[]${param.type}` : param.type, scope.path, depth + 1) ?? false) : false;
    return undefined;
  }

  /** A package-level name among a package's files (`exportedOnly` from another package). */
  private packageMember(files: string[], name: string, exportedOnly: boolean, depth: number): GoValue | undefined {
    let byName = this.memo.top.get(files);
    if (!byName) this.memo.top.set(files, (byName = new Map()));
    const key = `${exportedOnly ? '+' : '-'}${name}`;
    let found = byName.get(key);
    if (found === undefined) {
      found = null;
      for (const path of files) {
        const s = this.view(path, name)?.symbols.get(name);
        if (s && (!exportedOnly || s.exported)) {
          found = { path, s };
          break;
        }
      }
      byName.set(key, found);
    }
    if (!found) return undefined;
    {
      const { path, s } = found;
      const view = this.view(path, name);
      const ref: SymbolRef = { t: 'symbol', path, qn: s.qualifiedName, kind: s.kind };
      if (TYPE_KINDS.has(s.kind)) return { t: 'type', ref };
      if (FUNC_KINDS.has(s.kind)) return { t: 'func', ref, sym: s };
      const b = view!.bindings.get(name);
      if (b?.type !== undefined) return this.instOf(b.type, path, depth + 1);
      if (b?.value) {
        this.inferred = true;
        return this.evalChain({ path, line: Number.MAX_SAFE_INTEGER }, b.value, depth + 1);
      }
      return undefined;
    }
  }

  /**
   * An import of the file by its local name: the alias, or the imported package's own name. The
   * extractor guessed that name from the path; when the guess misses (`go-yaml` is `yaml`), the
   * file's imports are read whole to find the package that calls itself so.
   */
  private importNamed(path: string, name: string, selected: boolean): GoValue | undefined {
    const view = this.view(path, name);
    const hit = view?.imports.get(name);
    if (hit) return this.importValue(path, hit.fact.module);
    if (!selected) return undefined;
    const whole = path === this.ctx.path ? this.ctx.view : this.project.view(path, this.tracker);
    for (const imp of whole?.facts.imports ?? []) {
      const n = imp.names[0];
      if (!n || n.local !== guessPackageName(imp.module)) continue; // aliased: its name is the alias
      const place = this.packages.importPlace(path, imp.module, this.tracker);
      if (place.t === 'dir' && this.packages.dirPackageName(place.dir, this.tracker) === name) return { t: 'pkg', dir: place.dir };
    }
    return undefined;
  }

  private importValue(path: string, module: string): GoValue {
    const place = this.packages.importPlace(path, module, this.tracker);
    return place.t === 'dir' ? { t: 'pkg', dir: place.dir } : { t: 'external', name: place.name };
  }

  // ---- types --------------------------------------------------------------------------------

  /** A value of the type written `text` in the file `path`. */
  instOf(text: string, path: string, depth: number): GoValue | undefined {
    const shape = typeShape(text);
    if (!shape) return undefined;
    if (shape.t === 'elem') return { t: 'elem', of: shape.of, path };
    if (shape.t === 'func') return { t: 'fn', result: shape.result, path };
    const v = this.namedType(text, path, depth);
    return v?.t === 'type' ? { t: 'inst', ref: v.ref } : v;
  }

  /** The named type a type text names, followed through aliases; an external for a third-party package's. */
  namedType(text: string, path: string, depth: number): GoValue | undefined {
    const shape = typeShape(text);
    if (shape?.t !== 'named' || depth > MAX_DEPTH) return undefined;
    let found: GoValue | undefined;
    if (shape.pkg === undefined) {
      found = this.packageMember(this.packages.siblings(path, this.tracker), shape.name, false, depth);
      if (!found) {
        for (const imp of this.view(path, '*')?.starImports ?? []) {
          const place = this.packages.importPlace(path, imp.module, this.tracker);
          if (place.t === 'dir') found ??= this.packageMember(this.packages.packageFiles(place.dir, this.tracker), shape.name, true, depth);
        }
      }
    } else {
      const pkg = this.importNamed(path, shape.pkg, true);
      if (pkg?.t === 'external') return pkg;
      if (pkg?.t === 'pkg') found = this.packageMember(this.packages.packageFiles(pkg.dir, this.tracker), shape.name, true, depth);
    }
    if (found?.t !== 'type') return undefined;
    const sym = this.view(found.ref.path, found.ref.qn)?.symbols.get(found.ref.qn);
    // `type A = B`: A is B.
    if (sym && sym.kind === 'type' && sym.returnType !== undefined && /^type\s+\w+(\[[^\]]*\])?\s*=/.test(sym.signature)) {
      return this.namedType(sym.returnType, found.ref.path, depth + 1) ?? found;
    }
    return found;
  }

  implemented(s: SymbolFact): DefinitionRef[] {
    const own: SymbolRef = { t: 'symbol', path: this.ctx.path, qn: s.qualifiedName, kind: s.kind };
    const methods = new Map<string, number>();
    this.methodSet(own, methods, 0, new Set());
    if (!methods.size) return [];
    const ownPackage = this.packages.siblings(this.ctx.path, this.tracker);
    const files = new Map<string, boolean>(ownPackage.map((p) => [p, true]));
    for (const imp of this.ctx.view.facts.imports) {
      const place = this.packages.importPlace(this.ctx.path, imp.module, this.tracker);
      if (place.t === 'dir') for (const p of this.packages.packageFiles(place.dir, this.tracker)) if (!files.has(p)) files.set(p, false);
    }
    const out: DefinitionRef[] = [];
    for (const [path, samePackage] of files) {
      const view = this.view(path, undefined);
      for (const i of view?.symbols.values() ?? []) {
        if (i.kind !== 'interface' || i.parent !== undefined || (!samePackage && !i.exported)) continue;
        const wanted = new Map<string, number>();
        if (!this.interfaceMethods({ t: 'symbol', path, qn: i.qualifiedName, kind: 'interface' }, wanted, 0, new Set()) || !wanted.size) continue;
        if ([...wanted].every(([name, arity]) => methods.get(name) === arity && (samePackage || /^\p{Lu}/u.test(name)))) out.push({ path, qn: i.qualifiedName });
      }
    }
    return out;
  }

  /** A named type's methods by name → parameter count, promoted ones included. */
  private methodSet(type: SymbolRef, out: Map<string, number>, depth: number, seen: Set<string>): void {
    const key = `${type.path}#${type.qn}`;
    if (seen.has(key) || depth > MAX_DEPTH) return;
    seen.add(key);
    const prefix = `${type.qn}.`;
    for (const path of this.packages.siblings(type.path, this.tracker)) {
      for (const m of this.view(path, type.qn)?.symbols.values() ?? []) {
        if (m.kind === 'method' && m.qualifiedName.startsWith(prefix) && !out.has(m.name)) out.set(m.name, m.params?.length ?? 0);
      }
    }
    const sym = this.view(type.path, type.qn)?.symbols.get(type.qn);
    for (const base of sym?.bases ?? []) {
      const b = this.namedType(base, type.path, depth + 1);
      if (b?.t === 'type') this.methodSet(b.ref, out, depth + 1, seen);
    }
  }

  /** The methods an interface asks for; false when one comes from an interface we cannot read. */
  private interfaceMethods(iface: SymbolRef, out: Map<string, number>, depth: number, seen: Set<string>): boolean {
    const key = `${iface.path}#${iface.qn}`;
    if (seen.has(key)) return true;
    if (depth > MAX_DEPTH) return false;
    seen.add(key);
    const view = this.view(iface.path, iface.qn);
    for (const m of view?.children.get(iface.qn)?.values() ?? []) if (m.kind === 'method') out.set(m.name, m.params?.length ?? 0);
    for (const base of view?.symbols.get(iface.qn)?.bases ?? []) {
      const b = this.namedType(base, iface.path, depth + 1);
      if (b?.t !== 'type' || b.ref.kind !== 'interface' || !this.interfaceMethods(b.ref, out, depth + 1, seen)) return false;
    }
    return true;
  }

  /** A field or method of a named type, promoted ones (through embedded fields) included. */
  private member(type: SymbolRef, name: string, depth: number, seen: Set<string>): GoValue | undefined {
    const memoKey = `${type.path}#${type.qn}.${name}`;
    if (seen.size === 0) {
      const known = this.memo.members.get(memoKey);
      if (known !== undefined) return known ?? undefined;
      const found = this.memberOf(type, name, depth, seen);
      this.memo.members.set(memoKey, found ?? null);
      return found;
    }
    return this.memberOf(type, name, depth, seen);
  }

  private memberOf(type: SymbolRef, name: string, depth: number, seen: Set<string>): GoValue | undefined {
    const key = `${type.path}#${type.qn}`;
    if (seen.has(key) || seen.size > 16 || depth > MAX_DEPTH) return undefined;
    seen.add(key);
    const qn = `${type.qn}.${name}`;
    for (const path of this.packages.siblings(type.path, this.tracker)) {
      const m = this.view(path, type.qn)?.symbols.get(qn);
      if (m?.kind === 'method') return { t: 'func', ref: { t: 'symbol', path, qn, kind: 'method' }, sym: m };
    }
    const sym = this.view(type.path, type.qn)?.symbols.get(type.qn);
    if (!sym) return undefined;
    const field = sym.fields?.find((f) => f.name === name);
    if (field?.type !== undefined) return this.instOf(field.type, type.path, depth + 1);
    for (const base of sym.bases ?? []) {
      const b = this.namedType(base, type.path, depth + 1);
      if (b?.t === 'external') continue;
      if (b?.t !== 'type') continue;
      const found = this.memberOf(b.ref, name, depth + 1, seen);
      if (found) return found;
    }
    return undefined;
  }
}
