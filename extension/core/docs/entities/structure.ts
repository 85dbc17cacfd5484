/**
 * A chunk's layout
 * ================
 * Lines, list items, numbered steps and the sections inside a chunk. The chunker packs small
 * sections together, so a chunk's text may hold headings of its own: a short line standing alone
 * between blank lines, without closing punctuation.
 */
import type { Chunk } from '../types';

export interface Line {
  start: number;
  end: number;
  text: string;
}

export interface Section {
  title: string;
  /** The heading came from the chunk's text (so its parent is the chunk's own section). */
  inner: boolean;
  /** Offset of the heading line in the text (-1 for the chunk's own section). */
  at: number;
  lines: Line[];
}

export const ITEM = /^\s*(?:[-*+•]|\d+[.)]|\(\w\))\s+/;
export const STEP = /^\s*(?:(\d+)[.)]|step\s+(\d+)\s*[:.)-])\s+/i;
export const DEPENDENCY_SECTION = /^(?:(?:runtime |system |build |software |external )?(?:dependencies|requirements|prerequisites)|requires|depends on|before you begin)\b/i;
export const SEE_ALSO_SECTION = /^(?:see also|related(?: (?:docs|pages|topics|reading|links|documentation))?|further reading|references)$/i;

/** The last few texts' lines: finding mentions and relations both read a chunk's layout. */
const lineMemo = new Map<string, Line[]>();
const sectionMemo = new Map<string, Section[]>();

export function lines(text: string): Line[] {
  const known = lineMemo.get(text);
  if (known) return known;
  const out = splitLines(text);
  if (lineMemo.size > 8) lineMemo.clear();
  lineMemo.set(text, out);
  return out;
}

function splitLines(text: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  for (const t of text.split('\n')) {
    out.push({ start, end: start + t.length, text: t });
    start += t.length + 1;
  }
  return out;
}

const blank = (l: Line | undefined): boolean => l === undefined || /^\s*$/.test(l.text);

function headingLike(all: readonly Line[], i: number): boolean {
  const l = all[i]!;
  // Cheap tests first: most lines are prose with neighbours, or long.
  if (l.text.length > 80 || !blank(all[i - 1]) || !blank(all[i + 1])) return false;
  const t = l.text.trim();
  if (t === '' || ITEM.test(l.text) || STEP.test(l.text) || t.split(/\s+/).length > 8 || /[.,;!?]$/.test(t) || t.includes(' | ')) return false;
  return true;
}

/** Offsets of the heading-like lines of a chunk's text. */
export function headingLines(all: readonly Line[]): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i < all.length; i++) if (headingLike(all, i)) out.add(all[i]!.start);
  return out;
}

/** The chunk's sections: its own (lines before any inner heading), then one per heading in its text. */
export function sectionsOf(chunk: Chunk, all: readonly Line[] = lines(chunk.text)): Section[] {
  const key = `${chunk.section}\u0000${chunk.text}`;
  const known = sectionMemo.get(key);
  if (known) return known;
  const out = readSections(chunk, all);
  if (sectionMemo.size > 8) sectionMemo.clear();
  sectionMemo.set(key, out);
  return out;
}

function readSections(chunk: Chunk, all: readonly Line[]): Section[] {
  const out: Section[] = [{ title: chunk.section.trim(), inner: false, at: -1, lines: [] }];
  for (let i = 0; i < all.length; i++) {
    const l = all[i]!;
    if (headingLike(all, i)) {
      if (i === 0 && l.text.trim() === chunk.section.trim()) continue;
      out.push({ title: l.text.trim(), inner: true, at: l.start, lines: [] });
    } else out[out.length - 1]!.lines.push(l);
  }
  return out;
}

/** The leading name of a list item: `- Redis (for the rate limits)` → `Redis`. */
export function itemName(line: Line): { text: string; start: number } | undefined {
  const marker = ITEM.exec(line.text);
  if (!marker) return undefined;
  const body = line.text.slice(marker[0].length);
  const name = body.split(/\s+(?:-|–|—)\s+|[(:,;]|\s+(?:for|to|with|from|in|on|or|and)\s+/)[0]!.trim().replace(/[.]$/, '');
  if (name === '' || name.split(/\s+/).length > 4) return undefined;
  return { text: name, start: line.start + marker[0].length + body.indexOf(name) };
}
