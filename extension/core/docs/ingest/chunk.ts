/**
 * Chunking
 * ========
 * Blocks → retrieval chunks that follow the document's structure:
 * - prose (paragraphs, lists, tables, and code where it fits) is packed to about `targetTokens`
 *   (default 400: chunks of up to 530) and at most `targetLines` source lines (default 40), and a
 *   chunk cut for size hands its last sentences (`overlapRatio`, default 15%, kept within 10–20%)
 *   to the next one. No chunk spans more than `maxLines` (default 80): a hit should be an answer,
 *   not a region of the document;
 * - a level-1 or level-2 heading always starts a new chunk, except that a tiny section (under a
 *   quarter of the target) that forms one chunk merges with a neighbouring one-chunk section
 *   while they fit the target; a deeper heading starts one once the chunk holds MIN_LINES lines
 *   or a quarter of the target;
 * - definitions and FAQ entries are chunks of their own;
 * - numbered steps stay whole up to twice the target (1,500 tokens) as one procedure chunk,
 *   with a short lead-in before them; only a longer procedure is cut, between steps.
 * Blocks in `skipBlocks` (near-duplicates another document already holds) are left out. The
 * prelude is `path • outermost heading • the last two headings below it`.
 */
import type { Chunk, ChunkKind, DocBlock, DocFacts } from '../types';
import { mergeInline, type Inline } from './blocks';
import { shortHash } from './format';
import { estimateTokens } from './tokens';

export interface ChunkOptions {
  /** Indexes into `facts.blocks` to leave out (see NearDuplicateIndex.duplicates). */
  skipBlocks?: ReadonlySet<number>;
  /** The size prose chunks aim at; they range from 2/3 to 4/3 of it. Default 400. */
  targetTokens?: number;
  /** Source lines a prose chunk may span before it is cut (when it holds MIN_LINES or more). Default 40. */
  targetLines?: number;
  /** Source lines no chunk spans (a longer block is cut). Default 80. */
  maxLines?: number;
  /** The share of a size-cut chunk repeated at the start of the next. Default 0.15, clamped to 0.1–0.2. */
  overlapRatio?: number;
}

interface Unit extends Inline {
  kind: DocBlock['kind'];
  text: string;
  tokens: number;
  startLine: number;
  endLine: number;
  headings: string[];
}

interface Draft {
  kind: ChunkKind;
  units: Unit[];
  section: number;
  /** The only chunk its level-1/2 section produced (so it may merge with a neighbour when tiny). */
  whole?: boolean;
}

/** Below this many lines a chunk is too small to stand alone: the next heading does not cut it. */
const MIN_LINES = 8;

