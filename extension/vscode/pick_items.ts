/**
 * Quick-pick entries
 * ==================
 * Turns query answers (callers, callees, impact, search) into the rows a quick pick shows: an
 * icon and a name, `path:line`, a detail line, and where choosing the row goes. Pure (no VS Code),
 * so the wording is unit-tested; quick_pick.ts shows them.
 */
import type { CallItem, CallsResult, ImpactItem, ImpactResult, Item, SearchResult } from '../core/query';
import type { Confidence, NodeKind } from '../core/model/types';
import { containerKindOf } from '../core/model/ids';

export interface PickEntry {
  label: string;
  description?: string;
  detail?: string;
  /** Root-relative file to open, and the 1-based line to reveal. */
  path?: string;
  line?: number;
  /** A heading row (a quick-pick separator), not a choice. */
  separator?: true;
}

const ICON: Partial<Record<NodeKind, string>> = {
  class: 'symbol-class',
  interface: 'symbol-interface',
  function: 'symbol-function',
  method: 'symbol-method',
  enum: 'symbol-enum',
  type: 'symbol-namespace',
  test: 'beaker',
  constant: 'symbol-constant',
  variable: 'symbol-variable',
  file: 'file',
  module: 'folder',
  external: 'package',
};

const CONF: Record<Confidence, string | undefined> = {
  resolved: undefined,
  inferred: 'inferred through a return value',
  name: 'matched by name only',
  convention: 'test matched by its name',
};

/** The kind an item says, or the one its id's prefix says (`file:`, `module:`, `ext:`). */
export function kindOf(item: Item): NodeKind | undefined {
  if (item.kind) return item.kind;
  return containerKindOf(item.id);
}

/** A readable name: the item's own, else the part of the id after its last ':' (`Client.send`). */
export function itemName(item: Item): string {
  if (item.name && !item.id.endsWith(item.name)) return item.name;
  const tail = item.id.slice(item.id.lastIndexOf(':') + 1);
  return tail || item.name || item.id;
}

/** `path:line` (or a bare path) as a file and line. */
export function parseLoc(loc: string | undefined): { path: string; line: number } | undefined {
  if (!loc) return undefined;
  const m = /^(.*):(\d+)$/.exec(loc);
  return m ? { path: m[1]!, line: Number(m[2]) } : { path: loc, line: 1 };
}

function entry(item: Item, details: (string | undefined)[], go?: { path: string; line: number }): PickEntry {
  const kind = kindOf(item);
  const icon = kind ? ICON[kind] : undefined;
  const e: PickEntry = { label: `${icon ? `$(${icon}) ` : ''}${itemName(item)}` };
  const where = go ?? parseLoc(item.loc);
  if (where) {
    e.path = where.path;
    e.line = where.line;
    e.description = `${where.path}:${where.line}`;
  }
  const detail = details.filter((d): d is string => !!d).join(' · ');
  if (detail) e.detail = detail;
  return e;
}

function firstLine(at: string | undefined): number | undefined {
  const n = at === undefined ? NaN : Number(at.split(',')[0]);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

function sites(at: string | undefined): string | undefined {
  if (!at) return undefined;
  return at.includes(',') ? `lines ${at.replace(/,/g, ', ')}` : `line ${at}`;
}

function viaName(id: string | undefined): string | undefined {
  return id === undefined ? undefined : `via ${itemName({ id })}`;
}

function levelHeading(depth: number, n: number, what: string): string {
  return depth === 1 ? `direct ${what} (${n})` : `depth ${depth} (${n})`;
}

/**
 * Callers go to the call site in the caller (the edge's lines are in the caller's file); callees
 * go to the callee's definition, the call site being in the target's file.
 */
export function callEntries(result: CallsResult, dir: 'callers' | 'callees'): PickEntry[] {
  const out: PickEntry[] = [];
  const multi = result.levels.length > 1;
  for (const level of result.levels) {
    if (multi) out.push({ label: levelHeading(level.depth, level.items.length, dir), separator: true });
    for (const item of level.items as CallItem[]) {
      const loc = parseLoc(item.loc);
      const line = dir === 'callers' ? firstLine(item.at) : undefined;
      const go = loc && line !== undefined ? { path: loc.path, line } : undefined;
      const calls = dir === 'callers' ? (item.at ? `calls at ${sites(item.at)}` : undefined) : item.at ? `called at ${sites(item.at)}` : undefined;
      out.push(entry(item, [calls, item.conf ? CONF[item.conf] : undefined, viaName(item.via)], go));
    }
  }
  if (result.more) out.push(moreEntry(result.more));
  return out;
}

const IMPACT_LISTS = [
  ['callers', 'callers'],
  ['references', 'references'],
  ['subclasses', 'subclasses'],
  ['importers', 'importers'],
  ['tests', 'tests to run'],
] as const;

export function impactEntries(result: ImpactResult): PickEntry[] {
  const out: PickEntry[] = [];
  for (const [key, heading] of IMPACT_LISTS) {
    const page = result[key];
    if (page.items.length === 0) continue;
    out.push({ label: `${heading} (${result.counts[key]})`, separator: true });
    for (const item of page.items as ImpactItem[]) {
      out.push(entry(item, [item.depth > 1 ? `depth ${item.depth}` : undefined, item.conf ? CONF[item.conf] : undefined, viaName(item.via)]));
    }
    if (page.more) out.push(moreEntry(page.more));
  }
  if (result.files.items.length > 0) {
    out.push({ label: `files touched (${result.counts.files})`, separator: true });
    for (const path of result.files.items) out.push({ label: `$(file) ${path}`, description: `${path}:1`, path, line: 1 });
    if (result.files.more) out.push(moreEntry(result.files.more));
  }
  return out;
}

/** One line saying what an impact answer holds, for the quick pick's title. */
export function impactSummary(result: ImpactResult): string {
  const c = result.counts;
  const parts = [
    [c.callers, 'caller'],
    [c.references, 'reference'],
    [c.subclasses, 'subclass'],
    [c.importers, 'importer'],
    [c.tests, 'test'],
    [c.files, 'file'],
  ] as const;
  const said = parts.filter(([n]) => n > 0).map(([n, w]) => `${n} ${w}${n === 1 ? '' : w.endsWith('s') ? 'es' : 's'}`);
  return said.length ? said.join(', ') : 'nothing depends on it';
}

export function searchEntries(result: SearchResult, folder?: string): PickEntry[] {
  const out = result.items.map((item) => entry(item, [item.kind ?? kindOf(item), item.match === 'exact' ? undefined : `${item.match} match`, folder]));
  if (result.more) out.push(moreEntry(result.more, 'type more to narrow the search'));
  return out;
}

function moreEntry(n: number, hint?: string): PickEntry {
  return { label: `$(ellipsis) ${n} more`, ...(hint ? { detail: hint } : {}) };
}
