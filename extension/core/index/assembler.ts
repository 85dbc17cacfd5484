/**
 * Graph assembly, full and incremental
 * ====================================
 * Keeps a CodeGraph equal to what the current facts say. Nodes come from each file's facts alone;
 * edges from resolving each file (resolve/resolve_file.ts), each with the dependency keys it read.
 * An update with some files' new facts re-resolves exactly the files whose keys changed, so it
 * yields the graph a full rebuild would — the incremental property test checks that claim.
 * Module nodes and depends_on edges are derived last from the file set and the import edges.
 */
import { posix } from 'node:path';
import type { FileFacts, SymbolFact } from '../parse/facts';
import { CodeGraph } from '../model/graph';
import { DERIVED_EDGE_KINDS } from '../model/kinds';
import { edgeKey, type EdgeKind, type NodeAttributes } from '../model/types';
import { fileId, isExternalId, isFileId, isModuleId, moduleId } from '../model/ids';
import { FamilyResolvers } from '../resolve/families';
import { interfaceParts, Project } from '../resolve/project';
import { resolveFile, type FileResolution, type ResolvedEdge } from '../resolve/resolve_file';
import { basenameKey, existsKey, fileKey, nameKey, partKey } from '../resolve/tracker';

/** What a snapshot keeps of the assembler, so a restart needs no resolution at all. */
export interface AssemblerState {
  facts: FileFacts[];
  resolutions: Record<string, FileResolution>;
  configs: Record<string, string>;
}

export interface UpdateSummary {
  changedFiles: number;
  resolvedFiles: number;
  full: boolean;
}

function parentDir(p: string): string {
  const d = posix.dirname(p);
  return d === '.' ? '' : d;
}

function symbolAttributes(s: SymbolFact, path: string, language: FileFacts['language']): NodeAttributes {
  const a: NodeAttributes = {
    kind: s.kind,
    name: s.name,
    qualifiedName: s.qualifiedName,
    path,
    language,
    line: s.line,
    startLine: s.startLine,
    endLine: s.endLine,
    signature: s.signature,
    exported: s.exported,
  };
  if (s.doc) a.doc = s.doc;
  if (s.decorators?.length) a.decorators = s.decorators;
  if (s.bases?.length) a.bases = s.bases;
  if (s.params?.length) a.params = s.params.map((p) => ({ name: p.name, ...(p.type ? { type: p.type } : {}), ...(p.default ? { default: p.default } : {}) }));
  if (s.returnType) a.returnType = s.returnType;
  if (s.isAsync) a.isAsync = true;
  return a;
}

export class GraphAssembler {
  readonly graph = new CodeGraph();
  readonly project = new Project();
  private readonly resolutions = new Map<string, FileResolution>();
  private readonly dependents = new Map<string, Set<string>>();
  private readonly ownedNodes = new Map<string, string[]>();
  /** What each file's nodes were made from (content hash, facts version, module name): the same again makes the same nodes. */
  private readonly nodesMadeFrom = new Map<string, string>();
  private configs = new Map<string, string>();
  private modules = new Set<string>();
  private moduleEdges = new Set<string>();

  /** Told of a file whose resolution failed (a bug of ours): the file keeps its nodes, not its edges. */
  constructor(
    private readonly onResolveError?: (path: string, error: unknown) => void,
    rootPackage?: string,
  ) {
    // Only a valid identifier can name a package: `my-repo/` holding __init__.py stays unnamed.
    if (rootPackage && /^[A-Za-z_]\w*$/.test(rootPackage)) this.project.rootPackage = rootPackage;
  }

  /**
   * Applies new facts (undefined = deleted) and, when given, a new set of config files
   * (tsconfig/jsconfig/package.json texts). Returns what it did.
   */
  update(changes: ReadonlyMap<string, FileFacts | undefined>, configs?: ReadonlyMap<string, string>): UpdateSummary {
    const steps = this.updateSteps(changes, configs);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  /**
   * The same update, giving the event loop a turn every `sliceMs` while it reads and resolves:
   * a host keeps answering queries meanwhile, from the graph as it was, since the graph itself
   * changes in one synchronous step at the end.
   */
  async updateInSlices(changes: ReadonlyMap<string, FileFacts | undefined>, configs?: ReadonlyMap<string, string>, sliceMs = 10): Promise<UpdateSummary> {
    const steps = this.updateSteps(changes, configs);
    let sliceStart = performance.now();
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      if (performance.now() - sliceStart > sliceMs) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
    }
  }

