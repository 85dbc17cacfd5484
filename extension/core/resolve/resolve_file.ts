/**
 * Resolving one file
 * ==================
 * A file's facts → the edges whose source is in that file: contains, method_of, imports, calls,
 * references, inherits, implements and tests, plus the dependency keys the resolution read.
 * A call that static evaluation cannot place falls back to a name-only match only when exactly one
 * non-generic candidate exists, and the edge says so (`confidence: "name"`).
 */
import { posix } from 'node:path';
import type { Chain, SymbolFact } from '../parse/facts';
import { edgeKey, type Confidence, type EdgeKind } from '../model/types';
import { externalId, fileId } from '../model/ids';
import { familyOf, type FileView, type Project } from './project';
import { DepTracker, fileKey } from './tracker';
import type { Evaluator, Scope, Value } from './evaluate';

export interface ResolvedEdge {
  key: string;
  kind: EdgeKind;
  source: string;
  target: string;
  lines?: number[];
  confidence?: Confidence;
  specifiers?: string[];
  typeOnly?: boolean;
}

export interface FileResolution {
  edges: ResolvedEdge[];
  /** Dependency keys (see tracker.ts), sorted. */
  deps: string[];
  /** Why the resolver failed on this file (a bug of ours): the file then keeps its nodes, not its edges. */
  fault?: string;
}

/** Names too common to guess a target from (a method of that name exists on half the classes of any project). */
const GENERIC_NAMES = new Set(
  ('get set run update add remove delete call apply bind send read write close open start stop init load save put push pop map filter find next ' +
    'execute process handle create build parse format render reset clear emit on off once then catch finally toString valueOf keys values items ' +
    'entries copy append extend insert index count sort join split replace strip encode decode has size length forEach reduce some every includes ' +
    'slice splice concat test exec match __init__ __call__ constructor setup teardown setUp tearDown main log debug info warn warning error fetch ' +
    'request dispatch subscribe publish listen connect disconnect validate check clone equals compare hash serialize deserialize toJSON fromJSON ' +
    'next resolve reject wait lock unlock flush commit rollback query select insert upsert list show hide toggle enable disable register ' +
    // Runtime APIs a workspace often wraps: a receiver we cannot type is more likely the runtime's object.
    'addEventListener removeEventListener dispatchEvent postMessage addListener removeListener removeAllListeners now abort ' +
    'append appendChild removeChild querySelector getElementById setAttribute getAttribute preventDefault stopPropagation').split(' '),
);

const CONFIDENCE_RANK: Record<Confidence, number> = { resolved: 3, inferred: 2, name: 1, convention: 0 };
const CALLABLE = new Set(['function', 'method', 'test', 'class']);

class EdgeSet {
  private readonly edges = new Map<string, ResolvedEdge>();

  add(kind: EdgeKind, source: string, target: string, extra: { line?: number; confidence?: Confidence; specifier?: string; typeOnly?: boolean } = {}): void {
    const key = edgeKey(kind, source, target);
    let e = this.edges.get(key);
    if (!e) {
      e = { key, kind, source, target };
      if (extra.typeOnly !== undefined) e.typeOnly = extra.typeOnly;
      this.edges.set(key, e);
    } else if (e.typeOnly && extra.typeOnly === false) {
      e.typeOnly = false;
    }
    if (extra.line !== undefined) (e.lines ??= []).push(extra.line);
    if (extra.specifier !== undefined && !(e.specifiers ??= []).includes(extra.specifier)) e.specifiers.push(extra.specifier);
    if (extra.confidence && (!e.confidence || CONFIDENCE_RANK[extra.confidence] > CONFIDENCE_RANK[e.confidence])) e.confidence = extra.confidence;
  }

  list(): ResolvedEdge[] {
    const out = [...this.edges.values()];
    for (const e of out) {
      if (e.lines) e.lines = [...new Set(e.lines)].sort((a, b) => a - b);
      if (e.specifiers) e.specifiers.sort();
      if (e.typeOnly === false) delete e.typeOnly;
    }
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }
}

