/**
 * Blocks, built and then read for structure
 * =========================================
 * Every extractor emits the same raw blocks through a `BlockBuilder` (which keeps the heading
 * path), then `finishBlocks` applies what does not depend on the format: glossary sections and
 * `**Term**: meaning` become definitions, a question heading or a bold question with its answer
 * becomes one FAQ block. List items are kept on the raw block so a glossary list can be split
 * item by item with exact lines; they are dropped from what is returned.
 */
import type { BlockKind, DocBlock } from '../types';

export interface Inline {
  codeSpans?: string[];
  emphasis?: string[];
  links?: string[];
}

export interface RawItem extends Inline {
  text: string;
  startLine: number;
  endLine: number;
}

export interface RawBlock extends DocBlock {
  items?: RawItem[];
}

/** Heading paths and the block list of one document, in reading order. */
export class BlockBuilder {
  readonly blocks: RawBlock[] = [];
  private readonly trail: { level: number; text: string }[] = [];

  heading(level: number, text: string, startLine: number, endLine: number, inline: Inline = {}): void {
    const clean = text.replace(/\s+/g, ' ').trim();
    if (!clean) return;
    while (this.trail.length && this.trail[this.trail.length - 1]!.level >= level) this.trail.pop();
    this.trail.push({ level, text: clean });
    this.blocks.push({ kind: 'heading', text: clean, startLine, endLine, headings: this.path(), level, ...withInline(inline) });
  }

  add(kind: Exclude<BlockKind, 'heading'>, text: string, startLine: number, endLine: number, extra: Inline & { language?: string; items?: RawItem[] } = {}): void {
    if (!text.trim()) return;
    const { language, items, ...inline } = extra;
    this.blocks.push({
      kind,
      text,
      startLine,
      endLine: Math.max(startLine, endLine),
      headings: this.path(),
      ...withInline(inline),
      ...(language ? { language } : {}),
      ...(items?.length ? { items } : {}),
    });
  }

  path(): string[] {
    return this.trail.map((t) => t.text);
  }
}

/** Only the non-empty inline lists, deduplicated. */
export function withInline(inline: Inline): Inline {
  const out: Inline = {};
  if (inline.codeSpans?.length) out.codeSpans = [...new Set(inline.codeSpans)];
  if (inline.emphasis?.length) out.emphasis = [...new Set(inline.emphasis)];
  if (inline.links?.length) out.links = [...new Set(inline.links)];
  return out;
}

export function mergeInline(parts: readonly Inline[]): Inline {
  return withInline({
    codeSpans: parts.flatMap((p) => p.codeSpans ?? []),
    emphasis: parts.flatMap((p) => p.emphasis ?? []),
    links: parts.flatMap((p) => p.links ?? []),
  });
}

const GLOSSARY = /\b(glossary|terminology|definitions|terms|vocabulary|concepts)\b/i;
const FAQ_SECTION = /\b(faq|f\.a\.q|frequently asked|questions|q\s*&\s*a)\b/i;
/** `Term: meaning`, `Term — meaning`, `Term - meaning`: a short term, then a separator. */
const TERM_DEFINITION = /^([^\s:.][^:.\n]{0,60}?)\s*(?::|\s[—–-])\s+(\S[\s\S]*)$/;

function termOf(text: string, emphasis?: string[]): string | undefined {
  const bold = emphasis?.[0];
  if (bold && text.startsWith(bold) && /^\s*(?::|[—–-]\s)/.test(text.slice(bold.length)) && text.length > bold.length + 3) return bold.replace(/:$/, '');
  return undefined;
}

function plainTerm(text: string): string | undefined {
  const m = TERM_DEFINITION.exec(text);
  if (!m || m[1]!.split(/\s+/).length > 6) return undefined;
  return m[1]!;
}

function definitionText(term: string, text: string): string {
  const rest = text.slice(text.indexOf(term) + term.length).replace(/^\s*:?\s*(?:[—–-]\s+)?:?\s*/, '');
  return `${term}: ${rest}`;
}

