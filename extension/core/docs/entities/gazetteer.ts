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
 * on that normalised form, or a token Jaccard of at least 0.6: the same tests the linker documents.
 */
import { posix } from 'node:path';
import { isTestPath } from '../../decisions/link';
import { normalise, similarity } from '../../decisions/reconcile';
import type { CodeGraph } from '../../model/graph';
import type { NodeKind } from '../../model/types';
import { DERIVED_EDGE_KINDS, DERIVED_NODE_KINDS } from '../../model/types';
import { isCommonWord } from './words';
import { roundScore } from '../score';

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
/** Token postings longer than this say too little to scan for Jaccard candidates. */
const MAX_POSTINGS = 400;
const JACCARD_MIN = 0.6;
/** Longer surfaces get no fuzzy candidates: one-edit variants of a long string cost its length squared. */
const MAX_FUZZY_LENGTH = 64;
/** Distinct surfaces remembered by fuzzy() before the memo starts over. */
const FUZZY_MEMO_LIMIT = 100_000;

interface KeyEntry {
  ids: Set<string>;
  forms: Set<KeyForm>;
}

export class Gazetteer {
  private readonly keys = new Map<string, KeyEntry>();
  private readonly hits = new Map<string, GazetteerHit>();
  private readonly byNormalised = new Map<string, Set<string>>();
  private readonly byDeletion = new Map<string, Set<string>>();
  private readonly byToken = new Map<string, Set<string>>();
  private readonly adrs = new Map<number, string[]>();
  private readonly info = new Map<string, NodeInfo>();
  private readonly norms = new Map<string, string>();
  private readonly fuzzyMemo = new Map<string, FuzzyCandidate[]>();

  /**
   * A hash of everything linking reads (keys, their hits, each node's kind, path, owner and
   * popularity band): a graph edit that changes none of it (a function body, a call that keeps
   * its target in the same band) leaves every cached link valid.
   */
  fingerprint = '';

  private constructor(
    readonly graph: CodeGraph,
    /** The graph's code version when this was built: changed code needs a new gazetteer. */
    readonly version: number,
  ) {}

  static fromGraph(graph: CodeGraph): Gazetteer {
    const g = new Gazetteer(graph, graph.codeVersion);
    graph.graph.forEachNode((id, a) => {
      if (TIER[a.kind] === undefined) return;
      const path = a.path ?? '';
      const qn = a.qualifiedName ?? a.name;
      const dot = qn.lastIndexOf('.');
      g.info.set(id, {
        kind: a.kind,
        name: a.name,
        path,
        qualifiedName: qn,
        owner: a.kind === 'method' || dot > 0 ? qn.slice(0, dot) : '',
        inDegree: codeInDegree(graph, id),
      });
      switch (a.kind) {
        case 'file': {
          g.add(path, id, 'path');
          g.add(posix.basename(path), id, 'basename');
          const noExt = path.replace(/\.[^./]+$/, '');
          if (noExt !== path) g.add(noExt, id, 'path');
          if (a.qualifiedName && a.qualifiedName !== path) {
            // A package's __init__.py carries the package's dotted name: that name is the folder.
            const pkg = posix.basename(path) === '__init__.py' ? `module:${posix.dirname(path)}` : undefined;
            g.add(a.qualifiedName, pkg && graph.hasNode(pkg) ? pkg : id, 'dotted');
          }
          break;
        }
        case 'module':
          g.add(path, id, 'path');
          g.add(a.name, id, 'folder');
          break;
        case 'external':
          g.add(a.name, id, 'name');
          break;
        case 'adr': {
          const n = a.decision?.number;
          if (n !== undefined) g.adrs.set(n, [...(g.adrs.get(n) ?? []), id].sort());
          g.add(path, id, 'path');
          break;
        }
        default: {
          g.add(a.name, id, 'name');
          if (qn !== a.name) g.add(qn, id, 'qualified');
          // py:app.api:Client.send → app.api.Client.send
          const m = /^py:([^:]+):(.+)$/.exec(id);
          if (m) g.add(`${m[1]}.${m[2]}`, id, 'dotted');
        }
      }
    });
    for (const [key, entry] of g.keys) g.hits.set(key, g.rank(key, entry));
    for (const key of g.keys.keys()) g.indexFuzzy(key);
    g.fingerprint = g.computeFingerprint();
    return g;
  }