export function resolveFile(project: Project, evaluator: Evaluator, path: string): FileResolution {
  const tracker = new DepTracker();
  evaluator.tracker = tracker;
  tracker.add(fileKey(path));
  const view = project.ownView(path);
  const edges = new EdgeSet();
  const file = fileId(path);
  const idOf = (qn: string | undefined): string => (qn !== undefined && view.symbols.has(qn) ? project.symbolNodeId(path, qn) : file);
  const targetId = (v: Value): string | undefined => (v.t === 'symbol' ? project.symbolNodeId(v.path, v.qn) : undefined);

  structure(view, edges, idOf, file);
  imports(project, evaluator, view, edges, file, tracker);

  const testTargets = new Map<string, number>();
  for (const call of view.facts.calls) {
    const source = idOf(call.caller);
    // What a test's nested helpers and local classes call, the test calls: it is the test's `tests` edge.
    const test = enclosingTest(view, call.caller);
    for (const found of resolveCall(project, evaluator, view, { path, ...(call.caller !== undefined ? { qn: call.caller } : {}) }, call.callee, tracker)) {
      const target = targetId(found.value);
      if (!target) continue;
      edges.add('calls', source, target, { line: call.line, confidence: found.confidence });
      if (test && found.value.t === 'symbol' && found.value.kind !== 'test' && !isTestPath(found.value.path)) {
        const testId = idOf(test.qualifiedName);
        edges.add('tests', testId, target, { confidence: found.confidence });
        testTargets.set(testId, (testTargets.get(testId) ?? 0) + 1);
      }
    }
  }

  for (const ref of view.facts.references) {
    const source = idOf(ref.from);
    const r = evaluator.evalChain({ path, ...(ref.from !== undefined ? { qn: ref.from } : {}) }, ref.chain);
    if (r.value?.t !== 'symbol') continue;
    const target = targetId(r.value);
    if (!target || target === source) continue;
    edges.add('references', source, target, { line: ref.line, typeOnly: ref.isType === true });
  }

  for (const s of view.symbols.values()) {
    if (s.kind !== 'class' && s.kind !== 'interface') continue;
    const source = idOf(s.qualifiedName);
    for (const base of evaluator.basesOf(path, s.qualifiedName)) {
      edges.add('inherits', source, base.t === 'external' ? externalId(base.name) : project.symbolNodeId(base.path, base.qn));
    }
    for (const text of s.implements ?? []) {
      const r = evaluator.evalType({ path, ...(s.parent !== undefined ? { qn: s.parent } : {}) }, text);
      if (r?.value.t === 'instance') edges.add('implements', source, project.symbolNodeId(r.value.path, r.value.qn));
    }
  }

  for (const s of view.symbols.values()) {
    if (s.kind === 'test' && !testTargets.has(idOf(s.qualifiedName))) conventionTest(project, view, s, edges, idOf(s.qualifiedName), tracker);
  }

  return { edges: edges.list(), deps: [...tracker.keys()].sort() };
}

/** The test a symbol is or is defined in (a helper or a local class of a test), if any. */
function enclosingTest(view: FileView, qn: string | undefined): SymbolFact | undefined {
  for (let s = qn !== undefined ? view.symbols.get(qn) : undefined; s; s = s.parent !== undefined ? view.symbols.get(s.parent) : undefined) {
    if (s.kind === 'test') return s;
  }
  return undefined;
}

/**
 * A file of tests or test support (`tests/`, `test_x.py`, `conftest.py`, `x.test.ts`, `__tests__/`):
 * what is defined there is a helper, not code under test. Read off the path alone, so that the
 * answer depends on nothing another file says.
 */
