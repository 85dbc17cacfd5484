/**
 * Static evaluation of access chains
 * ==================================
 * What does `self.repo.find` or `make().run` name? The evaluator answers the way a language server
 * would where static analysis can: names are looked up through parameters (with their annotations),
 * locals, imports, re-exports, module bindings and star imports; members through classes, their
 * fields (`self.x = Foo()`, annotated attributes, constructor parameter properties) and their bases;
 * calls through classes (→ an instance) and return annotations, or, failing those, returned values.
 *
 * Results are cached for one update, each with the dependency keys it read, so that a cached answer
 * charges the same dependencies to every file that uses it. An answer cut short by a cycle is never
 * cached: it would depend on where the evaluation started.
 */
import type { Chain, ParamFact, SymbolFact, SymbolKind } from '../parse/facts';
import { fieldScope, type FileView, type Project } from './project';
import { pythonModuleCandidates, relativeImportBase } from './python_modules';
import { isRuntimeGlobal } from './globals';
import { DepTracker, LISTS, topOf } from './tracker';
import { functionTypeParams, typeRefOf, type TypeRef } from './types_text';

export type Value =
  | { t: 'module'; path: string }
  | { t: 'dir'; dir: string } // a Python namespace package
  | { t: 'symbol'; path: string; qn: string; kind: SymbolKind }
  | { t: 'instance'; path: string; qn: string }
  | { t: 'super'; path: string; qn: string } // member lookups start at the bases of class qn
  | { t: 'external'; name: string }
  | { t: 'collection'; element: Value } // `list[Item]`: iterating gives an Item
  | { t: 'mapping'; value: Value } // `dict[str, Item]`: d[k], d.get(k), d.values() give Items
  | { t: 'callable'; returns: Value } // `Callable[[F], Group]`: calling it gives a Group
  | { t: 'returns'; value: Value } // a runtime method (`d.values`) whose call gives value
  | { t: 'union'; members: Value[] }; // `A | B`: either, so a member call may reach each

type BaseValue = Extract<Value, { t: 'symbol' }> | Extract<Value, { t: 'external' }>;

export interface Evaluated {
  value: Value;
  /** Some step relied on an inferred (unannotated) return value. */
  inferred?: boolean;
  /** Read out of a variable, parameter or field, rather than naming a declaration (or an alias of one). */
  held?: boolean;
}

const held = (e: Evaluated | undefined): Evaluated | undefined => (e ? { ...e, held: true } : undefined);

export interface Scope {
  path: string;
  /** qualifiedName of the enclosing symbol; undefined at module level. */
  qn?: string;
}

export interface ChainResult {
  value?: Value;
  inferred: boolean;
  /**
   * The last step read a variable, parameter or field. Calling what it holds (`factory = Foo; factory()`)
   * is not a call of a declaration, the way language servers count calls.
   */
  held: boolean;
  /** The chain ran into a third-party value: a miss there is expected, not a reason to guess. */
  external: boolean;
}

const CLASS_KINDS = new Set<SymbolKind>(['class', 'interface', 'enum']);
const FUNCTION_KINDS = new Set<SymbolKind>(['function', 'method', 'test']);
const VALUE_KINDS = new Set<SymbolKind>(['variable', 'constant']);
const PROPERTY_DECORATORS = /^(property|cached_property|functools\.cached_property|abc\.abstractproperty)$|\.(getter)$/;
const MAX_ACTIVE = 64;
/** `name.chain` or `name.chain(…)`: a decorator we can evaluate. */
const DECORATOR = /^([A-Za-z_][\w.]*)\s*(\(.*\))?$/s;
/** Decorators that leave a function a function (or a method): the checker keeps its declaration. */
const KEEPS_FUNCTION = /^(?:.*\.)?(?:property|cached_property|staticmethod|classmethod|overload|abstractmethod|setter|getter|deleter|wraps|override|final)$/;
/** Runtime methods of a list/array/set that give one of its elements. */
const COLLECTION_ELEMENT = new Set(['pop', 'popleft', 'shift', 'at', 'find', 'findLast']);
/** Of a dict/Map: one value, or (next set) a collection of values. */
const MAPPING_VALUE = new Set(['get', 'pop', 'setdefault', '__getitem__']);
const MAPPING_VALUES = new Set(['values']);

interface CacheEntry {
  result: Evaluated | undefined;
  keys: Set<string>;
}

/**
 * `function f({ gen, schema: s }: Cxt)`: which parameter pattern binds `name`, and under which key.
 * Parameter facts keep a pattern's text as their name; only plain keys and renames are read.
 */
