/**
 * DOCX → HTML
 * ===========
 * mammoth turns Word's paragraphs into semantic HTML (styles named Heading N become <hN>, lists
 * <ul>/<ol>, tables <table>), which the HTML extractor then reads like any page. Images are not
 * inlined (a base64 blob is no prose), and external files are never opened. Each paragraph-level
 * element is put on its own line, so a block's "line" is its paragraph's ordinal in the document
 * (empty paragraphs are skipped by mammoth and not counted).
 */
import mammoth from 'mammoth';
import { DocSkipError } from './format';

export async function docxToHtml(bytes: Uint8Array): Promise<{ html: string; notes: string[] }> {
  // A DOCX is a zip; an encrypted one is an OLE compound file (D0 CF 11 E0) instead.
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) throw new DocSkipError('encrypted or legacy (OLE) Word file, not a readable DOCX');
  if (!(bytes[0] === 0x50 && bytes[1] === 0x4b)) throw new DocSkipError('not a DOCX (no zip signature)');
  let images = 0;
  let result: Awaited<ReturnType<typeof mammoth.convertToHtml>>;
  try {
    result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      {
        externalFileAccess: false,
        convertImage: mammoth.images.imgElement(async () => {
          images++;
          return { src: '' };
        }),
      },
    );
  } catch (error) {
    throw new DocSkipError(`unreadable DOCX: ${error instanceof Error ? error.message.split('\n')[0]!.slice(0, 160) : String(error)}`);
  }
  const html = result.value.replace(/(?!^)<(p|h[1-6]|li)(?=[\s>])/g, '\n<$1');
  const notes = result.messages.filter((m) => m.type === 'error').slice(0, 3).map((m) => `docx: ${m.message.slice(0, 120)}`);
  if (images) notes.push(`dropped ${images} image${images === 1 ? '' : 's'}`);
  return { html, notes };
}
