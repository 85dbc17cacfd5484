/**
 * Python extraction context
 * =========================
 * The state the Python extractor's phases share: scopes (which symbol owns a source position),
 * the facts collected so far, and the names bound in each function.
 */
import type { Node } from 'web-tree-sitter';
import type { BindingFact, CallFact, ImportFact, ReferenceFact, SymbolFact } from './facts';
import { emptyMatches, type PyMatches } from './python_query';

/** A class body or a function, as a region of the source. */
export interface PyScope {
  kind: 'class' | 'function';
  /** Region owned by this scope: a function from `def` (decorators excluded), a class body only. */
  start: number;
  end: number;
  parent?: PyScope;
  /** The def's own symbol, when the def is one (all are, but those nested deeper than the caps). */
  symbol?: SymbolFact;
  /** How many defs enclose this one (0 at module level). */
  depth: number;
  /** Who what happens here is attributed to: the own symbol, else the enclosing one. */
  owner?: SymbolFact;
  /** For methods and functions nested in them: the class `self.x = ...` adds fields to. */
  selfClass?: SymbolFact;
  /** Name of the receiver parameter (`self`, `cls`) of that method. */
  selfName?: string;
}

/** Finds the innermost scope of a position by binary search over sorted, nested regions. */
export class ScopeIndex {
  private readonly sorted: PyScope[];

  constructor(scopes: PyScope[]) {
    this.sorted = [...scopes].sort((a, b) => a.start - b.start);
  }

  at(pos: number): PyScope | undefined {
    const list = this.sorted;
    let lo = 0;
    let hi = list.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]!.start <= pos) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    let scope = found >= 0 ? list[found] : undefined;
    // The last region starting before pos may have ended: its ancestors are the candidates.
    while (scope && (pos >= scope.end || pos < scope.start)) scope = scope.parent;
    return scope;
  }
}

export interface PyContext {
  source: string;
  root: Node;
  /** What facts.scm captured, by role. */
  m: PyMatches;
  scopes: ScopeIndex;
  symbols: SymbolFact[];
  /** Symbols by qualifiedName, to keep names unique (redefinitions merge into the first). */
  byName: Map<string, SymbolFact>;
  /** Source offset of each symbol, for document order. */
  order: Map<SymbolFact, number>;
  /** Classes whose `test*` methods are tests (`Test*`, `*TestCase` subclasses). */
  testClasses: Set<SymbolFact>;
  imports: ImportFact[];
  calls: CallFact[];
  references: ReferenceFact[];
  bindings: Map<string, BindingFact>;
  locals: Map<SymbolFact, Map<string, BindingFact>>;
  fields: Map<SymbolFact, Map<string, BindingFact>>;
  /** Names bound inside each function symbol (params, assignments, loops...); module level under undefined. */
  bound: Map<SymbolFact | undefined, Set<string>>;
  /** Names a function declares `global`. */
  globals: Map<SymbolFact, Set<string>>;
  /** Names defined or imported at module level: they shadow builtins and module-level loop variables. */
  moduleNames: Set<string>;
  all?: string[];
}

export function newContext(source: string, root: Node): PyContext {
  return {
    source,
    root,
    m: emptyMatches(),
    scopes: new ScopeIndex([]),
    symbols: [],
    byName: new Map(),
    order: new Map(),
    testClasses: new Set(),
    imports: [],
    calls: [],
    references: [],
    bindings: new Map(),
    locals: new Map(),
    fields: new Map(),
    bound: new Map(),
    globals: new Map(),
    moduleNames: new Set(),
  };
}

/** Adds a name to a per-key set, creating the set on first use. */
export function addName<K>(map: Map<K, Set<string>>, key: K, name: string): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(name);
}

/**
 * Records a binding, one per name: the first annotation and the first value chain win, the line
 * is where the name was first bound.
 */
export function mergeBinding(map: Map<string, BindingFact>, fact: BindingFact): void {
  const existing = map.get(fact.name);
  if (!existing) {
    map.set(fact.name, fact);
    return;
  }
  if (fact.type && !existing.type) existing.type = fact.type;
  if (fact.value && !existing.value) existing.value = fact.value;
}

/** The binding map of a symbol in `maps`, created on first use. */
export function bindingsOf(maps: Map<SymbolFact, Map<string, BindingFact>>, symbol: SymbolFact): Map<string, BindingFact> {
  let map = maps.get(symbol);
  if (!map) maps.set(symbol, (map = new Map()));
  return map;
}

/** The function symbol whose locals a position belongs to, if it is inside a function. */
export function functionOwner(scope: PyScope | undefined): SymbolFact | undefined {
  return scope && scope.kind === 'function' ? scope.owner : undefined;
}