  /**
   * The update as steps: it yields between files while it touches only the project (facts, module
   * tables, resolutions kept aside), then changes the graph (nodes, edges, modules) without a break.
   */
  private *updateSteps(changes: ReadonlyMap<string, FileFacts | undefined>, configs?: ReadonlyMap<string, string>): Generator<void, UpdateSummary> {
    const changedKeys = new Set<string>();
    const changedPaths: string[] = [];
    let structural = false;
    let full = false;
    for (const [path, facts] of changes) {
      const old = this.project.facts.get(path);
      if (!old && !facts) continue;
      changedPaths.push(path);
      if (!old || !facts) {
        structural = true;
        changedKeys.add(existsKey(path));
        changedKeys.add(basenameKey(posix.basename(path)));
        for (let d = parentDir(path); ; d = parentDir(d)) {
          changedKeys.add(existsKey(`${d}/`));
          if (d === '') break;
        }
      }
      for (const key of changedInterfaceKeys(path, old, facts)) changedKeys.add(key);
      this.project.setFacts(path, facts);
      yield;
    }
    if (configs && !sameMap(configs, this.configs)) {
      this.configs = new Map(configs);
      this.project.setConfigFiles(this.configs);
      full = true;
    }
    if (structural) {
      const { changedKeys: moduleKeys, canonicalChanged } = this.project.rebuildStructure();
      for (const k of moduleKeys) changedKeys.add(k);
      if (canonicalChanged) full = true;
    }

    const nodePaths = full ? [...new Set([...this.ownedNodes.keys(), ...this.project.facts.keys()])] : changedPaths;
    const toResolve = new Set<string>();
    if (full) for (const p of this.project.facts.keys()) toResolve.add(p);
    else {
      for (const p of changedPaths) if (this.project.facts.has(p)) toResolve.add(p);
      for (const key of changedKeys) for (const p of this.dependents.get(key) ?? []) if (this.project.facts.has(p)) toResolve.add(p);
    }

    // Resolution reads the project only: its results wait here until the graph changes at once.
    const families = new FamilyResolvers(this.project);
    const resolved = new Map<string, FileResolution>();
    for (const path of [...toResolve].sort()) {
      resolved.set(path, this.resolveSafely(families, path));
      yield;
    }

    // Nodes first, so that every edge finds both of its ends; folder nodes too (a Go import's edge targets its package's folder).
    for (const path of nodePaths.sort()) this.syncNodes(path);
    if (structural || full) this.syncModules();
    for (const p of changedPaths) if (!this.project.facts.has(p)) this.setResolution(p, undefined);
    for (const [path, resolution] of resolved) this.setResolution(path, resolution);
    this.syncDependsOn();
    return { changedFiles: changedPaths.length, resolvedFiles: toResolve.size, full };
  }

  /** The state a snapshot needs to restore this graph without resolving anything. */
  state(): AssemblerState {
    return {
      facts: [...this.project.facts.values()],
      resolutions: Object.fromEntries(this.resolutions),
      configs: Object.fromEntries(this.configs),
    };
  }

  /** Restores a snapshot's state into an empty assembler. */
  restore(state: AssemblerState): void {
    if (this.project.facts.size) throw new Error('kg-memory/assembler: restore needs an empty assembler');
    this.configs = new Map(Object.entries(state.configs));
    this.project.setConfigFiles(this.configs);
    for (const facts of state.facts) this.project.setFacts(facts.path, facts);
    this.project.rebuildStructure();
    for (const path of [...this.project.facts.keys()].sort()) this.syncNodes(path);
    this.syncModules();
    for (const [path, resolution] of Object.entries(state.resolutions)) {
      if (this.project.facts.has(path)) this.addResolution(path, resolution);
    }
    this.syncDependsOn();
  }

  /** setResolution for a file that has none yet (a restore): nothing to compare or drop. */
  private addResolution(path: string, next: FileResolution): void {
    if (this.resolutions.has(path)) {
      this.setResolution(path, next);
      return;
    }
    for (const e of next.edges) this.putEdge(e);
    for (const key of next.deps) {
      let set = this.dependents.get(key);
      if (!set) this.dependents.set(key, (set = new Set()));
      set.add(path);
    }
    this.resolutions.set(path, next);
  }

  facts(path: string): FileFacts | undefined {
    return this.project.facts.get(path);
  }

  /** The config files the resolvers read (path → text), as of the last update. */
  configFiles(): ReadonlyMap<string, string> {
    return this.configs;
  }

  paths(): IterableIterator<string> {
    return this.project.facts.keys();
  }

  /** A resolver fault in one file costs that file its edges, never the index. */
  private resolveSafely(families: FamilyResolvers, path: string): FileResolution {
    try {
      return resolveFile(this.project, families, path);
    } catch (err) {
      this.onResolveError?.(path, err);
      const reason = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      return { edges: [], deps: [fileKey(path)], fault: reason.slice(0, 300) };
    }
  }

