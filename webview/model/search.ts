/**
 * Search
 * ======
 * Ranked by how the name matches (exact, prefix, word start, contains, path), then by kind
 * (modules and classes before variables), then shorter names first. The index is built once per
 * graph version: lower-cased names in arrays, so a keystroke scans strings, not attributes.
 */
import { nodeStyle } from './kinds';

export interface SearchEntry {
  id: string;
  name: string;
  kind: string;
  path?: string;
}

export interface SearchIndex {
  entries: SearchEntry[];
  lower: string[];
  lowerPath: string[];
}

export function buildSearchIndex(entries: SearchEntry[]): SearchIndex {
  return { entries, lower: entries.map((e) => e.name.toLowerCase()), lowerPath: entries.map((e) => (e.path ?? e.id).toLowerCase()) };
}

export interface SearchHit extends SearchEntry {
  /** 0 exact, 1 prefix, 2 word start (camelCase, snake_case, dots), 3 contains, 4 path or id. */
  tier: number;
}

function wordStart(name: string, q: string, lower: string): boolean {
  for (let i = lower.indexOf(q, 1); i > 0; i = lower.indexOf(q, i + 1)) {
    const prev = name[i - 1]!;
    const ch = name[i]!;
    if (prev === '_' || prev === '.' || prev === '/' || prev === '-' || (ch >= 'A' && ch <= 'Z' && prev >= 'a' && prev <= 'z')) return true;
  }
  return false;
}

/** The best `limit` hits; `accept` can drop entries (those hidden by filters, say). */
export function search(index: SearchIndex, query: string, limit = 20, accept?: (e: SearchEntry) => boolean): SearchHit[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [];
  const hits: SearchHit[] = [];
  for (let i = 0; i < index.entries.length; i++) {
    const lower = index.lower[i]!;
    let tier: number;
    if (lower === q) tier = 0;
    else if (lower.startsWith(q)) tier = 1;
    else if (lower.includes(q)) tier = wordStart(index.entries[i]!.name, q, lower) ? 2 : 3;
    else if (index.lowerPath[i]!.includes(q)) tier = 4;
    else continue;
    const e = index.entries[i]!;
    if (accept && !accept(e)) continue;
    hits.push({ ...e, tier });
  }
  hits.sort((a, b) => a.tier - b.tier || nodeStyle(a.kind).rank - nodeStyle(b.kind).rank || a.name.length - b.name.length || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a.id < b.id ? -1 : 1));
  return hits.slice(0, limit);
}