export function chunkDocument(facts: DocFacts, options: ChunkOptions = {}): Chunk[] {
  const target = Math.max(50, options.targetTokens ?? 400);
  const maxLines = Math.max(MIN_LINES, options.maxLines ?? 80);
  const targetLines = Math.min(maxLines, Math.max(MIN_LINES, options.targetLines ?? 40));
  const overlap = Math.min(0.2, Math.max(0.1, options.overlapRatio ?? 0.15));
  const max = Math.round((target * 4) / 3);
  const min = Math.round((target * 2) / 3);
  const procedureMax = target * 2;
  const skip = options.skipBlocks;

  const drafts: Draft[] = [];
  let section = 0;
  let sectionStart = 0;
  let buffer: Unit[] = [];
  let bufferTokens = 0;
  /** The source lines the buffer would span with `u` added. */
  const spanWith = (u: Unit): number => {
    let start = u.startLine;
    let end = u.endLine;
    for (const b of buffer) {
      start = Math.min(start, b.startLine);
      end = Math.max(end, b.endLine);
    }
    return end - start + 1;
  };
  const bufferLines = (): number => (buffer.length ? spanWith(buffer[0]!) : 0);
  /** A unit longer than `lines` in pieces that are not (each at most `tokens` too). */
  const fitLines = (unit: Unit, lines: number, tokens: number): Unit[] => {
    const span = unit.endLine - unit.startLine + 1;
    if (span <= lines && unit.tokens <= tokens) return [unit];
    const parts = Math.max(Math.ceil(span / lines), Math.ceil(unit.tokens / tokens));
    const pieces = splitUnit(unit, Math.max(1, Math.ceil(unit.tokens / parts)));
    if (pieces.length <= 1) return [unit];
    return pieces.flatMap((p) => (p.endLine - p.startLine + 1 > maxLines && p.tokens < unit.tokens ? fitLines(p, lines, tokens) : [p]));
  };

  const emit = (kind: ChunkKind, units: Unit[]): void => {
    if (units.some((u) => u.kind !== 'heading')) drafts.push({ kind, units, section });
  };
  const flush = (bySize: boolean): void => {
    const content = buffer.filter((u) => u.kind !== 'heading');
    const emitted = buffer;
    if (content.length) emit(content.every((u) => u.kind === 'table') ? 'table' : content.every((u) => u.kind === 'code') ? 'code' : 'prose', emitted);
    buffer = [];
    bufferTokens = 0;
    if (bySize && content.length) {
      const tail = overlapUnit(emitted, overlap * sum(emitted));
      if (tail) push(tail);
    } else if (!content.length) {
      // A heading with nothing under it yet still leads what follows in its section.
      for (const h of emitted) if (h.kind === 'heading') push(h);
    }
  };
  const push = (u: Unit): void => {
    buffer.push(u);
    bufferTokens += u.tokens;
  };
  const closeSection = (): void => {
    flush(false);
    buffer = [];
    bufferTokens = 0;
    const made = drafts.length - sectionStart;
    if (made === 1) drafts[drafts.length - 1]!.whole = true;
    section++;
    sectionStart = drafts.length;
  };
  const addProse = (unit: Unit): void => {
    if (unit.tokens > max || unit.endLine - unit.startLine + 1 > targetLines) {
      const pieces = unit.tokens > max ? splitUnit(unit, target) : fitLines(unit, targetLines, max);
      if (pieces.length > 1) {
        for (const piece of pieces) addProse(piece);
        return;
      }
    }
    if (buffer.some((u) => u.kind !== 'heading') && bufferLines() >= MIN_LINES && spanWith(unit) > targetLines) {
      flush(true);
      // The overlap handed on must leave room for the unit.
      if (spanWith(unit) > maxLines) {
        buffer = buffer.filter((u) => u.kind === 'heading');
        bufferTokens = sum(buffer);
      }
    }
    if (bufferTokens + unit.tokens > max) {
      // Fill a short chunk from the start of a splittable block rather than emit it short.
      if (bufferTokens < min && (unit.kind === 'paragraph' || unit.kind === 'list')) {
        const [head, ...rest] = splitUnit(unit, target - bufferTokens);
        if (head && rest.length) {
          push(head);
          flush(true);
          for (const r of rest) addProse(r);
          return;
        }
      }
      flush(true);
    }
    push(unit);
  };

  facts.blocks.forEach((block, index) => {
    if (skip?.has(index)) return;
    const unit = unitOf(block);
    switch (block.kind) {
      case 'heading':
        if ((block.level ?? 1) <= 2) {
          closeSection();
          push(unit);
        } else {
          if (bufferTokens >= target / 4 || bufferLines() >= MIN_LINES) flush(false);
          push(unit);
        }
        return;
      case 'definition':
      case 'faq':
        flush(false);
        for (const piece of unit.tokens > max ? splitUnit(unit, target) : [unit]) for (const p of fitLines(piece, maxLines, max)) emit(block.kind, [p]);
        return;
      case 'steps': {
        const content = buffer.filter((u) => u.kind !== 'heading');
        const lead = sum(content) <= target / 5 && bufferTokens + unit.tokens <= procedureMax && spanWith(unit) <= maxLines;
        if (lead) {
          emit('procedure', [...buffer, unit]);
          buffer = [];
          bufferTokens = 0;
          return;
        }
        flush(false);
        for (const piece of unit.tokens > procedureMax ? splitUnit(unit, procedureMax) : [unit]) for (const p of fitLines(piece, maxLines, procedureMax)) emit('procedure', [p]);
        return;
      }
      default:
        addProse(unit);
    }
  });
  closeSection();
  return finish(mergeTinySections(drafts, target / 4, target, targetLines), facts.path);
}

