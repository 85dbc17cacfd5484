/**
 * Relations between mentions
 * ==========================
 * From sentences: `X uses Y`, `X depends on / requires Y`, `X is part of Y`, `X integrates with
 * Y`, `X is configured via/through Y`, `X is owned/maintained by Y` (and the passive and reverse
 * forms: `Y is used by X`, `X contains Y`) between linked mentions of one sentence. The subject
 * is the first mention of the clause before the verb (a clause starts after `;`, `:`, `, and`,
 * `but`, `while`); `It uses Y` takes the section's heading as its subject. The objects are the
 * first mention after the verb and any joined to it by `,`, `and` or `or`. A negation between
 * them (`does not use`) drops the relation.
 *
 * From structure: the list items of a Dependencies / Requirements / Prerequisites section
 * → depends_on from the parent heading's entity (else the title's, else the document);
 * consecutive numbered steps → precedes between their main entities; a See also / Related
 * section → cites, to `doc:<path>` for a link to another document, to the code node or entity
 * for an item that names one.
 */
import { posix } from 'node:path';
import type { Chunk, DocRelation, LinkedMention, RelationKind } from '../types';
import type { GazetteerReader } from './gazetteer';
import { DEPENDENCY_SECTION, ITEM, lines, SEE_ALSO_SECTION, sectionsOf, STEP } from './structure';
import type { Line } from './structure';
import { docId, isEntityId } from '../../model/ids';

interface SentencePattern {
  kind: RelationKind;
  re: RegExp;
  /** The object comes first: `Y is used by X`. */
  reverse?: boolean;
  confidence: number;
}

export const SENTENCE_PATTERNS: readonly SentencePattern[] = [
  { kind: 'uses', re: /\b(?:is|are) (?:used|called|invoked|wrapped) by\b/gi, reverse: true, confidence: 0.8 },
  { kind: 'uses', re: /\b(?:uses|use|using|utili[sz]es|relies on|rely on|calls|invokes|leverages|wraps|is built on|builds on|delegates to)\b/gi, confidence: 0.8 },
  { kind: 'depends_on', re: /\b(?:is|are) required by\b|\bis a (?:dependency|prerequisite) (?:of|for)\b/gi, reverse: true, confidence: 0.8 },
  { kind: 'depends_on', re: /\b(?:depends on|depend on|is dependent on|requires|require|needs|has a dependency on)\b/gi, confidence: 0.85 },
  { kind: 'part_of', re: /\b(?:contains|includes|consists of|is composed of|is made up of)\b/gi, reverse: true, confidence: 0.7 },
  { kind: 'part_of', re: /\b(?:is|are) (?:an? |the )?(?:part|component|member|submodule|module|subpackage|piece) of\b|\bbelongs? to\b|\b(?:lives|live) in\b|\bis (?:defined|implemented|contained) in\b/gi, confidence: 0.75 },
  { kind: 'integrates_with', re: /\b(?:integrates? with|is integrated with|integration with|interoperates with|connects to|talks to|communicates with)\b/gi, confidence: 0.8 },
  { kind: 'configured_via', re: /\b(?:is |are |can be |gets |get )?(?:configured|configurable|controlled|customi[sz]ed|tuned|overridden|set up) (?:via|through|with|by|in|using|from)\b|\breads (?:its )?(?:configuration|config|settings) from\b/gi, confidence: 0.8 },
  { kind: 'owned_by', re: /\b(?:is |are )?(?:owned|maintained|run|managed) by\b/gi, confidence: 0.85 },
];

/** Any of the verb phrases: one test before the patterns one by one. */
const ANY_VERB = new RegExp(SENTENCE_PATTERNS.map((p) => `(?:${p.re.source})`).join('|'), 'i');

export const STRUCTURE_CONFIDENCE = { dependencies: 0.7, steps: 0.6, seeAlsoLink: 0.9, seeAlsoEntity: 0.7 } as const;

