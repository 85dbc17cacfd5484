/**
 * The code graph as a gazetteer
 * =============================
 * Every name a document may use for a code node, mapped to the node: bare names (`send`),
 * qualified names (`Client.send`), dotted Python names (`app.api.Client.send`, `app.api`), file
 * paths (`src/app/api.py`, `src/util/cache` without its extension), file basenames (`api.py`),
 * folder paths (`src/app`), and record numbers (ADR-0003 → its adr node).
 *
 * Where a name maps to several nodes the definitions that matter most are preferred, in tiers:
 * classes, interfaces and enums; then functions, types and constants; then methods; then files;
 * then folders; code outside test folders before test code. What is left after that is recorded
 * as ambiguous, for the linker to weigh.
 *
 * Fuzzy candidates (a surface written differently from any key) come through the normalised
 * name (`payment_client` → `payment client` ← `PaymentClient`), an edit distance of at most one
 * on that normalised form, or a token Jaccard of at least 0.6: the same tests the linker documents
 * (fuzzy_names.ts).
 *
 * Built once from the whole graph, then kept current: refreshed() re-reads only the nodes the
 * graph's change journal names, and reports which keys, nodes and fuzzy neighbourhoods moved, so
 * the entity index re-reads only the documents that asked about them (recording()).
 */
import { posix } from 'node:path';
import { isTestPath } from '../../decisions/link';
import { normalise, similarity } from '../../decisions/reconcile';
import { FuzzyNameIndex, type FuzzyKeyForm } from './fuzzy_names';
import type { CodeGraph } from '../../model/graph';
import type { NodeKind } from '../../model/types';
import { DERIVED_EDGE_KINDS, DERIVED_NODE_KINDS } from '../../model/kinds';
import { isCommonWord } from './words';
import { roundScore } from '../score';
import { moduleId } from '../../model/ids';

/** How a key was derived from its node: also how sure a hit on it is. */
export type KeyForm = 'qualified' | 'dotted' | 'name' | 'path' | 'basename' | 'folder' | 'adr';

export interface GazetteerHit {
  /** The preferred nodes (best tier), sorted. */
  ids: string[];
  /** More than one preferred node: the name alone does not say which. */
  ambiguous: boolean;
  /** How many nodes carry the name across all tiers. */
  total: number;
  form: KeyForm;
  /** Whether a hit in plain prose (no backticks) may count: not for folder names or common words. */
  plainText: boolean;
}

export interface FuzzyCandidate {
  id: string;
  /** The gazetteer key it was found under. */
  key: string;
  via: 'normalised' | 'edit' | 'jaccard' | 'vector';
  /** 0–1: string similarity of the normalised forms (or the vector hook's answer). */
  similarity: number;
}

export interface NodeInfo {
  kind: NodeKind;
  name: string;
  path: string;
  qualifiedName: string;
  /** The class (or outer name) a member belongs to, for context overlap: `Client` for `Client.send`. */
  owner: string;
  /** How much of the graph points at it (incoming edges), the linker's popularity. */
  inDegree: number;
}

/** What reading a document asks of the gazetteer. */
export type GazetteerReader = Pick<Gazetteer, 'lookup' | 'hasKey' | 'node' | 'adr' | 'fuzzy'>;

/**
 * What a reading asked, so it is read again only when an answer may have moved: the keys looked
 * up (hit or not), with the nodes read as nodeKey(id) and record numbers as adrKey(n), and the
 * normalised surfaces matched fuzzily.
 */
export interface GazetteerReads {
  keys: Set<string>;
  fuzzy: Set<string>;
}

/** What moved in the gazetteer since the last takeChanges(). */
export interface GazetteerChanges {
  /** Keys whose hit came, went or changed; nodes whose info did, as nodeKey(id); record numbers as adrKey(n). */
  keys: Set<string>;
  /** Fuzzy-indexed keys that came, went or changed, by normalised form (`bareName`: a bare name, found also one edit away). */
  fuzzy: Map<string, { bareName: boolean }>;
  /** Tokens whose posting crossed the size fuzzy lookups skip: every surface with the token may answer differently. */
  tokens: Set<string>;
}

export const nodeKey = (id: string): string => `\u0001node:${id}`;
export const adrKey = (n: number): string => `\u0001adr:${n}`;