function sum(units: readonly Unit[]): number {
  let n = 0;
  for (const u of units) n += u.tokens;
  return n;
}

function unitOf(block: DocBlock): Unit {
  const text = block.kind === 'code' ? '```' + (block.language ?? '') + '\n' + block.text + '\n```' : block.text;
  return {
    kind: block.kind,
    text,
    tokens: estimateTokens(text),
    startLine: block.startLine,
    endLine: block.endLine,
    headings: block.headings,
    ...(block.codeSpans ? { codeSpans: block.codeSpans } : {}),
    ...(block.emphasis ? { emphasis: block.emphasis } : {}),
    ...(block.links ? { links: block.links } : {}),
  };
}

/**
 * A unit cut into pieces of at most `maxTokens`: between lines for code, tables and lists (so a
 * procedure is cut between steps), between sentences for prose, between words as a last resort.
 * A piece's lines are exact when the text has the source's line count, else proportional.
 */
function splitUnit(unit: Unit, maxTokens: number): Unit[] {
  const byLine = unit.kind !== 'paragraph' && unit.text.includes('\n');
  const segments = (byLine ? unit.text.split(/(?<=\n)/) : unit.text.split(/(?<=[.!?])\s+(?=\S)/).map((s, i, all) => (i < all.length - 1 ? s + ' ' : s)))
    .flatMap((s) => (estimateTokens(s) > maxTokens ? s.split(/(?<=\s)/) : [s]))
    // A run with no space at all (minified text, a base64 blob): cut by characters.
    .flatMap((s) => (estimateTokens(s) > maxTokens ? s.match(new RegExp(`[^]{1,${Math.max(1, Math.floor(maxTokens))}}`, 'g'))! : [s]));
  const pieces: { text: string; from: number; to: number }[] = [];
  let text = '';
  let tokens = 0;
  let offset = 0;
  let from = 0;
  for (const s of segments) {
    const t = estimateTokens(s);
    if (text && tokens + t > maxTokens) {
      pieces.push({ text, from, to: offset });
      text = '';
      tokens = 0;
      from = offset;
    }
    text += s;
    tokens += t;
    offset += s.length;
  }
  if (text) pieces.push({ text, from, to: offset });
  const textLines = unit.text.split('\n').length;
  const sourceLines = unit.endLine - unit.startLine + 1;
  const lineAt = (offset: number, end: boolean): number => {
    if (textLines === sourceLines || (unit.kind === 'code' && textLines === sourceLines)) {
      const n = unit.text.slice(0, Math.max(0, end ? offset - 1 : offset)).split('\n').length - 1;
      return unit.startLine + Math.min(n, sourceLines - 1);
    }
    return unit.startLine + Math.min(sourceLines - 1, Math.floor(((sourceLines - 1) * offset) / Math.max(1, unit.text.length)));
  };
  return pieces.map((p) => ({ ...unit, text: p.text.trim(), tokens: estimateTokens(p.text), startLine: lineAt(p.from, false), endLine: Math.max(lineAt(p.from, false), lineAt(p.to, true)) }));
}

/**
 * The end of a chunk, about `budget` tokens (within ±30%), to open the next one: whole trailing
 * blocks while they fit, then the longest suffix of the block before them that starts at a
 * sentence (else a word). The text is an exact suffix of the chunk's text; no heading is crossed.
 */
