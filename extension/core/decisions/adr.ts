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
    for (const c of s.codes) {
      const m = mention(c.text, 'code', c.span, weak);
      if (c.span.line === c.span.endLine && FOLDER_WORD.test((lines[c.span.line - 1] ?? '').slice(c.span.endCol - 1))) m.folder = true;
      facts.mentions.push(m);
    }
    for (const l of s.links) {
      const url = l.url.replace(/#.*$/, '');
      if (/\.md$/i.test(url) && !/^[a-z][\w+.-]*:/i.test(url)) {
        facts.records.push({ ref: posix.normalize(posix.join(dir, decodeURI(url))), relation: relationOf(lines[l.span.line - 1] ?? ''), span: l.span });
      } else if (url !== '') facts.mentions.push(mention(l.url, 'link', l.span, weak));
    }
  }
  facts.records.push(...textualRecordRefs(lines, number, titled?.line));
  const weakAt = (line: number): boolean => {
    let at: Section | undefined;
    for (const s of sections) if (s.line <= line) at = s;
    return at?.trail.some((t) => OPTIONS.has(norm(t))) ?? false;
  };
  for (const m of textMentions(lines, fm.size > 0)) facts.mentions.push(weakAt(m.span.line) ? { ...m, weak: true } : m);
  return facts;
}

/** "the `patterns` directory": the code span is a folder. */
const FOLDER_WORD = /^\s+(?:directory|directories|folder|folders|dir)\b/i;
/** What a name said with its kind in running text is ("a Redirect model", "the Deployment Administrator role"). */
const KIND_WORD = 'model|class|role|view|middleware|component|service|handler|interface|controller|command|enum|hook|decorator|schema|serializer|manager|factory|client|port|adapter|repository|mixin|struct|trait|module|widget|provider|store|plugin';
const NAMED_KIND = new RegExp(`\\b((?:[A-Z][a-z0-9]+[A-Za-z0-9]*)(?: [A-Z][a-z0-9]+[A-Za-z0-9]*){0,3}) (?:${KIND_WORD})s?\\b`, 'g');
/** `ReleaseFile.id` in running text: a class and one of its members. */
const DOTTED_PROSE = /(?<![\w.`/])([A-Z][a-z0-9]+[A-Z]?[A-Za-z0-9]*)\.([a-z_][A-Za-z0-9_]*)\b(?![.(/])/g;
/** Fenced code that is not code: a shell session, a request, data. */
const NOT_CODE_FENCE = /^(?:bash|sh|shell|console|zsh|powershell|ps1|cmd|json|jsonc|yaml|yml|toml|ini|text|txt|plain|sql|diff|patch|md|markdown|mermaid|dockerfile|csv|xml|html|graphql|gql|log|output)$/i;
const RECEIVER_CALL = /(?<![\w$.])([A-Za-z_$][\w$]*)\s*\.\s*([A-Za-z_$][\w$]*)\s*\(/g;
const FENCE_ROUTE = /^\s*(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+(\/\S*)/;

/**
 * Mentions read from the raw text: receiver calls and routes in fenced code (read, never run),
 * and in running text (code spans blanked out) dotted class members and names said with their kind.
 */
function textMentions(lines: string[], frontMatter: boolean): MentionFact[] {
  const out: MentionFact[] = [];
  let fence: { marker: string; code: boolean } | undefined;
  const at = (line: number, col: number, length: number): Span => ({ line, col, endLine: line, endCol: col + length });
  lines.forEach((raw, i) => {
    const line = i + 1;
    const open = /^\s{0,3}(`{3,}|~{3,})\s*([\w+#.-]*)/.exec(raw);
    if (fence) {
      if (open && open[1]!.startsWith(fence.marker) && open[2] === '') {
        fence = undefined;
        return;
      }
      const route = FENCE_ROUTE.exec(raw);
      if (route) {
        out.push({ text: `${route[1]} ${route[2]}`, form: 'fence', span: at(line, raw.indexOf(route[2]!) + 1, route[2]!.length) });
        return;
      }
      if (!fence.code) return;
      const code = raw.replace(/#.*$|\/\/.*$/, ''); // a comment names nothing
      for (const m of code.matchAll(RECEIVER_CALL)) out.push({ text: `${m[1]}.${m[2]}`, form: 'fence', span: at(line, (m.index ?? 0) + 1, m[0].length - 1) });
      return;
    }
    if (open) {
      fence = { marker: open[1]!, code: !NOT_CODE_FENCE.test(open[2] ?? '') };
      return;
    }
    if ((frontMatter && i === 0) || /^\s{0,3}#/.test(raw) || /^\s{0,3}\[[^\]]+\]:/.test(raw)) return; // headings and link definitions
    // Code spans and link targets are read elsewhere; blank them, keeping the columns.
    const prose = raw.replace(/`[^`]*`/g, (s) => ' '.repeat(s.length)).replace(/\]\([^)]*\)/g, (s) => ' '.repeat(s.length)).replace(/https?:\/\/\S+/g, (s) => ' '.repeat(s.length));
    for (const m of prose.matchAll(DOTTED_PROSE)) out.push({ text: `${m[1]}.${m[2]}`, form: 'prose', span: at(line, (m.index ?? 0) + 1, m[0].length) });
    for (const m of prose.matchAll(NAMED_KIND)) {
      const words = m[1]!.split(' ');
      // The first word of a sentence is capitalised anyway: it says nothing.
      const before = prose.slice(0, m.index ?? 0).trimEnd();
      if (before === '' || /[.!?:]$|^\s*(?:[-*+>]|\d+[.)])$/.test(before)) {
        if (words.length === 1) continue;
        words.shift();
      }
      if (!words.length) continue;
      const name = words.join('');
      const col = (m.index ?? 0) + 1 + (m[1]!.length - words.join(' ').length);
      out.push({ text: name, form: 'prose', span: at(line, col, words.join(' ').length) });
    }
  });
  return out;
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
