/**
 * Architecture decision records
 * =============================
 * One record's facts from its text, in any of the three layouts in use:
 *   Nygard (adr-tools):  # 3. Title / Date: … / ## Status / ## Context / ## Decision / ## Consequences
 *   MADR 3 and 4:        YAML front matter (status, date) / # Title / ## Context and Problem Statement /
 *                        ## Decision Drivers / ## Considered Options / ## Decision Outcome / ### Consequences
 *   log4brains (MADR 2): # Title / - Status: accepted / - Date: … / the MADR sections
 * Sections are recognised by their titles, whatever the layout, so hybrids read fine too.
 */
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import type { ConceptFact, MentionFact, RecordFacts, RecordRefFact } from './facts';
import { clip, firstSentence, parseMarkdown, type Section, type Span } from './markdown';

export const CONTEXT = new Set(['context', 'context and problem statement', 'problem statement', 'background', 'problem']);
export const DECISION = new Set(['decision', 'decision outcome', 'the decision']);
const CONSEQUENCES = new Set(['consequences', 'positive consequences', 'negative consequences', 'implications']);
const PRINCIPLES = new Set(['decision drivers', 'principles', 'drivers']);
const STATUS = new Set(['status']);
const DATE = new Set(['date']);
/** Sections that list options: what they name may be what was rejected. */
const OPTIONS = new Set(['considered options', 'pros and cons of the options', 'options', 'alternatives', 'alternatives considered', 'options considered']);
/** Subheadings of a decision section that are structure, not concepts. */
const STRUCTURAL = new Set([...CONSEQUENCES, 'confirmation', 'more information', 'pros and cons', 'validation', 'links', 'notes', 'rationale']);

const RECORD_MENTION = /\bADR[-_ ]?(\d{1,5})\b/gi;