function destructuredParam(params: readonly ParamFact[], name: string): { param: ParamFact; key: string } | undefined {
  for (const param of params) {
    if (!param.name.startsWith('{') || !param.name.includes(name)) continue;
    for (const raw of param.name.slice(1, -1).split(',')) {
      const part = raw.split('=')[0]!.trim();
      const colon = part.indexOf(':');
      const key = (colon < 0 ? part : part.slice(0, colon)).trim();
      const local = (colon < 0 ? part : part.slice(colon + 1)).trim();
      if (local === name && /^[\w$]+$/.test(key)) return { param, key };
    }
  }
  return undefined;
}

export class Evaluator {
  tracker = new DepTracker();
  private readonly cache = new Map<string, CacheEntry>();
  private readonly active = new Set<string>();
  private cuts = 0;
  private readonly baseCache = new Map<string, { list: BaseValue[]; keys: Set<string> }>();

  constructor(private readonly project: Project) {}

  // ---- chains ---------------------------------------------------------------------------

  evalChain(scope: Scope, chain: Chain): ChainResult {
    let inferred = false;
    let external = false;
    let current: Evaluated | undefined;
    for (let i = 0; i < chain.length; i++) {
      const raw = chain[i]!;
      const isCall = raw.endsWith('()');
      const name = isCall ? raw.slice(0, -2) : raw;
      if (name === '?' || name === '') {
        current = undefined;
        break;
      }
      const callback = i > 0 ? /^@arg(\d+)\.(\d+)$/.exec(name) : null;
      if (callback) current = this.callbackParam(current!.value, Number(callback[1]), Number(callback[2]));
      else if (name === '[]') current = i === 0 ? undefined : this.element(current!.value);
      else if (i === 0 && name.startsWith(':')) current = this.evalType(scope, name.slice(1));
      else current = i === 0 ? this.first(scope, name, isCall) : this.member(current!.value, name);
      if (current && isCall && !(i === 0 && name === 'super')) current = this.call(current.value);
      if (!current) break;
      if (current.inferred) inferred = true;
      if (current.value.t === 'external') external = true;
    }
    const result: ChainResult = { inferred, external, held: current?.held === true };
    if (current) result.value = current.value;
    return result;
  }

  private first(scope: Scope, name: string, isCall: boolean): Evaluated | undefined {
    const view = this.project.ownView(scope.path);
    const py = view.facts.language === 'python';
    if (py && name === 'super' && isCall) return this.superOf(view, scope.qn);
    if (!py && name === 'super') return this.superOf(view, scope.qn);
    if (!py && name === 'this') {
      const method = scope.qn !== undefined ? view.symbols.get(scope.qn) : undefined;
      const cls = this.enclosingClass(view, scope.qn);
      // `this` in a method of an object literal bound to a name is that object.
      const holder = method?.parent !== undefined ? view.symbols.get(method.parent) : undefined;
      if (!cls) return method?.kind === 'method' && holder && VALUE_KINDS.has(holder.kind) ? { value: this.symbolValue(scope.path, holder) } : undefined;
      const isStatic = method?.isStatic === true;
      return { value: isStatic ? this.symbolValue(scope.path, cls) : { t: 'instance', path: scope.path, qn: cls.qualifiedName } };
    }
    const found = this.lookupName(scope, name);
    if (found) return found;
    // The runtime's own names (`Math`, `len`), and in Python any name a third-party `import *` may have brought.
    if (isRuntimeGlobal(name, py) || (py && this.hasExternalStarImport(scope.path))) return { value: { t: 'external', name: py ? 'builtins' : 'globalThis' } };
    return undefined;
  }

  private hasExternalStarImport(path: string): boolean {
    const view = this.project.ownView(path);
    return view.starImports.some((star) => this.pythonImportTarget(path, star.module)?.t === 'external');
  }

  private enclosingClass(view: FileView, qn: string | undefined): SymbolFact | undefined {
    for (let s = qn !== undefined ? view.symbols.get(qn) : undefined; s; s = s.parent !== undefined ? view.symbols.get(s.parent) : undefined) {
      if (s.kind === 'class') return s;
    }
    return undefined;
  }

  private superOf(view: FileView, qn: string | undefined): Evaluated | undefined {
    const cls = this.enclosingClass(view, qn);
    return cls ? { value: { t: 'super', path: view.facts.path, qn: cls.qualifiedName } } : undefined;
  }

  private symbolValue(path: string, s: SymbolFact): Value {
    return { t: 'symbol', path, qn: s.qualifiedName, kind: s.kind };
  }

