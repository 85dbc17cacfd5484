/**
 * Docs ingestion: speed
 * =====================
 * Extraction + chunking throughput per format, printed for the record (the bench wires the real
 * corpora). Always on the fixtures, repeated; on a real corpus when a folder is given:
 *   KG_DOCS_SPEED_HTML=/tmp/django/html KG_DOCS_SPEED_MD=node_modules KG_DOCS_SPEED_PDF=/tmp/pdfs
 * "Pages" are files for Markdown and HTML and PDF pages for PDF. The floor asserted is far below
 * what a laptop does, so only a pathological slowdown fails it.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { chunkDocument, detectFormat, DocSkipError, extractDocument } from '../../extension/core/docs/ingest';
import type { DocFormat } from '../../extension/core/docs/types';

const FIXTURES = join(__dirname, '..', 'fixtures', 'docs');

function walk(dir: string, format: DocFormat, out: string[], limit: number): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (out.length >= limit) break;
    const p = join(dir, entry.name);
    if (entry.isDirectory()) walk(p, format, out, limit);
    else if (entry.isFile() && detectFormat(p) === format) out.push(p);
  }
  return out;
}

interface Figures {
  files: number;
  pages: number;
  bytes: number;
  chunks: number;
  skipped: number;
  seconds: number;
  /** User + system CPU time: on a shared machine a fairer figure than the wall clock. */
  cpuSeconds: number;
}

async function measure(files: readonly string[], repeat = 1): Promise<Figures> {
  const data = files.map((f) => ({ path: f, bytes: readFileSync(f) }));
  const f: Figures = { files: 0, pages: 0, bytes: 0, chunks: 0, skipped: 0, seconds: 0, cpuSeconds: 0 };
  const t0 = process.hrtime.bigint();
  const cpu0 = process.cpuUsage();
  for (let r = 0; r < repeat; r++) {
    for (const d of data) {
      try {
        const facts = await extractDocument(d.path, d.bytes);
        f.chunks += chunkDocument(facts).length;
        f.pages += facts.pages?.length ?? 1;
        f.files++;
        f.bytes += d.bytes.byteLength;
      } catch (error) {
        if (!(error instanceof DocSkipError)) throw error;
        f.skipped++;
      }
    }
  }
  f.seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  f.cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return f;
}

function report(label: string, f: Figures): void {
  console.log(
    `docs ingest ${label}: ${f.files} files, ${f.pages} pages, ${(f.bytes / 1e6).toFixed(1)} MB, ${f.chunks} chunks, ${f.skipped} skipped in ${f.seconds.toFixed(2)} s wall, ${f.cpuSeconds.toFixed(2)} s CPU: ` +
      `${(f.pages / f.seconds).toFixed(1)} pages/s wall, ${(f.pages / f.cpuSeconds).toFixed(1)} pages/s CPU, ${(f.bytes / 1e6 / f.cpuSeconds).toFixed(2)} MB/s CPU, ${Math.round(f.chunks / f.cpuSeconds)} chunks/s CPU`,
  );
}

describe('ingestion speed', () => {
  it('Markdown, HTML, text, PDF and DOCX fixtures, repeated', async () => {
    // The first PDF loads pdf.js (about a second): not part of the rate.
    await extractDocument('warm.pdf', readFileSync(join(FIXTURES, 'operations-manual.pdf')));
    for (const [label, names, repeat] of [
      ['markdown', ['design-note.md', 'secrets.md'], 200],
      ['html', ['deploy-guide.html', 'sources/operations-manual.html'], 200],
      ['text', ['runbook.txt'], 200],
      ['pdf', ['operations-manual.pdf'], 10],
      ['docx', ['operations-manual.docx'], 20],
    ] as const) {
      const f = await measure(names.map((n) => join(FIXTURES, n)), repeat);
      report(`fixtures ${label}`, f);
      assert.ok(f.pages / f.seconds > 1, `${label}: ${f.pages / f.seconds} pages/s`);
    }
  });

  for (const [env, format] of [['KG_DOCS_SPEED_MD', 'markdown'], ['KG_DOCS_SPEED_HTML', 'html'], ['KG_DOCS_SPEED_PDF', 'pdf']] as const) {
    const dir = process.env[env];
    it(`a real ${format} corpus (${env})`, { skip: dir ? false : `${env} not set` }, async () => {
      const files = walk(dir!, format, [], Number(process.env.KG_DOCS_SPEED_LIMIT ?? 5000));
      assert.ok(files.length > 0, `no ${format} files under ${dir}`);
      report(`${format} ${dir}`, await measure(files));
    });
  }
});
