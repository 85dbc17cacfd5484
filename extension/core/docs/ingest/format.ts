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