  // ---- names ----------------------------------------------------------------------------

  lookupName(scope: Scope, name: string): Evaluated | undefined {
    const view = this.project.ownView(scope.path);
    for (let s = scope.qn !== undefined ? view.symbols.get(scope.qn) : undefined; s; s = s.parent !== undefined ? view.symbols.get(s.parent) : undefined) {
      // A class body is not an enclosing scope of its methods, nor an object literal of its members;
      // a function declared in a variable's initializer (`const ajax = (() => { const create = … })()`) is in scope.
      if (VALUE_KINDS.has(s.kind)) {
        const local = view.children.get(s.qualifiedName)?.get(name);
        if (local && local.kind !== 'method') return { value: this.symbolValue(scope.path, local) };
        continue;
      }
      if (s.kind === 'class') continue;
      const found = this.lookupInFunction(scope.path, view, s, name);
      if (found !== null) return found;
    }
    return this.moduleName(scope.path, name);
  }

  /** null: the name is not bound in this function; undefined: bound, to something we cannot know. */
  private lookupInFunction(path: string, view: FileView, fn: SymbolFact, name: string): Evaluated | undefined | null {
    const params = fn.params ?? [];
    // A function or class defined inside this one (a closure, a decorator's wrapper, a local class);
    // `if log is None: def log(…)` shadows the parameter, and the checker names the def.
    const nested = view.children.get(fn.qualifiedName)?.get(name);
    if (nested && nested.kind !== 'test') return { value: this.symbolValue(path, nested) };
    const index = params.findIndex((p) => p.name === name);
    if (index >= 0) {
      const param = params[index]!;
      const py = view.facts.language === 'python';
      if (py && index === 0 && fn.kind !== 'function' && fn.parent !== undefined && !fn.isStatic) {
        const cls = view.symbols.get(fn.parent);
        if (cls?.kind === 'class') {
          return { value: fn.isClassMethod ? this.symbolValue(path, cls) : { t: 'instance', path, qn: cls.qualifiedName } };
        }
      }
      return param.type ? held(this.annotation(path, fn, param.type)) : undefined;
    }
    const destructured = destructuredParam(params, name);
    if (destructured) {
      const whole = destructured.param.type ? this.annotation(path, fn, destructured.param.type) : undefined;
      return whole ? held(this.member(whole.value, destructured.key)) : undefined;
    }
    const scoped = view.scopedImports.get(fn.qualifiedName)?.get(name);
    if (scoped) return this.importValue(path, scoped.fact, scoped.imported, name);
    // A name may be bound several times (`x = a or b`, reassignments): annotated bindings first, then the first that resolves.
    const locals = (fn.locals ?? []).filter((l) => l.name === name).sort((a, b) => Number(!a.type) - Number(!b.type));
    if (locals.length === 0) return null;
    return this.cached(`local|${path}|${fn.qualifiedName}|${name}`, () => {
      const scope: Scope = { path, qn: fn.qualifiedName };
      for (const local of locals) {
        const found = local.type ? this.evalType(scope, local.type) : local.value ? this.chainValue(scope, local.value) : undefined;
        if (found) return held(found);
      }
      return undefined;
    });
  }

  /**
   * A parameter's annotation names a type as seen from where the function is defined, never the
   * function's own parameters: `f(string: string)`, `def f(str: str)`, `g(Date: Date)` name the type.
   * (Evaluated inside the function, the parameter's name looked itself up until the stack ran out.)
   */
  private annotation(path: string, fn: SymbolFact, text: string): Evaluated | undefined {
    return this.cached(`ann|${path}|${fn.qualifiedName}|${text}`, () => {
      // A method's annotation may say `Self`/`this`: the class scope keeps that reachable.
      const outer: Scope = { path, ...(fn.parent !== undefined ? { qn: fn.parent } : {}) };
      return this.evalType(outer, text);
    });
  }

  /**
   * `operate((source, subscriber) => …)`: an untyped parameter of a callback is typed by the
   * parameter type of the function it is passed to (`init: (s: Observable<T>, sub: Subscriber<R>) => …`),
   * as the checker's contextual typing does. `new Observable((subscriber) => …)` reads the constructor.
   */
  private callbackParam(v: Value, arg: number, param: number): Evaluated | undefined {
    let fn: Value | undefined = v;
    if (fn.t === 'symbol' && CLASS_KINDS.has(fn.kind)) fn = this.classMember(fn.path, fn.qn, 'constructor', false)?.value;
    if (fn?.t !== 'symbol' || !FUNCTION_KINDS.has(fn.kind)) return undefined;
    const s = this.project.view(fn.path, this.tracker, topOf(fn.qn))?.symbols.get(fn.qn);
    const type = functionTypeParams(s?.params?.[arg]?.type)?.[param];
    return s && type ? held(this.annotation(fn.path, s, type)) : undefined;
  }

