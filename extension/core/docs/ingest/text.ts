/**
 * Plain text → blocks
 * ===================
 * Runbooks, READMEs without markup, reStructuredText, and the lines rebuilt from a PDF. Groups
 * are runs of non-blank lines. A group is a heading when it is underlined (`===` level 1, `---`
 * level 2, optionally overlined as reST does) or one ALL-CAPS line, or when the caller says so
 * (the PDF extractor knows font sizes); numbered lines are steps (a procedure split by blank lines
 * stays one block while the numbers continue); `-`/`*`/`•` lines a list; `Term: meaning` lines
 * definitions; indented runs (or the block after a reST `::`) code; the rest paragraphs.
 */
import { BlockBuilder, type RawBlock, type RawItem } from './blocks';

export interface TextOptions {
  /** 1-based line → heading level, from outside knowledge (PDF font sizes). */
  headingLevels?: ReadonlyMap<number, number>;
  /** Whether an ALL-CAPS line counts as a heading (true unless the caller knows headings). */
  capsHeadings?: boolean;
}

interface Line {
  n: number;
  text: string;
}

const UNDERLINE = /^\s*(=+|-+|~+|\^+|\*+|#+)\s*$/;
const NUMBERED = /^\s*(?:step\s+)?(\d{1,3})[.):]\s+(\S.*)$/i;
const BULLET = /^\s*[-*•◦▪‣]\s+(\S.*)$/;
const DEFINITION = /^([A-Z][\w ./()'&+-]{0,48}?)\s*:\s+(\S.*)$/;
const ADMONITION = /^(note|warning|tip|important|caution|example|see|usage|todo|hint|danger|attention|error|info|update|edit|re|subject|from|to|date|cc)$/i;
const URL_START = /^[a-z][a-z0-9+.-]*:\/\//i;

export function textBlocks(text: string, options: TextOptions = {}): RawBlock[] {
  const capsHeadings = options.capsHeadings ?? true;
  const lines = text.split('\n');
  const groups: Line[][] = [];
  let current: Line[] = [];
  lines.forEach((t, i) => {
    if (t.trim() === '') {
      if (current.length) groups.push(current);
      current = [];
    } else current.push({ n: i + 1, text: t.trimEnd() });
  });
  if (current.length) groups.push(current);

  const out = new BlockBuilder();
  const underlineLevels: string[] = [];
  let codeNext = false;
  let steps: { items: RawItem[]; next: number } | undefined;
  const flushSteps = (): void => {
    if (!steps) return;
    const items = steps.items;
    out.add('steps', items.map((it) => it.text).join('\n'), items[0]!.startLine, items[items.length - 1]!.endLine, { items });
    steps = undefined;
  };

  for (let group of groups) {
    const first = group[0]!;
    // Headings the caller knows.
    const known = options.headingLevels?.get(first.n);
    if (known !== undefined) {
      flushSteps();
      let k = 0;
      while (k < group.length && options.headingLevels?.get(group[k]!.n) === known) k++;
      out.heading(known, group.slice(0, k).map((l) => l.text.trim()).join(' '), first.n, group[k - 1]!.n);
      group = group.slice(k);
      if (!group.length) continue;
    }
    // reST overline + title + underline, or title + underline.
    const over = group.length >= 3 && UNDERLINE.test(group[0]!.text) && UNDERLINE.test(group[2]!.text) ? 1 : 0;
    const title = group[over];
    const under = group[over + 1];
    if (title && under && UNDERLINE.test(under.text) && !UNDERLINE.test(title.text) && under.text.trim().length >= Math.min(3, title.text.trim().length)) {
      flushSteps();
      const char = (over ? 'o' : '') + under.text.trim()[0]!;
      if (!underlineLevels.includes(char)) underlineLevels.push(char);
      out.heading(Math.min(6, underlineLevels.indexOf(char) + 1), title.text.trim(), group[0]!.n, under.n);
      group = group.slice(over + 2);
      if (!group.length) continue;
    }
    const head = group[0]!;
    if (capsHeadings && isCapsHeading(head.text) && (group.length === 1 || !isCapsHeading(group[1]!.text))) {
      flushSteps();
      out.heading(underlineLevels.length ? Math.min(6, underlineLevels.length + 1) : 1, head.text.trim(), head.n, head.n);
      group = group.slice(1);
      if (!group.length) continue;
    }

    const body = group.map((l) => l.text);
    const start = group[0]!.n;
    const end = group[group.length - 1]!.n;

    if (codeNext || group.every((l) => /^(\t| {4})/.test(l.text))) {
      flushSteps();
      codeNext = false;
      out.add('code', dedent(body).join('\n'), start, end);
      continue;
    }
    codeNext = /::\s*$/.test(body[body.length - 1]!);

    // Numbered lines: one procedure, continuing across blank lines while the numbers follow on.
    const numbered = itemsOf(group, NUMBERED);
    if (numbered) {
      const lead = numbered.lead;
      if (lead.length) {
        flushSteps();
        paragraphOrDefinitions(lead, out);
      }
      const firstNumber = Number(NUMBERED.exec(numbered.items[0]!.text)![1]);
      if (steps && firstNumber !== steps.next) flushSteps();
      if (!steps && (numbered.items.length >= 2 || firstNumber === 1)) steps = { items: [], next: firstNumber };
      if (steps) {
        for (const item of numbered.items) steps.items.push(item);
        steps.next = Number(NUMBERED.exec(numbered.items[numbered.items.length - 1]!.text)![1]) + 1;
        continue;
      }
    }
    flushSteps();
    // Rows of cells (`a | b`, the PDF extractor's wide gaps, or a Markdown-style table).
    if (group.length >= 2 && group.filter((l) => TABLE_ROW.test(l.text)).length >= group.length - 1 && TABLE_ROW.test(group[0]!.text)) {
      const rows = group.filter((l) => !(/^[\s:|-]+$/.test(l.text) && l.text.includes('-')));
      const items = rows.map((l) => ({ text: cells(l.text).join(' | '), startLine: l.n, endLine: l.n }));
      out.add('table', items.map((i) => i.text).join('\n'), start, end, { items: items.slice(1) });
      continue;
    }
    const bullets = itemsOf(group, BULLET);
    if (bullets && bullets.lead.length === 0) {
      out.add('list', bullets.items.map((it) => it.text).join('\n'), start, end, { items: bullets.items.map((it) => ({ ...it, text: it.text.replace(BULLET, '$1') })) });
      continue;
    }
    paragraphOrDefinitions(group, out);
  }
  flushSteps();
  return out.blocks;
}

/** A group whose lines (from some point) each start an item; continuation lines join the item above. */
function itemsOf(group: Line[], marker: RegExp): { lead: Line[]; items: RawItem[] } | undefined {
  const firstItem = group.findIndex((l) => marker.test(l.text));
  if (firstItem < 0) return undefined;
  const lead = group.slice(0, firstItem);
  if (lead.length > 2) return undefined;
  const items: RawItem[] = [];
  for (const l of group.slice(firstItem)) {
    if (marker.test(l.text)) items.push({ text: l.text.trim(), startLine: l.n, endLine: l.n });
    else if (/^\s+\S/.test(l.text) || !marker.test(l.text)) {
      const last = items[items.length - 1]!;
      last.text += ' ' + l.text.trim();
      last.endLine = l.n;
    }
  }
  return { lead, items };
}

function paragraphOrDefinitions(group: Line[], out: BlockBuilder): void {
  const defs = group.map((l) => DEFINITION.exec(l.text.trim()));
  const isDefinition = (m: RegExpExecArray | null): boolean => !!m && !ADMONITION.test(m[1]!.trim()) && !URL_START.test(m[0]) && m[1]!.split(/\s+/).length <= 5;
  // Every line a `Term: meaning` (continuations indented) → one definition each.
  if (isDefinition(defs[0]!) && group.every((l, i) => isDefinition(defs[i]!) || /^\s+\S/.test(l.text))) {
    let currentStart = 0;
    for (let i = 1; i <= group.length; i++) {
      if (i === group.length || isDefinition(defs[i]!)) {
        const part = group.slice(currentStart, i);
        const m = defs[currentStart]!;
        const text = `${m[1]!.trim()}: ${[m[2]!, ...part.slice(1).map((l) => l.text.trim())].join(' ')}`;
        out.add('definition', text, part[0]!.n, part[part.length - 1]!.n);
        currentStart = i;
      }
    }
    return;
  }
  const text = group.map((l) => l.text.trim()).join(' ');
  out.add('paragraph', text, group[0]!.n, group[group.length - 1]!.n, { links: [...text.matchAll(/\bhttps?:\/\/[^\s)>\]"']+/g)].map((m) => m[0].replace(/[.,;]$/, '')) });
}

const TABLE_ROW = /\S\s+\|\s+\S|^\s*\|.*\|\s*$/;

function cells(line: string): string[] {
  return line.replace(/^\s*\|/, '').replace(/\|\s*$/, '').split('|').map((c) => c.trim());
}

function isCapsHeading(line: string): boolean {
  const t = line.trim();
  if (t.length < 3 || t.length > 80 || /[.,;]$/.test(t)) return false;
  const letters = t.replace(/[^\p{L}]/gu, '');
  return letters.length >= 3 && letters === letters.toUpperCase() && letters !== letters.toLowerCase() && /^[\p{Lu}\d]/u.test(t);
}

function dedent(lines: string[]): string[] {
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^\s*/.exec(l)![0].length));
  return lines.map((l) => l.slice(indent));
}