export function isTestPath(path: string): boolean {
  const base = posix.basename(path);
  if (/(^|\/)(tests?|__tests__|spec|specs)\//.test(path)) return true;
  return /^(test_.*\.py|.*_test\.py|conftest\.py)$/.test(base) || /\.(test|spec)\.[mc]?[jt]sx?$/.test(base);
}

function structure(view: FileView, edges: EdgeSet, idOf: (qn: string | undefined) => string, file: string): void {
  for (const s of view.symbols.values()) {
    const id = idOf(s.qualifiedName);
    const parent = s.parent !== undefined ? view.symbols.get(s.parent) : undefined;
    if (!parent) {
      edges.add('contains', file, id);
      continue;
    }
    edges.add('contains', idOf(parent.qualifiedName), id);
    if (s.kind === 'method' && parent.kind === 'class') edges.add('method_of', id, idOf(parent.qualifiedName));
  }
}

function imports(project: Project, evaluator: Evaluator, view: FileView, edges: EdgeSet, file: string, tracker: DepTracker): void {
  const path = view.facts.path;
  const python = view.facts.language === 'python';
  const link = (specifier: string, line: number, typeOnly: boolean, names: string[]): void => {
    if (python) {
      const target = evaluator.pythonImportTarget(path, specifier);
      if (target?.t === 'module') edges.add('imports', file, fileId(target.path), { line, specifier, typeOnly });
      else if (target?.t === 'external') edges.add('imports', file, externalId(target.name), { line, specifier, typeOnly });
      // `from pkg import sub`: the submodule is imported too.
      if (target && target.t !== 'external') {
        for (const name of names) {
          const member = evaluator.member(target, name)?.value;
          if (member?.t === 'module') edges.add('imports', file, fileId(member.path), { line, specifier, typeOnly });
        }
      }
      return;
    }
    const target = project.resolveTsModule(path, specifier, tracker);
    if (target.kind === 'file') edges.add('imports', file, fileId(target.path), { line, specifier, typeOnly });
    else if (target.kind === 'external') edges.add('imports', file, externalId(target.name), { line, specifier, typeOnly });
  };
  for (const imp of view.facts.imports) {
    link(imp.module, imp.line, imp.typeOnly === true, imp.names.map((n) => n.imported).filter((n) => n !== '*module*'));
  }
  for (const exp of view.facts.exports) if (exp.module !== undefined) link(exp.module, exp.line, false, []);
}

interface CallTarget {
  value: Value;
  confidence: Confidence;
}

/** The declarations a call reaches: one, several (a receiver typed `A | B`), or none. */
function resolveCall(project: Project, evaluator: Evaluator, view: FileView, scope: Scope, callee: Chain, tracker: DepTracker): CallTarget[] {
  if (view.facts.language !== 'python' && callee.length === 1 && callee[0] === 'super') {
    const v = evaluator.superConstructor(scope.path, scope.qn);
    return v ? [{ value: v, confidence: 'resolved' }] : [];
  }
  const r = evaluator.evalChain(scope, callee);
  if (r.value) {
    if (r.held) return [];
    const confidence: Confidence = r.inferred ? 'inferred' : 'resolved';
    const out: CallTarget[] = [];
    for (let value of r.value.t === 'union' ? r.value.members : [r.value]) {
      // `const Repo = require('./repo'); new Repo()`: calling a CommonJS module calls what it exports.
      if (value.t === 'module' && view.facts.language !== 'python') {
        const exported = evaluator.exportOf(value.path, 'default')?.value;
        if (!exported) continue;
        value = exported;
      }
      if (value.t === 'symbol' && CALLABLE.has(value.kind)) out.push({ value, confidence });
    }
    return out;
  }
  const guess = nameOnlyTarget(project, view, scope, callee, r.external, tracker);
  return guess ? [guess] : [];
}

/** The single non-generic workspace function of that name, for a receiver we could not type. */
function nameOnlyTarget(project: Project, view: FileView, scope: Scope, callee: Chain, external: boolean, tracker: DepTracker): CallTarget | undefined {
  // Guess only for a receiver that is a name we know nothing of; `xs[0].f()` or `"".join()` give nothing to go on.
  if (external || callee.length < 2 || callee[0] === '?') return undefined;
  const last = callee[callee.length - 1]!;
  const name = last.endsWith('()') ? last.slice(0, -2) : last;
  if (GENERIC_NAMES.has(name) || name.length < 3) return undefined;
  const family = familyOf(view.facts.language);
  const candidates = project
    .symbolsNamed(name, tracker)
    .filter((c) => (c.kind === 'method' || c.kind === 'function') && familyOf(project.facts.get(c.path)!.language) === family);
  if (candidates.length !== 1) return undefined;
  const c = candidates[0]!;
  // `def get(self): return self._inner.get()` delegates to another object's method of the same name.
  if (c.path === scope.path && c.qn === scope.qn) return undefined;
  return { value: { t: 'symbol', path: c.path, qn: c.qn, kind: c.kind }, confidence: 'name' };
}

/** `test_api.py` ↔ `api.py`, `cache.test.ts` ↔ `cache.ts`: the file a test file is named after. */
function pairedFileNames(path: string): string[] {
  const base = posix.basename(path);
  let m = /^test_(.+)\.py$/.exec(base) ?? /^(.+)_test\.py$/.exec(base);
  if (m) return [`${m[1]}.py`];
  m = /^(.+)\.(test|spec)\.([mc]?[jt]sx?)$/.exec(base);
  if (m) return ['ts', 'tsx', 'js', 'jsx', 'mts', 'mjs'].map((e) => `${m![1]}.${e}`);
  return [];
}

const normalise = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');

function conventionTest(project: Project, view: FileView, test: SymbolFact, edges: EdgeSet, source: string, tracker: DepTracker): void {
  const subject = normalise(test.name.replace(/^test_?/i, ''));
  if (subject.length < 3) return;
  for (const name of pairedFileNames(view.facts.path)) {
    const files = project.filesNamed(name, tracker);
    if (files.length !== 1) continue;
    const paired = project.view(files[0]!, tracker); // scans every symbol: depends on all of the file
    if (!paired) continue;
    let best: SymbolFact | undefined;
    for (const s of paired.symbols.values()) {
      if (s.kind === 'test' || s.kind === 'variable' || s.kind === 'constant') continue;
      const n = normalise(s.name);
      if (n.length >= 3 && subject.includes(n) && (!best || n.length > normalise(best.name).length)) best = s;
    }
    if (best) edges.add('tests', source, project.symbolNodeId(paired.facts.path, best.qualifiedName), { confidence: 'convention' });
    return;
  }
}