  /** The files whose resolution failed, with the reason, sorted by path (shown in `status`). */
  resolveFaults(): { path: string; reason: string }[] {
    const out: { path: string; reason: string }[] = [];
    for (const [path, r] of this.resolutions) if (r.fault !== undefined) out.push({ path, reason: r.fault });
    return out.sort((a, b) => a.path.localeCompare(b.path));
  }

  /** The files where the resolver's bound stopped lookups, with how many, sorted by path (shown in `status`). */
  resolveCuts(): { path: string; lookups: number }[] {
    const out: { path: string; lookups: number }[] = [];
    for (const [path, r] of this.resolutions) if (r.cut !== undefined) out.push({ path, lookups: r.cut });
    return out.sort((a, b) => a.path.localeCompare(b.path));
  }

  // ---- nodes ----------------------------------------------------------------------------

  private syncNodes(path: string): void {
    const facts = this.project.facts.get(path);
    const previous = this.ownedNodes.get(path) ?? [];
    if (!facts) {
      for (const id of previous) this.graph.dropNode(id);
      this.ownedNodes.delete(path);
      this.nodesMadeFrom.delete(path);
      return;
    }
    const nodes = new Map<string, NodeAttributes>();
    const fileAttrs: NodeAttributes = {
      kind: 'file',
      name: posix.basename(path),
      path,
      language: facts.language,
      lines: facts.lines,
      hash: facts.hash,
      parseErrors: facts.parseErrors,
      line: 1,
      startLine: 1,
      endLine: Math.max(1, facts.lines),
    };
    // The file's dotted name: its Python module, or the package its clause declares (Java, Kotlin, Go).
    const moduleName = this.project.pythonModuleName(path) ?? facts.package;
    // Facts are a function of the content: a file parsed again (a full reindex) keeps its nodes as they are.
    const madeFrom = `${facts.hash}|${facts.version}|${moduleName ?? ''}`;
    if (this.nodesMadeFrom.get(path) === madeFrom && previous.length > 0) return;
    this.nodesMadeFrom.set(path, madeFrom);
    if (moduleName) fileAttrs.qualifiedName = moduleName;
    if (facts.doc) fileAttrs.doc = facts.doc;
    nodes.set(fileId(path), fileAttrs);
    for (const s of this.project.ownView(path).symbols.values()) {
      nodes.set(this.project.symbolNodeId(path, s.qualifiedName), symbolAttributes(s, path, facts.language));
    }
    for (const id of previous) if (!nodes.has(id)) this.graph.dropNode(id);
    for (const [id, attrs] of nodes) this.graph.setNode(id, attrs);
    this.ownedNodes.set(path, [...nodes.keys()]);
  }

  private syncModules(): void {
    const wanted = new Map<string, NodeAttributes>();
    const edges = new Map<string, [string, string]>();
    for (const path of this.project.facts.keys()) {
      let child = fileId(path);
      for (let dir = parentDir(path); ; dir = parentDir(dir)) {
        const id = moduleId(dir);
        edges.set(edgeKey('contains', id, child), [id, child]);
        if (wanted.has(id)) break;
        const attrs: NodeAttributes = { kind: 'module', name: dir === '' ? '.' : posix.basename(dir), path: dir };
        const pkg = this.project.isPythonPackageDir(dir) ? this.project.pythonModuleName(`${dir}/__init__.py`) ?? this.project.pythonModuleName(`${dir}/__init__.pyi`) : undefined;
        if (pkg) attrs.qualifiedName = pkg;
        wanted.set(id, attrs);
        if (dir === '') break;
        child = id;
      }
    }
    for (const id of this.modules) if (!wanted.has(id)) this.graph.dropNode(id);
    for (const [id, attrs] of wanted) this.graph.setNode(id, attrs);
    for (const key of this.moduleEdges) if (!edges.has(key)) this.graph.dropEdge(key);
    for (const [key, [s, t]] of edges) if (!this.graph.hasEdge(key)) this.graph.setEdge('contains', s, t);
    this.modules = new Set(wanted.keys());
    this.moduleEdges = new Set(edges.keys());
  }

  private syncDependsOn(): void {
    const wanted = new Map<string, [string, string]>();
    for (const [path, resolution] of this.resolutions) {
      const from = moduleId(parentDir(path));
      for (const e of resolution.edges) {
        if (e.kind !== 'imports' || !(isFileId(e.target) || isModuleId(e.target))) continue;
        // A file's folder, or the folder itself (a Go package is imported as a whole).
        const to = isFileId(e.target) ? moduleId(parentDir(e.target.slice(5))) : e.target;
        if (to !== from) wanted.set(edgeKey('depends_on', from, to), [from, to]);
      }
    }
    for (const key of this.graph.graph.edges()) {
      if (key.startsWith('depends_on|') && !wanted.has(key)) this.graph.dropEdge(key);
    }
    for (const [key, [s, t]] of wanted) if (!this.graph.hasEdge(key)) this.graph.setEdge('depends_on', s, t);
  }