  /** A name at module level of `path`: its own definitions, then imports, bindings, star imports. */
  moduleName(path: string, name: string): Evaluated | undefined {
    return this.cached(`mod|${path}|${name}`, () => {
      const view = this.project.view(path, this.tracker, name);
      if (!view) return undefined;
      const own = view.topLevel.get(name);
      if (own) return { value: this.symbolValue(path, own) };
      const imp = view.imports.get(name);
      if (imp) return this.importValue(path, imp.fact, imp.imported, name);
      const binding = view.bindings.get(name);
      if (binding) return this.bindingValue(path, name);
      if (view.starImports.length) this.project.view(path, this.tracker, LISTS);
      for (const star of view.starImports) {
        const target = this.pythonImportTarget(path, star.module);
        if (target?.t !== 'module') continue;
        const starView = this.project.view(target.path, this.tracker, LISTS);
        if (starView?.facts.all ? !starView.facts.all.includes(name) : name.startsWith('_')) continue;
        const found = this.member(target, name);
        if (found) return found;
      }
      return undefined;
    });
  }

  /** The value a module variable holds, following `a = b` chains; never another variable (`x = x` ends here). */
  private deref(v: Extract<Value, { t: 'symbol' }>): Evaluated | undefined {
    let current: Evaluated | undefined = { value: v };
    for (let hops = 0; hops < 8 && current; hops++) {
      const value: Value = current.value;
      if (value.t !== 'symbol' || !VALUE_KINDS.has(value.kind)) return current;
      current = this.bindingValue(value.path, value.qn);
    }
    return undefined;
  }

  private bindingValue(path: string, name: string): Evaluated | undefined {
    return this.cached(`bind|${path}|${name}`, () => {
      const b = this.project.view(path, this.tracker, name)?.bindings.get(name);
      if (!b) return undefined;
      return held(b.type ? this.evalType({ path }, b.type) : b.value ? this.chainValue({ path }, b.value) : undefined);
    });
  }

  private chainValue(scope: Scope, chain: Chain): Evaluated | undefined {
    const r = this.evalChain(scope, chain);
    return r.value ? { value: r.value, ...(r.inferred ? { inferred: true } : {}) } : undefined;
  }

  evalType(scope: Scope, text: string): Evaluated | undefined {
    const ref = typeRefOf(text);
    return ref ? this.evalTypeRef(scope, ref) : undefined;
  }

  private evalTypeRef(scope: Scope, ref: TypeRef): Evaluated | undefined {
    if (ref.union) return this.unionOf(ref.union.map((m) => this.evalTypeRef(scope, m)));
    if (ref.element) {
      const element = this.evalTypeRef(scope, ref.element);
      return element ? { value: { t: 'collection', element: element.value } } : undefined;
    }
    if (ref.mapping) {
      const value = this.evalTypeRef(scope, ref.mapping);
      return value ? { value: { t: 'mapping', value: value.value } } : undefined;
    }
    if (ref.returns) {
      const returns = this.evalTypeRef(scope, ref.returns);
      return returns ? { value: { t: 'callable', returns: returns.value } } : undefined;
    }
    if (ref.chain.length === 1 && (ref.chain[0] === 'Self' || ref.chain[0] === 'this')) {
      const cls = this.enclosingClass(this.project.ownView(scope.path), scope.qn);
      return cls ? { value: { t: 'instance', path: scope.path, qn: cls.qualifiedName } } : undefined;
    }
    // `JSONRPC2.Request`: a member of a namespace declared in this file is a symbol of that dotted name.
    const own = ref.chain.length > 1 ? this.project.view(scope.path, this.tracker, ref.chain[0])?.symbols.get(ref.chain.join('.')) : undefined;
    const r = own ? undefined : this.evalChain(scope, ref.chain);
    const v = own ? this.symbolValue(scope.path, own) : r?.value;
    if (!v) return undefined;
    if (v.t === 'external') return { value: v };
    if (v.t === 'symbol' && v.kind === 'type') return ref.classObject ? undefined : this.aliasTarget(v.path, v.qn);
    if (v.t !== 'symbol' || !CLASS_KINDS.has(v.kind)) return undefined;
    return { value: ref.classObject ? v : { t: 'instance', path: v.path, qn: v.qn } };
  }