/** Node kinds a document can name, with their tier (lower wins). */
const TIER: Partial<Record<NodeKind, number>> = {
  class: 0, interface: 0, enum: 0, adr: 0,
  function: 1, type: 1, constant: 1, test: 1,
  method: 2,
  file: 3,
  module: 4,
  external: 5,
};
const TEST_PENALTY = 10;
const NEEDS_CLEANING = /[(:#]|^\s|\s$|^\.\//;
/** Token Jaccard at which two multi-word names are candidates for each other. */
export const JACCARD_MIN = 0.6;
/** Longer surfaces get no fuzzy candidates: one-edit variants of a long string cost its length squared. */
const MAX_FUZZY_LENGTH = 64;
/** Distinct surfaces remembered by fuzzy() before the memo starts over. */
const FUZZY_MEMO_LIMIT = 100_000;
/** Above this share of the nodes changed, building anew is cheaper than catching up. */
const REBUILD_SHARE = 0.25;

interface KeyEntry {
  /** id → how many nodes put it under this key (a package's __init__.py and the package itself). */
  ids: Map<string, number>;
  forms: Map<KeyForm, number>;
}

/** One key a node puts into the gazetteer, for the id it names. */
interface Contribution {
  key: string;
  id: string;
  form: KeyForm;
}

export class Gazetteer {
  private readonly keys = new Map<string, KeyEntry>();
  private readonly hits = new Map<string, GazetteerHit>();
  private readonly contributions = new Map<string, Contribution[]>();
  private readonly adrs = new Map<number, string[]>();
  private readonly adrNumbers = new Map<string, number>();
  private readonly info = new Map<string, NodeInfo>();
  private readonly fuzzyMemo = new Map<string, { norm: string; found: FuzzyCandidate[] }>();
  private changes: GazetteerChanges = noChanges();
  /** Off while building from the whole graph: nothing has read this gazetteer yet. */
  private tracking = false;
  /** Built on the first fuzzy lookup: a workspace whose documents name every symbol exactly never pays for it. */
  private fuzzyIndex: FuzzyNameIndex | undefined;
  private _version: number;

  private constructor(readonly graph: CodeGraph) {
    this._version = graph.codeVersion;
  }

  /** The graph's code version this gazetteer reflects. */
  get version(): number {
    return this._version;
  }

  static fromGraph(graph: CodeGraph): Gazetteer {
    const g = new Gazetteer(graph);
    const touched = new Set<string>();
    graph.graph.forEachNode((id, a) => {
      if (TIER[a.kind] !== undefined) g.addNode(id, touched);
    });
    for (const key of touched) g.rerank(key);
    g.tracking = true;
    return g;
  }

  /**
   * This gazetteer brought up to the graph's current code version: re-reads only the nodes the
   * graph says moved, or builds anew when that is most of them or further back than it knows.
   */
  refreshed(): Gazetteer {
    if (this._version === this.graph.codeVersion) return this;
    const changed = this.graph.codeChangesSince(this._version);
    if (!changed || changed.size > Math.max(64, this.info.size * REBUILD_SHARE)) return Gazetteer.fromGraph(this.graph);
    // A package's dotted name goes to its module node when there is one: its __init__.py reads again with it.
    for (const id of [...changed]) {
      // The module as it was (it may be gone) or as it is now (it may be new).
      const module = [this.info.get(id), this.graph.node(id)].find((n) => n?.kind === 'module');
      const path = module?.path;
      if (path !== undefined) for (const f of this.graph.nodesInPath(path === '' ? '__init__.py' : `${path}/__init__.py`)) changed.add(f);
    }
    const touched = new Set<string>();
    for (const id of changed) {
      const before = this.info.get(id);
      this.removeNode(id, touched);
      const a = this.graph.node(id);
      if (a && TIER[a.kind] !== undefined) this.addNode(id, touched);
      if (!sameInfo(before, this.info.get(id))) this.changes.keys.add(nodeKey(id));
    }
    for (const key of touched) this.rerank(key);
    for (const t of this.fuzzyIndex?.takeCrowded() ?? []) this.changes.tokens.add(t);
    this.fuzzyMemo.clear();
    this._version = this.graph.codeVersion;
    return this;
  }

  /** What moved since the last call (a gazetteer built anew reports nothing: nothing read it yet). */
  takeChanges(): GazetteerChanges {
    const out = this.changes;
    this.changes = noChanges();
    return out;
  }

  /** A reader that notes in `reads` what it is asked. */
  recording(reads: GazetteerReads): GazetteerReader {
    return {
      lookup: (surface) => {
        reads.keys.add(surface);
        if (NEEDS_CLEANING.test(surface)) reads.keys.add(cleanSurface(surface));
        return this.lookup(surface);
      },
      hasKey: (key) => {
        reads.keys.add(key);
        return this.hasKey(key);
      },
      node: (id) => {
        reads.keys.add(nodeKey(id));
        return this.node(id);
      },
      adr: (n) => {
        reads.keys.add(adrKey(n));
        return this.adr(n);
      },
      fuzzy: (surface, vector, vectorMin) => {
        const { norm, found } = this.fuzzyEntry(surface, vector, vectorMin);
        if (norm.length >= 3 && norm.length <= MAX_FUZZY_LENGTH) reads.fuzzy.add(norm);
        return found;
      },
    };
  }

  /** The nodes a surface names exactly (after stripping a call's `()`, a `:line` suffix, `#` and `::`). */
  lookup(surface: string): GazetteerHit | undefined {
    const direct = this.hits.get(surface);
    if (direct) return direct;
    // Most words need no cleaning: skip the regexes unless a call, a line, `#`, `::` or `./` is there.
    if (!NEEDS_CLEANING.test(surface)) return undefined;
    const cleaned = cleanSurface(surface);
    return cleaned === surface ? undefined : this.hits.get(cleaned);
  }

  /** adr nodes with this record number. */
  adr(number: number): string[] {
    return this.adrs.get(number) ?? [];
  }

  node(id: string): NodeInfo | undefined {
    return this.info.get(id);
  }

  /** Whether a word could start a plain-text hit: a cheap filter before lookup. */
  hasKey(key: string): boolean {
    return this.hits.has(key);
  }

  /** Every key and its hit, sorted by key: what two gazetteers of one graph must agree on. */
  entries(): [string, GazetteerHit][] {
    return [...this.hits].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  }

  /**
   * Candidates for a surface that no key matches exactly: the same normalised name, one edit
   * away from it, or sharing at least 60% of its words (Jaccard); and, with a vector hook, words
   * that share a token and that the hook calls similar (≥ vectorMin).
   */
  fuzzy(surface: string, vector?: (a: string, b: string) => number, vectorMin = 0.85): FuzzyCandidate[] {
    return this.fuzzyEntry(surface, vector, vectorMin).found;
  }

  private fuzzyEntry(surface: string, vector: ((a: string, b: string) => number) | undefined, vectorMin = 0.85): { norm: string; found: FuzzyCandidate[] } {
    // The same surface recurs across thousands of chunks: answer it once per gazetteer state.
    const memo = vector ? undefined : this.fuzzyMemo.get(surface);
    if (memo) return memo;
    const norm = normalise(cleanSurface(surface));
    const entry = { norm, found: this.fuzzyUncached(norm, vector, vectorMin) };
    if (!vector) {
      if (this.fuzzyMemo.size > FUZZY_MEMO_LIMIT) this.fuzzyMemo.clear();
      this.fuzzyMemo.set(surface, entry);
    }
    return entry;
  }

  private fuzzyUncached(norm: string, vector: ((a: string, b: string) => number) | undefined, vectorMin: number): FuzzyCandidate[] {
    if (norm.length < 3 || norm.length > MAX_FUZZY_LENGTH) return [];
    const index = this.fuzzyNames();
    const found = new Map<string, FuzzyCandidate>();
    const take = (key: string, via: FuzzyCandidate['via'], similarity: number): void => {
      for (const id of this.hits.get(key)!.ids) {
        const prev = found.get(id);
        if (!prev || prev.similarity < similarity) found.set(id, { id, key, via, similarity: roundScore(similarity) });
      }
    };
    const viaVector = vector
      ? (key: string, other: string): void => {
          const v = vector(norm, other);
          if (v >= vectorMin) take(key, 'vector', v * 0.95);
        }
      : undefined;
    for (const hit of index.candidates(norm, JACCARD_MIN, viaVector)) {
      take(hit.key, hit.via, hit.via === 'jaccard' ? Math.max(hit.similarity, similarity(norm, index.normOf(hit.key)!)) * 0.95 : hit.similarity);
    }
    return [...found.values()].sort((a, b) => b.similarity - a.similarity || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  private fuzzyNames(): FuzzyNameIndex {
    if (!this.fuzzyIndex) {
      this.fuzzyIndex = new FuzzyNameIndex();
      for (const [key, hit] of this.hits) if (isFuzzyForm(hit.form)) this.fuzzyIndex.add(key, hit.form);
      this.fuzzyIndex.takeCrowded(); // crowded from the start: nothing read it otherwise
    }
    return this.fuzzyIndex;
  }

  /** Puts a node's info and keys in; the keys it touched are collected for re-ranking. */
  private addNode(id: string, touched: Set<string>): void {
    const graph = this.graph;
    const a = graph.node(id)!;
    const path = a.path ?? '';
    const qn = a.qualifiedName ?? a.name;
    const dot = qn.lastIndexOf('.');
    const info: NodeInfo = {
      kind: a.kind,
      name: a.name,
      path,
      qualifiedName: qn,
      owner: a.kind === 'method' || dot > 0 ? qn.slice(0, dot) : '',
      inDegree: codeInDegree(graph, id),
    };
    this.info.set(id, info);
    const mine: Contribution[] = [];
    const add = (key: string, target: string, form: KeyForm): void => {
      if (key !== '') mine.push({ key, id: target, form });
    };
    switch (a.kind) {
      case 'file': {
        add(path, id, 'path');
        add(posix.basename(path), id, 'basename');
        const noExt = path.replace(/\.[^./]+$/, '');
        if (noExt !== path) add(noExt, id, 'path');
        if (a.qualifiedName && a.qualifiedName !== path) {
          // A package's __init__.py carries the package's dotted name: that name is the folder.
          const pkg = posix.basename(path) === '__init__.py' ? moduleId(posix.dirname(path)) : undefined;
          add(a.qualifiedName, pkg && graph.hasNode(pkg) ? pkg : id, 'dotted');
        }
        break;
      }
      case 'module':
        add(path, id, 'path');
        add(a.name, id, 'folder');
        break;
      case 'external':
        add(a.name, id, 'name');
        break;
      case 'adr': {
        const n = a.decision?.number;
        if (n !== undefined) {
          this.adrs.set(n, [...(this.adrs.get(n) ?? []), id].sort());
          this.adrNumbers.set(id, n);
          if (this.tracking) this.changes.keys.add(adrKey(n));
        }
        add(path, id, 'path');
        break;
      }
      default: {
        add(a.name, id, 'name');
        if (qn !== a.name) add(qn, id, 'qualified');
        // py:app.api:Client.send → app.api.Client.send
        const m = /^py:([^:]+):(.+)$/.exec(id);
        if (m) add(`${m[1]}.${m[2]}`, id, 'dotted');
      }
    }
    for (const c of mine) {
      let entry = this.keys.get(c.key);
      if (!entry) {
        entry = { ids: new Map(), forms: new Map() };
        this.keys.set(c.key, entry);
      }
      bump(entry.ids, c.id, 1);
      bump(entry.forms, c.form, 1);
      touched.add(c.key);
    }
    this.contributions.set(id, mine);
  }

  private removeNode(id: string, touched: Set<string>): void {
    const info = this.info.get(id);
    if (!info) return;
    this.info.delete(id);
    const n = this.adrNumbers.get(id);
    if (n !== undefined) {
      const left = (this.adrs.get(n) ?? []).filter((x) => x !== id);
      if (left.length) this.adrs.set(n, left);
      else this.adrs.delete(n);
      this.adrNumbers.delete(id);
      this.changes.keys.add(adrKey(n));
    }
    for (const c of this.contributions.get(id) ?? []) {
      const entry = this.keys.get(c.key)!;
      bump(entry.ids, c.id, -1);
      bump(entry.forms, c.form, -1);
      touched.add(c.key);
    }
    this.contributions.delete(id);
  }

  /** Ranks a key anew from its entry (or drops it), keeping the fuzzy index and the changes in step. */
  private rerank(key: string): void {
    const before = this.hits.get(key);
    const entry = this.keys.get(key);
    const hit = entry && entry.ids.size > 0 ? this.rank(key, entry) : undefined;
    if (hit) this.hits.set(key, hit);
    else {
      this.hits.delete(key);
      this.keys.delete(key);
    }
    if (before && hit && sameHit(before, hit)) return;
    if (this.tracking) this.noteKeyChange(key, before, hit);
    if (this.fuzzyIndex && before?.form !== hit?.form) {
      this.fuzzyIndex.remove(key);
      if (hit && isFuzzyForm(hit.form)) this.fuzzyIndex.add(key, hit.form);
    }
  }

  private noteKeyChange(key: string, before: GazetteerHit | undefined, after: GazetteerHit | undefined): void {
    this.changes.keys.add(key);
    if (!isFuzzyForm(before?.form) && !isFuzzyForm(after?.form)) return;
    const norm = normalise(key);
    const bareName = before?.form === 'name' || after?.form === 'name' || this.changes.fuzzy.get(norm)?.bareName === true;
    this.changes.fuzzy.set(norm, { bareName });
  }

  private rank(key: string, entry: KeyEntry): GazetteerHit {
    const ids = [...entry.ids.keys()];
    const tierOf = (id: string): number => {
      const n = this.info.get(id);
      // A package module not (yet) in the gazetteer: rank it as a module.
      return (n ? TIER[n.kind]! : TIER.module!) + (n && isTestPath(n.path) ? TEST_PENALTY : 0);
    };
    const best = Math.min(...ids.map(tierOf));
    const preferred = ids.filter((id) => tierOf(id) === best).sort();
    const form = pickForm(new Set(entry.forms.keys()));
    return {
      ids: preferred,
      ambiguous: preferred.length > 1,
      total: ids.length,
      form,
      plainText: plainTextAllowed(key, form) && !(/^[a-z][a-z0-9]*$/.test(key) && preferred.every((id) => this.info.get(id)?.kind === 'method')),
    };
  }

}

function isFuzzyForm(form: KeyForm | undefined): form is FuzzyKeyForm {
  return form === 'name' || form === 'qualified';
}

function noChanges(): GazetteerChanges {
  return { keys: new Set(), fuzzy: new Map(), tokens: new Set() };
}

function bump<K>(m: Map<K, number>, k: K, n: number): void {
  const v = (m.get(k) ?? 0) + n;
  if (v <= 0) m.delete(k);
  else m.set(k, v);
}

function sameHit(a: GazetteerHit, b: GazetteerHit): boolean {
  return a.form === b.form && a.ambiguous === b.ambiguous && a.total === b.total && a.plainText === b.plainText && a.ids.length === b.ids.length && a.ids.every((id, i) => id === b.ids[i]);
}

/** The same node as linking reads it: popularity by its band, not every call. */
function sameInfo(a: NodeInfo | undefined, b: NodeInfo | undefined): boolean {
  if (!a || !b) return a === b;
  return a.kind === b.kind && a.name === b.name && a.path === b.path && a.qualifiedName === b.qualifiedName && a.owner === b.owner && popularityBand(a.inDegree) === popularityBand(b.inDegree);
}

/** In-degree in powers of two (0, 1, 2–3, 4–7, …): popularity moves in steps, not with every call. */
export function popularityBand(inDegree: number): number {
  return inDegree <= 0 ? 0 : 2 ** Math.floor(Math.log2(inDegree));
}

function pickForm(forms: Set<KeyForm>): KeyForm {
  for (const f of ['qualified', 'dotted', 'name', 'path', 'basename', 'adr', 'folder'] as const) if (forms.has(f)) return f;
  return 'name';
}

/**
 * Prose may use a key without backticks when it cannot be an English word: a path, a basename,
 * a dotted or qualified name, a compound identifier, or a lower-case word that is not common.
 * Folder names (`app`, `utils`) never: they are words far more often than folders.
 */
function plainTextAllowed(key: string, form: KeyForm): boolean {
  if (form === 'folder') return false;
  // A top-level folder's path or a package's dotted name can be one bare word (`web`, `shop`).
  if (form === 'path') return key.includes('/') || key.includes('.');
  if (form === 'dotted' || form === 'qualified') return key.includes('.');
  if (form === 'basename') return key.length > 2;
  if (key.length < 3) return false;
  return !isCommonWord(key);
}

/**
 * Incoming edges the code and the decisions made: the docs' own mentions (and memory, LLM edges)
 * must not feed back into the popularity they are linked by, or an update would differ from a
 * full rebuild.
 */
function codeInDegree(graph: CodeGraph, id: string): number {
  let n = 0;
  graph.graph.forEachInEdge(id, (_k, e, source) => {
    if (!DERIVED_EDGE_KINDS.has(e.kind) && !DERIVED_NODE_KINDS.has(graph.node(source)!.kind)) n++;
  });
  return n;
}

/** `Client.send()` → `Client.send`; `api.py:42` → `api.py`; `Client#send`, `Client::send` → `Client.send`. */
export function cleanSurface(surface: string): string {
  return surface
    .trim()
    .replace(/\((?:[^()]*)\)$/, '')
    .replace(/(?::\d+(?:[-:]\d+)?|#L\d+(?:-L\d+)?)$/, '')
    .replace(/::|#/g, '.')
    .replace(/^\.\//, '');
}