  private computeFingerprint(): string {
    let h = 0x811c9dc5;
    const mix = (s: string): void => {
      for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
      h = Math.imul(h ^ 0x1f, 0x01000193);
    };
    for (const key of [...this.hits.keys()].sort()) {
      const hit = this.hits.get(key)!;
      mix(key);
      mix(`${hit.ids.join(',')}|${hit.ambiguous}|${hit.total}|${hit.form}|${hit.plainText}`);
    }
    for (const id of [...this.info.keys()].sort()) {
      const n = this.info.get(id)!;
      mix(`${id}|${n.kind}|${n.path}|${n.owner}|${n.name}|${popularityBand(n.inDegree)}`);
    }
    return `${this.hits.size}:${this.info.size}:${(h >>> 0).toString(16)}`;
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

  /**
   * Candidates for a surface that no key matches exactly: the same normalised name, one edit
   * away from it, or sharing at least 60% of its words (Jaccard); and, with a vector hook, words
   * that share a token and that the hook calls similar (≥ vectorMin).
   */
  fuzzy(surface: string, vector?: (a: string, b: string) => number, vectorMin = 0.85): FuzzyCandidate[] {
    // The same surface recurs across thousands of chunks: answer it once per gazetteer.
    const memo = vector ? undefined : this.fuzzyMemo.get(surface);
    if (memo) return memo;
    const found = this.fuzzyUncached(surface, vector, vectorMin);
    if (!vector) {
      if (this.fuzzyMemo.size > FUZZY_MEMO_LIMIT) this.fuzzyMemo.clear();
      this.fuzzyMemo.set(surface, found);
    }
    return found;
  }

  private normOf(key: string): string {
    let n = this.norms.get(key);
    if (n === undefined) {
      n = normalise(key);
      this.norms.set(key, n);
    }
    return n;
  }

  private fuzzyUncached(surface: string, vector: ((a: string, b: string) => number) | undefined, vectorMin: number): FuzzyCandidate[] {
    const norm = normalise(cleanSurface(surface));
    if (norm.length < 3 || norm.length > MAX_FUZZY_LENGTH) return [];
    const found = new Map<string, FuzzyCandidate>();
    const take = (key: string, via: FuzzyCandidate['via'], similarity: number): void => {
      const hit = this.hits.get(key)!;
      for (const id of hit.ids) {
        const prev = found.get(id);
        if (!prev || prev.similarity < similarity) found.set(id, { id, key, via, similarity: roundScore(similarity) });
      }
    };
    for (const key of this.byNormalised.get(norm) ?? []) take(key, 'normalised', 0.97);
    if (norm.length >= 5) {
      for (const variant of deletions(norm)) {
        for (const key of this.byDeletion.get(variant) ?? []) {
          const other = this.normOf(key);
          if (other === norm || Math.abs(other.length - norm.length) > 1) continue;
          if (editWithinOne(norm, other) && !differsInDigits(norm, other)) take(key, 'edit', similarityOf(norm, other));
        }
      }
    }
    const words = new Set(norm.split(' '));
    if (words.size >= 2 || vector) {
      const pool = this.tokenPool(words);
      for (const key of pool) {
        const other = this.normOf(key);
        const theirs = new Set(other.split(' '));
        const j = jaccard(words, theirs);
        if (j >= JACCARD_MIN && words.size >= 2 && theirs.size >= 2) take(key, 'jaccard', Math.max(j, similarity(norm, other)) * 0.95);
        else if (vector) {
          const v = vector(norm, other);
          if (v >= vectorMin) take(key, 'vector', v * 0.95);
        }
      }
    }
    return [...found.values()].sort((a, b) => b.similarity - a.similarity || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  private tokenPool(words: Set<string>): Set<string> {
    const pool = new Set<string>();
    for (const w of words) {
      const posting = this.byToken.get(w);
      if (!posting || posting.size > MAX_POSTINGS) continue;
      for (const k of posting) pool.add(k);
    }
    return pool;
  }

  private add(key: string, id: string, form: KeyForm): void {
    if (key === '') return;
    let entry = this.keys.get(key);
    if (!entry) {
      entry = { ids: new Set(), forms: new Set() };
      this.keys.set(key, entry);
    }
    entry.ids.add(id);
    entry.forms.add(form);
  }

  private rank(key: string, entry: KeyEntry): GazetteerHit {
    const ids = [...entry.ids];
    const tierOf = (id: string): number => {
      const n = this.info.get(id)!;
      return TIER[n.kind]! + (isTestPath(n.path) ? TEST_PENALTY : 0);
    };
    const best = Math.min(...ids.map(tierOf));
    const preferred = ids.filter((id) => tierOf(id) === best).sort();
    const form = pickForm(entry.forms);
    return {
      ids: preferred,
      ambiguous: preferred.length > 1,
      total: ids.length,
      form,
      plainText: plainTextAllowed(key, form) && !(/^[a-z][a-z0-9]*$/.test(key) && preferred.every((id) => this.info.get(id)!.kind === 'method')),
    };
  }

  private indexFuzzy(key: string): void {
    // Names and qualified names only: dotted, path and basename keys repeat them.
    const form = this.hits.get(key)!.form;
    if (form !== 'name' && form !== 'qualified') return;
    const norm = this.normOf(key);
    if (norm.length < 3) return;
    push(this.byNormalised, norm, key);
    // One-edit variants of bare names only: a typo'd qualified name is rare, and the index is
    // the gazetteer's biggest part.
    if (form === 'name' && norm.length >= 5 && norm.length <= 30) for (const d of deletions(norm)) push(this.byDeletion, d, key);
    for (const w of new Set(norm.split(' '))) if (w.length > 1) push(this.byToken, w, key);
  }
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

function push(map: Map<string, Set<string>>, key: string, value: string): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(value);
}

/** Every string one deletion away (the symmetric-delete trick: two strings within one edit share one). */
export function deletions(s: string): string[] {
  const out = [s];
  for (let i = 0; i < s.length; i++) out.push(s.slice(0, i) + s.slice(i + 1));
  return out;
}

/** Levenshtein distance ≤ 1, without the full table. */
export function editWithinOne(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  if (a.length < b.length) [a, b] = [b, a];
  let i = 0;
  while (i < b.length && a[i] === b[i]) i++;
  return a.length === b.length ? a.slice(i + 1) === b.slice(i + 1) : a.slice(i + 1) === b.slice(i);
}

/** `v1.2` and `v1.3` are one edit apart and different things. */
export function differsInDigits(a: string, b: string): boolean {
  return a.replace(/\D/g, '') !== b.replace(/\D/g, '');
}

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let inter = 0;
  for (const w of a) if (b.has(w)) inter++;
  const union = a.size + b.size - inter;
  return union === 0 ? 0 : inter / union;
}

/** Two strings already known to be within one edit: 1 − 1/longest. */
function similarityOf(a: string, b: string): number {
  return a === b ? 1 : 1 - 1 / Math.max(a.length, b.length);
}
