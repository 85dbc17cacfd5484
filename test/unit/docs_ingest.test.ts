/**
 * Docs ingestion: extraction
 * ==========================
 * Each format's blocks (kinds, heading paths, and line ranges checked against the source
 * lines), what HTML drops, the PDF's pages, the DOCX's paragraph ordinals, and the files that
 * are refused with a reason: binary, malformed, encrypted, too large.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import mammoth from 'mammoth';
import { chunkDocument, detectFormat, DocSkipError, extractDocument, MAX_DOC_BYTES } from '../../extension/core/docs/ingest';
import type { DocBlock, DocFacts } from '../../extension/core/docs/types';

const FIXTURES = join(__dirname, '..', 'fixtures', 'docs');
const read = (name: string): Buffer => readFileSync(join(FIXTURES, name));
const extract = (name: string): Promise<DocFacts> => extractDocument(`docs/${name}`, read(name));

/** The block's first and last words of four letters or more appear in its source lines. */
function assertLinesMatch(block: DocBlock, source: string[]): void {
  const lines = source.slice(block.startLine - 1, block.endLine).join(' ').replace(/[*`_|]/g, '');
  const words = block.text.replace(/[*`_|]/g, '').match(/[A-Za-z]{4,}/g) ?? [];
  if (!words.length) return;
  for (const w of [words[0]!, words[words.length - 1]!]) assert.ok(lines.includes(w), `${block.kind} at ${block.startLine}-${block.endLine}: "${w}" not in ${JSON.stringify(lines.slice(0, 200))}`);
}

const find = (facts: DocFacts, kind: DocBlock['kind'], text: string): DocBlock => {
  const b = facts.blocks.find((x) => x.kind === kind && x.text.includes(text));
  assert.ok(b, `no ${kind} containing ${JSON.stringify(text)} in ${facts.path}: ${facts.blocks.map((x) => `${x.kind}:${x.text.slice(0, 30)}`).join(' / ')}`);
  return b;
};

describe('detectFormat', () => {
  it('maps extensions case-insensitively and refuses the rest', () => {
    assert.equal(detectFormat('README.md'), 'markdown');
    assert.equal(detectFormat('docs/page.MDX'), 'markdown');
    assert.equal(detectFormat('notes.txt'), 'text');
    assert.equal(detectFormat('guide.rst'), 'text');
    assert.equal(detectFormat('site/index.HTM'), 'html');
    assert.equal(detectFormat('a/b.c/manual.pdf'), 'pdf');
    assert.equal(detectFormat('spec.docx'), 'docx');
    assert.equal(detectFormat('spec.doc'), undefined);
    assert.equal(detectFormat('Makefile'), undefined);
    assert.equal(detectFormat('dir.md/file'), undefined);
  });
});

describe('Markdown', () => {
  it('reads headings, prose, table, code, steps, glossary and FAQ with exact lines', async () => {
    const facts = await extract('design-note.md');
    const source = read('design-note.md').toString('utf8').split('\n');
    assert.equal(facts.format, 'markdown');
    assert.equal(facts.title, 'Snapshot Store Design');
    assert.match(facts.hash, /^[0-9a-f]{16}$/);
    for (const b of facts.blocks) assertLinesMatch(b, source);

    const goals = find(facts, 'heading', 'Goals');
    assert.equal(goals.level, 2);
    assert.deepEqual(goals.headings, ['Snapshot Store Design', 'Goals']);
    assert.equal(source[goals.startLine - 1], '## Goals');

    const table = find(facts, 'table', 'version | u32');
    assert.equal(source[table.startLine - 1], '| Field | Type | Meaning |');
    assert.equal(source[table.endLine - 1]!.startsWith('| hash'), true);

    const code = find(facts, 'code', 'new SnapshotWriter(path)');
    assert.equal(code.language, 'ts');
    assert.equal(source[code.startLine - 1], '```ts');

    const steps = find(facts, 'steps', 'Stop the editor');
    assert.equal(steps.text.split('\n').length, 4);
    assert.deepEqual(steps.headings, ['Snapshot Store Design', 'Restoring a snapshot']);
    assert.ok(steps.codeSpans?.includes('.kg-memory/snapshot.bin.bak'));

    const format = find(facts, 'paragraph', 'length-prefixed records');
    assert.deepEqual(format.codeSpans, ['SnapshotWriter.write()']);
    assert.deepEqual(format.emphasis, ['header']);
    assert.deepEqual(find(facts, 'paragraph', 'between editor sessions').links, ['../ARCHITECTURE.md']);

    const definitions = facts.blocks.filter((b) => b.kind === 'definition').map((b) => b.text);
    assert.deepEqual(definitions, [
      'Snapshot: the serialised graph of one workspace folder.',
      "Record: one file's nodes and edges, length-prefixed.",
      'Stale entry: a record whose content hash no longer matches the file.',
      "Content hash: the sha256 of a file's bytes, hex, first 16 characters.",
    ]);
    const faqs = facts.blocks.filter((b) => b.kind === 'faq');
    assert.equal(faqs.length, 3);
    assert.match(faqs[0]!.text, /^Why not SQLite\?\nA native module/);
    assert.match(faqs[1]!.text, /^How big does a snapshot get\? About 40 MB/);
    assert.match(faqs[2]!.text, /^What happens on a version mismatch\?\nThe snapshot is ignored/);
    assert.equal(source[faqs[0]!.startLine - 1], '### Why not SQLite?');
    // No FAQ swallows the next question.
    assert.ok(!faqs[0]!.text.includes('How big'));
  });

  it('reads a glossary table row by row as definitions, and a plain `Term: meaning` only inside a glossary', async () => {
    const text = ['# Terms', '', '| Term | Meaning |', '| --- | --- |', '| Chunk | A piece of a document |', '| Prelude | Text put before a chunk |', '', '# Notes', '', 'Status: draft for review.', ''].join('\n');
    const facts = await extractDocument('g.md', Buffer.from(text));
    assert.deepEqual(
      facts.blocks.filter((b) => b.kind === 'definition').map((b) => [b.text, b.startLine]),
      [['Chunk: A piece of a document', 5], ['Prelude: Text put before a chunk', 6]],
    );
    assert.equal(find(facts, 'paragraph', 'Status: draft').startLine, 10);
  });

  it('keeps line numbers under front matter and CRLF line ends', async () => {
    const text = '---\r\ntitle: T\r\n---\r\n\r\n# Heading\r\n\r\nSome prose here.\r\n';
    const facts = await extractDocument('x.md', Buffer.from(text));
    assert.equal(facts.title, 'T');
    assert.equal(find(facts, 'heading', 'Heading').startLine, 5);
    assert.equal(find(facts, 'paragraph', 'Some prose').startLine, 7);
  });
});

