/**
 * Instruction files
 * =================
 * CLAUDE.md, AGENTS.md, .github/copilot-instructions.md, .cursorrules and configured others:
 * one section per level-2 heading (its level-3+ subsections belong to it), the concepts named in
 * the first column of its tables, its code spans and links as mentions. A file without level-2
 * headings (a plain .cursorrules) is one section named after the file.
 */
import { posix } from 'node:path';
import type { InstructionFacts, MentionFact, SectionFacts } from './facts';
import { hashText } from './adr';
import { firstSentence, parseMarkdown, type Section } from './markdown';

export function parseInstructions(path: string, text: string): InstructionFacts {
  const outline = parseMarkdown(text);
  const out: InstructionFacts = { kind: 'instructions', path, hash: hashText(text), lines: outline.lines, sections: [] };
  const groups: Section[][] = [];
  for (const s of outline.sections) {
    if (s.depth === 2) groups.push([s]);
    else if (s.depth > 2 && groups.length) groups[groups.length - 1]!.push(s);
  }
  if (groups.length === 0 && outline.sections.length) groups.push(outline.sections);
  for (const group of groups) {
    const first = group[0]!;
    const title = first.depth === 2 ? first.title : posix.basename(path);
    const section: SectionFacts = {
      title,
      line: first.depth === 2 ? first.line : 1,
      endLine: Math.max(...group.map((s) => s.endLine)),
      concepts: [],
      mentions: [],
    };
    const firstText = group.flatMap((s) => s.paragraphs)[0];
    if (firstText) section.summary = firstSentence(firstText);
    const seen = new Set<string>();
    for (const s of group) {
      for (const row of s.rows) {
        const name = (row[0] ?? '').trim();
        if (name && !seen.has(name.toLowerCase())) {
          seen.add(name.toLowerCase());
          section.concepts.push({ name, line: s.line });
        }
      }
      for (const c of s.codes) section.mentions.push({ text: c.text, form: 'code', span: c.span });
      for (const l of s.links) {
        const m: MentionFact = { text: l.url, form: 'link', span: l.span };
        section.mentions.push(m);
      }
    }
    out.sections.push(section);
  }
  return out;
}
