/**
 * A file → DocFacts
 * =================
 * The one entry point per file: refuse what is too big, pick the extractor by extension, redact
 * secrets from the decoded text before any block is built, then read the format-independent
 * structure. PDF and DOCX are converted to text or HTML first and redacted the same way; an
 * extractor that cannot read its input throws `DocSkipError` with a reason, and so does any
 * unexpected failure inside one, so a hostile file costs a skip, never the index. The HTML, DOCX
 * and PDF readers (parse5, mammoth, pdf.js: most of the bundle) are imported on the first such file.
 */
import { basename } from 'node:path';
import type { DocFacts, DocFormat } from '../types';
import { finishBlocks, type RawBlock } from './blocks';
import { checkHtmlNesting, checkSize, decodeText, detectFormat, DocSkipError, markdownTooComplex, shortHash } from './format';
import { markdownBlocks } from './markdown';
import { redactSecrets } from './redact';
import { textBlocks } from './text';

interface Extracted {
  blocks: RawBlock[];
  title?: string;
  pages?: number[];
  notes?: string[];
}

export async function extractDocument(path: string, bytes: Uint8Array): Promise<DocFacts> {
  const format = detectFormat(path);
  if (!format) throw new DocSkipError(`not a document format (${basename(path)})`);
  checkSize(bytes);
  const hash = shortHash(bytes);
  let redactions = 0;
  const redact = (text: string): string => {
    const r = redactSecrets(text);
    redactions += r.count;
    return r.text;
  };
  let extracted: Extracted;
  try {
    extracted = await extractByFormat(format, bytes, redact);
  } catch (error) {
    if (error instanceof DocSkipError) throw error;
    throw new DocSkipError(`unreadable ${format}: ${error instanceof Error ? error.message.split('\n')[0]!.slice(0, 160) : String(error)}`);
  }
  // HTML (and DOCX through it) can hide a secret behind character references (`&#65;KIA…`) that
  // only parsing decodes: its decoded texts are checked once more.
  if (format === 'html' || format === 'docx') for (const b of extracted.blocks) redactBlock(b, redact);
  const blocks = finishBlocks(extracted.blocks);
  const title = extracted.title ?? blocks.find((b) => b.kind === 'heading')?.text;
  const notes = extracted.notes?.length ? [...new Set(extracted.notes)] : undefined;
  return {
    path,
    format,
    hash,
    ...(title ? { title } : {}),
    blocks,
    redactions,
    ...(extracted.pages ? { pages: extracted.pages } : {}),
    ...(notes ? { notes } : {}),
  };
}

function redactBlock(block: RawBlock, redact: (text: string) => string): void {
  block.text = redact(block.text);
  if (block.codeSpans) block.codeSpans = block.codeSpans.map(redact);
  if (block.links) block.links = block.links.map(redact);
  if (block.emphasis) block.emphasis = block.emphasis.map(redact);
  for (const item of block.items ?? []) redactBlock(item as RawBlock, redact);
}

async function extractByFormat(format: DocFormat, bytes: Uint8Array, redact: (text: string) => string): Promise<Extracted> {
  switch (format) {
    case 'markdown': {
      const text = redact(decodeText(bytes));
      const tooComplex = markdownTooComplex(text);
      if (tooComplex) return { blocks: textBlocks(text), notes: [`read as plain text: ${tooComplex}`] };
      return markdownBlocks(text);
    }
    case 'text':
      return { blocks: textBlocks(redact(decodeText(bytes))) };
    case 'html': {
      const html = decodeText(bytes);
      checkHtmlNesting(html);
      const { htmlBlocks } = await import('./html');
      return htmlBlocks(redact(html));
    }
    case 'docx': {
      const [{ docxToHtml }, { htmlBlocks }] = await Promise.all([import('./docx'), import('./html')]);
      const { html, notes } = await docxToHtml(bytes);
      checkHtmlNesting(html);
      const doc = htmlBlocks(redact(html));
      return { ...doc, notes: [...(doc.notes ?? []), ...notes] };
    }
    case 'pdf': {
      const { pdfLines } = await import('./pdf');
      const pdf = await pdfLines(bytes);
      const text = redact(pdf.text);
      return {
        blocks: textBlocks(text, { headingLevels: pdf.headingLevels, capsHeadings: false }),
        pages: pdf.pages,
        ...(pdf.title ? { title: redact(pdf.title) } : {}),
        notes: pdf.notes,
      };
    }
  }
}