const CLAUSE_BREAK = /;|:\s|,\s*(?:and|but|while|whereas)\s|\s(?:but|while|whereas|and then|and the)\s/gi;
const NEGATION = /\b(?:not|never|no longer|n't)\b|n't\b/i;
const JOINER = /^\s*(?:[\w-]+\s+)?,?\s*(?:(?:and|or|plus|as well as|&)\s+)?(?:(?:the|a|an)\s+)?$/i;
/** What stands for the subject of the sentence before: `It`, `This module`, `They`. (`The API` names something else.) */
const PRONOUN = /^\s*(?:it|they|(?:this|these) (?:[\w-]+ )?(?:class|classes|module|modules|service|library|package|component|function|tool|plugin|extension|helper)|this|these)\b/i;
/** Between a verb and its object: a subordinate clause or punctuation means the object is elsewhere. */
const OBJECT_BREAK = /[,;:()]|\b(?:until|unless|when|whenever|if|because|since|after|before|while|where|which|so that)\b/i;
const STRONG = new Set(['code_span', 'gazetteer', 'pattern', 'token', 'link']);

/** Where a relation came from in the chunk. */
interface Where {
  chunk: Chunk;
  line: number;
  evidence: string;
}

const trim200 = (s: string): string => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > 200 ? `${t.slice(0, 199)}…` : t;
};
const round = (n: number): number => Math.round(n * 100) / 100;

function relation(kind: RelationKind, source: string, target: string, confidence: number, via: string, w: Where): DocRelation | undefined {
  if (source === target) return undefined;
  return { kind, source, target, confidence: round(Math.max(0, Math.min(1, confidence))), via, chunkId: w.chunk.id, line: w.line, evidence: trim200(w.evidence) };
}

/** Sentences of a chunk with offsets: split after . ! ? followed by a space, and at line ends. */
const sentenceMemo = new Map<string, { start: number; end: number }[]>();

export function sentences(text: string): { start: number; end: number }[] {
  const known = sentenceMemo.get(text);
  if (known) return known;
  const out = splitSentences(text);
  if (sentenceMemo.size > 8) sentenceMemo.clear();
  sentenceMemo.set(text, out);
  return out;
}

function splitSentences(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let start = 0;
  const re = /[.!?](?=\s)|\n/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const end = m.index + 1;
    if (text.slice(start, end).trim() !== '') out.push({ start, end });
    start = end;
  }
  if (text.slice(start).trim() !== '') out.push({ start, end: text.length });
  return out;
}

/** Sentences naming more than this many things are skipped by the sentence patterns. */
export const MAX_SENTENCE_MENTIONS = 40;

/** Words allowed between a subject and its verb (`The PaymentClient in api.py uses`). */
export const MAX_SUBJECT_GAP = 4;

/** Whitespace-separated words: a path or dotted name counts as one. */
const wordsIn = (s: string): number => (s.match(/\S*[\p{L}\p{N}]\S*/gu) ?? []).length;

