/**
 * Reconciliation
 * ==============
 * Which concepts are the same thing, in deterministic tiers:
 *   exact   equal once normalised: camelCase split, lower case, separators and whitespace folded,
 *           each word replaced by its alias (kg → knowledge graph) — score 1
 *   fuzzy   Levenshtein similarity of the normalised names: ≥ sameAs (0.85) is the same thing,
 *           ≥ relatedTo (0.70) related
 * Union-find groups the same_as pairs into clusters; each member records its cluster (the
 * smallest id in it). Nodes are linked, never merged. Inputs are sorted first, so the same input
 * always gives the same pairs.
 */
import { editDistance } from '../model/edit_distance';

export interface Named {
  id: string;
  name: string;
}

export interface Match {
  a: string;
  b: string;
  kind: 'same_as' | 'related_to';
  score: number;
  via: 'exact' | 'alias' | 'fuzzy';
}

export interface Reconciled {
  matches: Match[];
  /** id → the smallest id of its same_as cluster, for nodes that have partners. */
  clusters: Map<string, string>;
}

/** Above this many concepts only the exact tier runs: the fuzzy one is quadratic. */
const FUZZY_LIMIT = 3000;

export function normalise(name: string, aliases: Readonly<Record<string, string>> = {}): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[`'"“”‘’()[\]{}]/g, '')
    .split(/[\s_\-./\\:,;]+/)
    .filter((w) => w !== '');
  return words.map((w) => aliases[w] ?? w).join(' ');
}

export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - editDistance(a, b) / longest;
}

export function reconcile(items: readonly Named[], aliases: Readonly<Record<string, string>>, sameAs: number, relatedTo: number): Reconciled {
  const sorted = [...items].sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  const plain = sorted.map((i) => normalise(i.name));
  const norm = sorted.map((i) => normalise(i.name, aliases));
  const matches: Match[] = [];
  const byNorm = new Map<string, number[]>();
  norm.forEach((n, i) => byNorm.set(n, [...(byNorm.get(n) ?? []), i]));
  for (const group of byNorm.values()) {
    for (let x = 0; x < group.length; x++) {
      for (let y = x + 1; y < group.length; y++) {
        const i = group[x]!;
        const j = group[y]!;
        matches.push({ a: sorted[i]!.id, b: sorted[j]!.id, kind: 'same_as', score: 1, via: plain[i] === plain[j] ? 'exact' : 'alias' });
      }
    }
  }
  if (sorted.length <= FUZZY_LIMIT) {
    for (let i = 0; i < sorted.length; i++) {
      for (let j = i + 1; j < sorted.length; j++) {
        if (norm[i] === norm[j]) continue;
        const s = similarity(norm[i]!, norm[j]!);
        if (s >= relatedTo) matches.push({ a: sorted[i]!.id, b: sorted[j]!.id, kind: s >= sameAs ? 'same_as' : 'related_to', score: Math.round(s * 100) / 100, via: 'fuzzy' });
      }
    }
  }
  matches.sort((m, n) => (m.a < n.a ? -1 : m.a > n.a ? 1 : m.b < n.b ? -1 : m.b > n.b ? 1 : 0));
  const uf = new UnionFind();
  for (const m of matches) if (m.kind === 'same_as') uf.union(m.a, m.b);
  const clusters = new Map<string, string>();
  for (const m of matches) {
    if (m.kind !== 'same_as') continue;
    clusters.set(m.a, uf.find(m.a));
    clusters.set(m.b, uf.find(m.b));
  }
  return { matches, clusters };
}

/** Disjoint sets whose representative is always the smallest member: deterministic whatever the order. */
export class UnionFind {
  private readonly parent = new Map<string, string>();

  find(x: string): string {
    let root = x;
    while (this.parent.has(root) && this.parent.get(root) !== root) root = this.parent.get(root)!;
    // Path compression: point every visited member straight at the root.
    for (let n = x; n !== root; ) {
      const next = this.parent.get(n)!;
      this.parent.set(n, root);
      n = next;
    }
    return root;
  }

  union(a: string, b: string): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra === rb) return;
    if (ra < rb) this.parent.set(rb, ra);
    else this.parent.set(ra, rb);
  }
}
