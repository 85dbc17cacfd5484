/**
 * Hover model
 * ===========
 * What the hover on a definition says, as plain data and then as Markdown: the signature in a
 * code block of the file's language, the doc line, and one section per kind of fact (callers with
 * the first few as links, tests, the governing decisions with their title and decision sentence,
 * the documents that mention it), each a count and links.
 * A new kind is one more section builder and one more label; the renderer stays as it is.
 *
 * Pure: no VS Code here. Links are made by the caller (`link(place)`), so the Markdown can point
 * at a command that opens the place wherever the files are (a remote host too).
 */
import type { CodeGraph } from '../core/model/graph';
import type { NodeAttributes } from '../core/model/types';
import { docsMentioning } from '../core/query/docs';
import { governingRefs, refTitle } from './decisions_model';
import { callerCount, callersOf, placeOfLoc, testsOf, type Place } from './graph_view';
import { docPathOf } from '../core/model/ids';
import { fenceLanguage } from '../core/parse/languages';

/** How many links a section lists before "and N more". */
const FIRST = 5;

export interface HoverLink {
  label: string;
  place: Place;
  /** Said after the link: "through make_service". */
  note?: string;
  /** Said after the link and the note: a decision's title and sentence. */
  detail?: string;
}

export interface HoverSection {
  kind: 'callers' | 'tests' | 'decisions' | 'docs';
  total: number;
  items: HoverLink[];
}

export interface HoverData {
  id: string;
  name: string;
  /** VS Code language id of the code block. */
  language: string;
  signature?: string;
  doc?: string;
  sections: HoverSection[];
}


type SectionBuilder = (graph: CodeGraph, id: string) => HoverSection;

const SECTIONS: readonly SectionBuilder[] = [
  (graph, id) => ({
    kind: 'callers',
    total: callerCount(graph, id),
    items: callersOf(graph, id)
      .slice(0, FIRST)
      .map((s) => ({ label: labelOf(graph.node(s.caller), s.path), place: { path: s.path, line: s.line } })),
  }),
  (graph, id) => {
    const r = testsOf(graph, id, FIRST);
    const items: HoverLink[] = [];
    for (const t of r.items) {
      const place = placeOfLoc(t.loc);
      if (place === undefined) continue;
      const link: HoverLink = { label: labelOf(graph.node(t.id), place.path), place };
      const via = t.via === undefined ? undefined : graph.node(t.via);
      if (t.how === 'transitive' && via !== undefined) link.note = `through ${via.qualifiedName ?? via.name}`;
      items.push(link);
    }
    return { kind: 'tests', total: r.total, items };
  },
  (graph, id) => {
    const { total, refs } = governingRefs(graph, id, FIRST);
    const items = refs.map((r): HoverLink => {
      const link: HoverLink = { label: refTitle(r), place: r.place };
      if (r.through) link.note = `through ${r.through}`;
      const detail = [r.title, r.sentence].filter(Boolean).join(': ');
      if (detail) link.detail = detail;
      return link;
    });
    return { kind: 'decisions', total, items };
  },
  (graph, id) => {
    const docs = docsMentioning(graph, id);
    const items = docs.slice(0, FIRST).map((d): HoverLink => {
      const line = Number(d.at?.split(',')[0] ?? 1);
      const path = d.loc?.replace(/:\d+$/, '') ?? (docPathOf(d.id) ?? d.id);
      return { label: path, place: { path, line: Math.max(0, line - 1) } };
    });
    return { kind: 'docs', total: docs.length, items };
  },
];

/** A caller or test as people name it: its qualified name, or the file for module-level code. */
function labelOf(a: NodeAttributes | undefined, path: string): string {
  if (a === undefined || a.kind === 'file') return path;
  return a.qualifiedName ?? a.name;
}

export function hoverData(graph: CodeGraph, id: string): HoverData | undefined {
  const a = graph.node(id);
  if (a === undefined) return undefined;
  const data: HoverData = {
    id,
    name: a.qualifiedName ?? a.name,
    language: a.language ? fenceLanguage(a.language) : '',
    sections: SECTIONS.map((build) => build(graph, id)),
  };
  if (a.signature) data.signature = a.signature;
  if (a.doc) data.doc = a.doc;
  return data;
}

const NOUN: Record<HoverSection['kind'], [one: string, many: string]> = {
  callers: ['caller', 'callers'],
  tests: ['test', 'tests'],
  decisions: ['decision', 'decisions'],
  docs: ['doc', 'docs'],
};

/** Markdown of the hover. `link(place)` gives the target of a link to a place. */
export function hoverMarkdown(d: HoverData, link: (place: Place) => string): string {
  const parts: string[] = [];
  if (d.signature) parts.push(`\`\`\`${d.language}\n${d.signature}\n\`\`\``);
  if (d.doc) parts.push(escapeMarkdown(d.doc));
  const lines: string[] = [];
  const decisions: string[] = [];
  for (const s of d.sections) {
    const [one, many] = NOUN[s.kind];
    if (s.kind === 'decisions') {
      // One line each: a record is read for its sentence, not counted. None says nothing: most code
      // is governed by no record, and "no decisions found" on every hover would be noise.
      for (const i of s.items) {
        const text = `[${escapeMarkdown(i.label)}](${link(i.place)} "${i.place.path}:${i.place.line + 1}")`;
        const note = i.note ? ` _(${escapeMarkdown(i.note)})_` : '';
        decisions.push(`**governed by** ${text}${note}${i.detail ? ` — ${escapeMarkdown(i.detail)}` : ''}`);
      }
      const more = s.total - s.items.length;
      if (more > 0) decisions.push(`and ${more} more ${more === 1 ? one : many}`);
      continue;
    }
    // Most code is mentioned in no document: saying so on every hover would be noise.
    if (s.total === 0 && s.kind === 'docs') continue;
    if (s.total === 0) {
      lines.push(`no ${many} found`);
      continue;
    }
    const links = s.items.map((i) => {
      const title = `${i.place.path}:${i.place.line + 1}`;
      const text = `[${escapeMarkdown(i.label)}](${link(i.place)} "${title}")`;
      return i.note ? `${text} _(${escapeMarkdown(i.note)})_` : text;
    });
    const more = s.total - s.items.length;
    if (more > 0) links.push(`and ${more} more`);
    const count = `${s.total} ${s.total === 1 ? one : many}`;
    lines.push(`**${s.kind === 'docs' ? `mentioned in ${count}` : count}**: ${links.join(' · ')}`);
  }
  // Two trailing spaces: a line break inside one paragraph, so the sections stay close together.
  if (lines.length > 0) parts.push(lines.join('  \n'));
  if (decisions.length > 0) parts.push(decisions.join('  \n'));
  return parts.join('\n\n');
}

/** Markdown's special characters, escaped so names like `__init__` are not read as emphasis. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()<>#+\-.!|~]/g, '\\$&');
}
