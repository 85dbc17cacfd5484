/**
 * Markdown → blocks
 * =================
 * micromark (through mdast-util-from-markdown, with GFM tables, as the decision graph reads
 * ADRs) gives every node its source lines, so a block's range is exact. Front matter is blanked,
 * not cut, so positions still count from line 1; its `title:` names the document. Besides the
 * mdast kinds, a paragraph written `Term\n: meaning` (the definition-list extension) is a
 * definition; the rest of the structure (glossaries, FAQs) is `finishBlocks`'.
 */
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTable } from 'micromark-extension-gfm-table';
import type { List, Nodes, RootContent } from 'mdast';
import { plainText } from '../../decisions/markdown';
import { BlockBuilder, type Inline, type RawBlock, type RawItem } from './blocks';

const FRONT_MATTER = /^---\n([\s\S]*?)\n---[ \t]*(?:\n|$)/;

export interface MarkdownBlocks {
  blocks: RawBlock[];
  title?: string;
}

export function markdownBlocks(text: string): MarkdownBlocks {
  let body = text;
  let title: string | undefined;
  const fm = FRONT_MATTER.exec(text);
  if (fm) {
    title = /^title:\s*["']?(.+?)["']?\s*$/m.exec(fm[1] ?? '')?.[1];
    body = fm[0].replace(/[^\n]/g, '') + text.slice(fm[0].length);
  }
  const root = fromMarkdown(body, { extensions: [gfmTable()], mdastExtensions: [gfmTableFromMarkdown()] });
  const lines = body.split('\n');
  const out = new BlockBuilder();
  for (const node of root.children) visit(node, out, lines);
  title ??= out.blocks.find((b) => b.kind === 'heading' && b.level === 1)?.text ?? out.blocks.find((b) => b.kind === 'heading')?.text;
  return { blocks: out.blocks, ...(title ? { title } : {}) };
}

function lineRange(node: Nodes): [number, number] {
  return [node.position?.start.line ?? 1, node.position?.end.line ?? node.position?.start.line ?? 1];
}

function visit(node: RootContent, out: BlockBuilder, lines: string[]): void {
  const [start, end] = lineRange(node);
  switch (node.type) {
    case 'heading':
      out.heading(node.depth, plainText(node), start, end, inlineOf(node));
      return;
    case 'paragraph': {
      const text = plainText(node);
      const source = lines.slice(start - 1, end);
      // `Term` on one line, `: meaning` on the next.
      if (source.length >= 2 && /^\s*:\s+\S/.test(source[1]!) && !source[0]!.includes(':')) {
        const term = source[0]!.trim();
        const meaning = source.slice(1).map((l) => l.replace(/^\s*:\s+/, '').trim()).join(' ');
        out.add('definition', `${term.replace(/\*\*/g, '')}: ${meaning}`, start, end, inlineOf(node));
        return;
      }
      out.add('paragraph', text, start, end, inlineOf(node));
      return;
    }
    case 'list':
      listBlock(node, out);
      return;
    case 'table': {
      const items: RawItem[] = node.children.slice(1).map((row) => ({ text: row.children.map((c) => plainText(c)).join(' | '), startLine: lineRange(row)[0], endLine: lineRange(row)[1], ...inlineOf(row) }));
      const header = node.children[0] ? node.children[0].children.map((c) => plainText(c)).join(' | ') : '';
      out.add('table', [header, ...items.map((i) => i.text)].filter(Boolean).join('\n'), start, end, { ...inlineOf(node), items });
      return;
    }
    case 'code':
      out.add('code', node.value, start, end, node.lang ? { language: node.lang } : {});
      return;
    case 'blockquote':
      for (const child of node.children) visit(child, out, lines);
      return;
    case 'html': {
      const text = node.value.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
      if (text) out.add('paragraph', text, start, end);
      return;
    }
    default:
      return; // thematic breaks, link reference definitions
  }
}

function listBlock(node: List, out: BlockBuilder): void {
  const [start, end] = lineRange(node);
  const items: RawItem[] = node.children.map((item) => {
    const [s, e] = lineRange(item);
    return { text: plainText(item), startLine: s, endLine: e, ...inlineOf(item) };
  });
  const marker = (i: number): string => (node.ordered ? `${(node.start ?? 1) + i}. ` : '- ');
  out.add(node.ordered ? 'steps' : 'list', items.map((it, i) => marker(i) + it.text).join('\n'), start, end, { ...inlineOf(node), items });
}

/** Code spans, bold text and link targets under a node (fenced code excluded). */
export function inlineOf(node: Nodes): Inline {
  const codeSpans: string[] = [];
  const emphasis: string[] = [];
  const links: string[] = [];
  const walk = (n: Nodes): void => {
    if (n.type === 'inlineCode') codeSpans.push(n.value);
    else if (n.type === 'strong') emphasis.push(plainText(n));
    else if (n.type === 'link' && n.url) links.push(n.url);
    if (n.type !== 'code' && 'children' in n) for (const c of n.children) walk(c as Nodes);
  };
  walk(node);
  return { codeSpans, emphasis, links };
}