  /** `type Cache = util.Cache<string>`: an alias names what its right-hand side names. */
  private aliasTarget(path: string, qn: string): Evaluated | undefined {
    return this.cached(`alias|${path}|${qn}`, () => {
      const alias = this.project.view(path, this.tracker, topOf(qn))?.symbols.get(qn);
      const rhs = alias ? /=\s*(.+?);?$/.exec(alias.signature)?.[1] : undefined;
      return rhs ? this.evalType({ path, ...(alias!.parent !== undefined ? { qn: alias!.parent } : {}) }, rhs) : undefined;
    });
  }

  // ---- imports --------------------------------------------------------------------------

  private importValue(path: string, fact: { module: string }, imported: string, local: string): Evaluated | undefined {
    const language = this.project.ownView(path).facts.language;
    if (language === 'python') {
      if (imported === '*module*') {
        // `import a.b.c` binds `a`; `import a.b as c` binds `a.b`.
        const first = fact.module.split('.')[0]!;
        const target = this.pythonImportTarget(path, local === first && !fact.module.startsWith('.') ? first : fact.module);
        return target ? { value: target } : undefined;
      }
      const target = this.pythonImportTarget(path, fact.module);
      return target ? this.member(target, imported) : undefined;
    }
    const target = this.project.resolveTsModule(path, fact.module, this.tracker);
    if (target.kind === 'external') return { value: { t: 'external', name: target.name } };
    if (target.kind !== 'file') return undefined;
    if (imported === '*module*') return { value: { t: 'module', path: target.path } };
    return this.exportOf(target.path, imported);
  }

  /** The module (or namespace folder, or external package) a Python import statement names. */
  pythonImportTarget(fromPath: string, module: string): Value | undefined {
    const dots = /^\.*/.exec(module)![0].length;
    if (dots > 0) {
      const base = relativeImportBase(fromPath, dots);
      if (base === undefined) return undefined;
      const rest = module.slice(dots);
      for (const candidate of pythonModuleCandidates(base, rest)) {
        if (this.project.exists(candidate, this.tracker)) return { t: 'module', path: candidate };
      }
      const dir = [base, ...rest.split('.').filter(Boolean)].filter(Boolean).join('/');
      return this.project.dirExists(dir, this.tracker) ? { t: 'dir', dir } : undefined;
    }
    const file = this.project.pythonModule(module, this.tracker);
    if (file) return { t: 'module', path: file };
    const dir = this.project.pythonNamespaceDir(module, this.tracker);
    if (dir !== undefined) return { t: 'dir', dir };
    // A loose script imports its neighbours by bare name (its folder is on sys.path when run).
    const slash = fromPath.lastIndexOf('/');
    const here = slash < 0 ? '' : fromPath.slice(0, slash);
    if (!this.project.isPythonPackageDir(here)) {
      for (const candidate of pythonModuleCandidates(here, module)) {
        if (this.project.exists(candidate, this.tracker)) return { t: 'module', path: candidate };
      }
    }
    return { t: 'external', name: module.split('.')[0]! };
  }

  /** What a TS/JS module exports under `name`, following local export lists and re-exports. */
  exportOf(path: string, name: string): Evaluated | undefined {
    return this.cached(`exp|${path}|${name}`, () => {
      this.project.view(path, this.tracker, LISTS);
      const view = this.project.view(path, this.tracker, name);
      if (!view) return undefined;
      if (name === 'default' && view.facts.defaultExport !== undefined) {
        const d = view.facts.defaultExport;
        const sym = this.project.view(path, this.tracker, topOf(d))?.symbols.get(d);
        return sym ? { value: this.symbolValue(path, sym) } : this.moduleName(path, d);
      }
      const local = view.localExports.get(name);
      if (local !== undefined) return this.moduleName(path, local);
      const own = view.topLevel.get(name);
      if (own) return { value: this.symbolValue(path, own) };
      for (const e of view.facts.exports) {
        if (e.module === undefined) continue;
        const named = e.names?.find((n) => n.exported === name);
        if (!named && !(e.star && !e.names && name !== 'default')) continue;
        const target = this.project.resolveTsModule(path, e.module, this.tracker);
        if (target.kind === 'external') {
          if (named) return { value: { t: 'external', name: target.name } };
          continue;
        }
        if (target.kind !== 'file') continue;
        if (named?.imported === '*module*') return { value: { t: 'module', path: target.path } };
        const found = this.exportOf(target.path, named ? named.imported : name);
        if (found || named) return found;
      }
      const imp = view.imports.get(name);
      if (imp && view.facts.language === 'javascript') return this.importValue(path, imp.fact, imp.imported, name);
      return undefined;
    });
  }