describe('HTML', () => {
  it('keeps the content with source lines and drops chrome and tables of contents', async () => {
    const facts = await extract('deploy-guide.html');
    const source = read('deploy-guide.html').toString('utf8').split('\n');
    assert.equal(facts.title, 'Deploying the Indexer');
    for (const b of facts.blocks) assertLinesMatch(b, source);
    const all = facts.blocks.map((b) => b.text).join('\n');
    for (const dropped of ['Documentation home', 'Operations', 'In this section', 'Backups', 'Contents', 'Copyright', 'analytics', 'font-family', 'Requirements\n- ']) assert.ok(!all.includes(dropped), `kept ${dropped}`);
    assert.ok(!facts.blocks.some((b) => b.kind === 'list'), 'the anchor-only list is a table of contents');
    for (const note of ['dropped <header>', 'dropped <nav>', 'dropped <aside>', 'dropped <footer>', 'dropped a table of contents']) assert.ok(facts.notes?.includes(note), `${note} in ${facts.notes}`);

    const h1 = find(facts, 'heading', 'Deploying the Indexer');
    assert.match(source[h1.startLine - 1]!, /<h1>Deploying the Indexer<\/h1>/);
    const install = find(facts, 'steps', 'Download the release archive');
    assert.deepEqual(install.headings, ['Deploying the Indexer', 'Install']);
    assert.match(source[install.startLine - 1]!, /<li>Download/);
    assert.match(source[install.endLine - 1]!, /<li>Start the service/);
    assert.deepEqual(install.codeSpans, ['/opt/kg-memory', 'systemctl start kg-memory']);
    const code = find(facts, 'code', 'journalctl -u kg-memory -f');
    assert.equal(code.language, 'sh');
    assert.equal(code.endLine - code.startLine, 1);
    assert.equal(find(facts, 'table', 'mcp.port | 7345').text.split('\n')[0], 'Setting | Default');
    assert.deepEqual(
      facts.blocks.filter((b) => b.kind === 'definition').map((b) => b.text),
      ['Watcher: The component that batches file changes.', 'Snapshot: The graph saved between runs.'],
    );
    const requirements = find(facts, 'paragraph', 'two gigabytes');
    assert.deepEqual(requirements.emphasis, ['two gigabytes']);
    assert.deepEqual(requirements.links, ['https://nodejs.org/']);
    assert.equal(requirements.endLine - requirements.startLine, 1);
  });

  it('reads only <main> when the page marks it, and survives tag soup', async () => {
    const html = '<p>outside</p><main><h2>In</h2><p>inside <b>bold</p><div>loose text<ul><li>a<li>b</ul></main><p>after';
    const facts = await extractDocument('soup.html', Buffer.from(html));
    const texts = facts.blocks.map((b) => `${b.kind}:${b.text}`);
    assert.deepEqual(texts, ['heading:In', 'paragraph:inside bold', 'paragraph:loose text', 'list:- a\n- b']);
  });
});