/** Sentence-pattern relations of one chunk; `subject` stands for `it`/`this module` (the section's heading entity). */
export function sentenceRelations(chunk: Chunk, mentions: readonly LinkedMention[], subject: string | undefined): DocRelation[] {
  const out: DocRelation[] = [];
  const text = chunk.text;
  if (mentions.length === 0 || !ANY_VERB.test(text)) return out;
  let previous: LinkedMention | undefined;
  let from = 0;
  for (const s of sentences(text)) {
    while (from < mentions.length && mentions[from]!.start < s.start) from++;
    const ms: LinkedMention[] = [];
    for (let i = from; i < mentions.length && mentions[i]!.start < s.end; i++) if (mentions[i]!.end <= s.end) ms.push(mentions[i]!);
    const antecedent = previous;
    previous = ms.find((m) => STRONG.has(m.source)) ?? previous;
    const sentence = text.slice(s.start, s.end);
    // A 'sentence' with hundreds of names is a list or a blob, not a statement.
    if (ms.length === 0 || ms.length > MAX_SENTENCE_MENTIONS || !ANY_VERB.test(sentence)) continue;
    const breaks: number[] = [s.start];
    CLAUSE_BREAK.lastIndex = 0;
    for (let b = CLAUSE_BREAK.exec(sentence); b; b = CLAUSE_BREAK.exec(sentence)) breaks.push(s.start + b.index + b[0].length);
    // Every verb phrase of the sentence first, so a subject can be told from an earlier object.
    const verbs: { p: SentencePattern; ps: number; pe: number }[] = [];
    for (const p of SENTENCE_PATTERNS) {
      p.re.lastIndex = 0;
      for (let m = p.re.exec(sentence); m; m = p.re.exec(sentence)) {
        const ps = s.start + m.index;
        const pe = ps + m[0].length;
        // A verb phrase already read by an earlier (more specific) pattern: `is used by` before `use`.
        if (verbs.some((v) => ps < v.pe && pe > v.ps)) continue;
        if (ms.some((x) => ps < x.end && pe > x.start)) continue;
        verbs.push({ p, ps, pe });
      }
    }
    verbs.sort((x, y) => x.ps - y.ps);
    for (const { p, ps, pe } of verbs) {
      {
        const clauseStart = Math.max(...breaks.filter((b) => b <= ps));
        // The subject stands before the clause's first verb, within a few words of this one
        // (`X lives in Y and talks to Z`: Y is an object, not the subject of `talks to`).
        const firstVerb = verbs.find((v) => v.ps >= clauseStart)!.ps;
        const before = ms.filter((x) => x.end <= firstVerb && x.start >= clauseStart);
        const candidate: LinkedMention | undefined = before[0];
        const left = candidate && wordsIn(text.slice(candidate.end, firstVerb)) <= MAX_SUBJECT_GAP ? candidate : undefined;
        if (candidate && !left) continue;
        let leftId = left?.target;
        let factor = 1;
        const lead = text.slice(clauseStart, ps);
        if (!left) {
          // `It uses Y`: the previous sentence's subject, else the section's heading.
          const stand = antecedent?.target ?? subject;
          if (!stand || !PRONOUN.test(lead)) continue;
          leftId = stand;
          factor = 0.8;
        }
        if (NEGATION.test(text.slice(left ? left.end : clauseStart, ps)) || /^\s*not\b/i.test(text.slice(pe, pe + 5))) continue;
        const after = ms.filter((x) => x.start >= pe);
        const first = after[0];
        if (!first || wordsIn(text.slice(pe, first.start)) > 6 || OBJECT_BREAK.test(text.slice(pe, first.start))) continue;
        const objects = [first];
        for (let i = 1; i < after.length; i++) {
          if (!JOINER.test(text.slice(objects[objects.length - 1]!.end, after[i]!.start))) break;
          objects.push(after[i]!);
        }
        const gap = wordsIn(text.slice(left ? left.end : ps, ps)) + wordsIn(text.slice(pe, first.start));
        const gapFactor = Math.max(0.5, 1 - 0.05 * Math.max(0, gap - 2));
        const where: Where = { chunk, line: lineOf(chunk, ps), evidence: sentence };
        for (const o of objects) {
          const sure = 0.8 + 0.2 * Math.min(left?.score ?? 0.8, o.score);
          const [src, dst] = p.reverse ? [o.target, leftId!] : [leftId!, o.target];
          const r = relation(p.kind, src, dst, p.confidence * gapFactor * factor * sure, 'sentence', where);
          if (r) out.push(r);
        }
      }
    }
  }
  return out;
}

function lineOf(chunk: Chunk, offset: number): number {
  let line = chunk.startLine;
  for (let i = chunk.text.indexOf('\n'); i >= 0 && i < offset; i = chunk.text.indexOf('\n', i + 1)) line++;
  return line;
}

/** The entity a stretch of text is about: its first strong mention, else its first mention (mentions sorted by start). */
function mainMention(ms: readonly LinkedMention[], start: number, end: number): LinkedMention | undefined {
  let lo = 0;
  let hi = ms.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ms[mid]!.start < start) lo = mid + 1;
    else hi = mid;
  }
  let first: LinkedMention | undefined;
  for (let i = lo; i < ms.length && ms[i]!.start < end; i++) {
    const m = ms[i]!;
    if (m.end > end) continue;
    if (STRONG.has(m.source)) return m;
    first ??= m;
  }
  return first;
}


