/**
 * Resolving one file
 * ==================
 * A file's facts → the edges whose source is in that file: contains, method_of, imports, calls,
 * references, inherits, implements and tests, plus the dependency keys the resolution read.
 * What an import, a call, a reference or a base names is the language family's question
 * (family.ts); the edges made of the answers are the same for every language.
 */
import { posix } from 'node:path';
import type { SymbolFact } from '../parse/facts';
import { edgeKey, type Confidence, type EdgeKind } from '../model/types';
import { externalId, fileId, moduleId } from '../model/ids';
import { isTestPath, languageSpec } from '../parse/languages';
import type { FileView, Project } from './project';
import type { FamilyResolvers } from './families';
import type { ImportTarget, ResolveContext } from './family';
import { DepTracker, fileKey } from './tracker';

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
  /** Lookups the resolver's bound stopped: their calls may have no edge. */
  cut?: number;
}

const CONFIDENCE_RANK: Record<Confidence, number> = { resolved: 3, inferred: 2, name: 1, convention: 0 };

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

export function resolveFile(project: Project, families: FamilyResolvers, path: string): FileResolution {
  const tracker = new DepTracker();
  tracker.add(fileKey(path));
  const view = project.ownView(path);
  const family = families.of(view.facts.language);
  let cuts = 0;
  const ctx: ResolveContext = { project, tracker, view, path, cut: () => cuts++ };
  const edges = new EdgeSet();
  const file = fileId(path);
  const idOf = (qn: string | undefined): string => (qn !== undefined && view.symbols.has(qn) ? project.symbolNodeId(path, qn) : file);

  structure(view, edges, idOf, file);
  const importEdge = (target: ImportTarget, line: number, specifier: string, typeOnly: boolean): void => {
    const id = target.t === 'file' ? fileId(target.path) : target.t === 'module' ? moduleId(target.dir) : externalId(target.name);
    edges.add('imports', file, id, { line, specifier, typeOnly });
  };
  for (const imp of view.facts.imports) for (const t of family.importTargets(ctx, imp)) importEdge(t, imp.line, imp.module, imp.typeOnly === true);
  for (const exp of view.facts.exports) {
    if (exp.module === undefined) continue;
    for (const t of family.importTargets(ctx, { module: exp.module, line: exp.line, names: [] })) importEdge(t, exp.line, exp.module, false);
  }

  const testTargets = new Map<string, number>();
  for (const call of view.facts.calls) {
    const source = idOf(call.caller);
    // What a test's nested helpers and local classes call, the test calls: it is the test's `tests` edge.
    const test = enclosingTest(view, call.caller);
    for (const found of family.call(ctx, call)) {
      const target = project.symbolNodeId(found.value.path, found.value.qn);
      edges.add('calls', source, target, { line: call.line, confidence: found.confidence });
      if (test && found.value.kind !== 'test' && !isTestPath(found.value.path)) {
        const testId = idOf(test.qualifiedName);
        edges.add('tests', testId, target, { confidence: found.confidence });
        testTargets.set(testId, (testTargets.get(testId) ?? 0) + 1);
      }
    }
  }

  for (const ref of view.facts.references) {
    const source = idOf(ref.from);
    const found = family.reference(ctx, ref);
    if (!found) continue;
    const target = project.symbolNodeId(found.path, found.qn);
    if (target === source) continue;
    edges.add('references', source, target, { line: ref.line, typeOnly: ref.isType === true });
  }

  for (const s of view.symbols.values()) {
    if (s.kind !== 'class' && s.kind !== 'interface') continue;
    const source = idOf(s.qualifiedName);
    for (const base of family.bases(ctx, s)) {
      edges.add('inherits', source, base.t === 'external' ? externalId(base.name) : project.symbolNodeId(base.path, base.qn));
    }
    for (const target of family.implementations(ctx, s)) edges.add('implements', source, project.symbolNodeId(target.path, target.qn));
  }

  for (const s of view.symbols.values()) {
    if (s.kind === 'test' && !testTargets.has(idOf(s.qualifiedName))) conventionTest(project, view, s, edges, idOf(s.qualifiedName), tracker);
  }

  return { edges: edges.list(), deps: [...tracker.keys()].sort(), ...(cuts > 0 ? { cut: cuts } : {}) };
}

/** The test a symbol is or is defined in (a helper or a local class of a test), if any. */
function enclosingTest(view: FileView, qn: string | undefined): SymbolFact | undefined {
  for (let s = qn !== undefined ? view.symbols.get(qn) : undefined; s; s = s.parent !== undefined ? view.symbols.get(s.parent) : undefined) {
    if (s.kind === 'test') return s;
  }
  return undefined;
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

const normalise = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');

function conventionTest(project: Project, view: FileView, test: SymbolFact, edges: EdgeSet, source: string, tracker: DepTracker): void {
  const subject = normalise(test.name.replace(/^test_?/i, ''));
  if (subject.length < 3) return;
  for (const name of languageSpec(view.facts.language).testedFiles(posix.basename(view.facts.path))) {
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
