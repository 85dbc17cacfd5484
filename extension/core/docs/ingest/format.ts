/**
 * Document formats and refusals
 * =============================
 * Which extractor reads a file (by its extension alone), the size limit, and the one error every
 * extractor throws when a file cannot be read as a document: binary bytes behind a text
 * extension, an undecodable encoding, a broken or encrypted PDF, a DOCX that is not a zip. The
 * caller records `reason` and moves on; nothing here crashes the index.
 *
 * `.rst` is read as plain text: its underlined headings, `Term: meaning` lines and numbered
 * lists are what the text extractor already understands, and its directives stay paragraphs.
 */
import { createHash } from 'node:crypto';
import { DEFAULT_DOC_MAX_BYTES } from '../config';
import type { DocFormat } from '../types';

/** Bytes; a larger file is refused before it is decoded (the same default as the docs settings). */
export const MAX_DOC_BYTES = DEFAULT_DOC_MAX_BYTES;

/** A PDF with more pages is refused: text extraction is linear in pages and this bounds one file's cost. */
export const MAX_PDF_PAGES = 2000;

/**
 * Deeper HTML element nesting is refused: parse5's cost grows with depth times size (100k nested
 * <div>s take it minutes) and no real page comes close.
 */
export const MAX_NESTING = 512;

/** Markdown larger than this is read as plain text: micromark (GFM tables above all) is too slow for it. */
export const MAX_MARKDOWN_BYTES = 1024 * 1024;

/** Inline delimiters (`*`, `_`, brackets, backticks, `<`) one Markdown paragraph may hold before the document is read as plain text. */
export const MAX_MARKDOWN_DELIMITERS = 4000;

/** Elements that may be left open (their end tag is optional) or have none: not counted as depth. */
const OPEN_ENDED = new Set(['p', 'li', 'dt', 'dd', 'tr', 'td', 'th', 'thead', 'tbody', 'tfoot', 'option', 'optgroup', 'colgroup', 'caption', 'rb', 'rt', 'rp', 'html', 'head', 'body', 'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr', 'param', 'keygen', 'basefont', 'frame', 'isindex']);

/** Refuses HTML whose tags (counted roughly: opens minus closes of elements that must be closed) nest too deep. */
export function checkHtmlNesting(html: string): void {
  let depth = 0;
  let max = 0;
  for (const m of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9-]{0,30})\b[^>]{0,2000}?(\/?)>/g)) {
    const tag = m[2]!.toLowerCase();
    if (OPEN_ENDED.has(tag) || m[3]) continue;
    depth = m[1] ? Math.max(0, depth - 1) : depth + 1;
    if (depth > max) max = depth;
  }
  if (max > MAX_NESTING) throw new DocSkipError(`nesting too deep (${max} levels of HTML elements > ${MAX_NESTING})`);
}

/**
 * Why a Markdown text is too hard for micromark, if it is: too large, containers (block quotes, list items)
 * nested past MAX_NESTING / 8 levels, or a paragraph with thousands of emphasis, bracket or
 * backtick delimiters (micromark's cost grows with their square: 100k `*a` take minutes). Such a
 * text is read as plain text instead.
 */
export function markdownTooComplex(text: string): string | undefined {
  if (text.length > MAX_MARKDOWN_BYTES) return `larger than ${MAX_MARKDOWN_BYTES} characters`;
  let max = 0;
  for (const m of text.matchAll(/^((?:[ \t]*>)+)|^([ \t]+)(?:[-*+]|\d{1,9}[.)])[ \t]/gm)) {
    const depth = m[1] ? (m[1].match(/>/g) ?? []).length : Math.floor(m[2]!.replace(/\t/g, '    ').length / 2);
    if (depth > max) max = depth;
  }
  if (max > MAX_NESTING / 8) return `nesting too deep (${max} levels of quotes or lists > ${MAX_NESTING / 8})`;
  let delimiters = 0;
  let blank = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      // A blank line ends the paragraph.
      if (blank) delimiters = 0;
      blank = true;
    } else if (c === 42 || c === 95 || c === 91 || c === 93 || c === 96 || c === 60) {
      blank = false;
      if (++delimiters > MAX_MARKDOWN_DELIMITERS) return `more than ${MAX_MARKDOWN_DELIMITERS} inline delimiters in one paragraph`;
    } else if (c !== 32 && c !== 9 && c !== 13) blank = false;
  }
  return undefined;
}

const FORMATS: Record<string, DocFormat> = {
  md: 'markdown',
  markdown: 'markdown',
  mdx: 'markdown',
  mdown: 'markdown',
  mkd: 'markdown',
  txt: 'text',
  text: 'text',
  rst: 'text',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  pdf: 'pdf',
  docx: 'docx',
};

/** The format a path's extension names (case-insensitive), or undefined when it names none. */
export function detectFormat(path: string): DocFormat | undefined {
  const base = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  if (dot <= 0 && !/^\.[^.]+$/.test(base)) return undefined;
  return FORMATS[base.slice(dot + 1).toLowerCase()];
}

/** A file that is not read, and why (a short sentence for status and logs). */
export class DocSkipError extends Error {
  override readonly name = 'DocSkipError';
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** sha256 (hex, first 16). */
export function shortHash(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 16);
}

export function checkSize(bytes: Uint8Array): void {
  if (bytes.byteLength > MAX_DOC_BYTES) throw new DocSkipError(`too large (${bytes.byteLength} bytes > ${MAX_DOC_BYTES})`);
}

/**
 * The text of a text-format file: UTF-8 (with or without a BOM) or UTF-16 with a BOM, else
 * Windows-1252 when it still reads as text. Line ends become `\n` one for one, so line numbers
 * are the editor's. NUL bytes or a high share of control characters mean binary: refused.
 */
export function decodeText(bytes: Uint8Array): string {
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  else {
    const head = bytes.subarray(0, 8192);
    if (head.includes(0)) throw new DocSkipError('binary content (NUL bytes), not a text document');
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes);
    }
  }
  let control = 0;
  const sample = Math.min(text.length, 65536);
  for (let i = 0; i < sample; i++) {
    const c = text.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) || c === 0xfffd) control++;
  }
  if (sample > 0 && control / sample > 0.02) throw new DocSkipError(`undecodable or binary content (${Math.round((100 * control) / sample)}% control characters)`);
  return text.replace(/\r\n?/g, '\n');
}
