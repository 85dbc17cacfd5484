/**
 * PDF → lines
 * ===========
 * pdfjs-dist's legacy build (the one for Node), without a worker thread or a canvas: its worker
 * code runs on the main thread through `globalThis.pdfjsWorker`, which also means a bundler sees
 * a static import and ships it (no file is looked up at run time). Both modules are loaded on the
 * first PDF only.
 *
 * A page's text items are rebuilt into lines by their baseline (y), in content-stream order;
 * a vertical gap wider than one and a half line heights, a change of font size, or a new page
 * starts a paragraph (a blank line). Lines set larger than the body text (the size most
 * characters use) are headings, the largest being level 1. Bare page numbers at the top or
 * bottom of a page are dropped. The result is text with known heading lines, read by the text
 * extractor; `pages` are the lines each page starts at.
 */
import { DocSkipError, MAX_PDF_PAGES } from './format';

export interface PdfLines {
  text: string;
  headingLevels: Map<number, number>;
  pages: number[];
  title?: string;
  notes: string[];
}

interface TextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
}

interface Line {
  text: string;
  y: number;
  size: number;
  page: number;
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjsPromise: Promise<PdfJs> | undefined;

function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= (async () => {
    polyfillWithResolvers();
    // On load pdf.js warns that it cannot find a canvas package for rendering; text needs none.
    const warn = console.warn;
    console.warn = (...args: unknown[]) => {
      if (!(typeof args[0] === 'string' && /^Warning: Cannot (load "@napi-rs\/canvas"|polyfill|access the `require`)/.test(args[0]))) warn(...args);
    };
    try {
      const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
      (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
      return await import('pdfjs-dist/legacy/build/pdf.mjs');
    } finally {
      console.warn = warn;
    }
  })();
  return pdfjsPromise;
}

/** pdf.js 6 calls Promise.withResolvers (Node 22+); Node 20 lacks it. The standard behaviour, added only when missing. */
function polyfillWithResolvers(): void {
  const P = Promise as unknown as { withResolvers?: unknown };
  if (typeof P.withResolvers === 'function') return;
  Object.defineProperty(Promise, 'withResolvers', {
    configurable: true,
    writable: true,
    value: function withResolvers<T>() {
      let resolve!: (value: T | PromiseLike<T>) => void;
      let reject!: (reason?: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}

export async function pdfLines(bytes: Uint8Array): Promise<PdfLines> {
  if (!isPdf(bytes)) throw new DocSkipError('not a PDF (no %PDF- header)');
  const pdfjs = await loadPdfJs();
  // pdf.js takes ownership of (detaches) the buffer it is given, and refuses a Buffer: a plain copy.
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useSystemFonts: false, stopAtErrors: false, verbosity: 0 });
  let doc: Awaited<typeof task.promise>;
  try {
    doc = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') throw new DocSkipError('encrypted PDF (needs a password)');
    if (name === 'InvalidPDFException') throw new DocSkipError(`malformed PDF: ${(error as Error).message}`);
    throw new DocSkipError(`unreadable PDF: ${error instanceof Error ? error.message.slice(0, 160) : String(error)}`);
  }
  try {
    if (doc.numPages > MAX_PDF_PAGES) throw new DocSkipError(`too many pages (${doc.numPages} > ${MAX_PDF_PAGES})`);
    const lines: Line[] = [];
    const notes: string[] = [];
    let failedPages = 0;
    for (let p = 1; p <= doc.numPages; p++) {
      try {
        const page = await doc.getPage(p);
        const content = await page.getTextContent();
        for (const line of pageLines(content.items.filter((i): i is TextItem & typeof i => 'str' in i) as TextItem[], p, notes)) lines.push(line);
        page.cleanup();
      } catch {
        failedPages++;
      }
    }
    if (failedPages) notes.push(`${failedPages} unreadable page${failedPages === 1 ? '' : 's'}`);
    if (!lines.some((l) => /\p{L}/u.test(l.text))) throw new DocSkipError(failedPages ? 'malformed PDF: no readable page' : 'no extractable text (a scanned PDF?)');
    const meta = await doc.getMetadata().catch(() => undefined);
    const metaTitle = (meta?.info as { Title?: unknown } | undefined)?.Title;
    return { ...assemble(lines, doc.numPages), ...(typeof metaTitle === 'string' && metaTitle.trim() ? { title: metaTitle.trim() } : {}), notes };
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

function isPdf(bytes: Uint8Array): boolean {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  return head.includes('%PDF-');
}

const PAGE_NUMBER = /^\s*(?:page\s*)?\d{1,4}(?:\s*(?:of|\/)\s*\d{1,4})?\s*$/i;

function pageLines(items: TextItem[], page: number, notes: string[]): Line[] {
  const lines: Line[] = [];
  let current: { parts: string[]; y: number; size: number; endX: number } | undefined;
  const close = (): void => {
    if (current) {
      const text = current.parts.join('').replace(/\s+/g, ' ').trim();
      if (text) lines.push({ text, y: current.y, size: current.size, page });
    }
    current = undefined;
  };
  for (const item of items) {
    const [a = 0, b = 0, c = 0, d = 0, x = 0, y = 0] = item.transform;
    const size = Math.round(Math.max(item.height, Math.hypot(c, d), Math.hypot(a, b) > 0 && item.height === 0 ? Math.hypot(a, b) : 0) * 2) / 2;
    if (item.str === '') {
      if (item.hasEOL) close();
      continue;
    }
    if (current && Math.abs(y - current.y) > Math.max(2, 0.5 * Math.max(size, current.size))) close();
    if (!current) current = { parts: [], y, size: 0, endX: x };
    const gap = x - current.endX;
    const prev = current.parts[current.parts.length - 1];
    // A wide gap on one baseline separates table cells (or columns): kept as ` | `.
    if (prev !== undefined && gap > size && current.parts.join('').trim()) current.parts.push(' | ');
    else if (prev !== undefined && gap > 0.15 * size && !/\s$/.test(prev) && !/^\s/.test(item.str)) current.parts.push(' ');
    current.parts.push(item.str);
    if (/\S/.test(item.str)) current.size = Math.max(current.size, size);
    // Whitespace items may stretch across a cell gap; only visible text moves the pen.
    if (/\S/.test(item.str)) current.endX = x + item.width;
    if (item.hasEOL) close();
  }
  close();
  // Page numbers at the top or bottom of the page.
  const drop = new Set<number>();
  if (lines.length && PAGE_NUMBER.test(lines[lines.length - 1]!.text)) drop.add(lines.length - 1);
  if (lines.length > 1 && PAGE_NUMBER.test(lines[0]!.text)) drop.add(0);
  if (drop.size) notes.push('dropped page numbers');
  return lines.filter((_, i) => !drop.has(i));
}

function assemble(lines: Line[], numPages: number): Omit<PdfLines, 'notes' | 'title'> {
  // The body size: the one most characters are set in.
  const weight = new Map<number, number>();
  for (const l of lines) weight.set(l.size, (weight.get(l.size) ?? 0) + l.text.length);
  const body = [...weight.entries()].sort((x, y) => y[1] - x[1] || x[0] - y[0])[0]?.[0] ?? 0;
  const isHeading = (l: Line): boolean => body > 0 && l.size >= body * 1.15 && l.text.length <= 150 && /\p{L}/u.test(l.text) && !/[.,;]$/.test(l.text);
  const headingSizes = [...new Set(lines.filter(isHeading).map((l) => l.size))].sort((x, y) => y - x);

  const out: string[] = [];
  const headingLevels = new Map<number, number>();
  const pages: number[] = [];
  let prev: Line | undefined;
  for (const l of lines) {
    const newPage = !prev || l.page !== prev.page;
    const heading = isHeading(l);
    const wasHeading = prev !== undefined && isHeading(prev);
    const gap = prev && !newPage ? prev.y - l.y : 0;
    const breakBefore = prev !== undefined && (newPage || heading !== wasHeading || (heading && l.size !== prev.size) || gap > 1.5 * Math.max(l.size, prev.size) || gap < 0);
    if (breakBefore) out.push('');
    if (newPage) while (pages.length < l.page) pages.push(out.length + 1);
    out.push(l.text);
    if (heading) headingLevels.set(out.length, Math.min(6, headingSizes.indexOf(l.size) + 1));
    prev = l;
  }
  while (pages.length < numPages) pages.push(out.length + 1);
  return { text: out.join('\n'), headingLevels, pages };
}