export function hashText(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** A heading as compared: lower case, without "2." numbering, emphasis or a closing colon. */
export const norm = (title: string): string =>
  title
    .toLowerCase()
    .replace(/[*_`]/g, '')
    .replace(/^\s*\d+(?:\.\d+)*[.)]?\s+/, '')
    .replace(/[:.]+$/, '')
    .trim();

export function parseRecord(path: string, text: string): RecordFacts {
  const outline = parseMarkdown(text);
  const fm = outline.frontMatter;
  const sections = outline.sections;
  const titled = sections.find((s) => s.depth === 1) ?? sections.find((s) => s.depth > 0);
  const rawTitle = titled?.title ?? posix.basename(path, '.md');
  const number = numberOf(posix.basename(path), rawTitle);
  const title = rawTitle.replace(/^(?:ADR[-_ ]?)?\d+\s*[.:-]?\s*/i, '').trim() || rawTitle;
  const find = (names: Set<string>): Section | undefined => sections.find((s) => s.depth > 1 && names.has(norm(s.title)));
  const head = sections.filter((s) => s.depth <= 1);
  const meta = metadataLines(head);

  const facts: RecordFacts = {
    kind: 'adr',
    path,
    hash: hashText(text),
    lines: outline.lines,
    format: fm.has('status') || fm.has('date') ? 'madr' : meta.has('status') ? 'log4brains' : sections.some((s) => DECISION.has(norm(s.title)) && norm(s.title) !== 'decision') ? 'madr' : 'nygard',
    title,
    concepts: [],
    mentions: [],
    records: [],
  };
  if (number !== undefined) facts.number = number;
  const status = fm.get('status') ?? meta.get('status') ?? find(STATUS)?.paragraphs[0];
  if (status) facts.status = statusWord(status);
  const date = fm.get('date') ?? meta.get('date') ?? find(DATE)?.paragraphs[0];
  if (date) facts.date = date.trim();
  const context = find(CONTEXT);
  if (context?.paragraphs.length) facts.context = clip(context.paragraphs.join(' '));
  const decision = find(DECISION);
  if (decision?.paragraphs.length) facts.sentence = firstSentence(decision.paragraphs[0]!);
  const consequences = sections.filter((s) => s.depth > 1 && CONSEQUENCES.has(norm(s.title)));
  if (consequences.length) facts.consequences = clip(consequences.flatMap((s) => s.paragraphs).join(' '));
  const principles = find(PRINCIPLES)?.paragraphs;
  if (principles?.length) facts.principles = principles.slice(0, 20);
  if (decision) facts.concepts = conceptsUnder(sections, decision);

  const lines = text.split('\n');
  const dir = posix.dirname(path);
  for (const s of sections) {
    const weak = s.trail.some((t) => OPTIONS.has(norm(t)));
    for (const c of s.codes) facts.mentions.push(mention(c.text, 'code', c.span, weak));
    for (const l of s.links) {
      const url = l.url.replace(/#.*$/, '');
      if (/\.md$/i.test(url) && !/^[a-z][\w+.-]*:/i.test(url)) {
        facts.records.push({ ref: posix.normalize(posix.join(dir, decodeURI(url))), relation: relationOf(lines[l.span.line - 1] ?? ''), span: l.span });
      } else if (url !== '') facts.mentions.push(mention(l.url, 'link', l.span, weak));
    }
  }
  facts.records.push(...textualRecordRefs(lines, number, titled?.line));
  return facts;
}

function mention(text: string, form: MentionFact['form'], span: Span, weak: boolean): MentionFact {
  const m: MentionFact = { text, form, span };
  if (weak) m.weak = true;
  return m;
}

/** 0003-use-x.md → 3; else a title "3. Use X" or "ADR-0003: Use X". */
function numberOf(file: string, title: string): number | undefined {
  const m = /^(\d{1,5})[-_ ]/.exec(file) ?? /^(?:ADR[-_ ]?)?(\d{1,5})\s*[.:-]\s/i.exec(title);
  return m ? Number(m[1]) : undefined;
}

/** `Status: accepted` / `- Date: 2024-01-02` lines under the title (adr-tools, log4brains). */
function metadataLines(head: Section[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const s of head) {
    for (const p of s.paragraphs) {
      // A paragraph may hold several "Key: value" lines folded together; split before each known key.
      for (const part of p.split(/\s(?=(?:Status|Date|Deciders|Tags|Technical Story|Consulted|Informed):)/)) {
        const m = /^(Status|Date|Deciders|Tags):\s*(.+)$/i.exec(part.trim());
        if (m && !out.has(m[1]!.toLowerCase())) out.set(m[1]!.toLowerCase(), m[2]!.trim());
      }
    }
  }
  return out;
}

/** "Superseded by [5. Use Y](0005-use-y.md)" → superseded; "Accepted." → accepted. */
function statusWord(text: string): string {
  if (/superseded/i.test(text)) return 'superseded';
  const m = /[A-Za-z][\w-]*/.exec(text);
  return m ? m[0].toLowerCase() : text.trim().toLowerCase();
}

function relationOf(line: string): RecordRefFact['relation'] {
  if (/superseded\s+by/i.test(line)) return 'superseded_by';
  if (/\bsupersedes\b/i.test(line)) return 'supersedes';
  return 'references';
}

/** Concepts: the subheadings of the decision section, less the structural ones. */
function conceptsUnder(sections: Section[], decision: Section): ConceptFact[] {
  const out: ConceptFact[] = [];
  const at = sections.indexOf(decision);
  for (const s of sections.slice(at + 1)) {
    if (s.depth <= decision.depth) break;
    if (!STRUCTURAL.has(norm(s.title)) && !/^(good|bad|neutral), because/i.test(s.title)) out.push({ name: s.title, line: s.line });
  }
  return out;
}

/** `ADR-0003` written anywhere outside fenced code (and not the record's own title). */
function textualRecordRefs(lines: string[], own: number | undefined, titleLine: number | undefined): RecordRefFact[] {
  const out: RecordRefFact[] = [];
  let fenced = false;
  lines.forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced || i + 1 === titleLine) return;
    for (const m of line.matchAll(RECORD_MENTION)) {
      const n = Number(m[1]);
      if (n === own) continue;
      const col = (m.index ?? 0) + 1;
      out.push({ ref: String(n), relation: relationOf(line), span: { line: i + 1, col, endLine: i + 1, endCol: col + m[0].length } });
    }
  });
  return out;
}
