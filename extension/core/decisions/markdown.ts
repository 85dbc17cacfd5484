/**
 * Markdown outline
 * ================
 * Reads a Markdown document into what the decision graph needs and nothing more: YAML front
 * matter as flat `key: value` pairs, sections (a heading and the blocks up to the next heading),
 * and, per section, its plain text, code spans and links with exact ranges, list items and
 * table rows.
 *
 * Built on micromark (through mdast-util-from-markdown, with the GFM table extension): it is
 * CommonMark-exact, synchronous, pure JavaScript, and puts a line/column position on every
 * node, which is what unresolved-mention diagnostics need. Fenced code blocks are skipped on
 * purpose: identifiers in examples are not claims about the code.
 */
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTable } from 'micromark-extension-gfm-table';
import type { Nodes, Root, RootContent } from 'mdast';
import type { UnresolvedMention } from '../model/types';

/** 1-based line and column, end exclusive (as micromark reports them). */
export type Span = Omit<UnresolvedMention, 'text' | 'reason'>;

export interface InlineCode {
  text: string;
  span: Span;
}

export interface Link {
  url: string;
  /** The link's visible text. */
  label: string;
  span: Span;
}

export interface Section {
  /** 0 for the text before the first heading. */
  depth: number;
  title: string;
  /** Titles of the enclosing headings, outermost first, this one last. */
  trail: string[];
  line: number;
  /** Last line of the section's own blocks (before the next heading of any depth). */
  endLine: number;
  /** Paragraph and list-item texts, in order (each a block's plain text, whitespace folded). */
  paragraphs: string[];
  codes: InlineCode[];
  links: Link[];
  /** Table rows below the header row, as cell texts. */
  rows: string[][];
}

export interface MarkdownOutline {
  frontMatter: Map<string, string>;
  sections: Section[];
  lines: number;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

export function parseMarkdown(text: string): MarkdownOutline {
  const frontMatter = new Map<string, string>();
  let body = text;
  const fm = FRONT_MATTER.exec(text);
  if (fm) {
    for (const line of (fm[1] ?? '').split(/\r?\n/)) {
      const m = /^([A-Za-z][\w -]*):\s*(.*)$/.exec(line);
      if (m) frontMatter.set(m[1]!.trim().toLowerCase(), unquote(m[2]!.trim()));
    }
    // Blank the front matter rather than cut it, so every position still counts from line 1.
    body = fm[0].replace(/[^\r\n]/g, '') + text.slice(fm[0].length);
  }
  const root: Root = fromMarkdown(body, { extensions: [gfmTable()], mdastExtensions: [gfmTableFromMarkdown()] });
  const lines = text.length === 0 ? 0 : text.split('\n').length;
  const sections: Section[] = [];
  const trail: { depth: number; title: string }[] = [];
  let current = newSection(0, '', [], 1);
  sections.push(current);
  for (const node of root.children) {
    if (node.type === 'heading') {
      const title = plainText(node);
      while (trail.length && trail[trail.length - 1]!.depth >= node.depth) trail.pop();
      trail.push({ depth: node.depth, title });
      current = newSection(node.depth, title, trail.map((t) => t.title), node.position?.start.line ?? 1);
      collectInline(node, current);
      sections.push(current);
      continue;
    }
    collectBlock(node, current);
    if (node.position) current.endLine = Math.max(current.endLine, node.position.end.line);
  }
  // The preamble is kept only when it holds something.
  if (sections[0]!.paragraphs.length === 0 && sections[0]!.codes.length === 0 && sections[0]!.links.length === 0) sections.shift();
  return { frontMatter, sections, lines };
}

function newSection(depth: number, title: string, trail: string[], line: number): Section {
  return { depth, title, trail, line, endLine: line, paragraphs: [], codes: [], links: [], rows: [] };
}

function unquote(s: string): string {
  return /^(['"]).*\1$/.test(s) ? s.slice(1, -1) : s;
}

/** A block's contribution: texts, inline codes and links, table rows; fenced code is skipped. */
function collectBlock(node: RootContent, into: Section): void {
  switch (node.type) {
    case 'code':
    case 'html':
    case 'thematicBreak':
      return;
    case 'table':
      node.children.slice(1).forEach((row) => into.rows.push(row.children.map((cell) => plainText(cell))));
      collectInline(node, into);
      return;
    case 'list':
      for (const item of node.children) for (const child of item.children) collectBlock(child, into);
      return;
    case 'blockquote':
      for (const child of node.children) collectBlock(child, into);
      return;
    case 'definition':
      // `[label]: ../src/app.py` — a reference-style link's target is a link too.
      if (node.position) into.links.push({ url: node.url, label: node.label ?? '', span: spanOf(node.position) });
      return;
    default: {
      const text = plainText(node);
      if (text) into.paragraphs.push(text);
      collectInline(node, into);
    }
  }
}

function collectInline(node: Nodes, into: Section): void {
  if (node.type === 'inlineCode') {
    if (node.position) into.codes.push({ text: node.value, span: spanOf(node.position) });
    return;
  }
  if (node.type === 'code') return;
  if (node.type === 'link' && node.position) into.links.push({ url: node.url, label: plainText(node), span: spanOf(node.position) });
  if ('children' in node) for (const child of node.children) collectInline(child, into);
}

function spanOf(p: { start: { line: number; column: number }; end: { line: number; column: number } }): Span {
  return { line: p.start.line, col: p.start.column, endLine: p.end.line, endCol: p.end.column };
}

/** The node's text with inline code kept verbatim and whitespace folded. */
export function plainText(node: Nodes): string {
  const parts: string[] = [];
  const walk = (n: Nodes): void => {
    if (n.type === 'text' || n.type === 'inlineCode') parts.push(n.value);
    else if (n.type === 'break') parts.push(' ');
    else if ('children' in n) {
      for (const c of n.children) walk(c);
      // Separate list items and paragraphs inside containers.
      if (n.type === 'paragraph' || n.type === 'listItem' || n.type === 'tableCell') parts.push(' ');
    }
  };
  walk(node);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** The first sentence of a text (up to a full stop followed by a space, or the whole text), capped. */
export function firstSentence(text: string, max = 240): string {
  const m = /^(.+?[.!?])(?:\s|$)/.exec(text);
  const s = (m ? m[1]! : text).trim();
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** A text cut to `max` characters at a word boundary. */
export function clip(text: string, max = 400): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

/** A heading's anchor as GitHub writes it: lower case, spaces to dashes, punctuation dropped. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s+/g, '-');
}