  // ---- members and calls ----------------------------------------------------------------

  /** One value for several possibilities: undefined when any is unknown, a union when they differ. */
  private unionOf(parts: (Evaluated | undefined)[]): Evaluated | undefined {
    if (parts.length === 0 || parts.some((p) => !p)) return undefined;
    const members: Value[] = [];
    const seen = new Set<string>();
    for (const p of parts as Evaluated[]) {
      for (const v of p.value.t === 'union' ? p.value.members : [p.value]) {
        const key = JSON.stringify(v);
        if (!seen.has(key)) {
          seen.add(key);
          members.push(v);
        }
      }
    }
    const inferred = parts.some((p) => p!.inferred);
    const allHeld = parts.every((p) => p!.held);
    const value: Value = members.length === 1 ? members[0]! : { t: 'union', members };
    return { value, ...(inferred ? { inferred } : {}), ...(allHeld ? { held: true } : {}) };
  }

  /** What iterating a value gives. */
  private element(v: Value): Evaluated | undefined {
    if (v.t === 'collection') return { value: v.element };
    if (v.t === 'mapping') return { value: v.value }; // `d[k]` (iterating a dict gives keys, which rarely are ours)
    if (v.t === 'external') return { value: v };
    if (v.t === 'union') return this.unionOf(v.members.map((m) => this.element(m)));
    return undefined;
  }

  member(v: Value, name: string): Evaluated | undefined {
    switch (v.t) {
      case 'external':
        return { value: v };
      case 'collection':
        // list.append, Array.prototype.map: the runtime's, never the workspace's; `xs.pop()` an element.
        return { value: COLLECTION_ELEMENT.has(name) ? { t: 'returns', value: v.element } : { t: 'external', name: 'builtins' } };
      case 'mapping':
        if (MAPPING_VALUES.has(name)) return { value: { t: 'returns', value: { t: 'collection', element: v.value } } };
        return { value: MAPPING_VALUE.has(name) ? { t: 'returns', value: v.value } : { t: 'external', name: 'builtins' } };
      case 'callable':
      case 'returns':
        return { value: { t: 'external', name: 'builtins' } };
      case 'union': {
        // Checked code has the member on every alternative: the ones we can place are targets.
        const parts = v.members.map((m) => this.member(m, name)).filter((p): p is Evaluated => p !== undefined);
        return parts.length ? this.unionOf(parts) : undefined;
      }
      case 'module': {
        const language = this.project.languageOf(v.path);
        if (language === 'python') return this.pythonModuleMember(v.path, name);
        const found = this.exportOf(v.path, name);
        if (found) return found;
        // CommonJS: `module.exports = thing` → members of the thing.
        const def = this.exportOf(v.path, 'default');
        return def ? this.member(def.value, name) : undefined;
      }
      case 'dir':
        return this.dirMember(v.dir, name);
      case 'symbol':
        if (CLASS_KINDS.has(v.kind)) return this.classMember(v.path, v.qn, name, false);
        if (FUNCTION_KINDS.has(v.kind)) {
          // `@group() def cli`: cli is what the decorator made (a Group), so `cli.command` is Group's.
          const made = this.decorated(v);
          if (made) return this.member(made.value, name);
          // `f.call(this)`, `f.bind(x)`: Function.prototype's, as a language server sees them.
          return { value: { t: 'external', name: 'builtins' } };
        }
        if (VALUE_KINDS.has(v.kind)) {
          // `AppConfig.validate`: a member defined in the object literal the constant holds
          // (a declared type, `const p: Provider = {…}`, is what the checker reads instead).
          const view = this.project.view(v.path, this.tracker, topOf(v.qn));
          const declared = view?.bindings.get(v.qn)?.type;
          // (`{…} as const` reads as the object's own text.)
          const own = declared === undefined || declared.startsWith('{') ? view?.children.get(v.qn)?.get(name) : undefined;
          if (own && own.kind === 'method') return { value: this.symbolValue(v.path, own) };
          const d = this.deref(v);
          return d ? this.member(d.value, name) : undefined;
        }
        return undefined;
      case 'instance': {
        const found = this.classMember(v.path, v.qn, name, false);
        return found && this.isProperty(found.value) ? this.call(found.value) : found;
      }
      case 'super':
        return this.classMember(v.path, v.qn, name, true);
    }
  }