/** A relative link → the workspace path it points to (`doc:` or a code file), or undefined for the web. */
export function resolveDocLink(url: string, fromPath: string): string | undefined {
  if (/^[a-z][\w+.-]*:/i.test(url) || url.startsWith('#') || url.startsWith('//')) return undefined;
  let decoded = url;
  try {
    decoded = decodeURI(url);
  } catch {
    // a malformed escape: take it as written
  }
  decoded = decoded.replace(/[?#].*$/, '');
  if (decoded === '') return undefined;
  const path = decoded.startsWith('/') ? posix.normalize(decoded.slice(1)) : posix.normalize(posix.join(posix.dirname(fromPath), decoded));
  if (path.startsWith('..') || path === '.') return undefined;
  return path.replace(/\/$/, '');
}

/**
 * Structure relations of one chunk. `headingTargets[i]` is what `chunk.headings[i]` names (a code
 * node or entity id), when anything.
 */
export function structureRelations(chunk: Chunk, mentions: readonly LinkedMention[], headingTargets: readonly (string | undefined)[], gaz: GazetteerReader | undefined): DocRelation[] {
  const out: DocRelation[] = [];
  const all = lines(chunk.text);
  const push = (r: DocRelation | undefined): void => {
    if (r) out.push(r);
  };
  const parentOf = (inner: boolean): string => {
    let subject: string | undefined;
    for (let i = chunk.headings.length - (inner ? 1 : 2); i >= 0 && !subject; i--) subject = headingTargets[i];
    return subject ?? docId(chunk.path);
  };

  let seeAlso = false;
  for (const sec of sectionsOf(chunk, all)) {
    const title = sec.title.replace(/[:.]$/, '');
    if (DEPENDENCY_SECTION.test(title)) {
      const subject = parentOf(sec.inner);
      const items = sec.lines.filter((l) => ITEM.test(l.text));
      const rows = items.length ? items : sec.lines.filter((l) => l.text.trim() !== '');
      for (const l of rows) {
        const m = mainMention(mentions, l.start, l.end);
        if (m) push(relation('depends_on', subject, m.target, STRUCTURE_CONFIDENCE.dependencies * (0.8 + 0.2 * m.score), 'section', { chunk, line: m.line, evidence: l.text }));
      }
    }
    if (SEE_ALSO_SECTION.test(title)) {
      seeAlso = true;
      for (const l of sec.lines) {
        const m = mainMention(mentions, l.start, l.end);
        if (m && STRONG.has(m.source)) push(relation('cites', docId(chunk.path), m.target, STRUCTURE_CONFIDENCE.seeAlsoEntity, 'see_also', { chunk, line: m.line, evidence: l.text }));
      }
    }
  }

  // Numbered steps: a step runs from its number to the next one.
  const steps: { start: number; end: number; line: Line }[] = [];
  for (const l of all) {
    if (STEP.test(l.text)) steps.push({ start: l.start, end: l.end, line: l });
    else if (steps.length && l.text.trim() !== '' && !ITEM.test(l.text) && /^\s/.test(l.text)) steps[steps.length - 1]!.end = l.end;
    else if (l.text.trim() !== '' && !/^\s/.test(l.text)) steps.push({ start: l.start, end: l.start, line: l }); // a paragraph between lists ends the run
  }
  let prev: LinkedMention | undefined;
  for (const st of steps) {
    if (st.end === st.start) {
      prev = undefined;
      continue;
    }
    const m = mainMention(mentions, st.start, st.end);
    if (prev && m && prev.target !== m.target) {
      push(relation('precedes', prev.target, m.target, STRUCTURE_CONFIDENCE.steps * (0.8 + 0.2 * Math.min(prev.score, m.score)), 'steps', { chunk, line: m.line, evidence: st.line.text }));
    }
    prev = m; // consecutive steps only: a step that names nothing breaks the chain
  }

  if (seeAlso) {
    const from = docId(chunk.path);
    for (const url of chunk.links) {
      const path = resolveDocLink(url, chunk.path);
      if (!path) continue;
      const code = gaz?.lookup(path);
      const target = code && code.form === 'path' && !code.ambiguous ? code.ids[0]! : docId(path);
      push(relation('cites', from, target, STRUCTURE_CONFIDENCE.seeAlsoLink, 'see_also', { chunk, line: chunk.startLine, evidence: url }));
    }
  }
  return out;
}

/** `X is a …` / `X: …` in a definition: the entity's short definition, by target id. */
export function definitions(chunk: Chunk, mentions: readonly LinkedMention[]): Map<string, string> {
  const out = new Map<string, string>();
  const text = chunk.text;
  const byStart = new Map<number, LinkedMention>();
  for (const m of mentions) if (!byStart.has(m.start)) byStart.set(m.start, m);
  for (const s of sentences(text)) {
    const raw = text.slice(s.start, s.end);
    const lead = raw.replace(/^\s*(?:[-*+•]|\d+[.)])?\s*/, '');
    const article = /^(?:an?|the)\s+/i.exec(lead)?.[0] ?? '';
    const offset = s.start + raw.length - lead.length + article.length;
    const first = byStart.get(offset);
    if (!first || !isEntityId(first.target) || out.has(first.target)) continue;
    const rest = lead.slice(article.length + first.end - first.start);
    if (/^\s*(?:is|are)\s+(?:an?|the|one of)\s+\S/i.test(rest) || /^\s*(?::|—|–| - )\s*\S/.test(rest)) out.set(first.target, trim200(lead));
  }
  return out;
}