describe('plain text', () => {
  it('finds underlined and ALL-CAPS headings, steps across a blank line, definitions and code', async () => {
    const facts = await extract('runbook.txt');
    const source = read('runbook.txt').toString('utf8').split('\n');
    for (const b of facts.blocks) assertLinesMatch(b, source);
    const title = find(facts, 'heading', 'MCP SERVER RUNBOOK');
    assert.deepEqual([title.level, title.startLine, title.endLine], [1, 1, 2]);
    const restart = find(facts, 'heading', 'Restarting the server');
    assert.equal(restart.level, 2);
    assert.ok(facts.blocks.some((b) => b.kind === 'heading' && b.text === 'ESCALATION'));
    const steps = find(facts, 'steps', 'Check that the port is free');
    assert.equal(steps.text.split('\n').length, 4, steps.text);
    assert.deepEqual([steps.startLine, steps.endLine], [12, 16]);
    assert.deepEqual(steps.headings, ['MCP SERVER RUNBOOK', 'Restarting the server']);
    assert.deepEqual(
      facts.blocks.filter((b) => b.kind === 'definition').map((b) => [b.text, b.startLine]),
      [['Endpoint: the address the server listens on, written to endpoint.json.', 20], ['Snapshot: the graph saved on disk between runs.', 21]],
    );
    const code = find(facts, 'code', 'kg-memory status');
    assert.equal(code.text, '$ kg-memory status\ngraph: current (12,031 nodes)');
  });

  it('does not take admonitions or URLs for definitions', async () => {
    const facts = await extractDocument('n.txt', Buffer.from('Note: restart after upgrading.\n\nhttps://example.com: the site\n'));
    assert.deepEqual(facts.blocks.map((b) => b.kind), ['paragraph', 'paragraph']);
  });
});

describe('PDF (made by LibreOffice)', () => {
  it('rebuilds lines, guesses headings from font size and maps pages', async () => {
    const facts = await extract('operations-manual.pdf');
    assert.equal(facts.format, 'pdf');
    assert.equal(facts.title, 'Graph Service Operations Manual');
    assert.equal(facts.pages?.length, 2);
    assert.equal(facts.pages?.[0], 1);
    const h1 = find(facts, 'heading', 'Graph Service Operations Manual');
    assert.equal(h1.level, 1);
    const h2s = facts.blocks.filter((b) => b.kind === 'heading' && b.level === 2).map((b) => b.text);
    assert.deepEqual(h2s, ['Architecture', 'Upgrading the service', 'Configuration', 'Glossary', 'Troubleshooting']);
    const steps = find(facts, 'steps', 'Announce the maintenance window');
    assert.equal(steps.text.split('\n').length, 5);
    assert.deepEqual(steps.headings, ['Graph Service Operations Manual', 'Upgrading the service']);
    assert.equal(steps.endLine - steps.startLine, 4);
    assert.ok(facts.blocks.filter((b) => b.kind === 'definition').some((b) => b.text.startsWith('Node: a function')));
    // The page break was set before Troubleshooting: its heading starts page 2.
    const trouble = find(facts, 'heading', 'Troubleshooting');
    assert.equal(trouble.startLine, facts.pages![1]);
    const faq = find(facts, 'faq', 'Why is the graph out of date?');
    assert.ok(faq.startLine > facts.pages![1]!);
    // Blocks are in reading order with increasing lines.
    for (let i = 1; i < facts.blocks.length; i++) assert.ok(facts.blocks[i]!.startLine > facts.blocks[i - 1]!.endLine);
  });
});

describe('DOCX (made by LibreOffice)', () => {
  it('goes through mammoth and the HTML reader; a line is a paragraph ordinal', async () => {
    const facts = await extract('operations-manual.docx');
    assert.equal(facts.format, 'docx');
    assert.equal(facts.title, 'Graph Service Operations Manual');
    const paragraphs = (await mammoth.extractRawText({ buffer: read('operations-manual.docx') })).value.split('\n\n').map((p) => p.trim()).filter(Boolean);
    for (const b of facts.blocks) {
      const first = paragraphs[b.startLine - 1]!;
      assert.ok(b.text.includes(first.slice(0, 20)) || b.text.replace(/^\d+\. /, '').startsWith(first.slice(0, 20)), `${b.kind} ${b.startLine}: ${b.text.slice(0, 40)} vs paragraph ${first}`);
    }
    assert.equal(find(facts, 'heading', 'Configuration').level, 2);
    const steps = find(facts, 'steps', 'Announce the maintenance window');
    assert.deepEqual([steps.startLine, steps.endLine], [8, 12]);
    assert.match(find(facts, 'table', 'snapshot.dir').text, /^Key \| Default \| Meaning\nport \| 7345/);
    assert.deepEqual(
      facts.blocks.filter((b) => b.kind === 'definition').map((b) => b.text.split(':')[0]),
      ['Node', 'Edge'],
    );
    assert.ok(facts.blocks.some((b) => b.kind === 'faq' && b.text.startsWith('Why is the graph out of date?\nThe watcher')));
  });
});