  /**
   * What a Python decorator made of function `v`: the outermost decorator applied to it. `@deco`
   * gives what calling deco gives; `@factory(…)` what calling the factory's result gives (its
   * `Callable[…, R]` return annotation, or the function it returns). Undefined when that says
   * nothing (a decorator returning its argument keeps the function a function).
   */
  private decorated(v: Extract<Value, { t: 'symbol' }>): Evaluated | undefined {
    if (this.project.languageOf(v.path) !== 'python') return undefined;
    return this.cached(`deco|${v.path}|${v.qn}`, () => {
      const fn = this.project.view(v.path, this.tracker, topOf(v.qn))?.symbols.get(v.qn);
      const parsed = fn?.decorators?.[0] ? DECORATOR.exec(fn.decorators[0]) : null;
      if (!fn || !parsed || KEEPS_FUNCTION.test(parsed[1]!)) return undefined;
      const scope: Scope = { path: v.path, ...(fn.parent !== undefined ? { qn: fn.parent } : {}) };
      let d = this.chainValue(scope, parsed[1]!.split('.'))?.value;
      if (d && parsed[2]) d = this.call(d)?.value;
      return d ? this.applied(d) : undefined;
    });
  }

  /** What a decorator value gives when applied to a function. */
  private applied(d: Value): Evaluated | undefined {
    switch (d.t) {
      case 'callable':
        return { value: d.returns };
      case 'external':
        return { value: d };
      case 'union': {
        // A factory typed `Group | Callable[[F], Group]` (with or without parentheses): the members that apply.
        const parts = d.members.map((m) => (m.t === 'instance' ? undefined : this.applied(m))).filter((p): p is Evaluated => p !== undefined);
        return parts.length ? this.unionOf(parts) : undefined;
      }
      case 'symbol': {
        if (CLASS_KINDS.has(d.kind)) return { value: { t: 'instance', path: d.path, qn: d.qn } };
        if (!FUNCTION_KINDS.has(d.kind)) return undefined;
        const r = this.returnOf(d.path, d.qn);
        // `def group(f=None) -> Group | Callable[…, Group]` used bare: applied to f, it gives the Group.
        if (r?.value.t === 'union') {
          const made = r.value.members.filter((m) => m.t !== 'callable');
          if (made.length === 1) return { ...r, value: made[0]! };
        }
        return r;
      }
      default:
        return undefined;
    }
  }

  private isProperty(v: Value): boolean {
    if (v.t !== 'symbol' || v.kind !== 'method') return false;
    const s = this.project.view(v.path, this.tracker, topOf(v.qn))?.symbols.get(v.qn);
    if (!s) return false;
    if (s.decorators?.some((d) => PROPERTY_DECORATORS.test(d))) return true;
    return /^(static\s+)?get\s/.test(s.signature);
  }

  private pythonModuleMember(path: string, name: string): Evaluated | undefined {
    return this.cached(`pym|${path}|${name}`, () => {
      const found = this.moduleName(path, name);
      if (found) return found;
      // A package's submodules are its attributes once imported anywhere; count them in.
      if (/(^|\/)__init__\.pyi?$/.test(path)) {
        const slash = path.lastIndexOf('/');
        return this.dirMember(slash < 0 ? '' : path.slice(0, slash), name);
      }
      return undefined;
    });
  }

  private dirMember(dir: string, name: string): Evaluated | undefined {
    for (const candidate of pythonModuleCandidates(dir, name)) {
      if (this.project.exists(candidate, this.tracker)) return { value: { t: 'module', path: candidate } };
    }
    const sub = dir === '' ? name : `${dir}/${name}`;
    return this.project.dirExists(sub, this.tracker) ? { value: { t: 'dir', dir: sub } } : undefined;
  }

  /** A member of class `qn` (own members, fields, then bases in order); skipOwn for `super`. */
  classMember(path: string, qn: string, name: string, skipOwn: boolean): Evaluated | undefined {
    return this.cached(`cm|${path}|${qn}|${name}|${skipOwn ? 1 : 0}`, () => {
      const view = this.project.view(path, this.tracker, topOf(qn));
      const cls = view?.symbols.get(qn);
      if (!view || !cls) return undefined;
      if (!skipOwn) {
        const child = view.children.get(qn)?.get(name);
        if (child) return { value: this.symbolValue(path, child) };
        // Every binding of the field, annotated ones first: `audit: Cache` may not resolve where `this.audit = make()` does.
        const fields = (cls.fields ?? []).filter((f) => f.name === name).sort((a, b) => Number(!a.type) - Number(!b.type));
        for (const field of fields) {
          const scope: Scope = { path, qn: fieldScope(view, qn, field.line) ?? qn };
          const found = field.type ? this.evalType(scope, field.type) : field.value ? this.chainValue(scope, field.value) : undefined;
          if (found) return held(found);
        }
        // `fetch!: ReplaceReturnType<…>` re-declares a base's method as a property of this class: the checker names the property.
        if (view.facts.language !== 'python' && fields.some((f) => f.type)) return undefined;
      }
      for (const base of this.basesOf(path, qn)) {
        if (base.t === 'external') return { value: base };
        const found = this.classMember(base.path, base.qn, name, false);
        if (found) return found;
      }
      return undefined;
    });
  }