function overlapUnit(units: readonly Unit[], budget: number): Unit | undefined {
  if (budget < 1) return undefined;
  const parts: Unit[] = [];
  let tokens = 0;
  for (let i = units.length - 1; i >= 0; i--) {
    const unit = units[i]!;
    if (unit.kind === 'heading') break;
    if (tokens + unit.tokens <= budget * 1.3) {
      parts.unshift(unit);
      tokens += unit.tokens;
      continue;
    }
    const suffix = longestSuffix(unit, /[.!?\n]\s+/g, budget * 1.3 - tokens);
    const piece = suffix && tokens + suffix.tokens >= budget * 0.7 ? suffix : (longestSuffix(unit, /\s+/g, budget - tokens) ?? suffix);
    if (piece) {
      parts.unshift(piece);
      tokens += piece.tokens;
    }
    break;
  }
  if (!parts.length) return undefined;
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  return { ...mergeInline(parts), kind: first.kind, text: parts.map((p) => p.text).join('\n\n'), tokens, startLine: first.startLine, endLine: last.endLine, headings: last.headings };
}

/** The longest suffix of `unit` starting after a `boundary` match with at most `maxTokens` tokens. */
function longestSuffix(unit: Unit, boundary: RegExp, maxTokens: number): Unit | undefined {
  const starts: number[] = [];
  for (const m of unit.text.matchAll(boundary)) starts.push(m.index + m[0].length);
  // Suffix token counts fall as the start moves right: binary search for the first that fits.
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (estimateTokens(unit.text.slice(starts[mid]!)) <= maxTokens) hi = mid;
    else lo = mid + 1;
  }
  if (lo >= starts.length) return undefined;
  const at = starts[lo]!;
  const text = unit.text.slice(at);
  if (!text.trim()) return undefined;
  const share = text.length / Math.max(1, unit.text.length);
  const startLine = Math.max(unit.startLine, unit.endLine - Math.floor(share * (unit.endLine - unit.startLine)));
  return { ...unit, text, tokens: estimateTokens(text), startLine };
}

/** Adjacent one-chunk sections merge while one of them is tiny and together they fit the target. */
function mergeTinySections(drafts: Draft[], tiny: number, target: number, targetLines: number): Draft[] {
  const out: Draft[] = [];
  for (const d of drafts) {
    const prev = out[out.length - 1];
    if (prev && prev.whole && d.whole && prev.kind === 'prose' && d.kind === 'prose' && prev.section !== d.section) {
      const a = sum(prev.units);
      const b = sum(d.units);
      if ((a < tiny || b < tiny) && a + b <= target && spanOf([...prev.units, ...d.units]) <= targetLines) {
        out[out.length - 1] = { ...prev, units: [...prev.units, ...d.units] };
        continue;
      }
    }
    out.push(d);
  }
  return out;
}

function spanOf(units: readonly Unit[]): number {
  let start = Infinity;
  let end = 0;
  for (const u of units) {
    start = Math.min(start, u.startLine);
    end = Math.max(end, u.endLine);
  }
  return end - start + 1;
}

function finish(drafts: Draft[], path: string): Chunk[] {
  const seen = new Map<string, number>();
  return drafts.map((d) => {
    const text = d.units.map((u) => u.text).join('\n\n');
    let startLine = Infinity;
    let endLine = 0;
    for (const u of d.units) {
      startLine = Math.min(startLine, u.startLine);
      endLine = Math.max(endLine, u.endLine);
    }
    const lead = d.units.find((u) => u.kind !== 'heading') ?? d.units[0]!;
    const headings = lead.headings;
    let id = `chunk:${path}#${startLine}-${endLine}`;
    const n = (seen.get(id) ?? 0) + 1;
    seen.set(id, n);
    if (n > 1) id += `~${n}`;
    const inline = mergeInline(d.units);
    return {
      id,
      path,
      kind: d.kind,
      section: headings[headings.length - 1] ?? '',
      headings,
      prelude: prelude(path, headings),
      text,
      startLine,
      endLine,
      hash: shortHash(text),
      tokens: estimateTokens(text),
      codeSpans: inline.codeSpans ?? [],
      emphasis: inline.emphasis ?? [],
      links: inline.links ?? [],
    };
  });
}

/** `path • outermost heading • last two headings below it` (empty parts left out). */
export function prelude(path: string, headings: readonly string[]): string {
  const below = headings.slice(1).slice(-2).join(' › ');
  return [path, headings[0] ?? '', below].filter(Boolean).join(' • ');
}