/** The format-independent structure: definitions and FAQ entries. */
export function finishBlocks(raw: readonly RawBlock[]): DocBlock[] {
  const defined: RawBlock[] = [];
  for (const block of raw) {
    const inGlossary = block.headings.some((h) => GLOSSARY.test(h));
    if ((block.kind === 'list' || block.kind === 'steps') && block.items?.length) {
      const terms = block.items.map((it) => termOf(it.text, it.emphasis) ?? (inGlossary ? plainTerm(it.text) : undefined));
      if (terms.every((t) => t !== undefined) && (inGlossary || terms.length >= 2)) {
        block.items.forEach((it, i) =>
          defined.push({ ...stripItems(block), kind: 'definition', text: definitionText(terms[i]!, it.text), startLine: it.startLine, endLine: it.endLine, ...withInline(it) }),
        );
        continue;
      }
    }
    if (block.kind === 'paragraph') {
      const term = termOf(block.text, block.emphasis) ?? (inGlossary ? plainTerm(block.text) : undefined);
      if (term) {
        defined.push({ ...block, kind: 'definition', text: definitionText(term, block.text) });
        continue;
      }
    }
    if (block.kind === 'table' && inGlossary && block.items?.length) {
      for (const row of block.items) {
        const cells = row.text.split(' | ');
        if (cells.length >= 2 && cells[0]!.trim()) defined.push({ ...stripItems(block), kind: 'definition', text: `${cells[0]!.trim()}: ${cells.slice(1).join(' | ').trim()}`, startLine: row.startLine, endLine: row.endLine, ...withInline(row) });
      }
      continue;
    }
    defined.push(block);
  }
  return foldQuestions(defined).map(stripItems);
}

function stripItems(block: RawBlock): DocBlock {
  if (!block.items) return block;
  const { items: _items, ...rest } = block;
  return rest;
}

const ANSWER_KINDS = new Set<BlockKind>(['paragraph', 'list', 'steps', 'code', 'table']);

function isQuestion(text: string): boolean {
  return text.length <= 200 && /\?\s*$/.test(text);
}

/** A question heading (or bold question, or `Q:` line) and its answer → one faq block. */
function foldQuestions(blocks: readonly RawBlock[]): RawBlock[] {
  const out: RawBlock[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (b.kind === 'heading' && isQuestion(b.text)) {
      let j = i + 1;
      while (j < blocks.length && ANSWER_KINDS.has(blocks[j]!.kind) && !startsWithBoldQuestion(blocks[j]!)) j++;
      if (j > i + 1) {
        out.push(faqOf(b, blocks.slice(i + 1, j), b.headings));
        i = j - 1;
        continue;
      }
    }
    if (b.kind === 'paragraph') {
      const bold = b.emphasis?.[0];
      const boldQuestion = bold !== undefined && startsWithBoldQuestion(b);
      const plainQuestion = isQuestion(b.text) && (/^Q\s*[:.]/.test(b.text) || b.headings.some((h) => FAQ_SECTION.test(h)));
      if (boldQuestion && b.text.length > bold.length + 3) {
        out.push({ ...b, kind: 'faq' });
        continue;
      }
      if ((boldQuestion || plainQuestion) && i + 1 < blocks.length && ANSWER_KINDS.has(blocks[i + 1]!.kind)) {
        out.push(faqOf(b, [blocks[i + 1]!], b.headings));
        i++;
        continue;
      }
    }
    out.push(b);
  }
  return out;
}

function startsWithBoldQuestion(b: RawBlock): boolean {
  const bold = b.emphasis?.[0];
  return b.kind === 'paragraph' && bold !== undefined && b.text.startsWith(bold) && isQuestion(bold);
}

function faqOf(question: RawBlock, answer: readonly RawBlock[], headings: string[]): RawBlock {
  const last = answer[answer.length - 1]!;
  return {
    kind: 'faq',
    text: [question.text, ...answer.map((a) => a.text)].join('\n'),
    startLine: question.startLine,
    endLine: last.endLine,
    headings,
    ...mergeInline([question, ...answer]),
  };
}