  /** The classes `qn` extends, evaluated in its module (externals included, unknown ones left out). */
  basesOf(path: string, qn: string): BaseValue[] {
    const key = `${path}|${qn}`;
    const hit = this.baseCache.get(key);
    if (hit) {
      this.tracker.addAll(hit.keys);
      return hit.list;
    }
    const cutsBefore = this.cuts;
    const { value: list, keys } = this.tracker.capture(() => {
      const cls = this.project.view(path, this.tracker, topOf(qn))?.symbols.get(qn);
      const out: BaseValue[] = [];
      for (const text of cls?.bases ?? []) {
        const ref = typeRefOf(text);
        if (!ref) continue;
        const own = ref.chain.length > 1 ? this.project.view(path, this.tracker, ref.chain[0])?.symbols.get(ref.chain.join('.')) : undefined;
        const v = own ? this.symbolValue(path, own) : this.evalChain({ path, ...(cls?.parent !== undefined ? { qn: cls.parent } : {}) }, ref.chain).value;
        if (v?.t === 'external') out.push(v);
        else if (v?.t === 'symbol' && CLASS_KINDS.has(v.kind) && !(v.path === path && v.qn === qn)) out.push(v);
      }
      return out;
    });
    if (this.cuts === cutsBefore) this.baseCache.set(key, { list, keys });
    return list;
  }

  call(v: Value): Evaluated | undefined {
    switch (v.t) {
      case 'external':
        return { value: v };
      case 'symbol':
        if (CLASS_KINDS.has(v.kind)) return { value: { t: 'instance', path: v.path, qn: v.qn } };
        if (FUNCTION_KINDS.has(v.kind)) return this.returnOf(v.path, v.qn);
        if (VALUE_KINDS.has(v.kind)) {
          const d = this.deref(v);
          return d ? this.call(d.value) : undefined;
        }
        return undefined;
      case 'module': {
        const def = this.exportOf(v.path, 'default');
        return def ? this.call(def.value) : undefined;
      }
      case 'union':
        return this.unionOf(v.members.map((m) => this.call(m)));
      case 'callable':
        return { value: v.returns };
      case 'returns':
        return { value: v.value };
      default:
        return undefined;
    }
  }

  /** What calling function `qn` gives: its return annotation, else what it returns. */
  returnOf(path: string, qn: string): Evaluated | undefined {
    return this.cached(`ret|${path}|${qn}`, () => {
      const fn = this.project.view(path, this.tracker, topOf(qn))?.symbols.get(qn);
      if (!fn) return undefined;
      const scope: Scope = { path, qn };
      if (fn.returnType) return this.evalType(scope, fn.returnType);
      for (const chain of fn.returns ?? []) {
        const r = this.chainValue(scope, chain);
        if (r) return { value: r.value, inferred: true };
      }
      return undefined;
    });
  }

  /** A call target for a `super(...)` call in a TS constructor: the base's constructor, else the base class. */
  superConstructor(path: string, qn: string | undefined): Value | undefined {
    const cls = this.enclosingClass(this.project.ownView(path), qn);
    if (!cls) return undefined;
    const base = this.basesOf(path, cls.qualifiedName)[0];
    if (!base || base.t === 'external') return undefined;
    return this.classMember(base.path, base.qn, 'constructor', false)?.value ?? base;
  }

  // ---- caching --------------------------------------------------------------------------

  private cached(key: string, compute: () => Evaluated | undefined): Evaluated | undefined {
    const hit = this.cache.get(key);
    if (hit) {
      this.tracker.addAll(hit.keys);
      return hit.result;
    }
    if (this.active.has(key) || this.active.size >= MAX_ACTIVE) {
      this.cuts++;
      return undefined;
    }
    this.active.add(key);
    const cutsBefore = this.cuts;
    try {
      const { value, keys } = this.tracker.capture(compute);
      if (this.cuts === cutsBefore) this.cache.set(key, { result: value, keys });
      return value;
    } finally {
      this.active.delete(key);
    }
  }
}