  // ---- edges ----------------------------------------------------------------------------

  private setResolution(path: string, next: FileResolution | undefined): void {
    const previous = this.resolutions.get(path);
    const nextKeys = new Set(next?.edges.map((e) => e.key));
    const before = new Map(previous?.edges.map((e) => [e.key, e]));
    const touchedExternals = new Set<string>();
    for (const e of previous?.edges ?? []) {
      if (nextKeys.has(e.key)) continue;
      this.graph.dropEdge(e.key);
      if (isExternalId(e.target)) touchedExternals.add(e.target);
    }
    const sameDeps = next !== undefined && sameList(previous?.deps, next.deps);
    if (!sameDeps) for (const key of previous?.deps ?? []) this.dependents.get(key)?.delete(path);
    if (!next) {
      this.resolutions.delete(path);
    } else {
      // A full reindex resolves every file again to mostly the same edges: only what differs is written.
      for (const e of next.edges) if (!sameEdge(before.get(e.key), e) || !this.graph.hasEdge(e.key)) this.putEdge(e);
      if (!sameDeps) {
        for (const key of next.deps) {
          let set = this.dependents.get(key);
          if (!set) this.dependents.set(key, (set = new Set()));
          set.add(path);
        }
      }
      this.resolutions.set(path, next);
    }
    // An external lives as long as code imports it: a document or note that still names it
    // does not keep it (a full index would not make it), and its derived edges go with it.
    for (const ext of touchedExternals) if (this.graph.hasNode(ext) && !this.hasCodeEdge(ext)) this.graph.dropNode(ext);
  }

  private hasCodeEdge(id: string): boolean {
    return this.graph.graph.someEdge(id, (_key, edge: { kind: EdgeKind }) => !DERIVED_EDGE_KINDS.has(edge.kind));
  }

  private putEdge(e: ResolvedEdge): void {
    if (isExternalId(e.target) && !this.graph.hasNode(e.target)) {
      this.graph.setNode(e.target, { kind: 'external', name: e.target.slice(4) });
    }
    if (!this.graph.hasNode(e.source) || !this.graph.hasNode(e.target)) return;
    const attrs: Omit<ResolvedEdge, 'key' | 'kind' | 'source' | 'target'> = {};
    if (e.lines) attrs.lines = e.lines;
    if (e.confidence) attrs.confidence = e.confidence;
    if (e.specifiers) attrs.specifiers = e.specifiers;
    if (e.typeOnly) attrs.typeOnly = true;
    this.graph.setEdge(e.kind, e.source, e.target, attrs);
  }
}

const sameList = <T>(a: readonly T[] | undefined, b: readonly T[] | undefined): boolean =>
  a === b || (a !== undefined && b !== undefined && a.length === b.length && a.every((x, i) => x === b[i]));

/** The same edge with the same attributes (what putEdge writes). */
function sameEdge(a: ResolvedEdge | undefined, b: ResolvedEdge): boolean {
  return a !== undefined && a.confidence === b.confidence && a.typeOnly === b.typeOnly && sameList(a.lines, b.lines) && sameList(a.specifiers, b.specifiers);
}

/** The dependency keys whose answers differ between a file's old and new facts (either may be absent). */
function changedInterfaceKeys(path: string, old: FileFacts | undefined, next: FileFacts | undefined): string[] {
  const before = old ? interfaceParts(old) : new Map<string, string>();
  const after = next ? interfaceParts(next) : new Map<string, string>();
  const keys: string[] = [];
  for (const part of new Set([...before.keys(), ...after.keys()])) {
    if (before.get(part) !== after.get(part)) keys.push(partKey(path, part));
  }
  if (keys.length) keys.push(fileKey(path));
  // The name index changes only where a (name, kind, place) appears or goes.
  const named = (f: FileFacts | undefined) => new Set((f?.symbols ?? []).map((s) => `${s.name}\u0000${s.kind}\u0000${s.qualifiedName}`));
  const a = named(old);
  const b = named(next);
  for (const k of a) if (!b.has(k)) keys.push(nameKey(k.slice(0, k.indexOf('\u0000'))));
  for (const k of b) if (!a.has(k)) keys.push(nameKey(k.slice(0, k.indexOf('\u0000'))));
  return keys;
}

function sameMap(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}