describe('refusals', () => {
  const skipped = async (path: string, bytes: Uint8Array, reason: RegExp): Promise<void> => {
    await assert.rejects(extractDocument(path, bytes), (e: Error) => {
      assert.ok(e instanceof DocSkipError, `not a DocSkipError: ${String(e)}`);
      assert.match(e.reason, reason);
      return true;
    });
  };

  it('refuses binary, undecodable, malformed, encrypted and oversized files with a reason', async () => {
    await skipped('docs/binary.md', read('binary.md'), /binary content/);
    await skipped('docs/truncated.pdf', read('truncated.pdf'), /malformed PDF/);
    await skipped('docs/encrypted.pdf', read('encrypted.pdf'), /encrypted PDF/);
    await skipped('docs/fake.pdf', Buffer.from('just text, no header'), /not a PDF/);
    await skipped('docs/garbage.pdf', Buffer.from('%PDF-1.7\n' + 'x'.repeat(500)), /malformed PDF|no readable|unreadable/);
    await skipped('docs/fake.docx', Buffer.from('plain text'), /not a DOCX/);
    await skipped('docs/broken.docx', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 7)]), /unreadable DOCX/);
    await skipped('docs/old.docx', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), /encrypted or legacy/);
    await skipped('docs/controls.txt', Buffer.from(Array.from({ length: 400 }, (_, i) => (i % 3 === 0 ? 1 : 65))), /undecodable or binary/);
    await skipped('docs/huge.md', new Uint8Array(MAX_DOC_BYTES + 1), /too large/);
    await skipped('docs/image.png', Buffer.from('x'), /not a document format/);
  });

  it('refuses HTML nested past the limit quickly, before the parser sees it', async () => {
    const started = Date.now();
    await skipped('docs/deep.html', Buffer.from('<div>'.repeat(20000) + 'x' + '</div>'.repeat(20000)), /nesting too deep \(20000 levels/);
    // Left-open <p> and <li> are not nesting.
    const facts = await extractDocument('docs/open.html', Buffer.from('<ul>' + '<li><p>item'.repeat(2000) + '</ul>'));
    assert.equal(facts.blocks.length, 1);
    assert.ok(Date.now() - started < 20000);
  });

  it('reads hostile Markdown as plain text, with a note, instead of hanging the parser', async () => {
    for (const [name, text, reason] of [
      ['stars.md', '*a'.repeat(50000), /inline delimiters/],
      ['brackets.md', '['.repeat(30000) + 'x' + ']'.repeat(30000), /inline delimiters/],
      ['quotes.md', '>'.repeat(5000) + ' deep\n', /nesting too deep/],
      ['lists.md', Array.from({ length: 400 }, (_, i) => ' '.repeat(i * 2) + '- x').join('\n'), /nesting too deep/],
    ] as const) {
      const started = Date.now();
      const facts = await extractDocument(name, Buffer.from(text));
      assert.ok(facts.notes?.some((n) => reason.test(n) && n.startsWith('read as plain text')), `${name}: ${facts.notes}`);
      const chunks = chunkDocument(facts);
      assert.ok(chunks.length > 0 && chunks.every((c) => c.tokens <= 1500), `${name}: ${chunks.map((c) => c.tokens)}`);
      assert.ok(Date.now() - started < 10000, `${name} took ${Date.now() - started} ms`);
    }
  });

  it('chunks a text with no spaces at all (a pasted blob) into bounded pieces', async () => {
    const facts = await extractDocument('blob.txt', Buffer.from('Q'.repeat(100000)));
    const chunks = chunkDocument(facts);
    assert.ok(chunks.length > 10 && chunks.every((c) => c.tokens <= 1000), `${chunks.length} chunks, max ${Math.max(...chunks.map((c) => c.tokens))}`);
    assert.equal(chunks.map((c) => c.text).join(''), 'Q'.repeat(100000));
  });

  it('reads Windows-1252 and UTF-16 text rather than refusing it', async () => {
    const latin = await extractDocument('l.txt', Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x6d, 0x65, 0x6e, 0x75]));
    assert.equal(latin.blocks[0]!.text, 'Café menu');
    const utf16 = await extractDocument('u.md', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('# Titel\n\nText', 'utf16le')]));
    assert.equal(utf16.title, 'Titel');
  });
});
