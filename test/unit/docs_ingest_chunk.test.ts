/**
 * Docs ingestion: chunks and near-duplicates
 * ==========================================
 * Chunk sizes and overlap, heading boundaries and the tiny-section merge, procedures kept whole,
 * definitions and FAQs on their own, code kept with its prose, ids, hashes and preludes; the
 * token estimate against a real BPE tokenizer; SimHash near-duplicates: the Hamming threshold,
 * banded lookup without misses, and an answer that does not depend on insertion order.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { encode } from 'gpt-tokenizer';
import { chunkDocument, estimateTokens, extractDocument, hammingDistance, NearDuplicateIndex, simhash64 } from '../../extension/core/docs/ingest';
import type { DocBlock, DocFacts } from '../../extension/core/docs/types';

const FIXTURES = join(__dirname, '..', 'fixtures', 'docs');

/** Deterministic prose: `n` sentences from a seeded generator. */
function prose(seed: number, sentences: number): string {
  const words = 'graph index node edge parser module snapshot watcher query server client cache store file line token chunk heading section table build release upgrade config setting value'.split(' ');
  let s = seed;
  const next = (): number => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const out: string[] = [];
  for (let i = 0; i < sentences; i++) {
    const n = 8 + Math.floor(next() * 10);
    const ws = Array.from({ length: n }, () => words[Math.floor(next() * words.length)]!);
    out.push(ws[0]![0]!.toUpperCase() + ws.join(' ').slice(1) + '.');
  }
  return out.join(' ');
}

/** Facts from a compact outline: `#2 Title` headings, `p`, `steps`, `def`, `faq`, `code` blocks, one line each. */
function facts(spec: [kind: DocBlock['kind'], text: string, level?: number][], path = 'docs/x.md'): DocFacts {
  const trail: { level: number; text: string }[] = [];
  const blocks: DocBlock[] = spec.map(([kind, text, level], i) => {
    if (kind === 'heading') {
      while (trail.length && trail[trail.length - 1]!.level >= level!) trail.pop();
      trail.push({ level: level!, text });
    }
    const lines = text.split('\n').length;
    const startLine = 1 + spec.slice(0, i).reduce((n, [, t]) => n + t.split('\n').length + 1, 0);
    return { kind, text, startLine, endLine: startLine + lines - 1, headings: trail.map((t) => t.text), ...(level ? { level } : {}) };
  });
  return { path, format: 'markdown', hash: '0', blocks, redactions: 0 };
}

/** The longest block-aligned start of `next` that ends `prev` ('' when none). */
function overlapOf(prev: string, next: string): string {
  const cuts = [...next.matchAll(/\n\n/g)].map((m) => m.index).concat(next.length);
  let best = '';
  for (const k of cuts) if (prev.endsWith(next.slice(0, k))) best = next.slice(0, k);
  return best;
}

describe('chunkDocument', () => {
  it('packs prose to the token target (750: 500–1,000 tokens) with a 10–20% sentence overlap', () => {
    const doc = facts([['heading', 'Guide', 1], ...Array.from({ length: 40 }, (_, i) => ['paragraph', prose(i + 1, 6)] as [DocBlock['kind'], string])]);
    const chunks = chunkDocument(doc, { targetTokens: 750, targetLines: 500, maxLines: 500 });
    assert.ok(chunks.length >= 4, `${chunks.length} chunks`);
    chunks.forEach((c, i) => {
      assert.equal(c.kind, 'prose');
      assert.ok(c.tokens <= 1000, `chunk ${i}: ${c.tokens} tokens`);
      if (i < chunks.length - 1) assert.ok(c.tokens >= 500, `chunk ${i}: ${c.tokens} tokens`);
    });
    for (let i = 1; i < chunks.length; i++) {
      const prev = chunks[i - 1]!;
      const cur = chunks[i]!;
      // The next chunk opens with the previous chunk's last sentences.
      const shared = overlapOf(prev.text, cur.text);
      assert.ok(shared, `chunk ${i} does not open with the end of chunk ${i - 1}`);
      const share = estimateTokens(shared) / prev.tokens;
      assert.ok(share >= 0.1 && share <= 0.2, `overlap ${share.toFixed(3)} of chunk ${i - 1}`);
      assert.ok(cur.startLine <= prev.endLine, 'overlapping chunks share a line');
    }
  });

  it('keeps chunks answer-sized by default: headings cut, 8–40 lines, never more than 80', () => {
    // A page of short sections with deeper headings, long prose and a 150-line code block.
    const para = (seed: number): [DocBlock['kind'], string] => ['paragraph', prose(seed, 2).replace(/\. /g, '.\n')];
    const spec: [DocBlock['kind'], string, number?][] = [['heading', 'Guide', 1]];
    for (let s = 0; s < 6; s++) {
      spec.push(['heading', `Part ${s}`, 3]);
      for (let p = 0; p < 3 + s * 3; p++) spec.push(para(s * 50 + p));
    }
    spec.push(['heading', 'Listing', 2], ['code', Array.from({ length: 150 }, (_, i) => `x${i} = f(${i})`).join('\n')]);
    const chunks = chunkDocument(facts(spec));
    for (const c of chunks) assert.ok(c.endLine - c.startLine + 1 <= 80, `${c.id}: ${c.endLine - c.startLine + 1} lines`);
    const prose_ = chunks.filter((c) => c.kind === 'prose');
    for (const c of prose_) assert.ok(c.endLine - c.startLine + 1 <= 40, `${c.id}: ${c.endLine - c.startLine + 1} lines`);
    // Each of the first deep sections is long enough to stand alone: it starts its own chunk.
    for (const part of ['Part 1', 'Part 2', 'Part 3']) assert.ok(chunks.some((c) => c.text.startsWith(part)), `${part} starts a chunk`);
    const code = chunks.filter((c) => c.kind === 'code');
    assert.ok(code.length >= 2, 'the long listing is cut');
    assert.ok(chunks.every((c) => c.prelude.startsWith('docs/x.md • Guide')), 'every chunk has its heading path');
  });

  it('honours targetTokens and overlapRatio', () => {
    const doc = facts(Array.from({ length: 20 }, (_, i) => ['paragraph', prose(100 + i, 4)] as [DocBlock['kind'], string]));
    const chunks = chunkDocument(doc, { targetTokens: 200, overlapRatio: 0.1 });
    for (const c of chunks) assert.ok(c.tokens <= 267, `${c.tokens}`);
    const share = estimateTokens(overlapOf(chunks[0]!.text, chunks[1]!.text)) / chunks[0]!.tokens;
    assert.ok(share >= 0.07 && share <= 0.13, `overlap ${share}`);
  });

  it('never crosses a level-1/2 heading, except to merge tiny sections', () => {
    // Big sections take more than one chunk each; the two tiny ones between them merge.
    const big = (seed: number): [DocBlock['kind'], string] => ['paragraph', prose(seed, 80)];
    const doc = facts([
      ['heading', 'Alpha', 2],
      big(1),
      ['heading', 'Beta', 2],
      big(2),
      ['heading', 'Tiny one', 2],
      ['paragraph', 'A short section.'],
      ['heading', 'Tiny two', 2],
      ['paragraph', 'Another short section.'],
      ['heading', 'Gamma', 2],
      big(3),
    ]);
    const chunks = chunkDocument(doc, { targetTokens: 750 });
    const sections = [...new Set(chunks.map((c) => c.headings[0]))];
    assert.deepEqual(sections, ['Alpha', 'Beta', 'Tiny one', 'Gamma']);
    const tiny = chunks.filter((c) => c.headings[0] === 'Tiny one');
    assert.equal(tiny.length, 1);
    assert.match(tiny[0]!.text, /^Tiny one\n\nA short section\.\n\nTiny two\n\nAnother short section\.$/);
    for (const c of chunks) {
      const headingsInside = c.text.split('\n\n').filter((p) => ['Alpha', 'Beta', 'Gamma'].includes(p));
      assert.ok(headingsInside.length <= 1 && (headingsInside.length === 0 || c.text.startsWith(headingsInside[0]!)), `${c.id} crosses a heading`);
      assert.ok(!c.text.includes('Beta') || c.headings[0] === 'Beta');
    }
    // A tiny section also joins a small neighbouring one-chunk section; two big ones never merge.
    const small = chunkDocument(facts([['heading', 'Intro', 2], ['paragraph', 'One line.'], ['heading', 'Usage', 2], ['paragraph', prose(5, 10)], ['heading', 'More', 2], ['paragraph', prose(6, 45)]]), { targetTokens: 750 });
    assert.equal(small.length, 2);
    assert.ok(small[0]!.text.startsWith('Intro\n\nOne line.\n\nUsage'));
    assert.ok(small[1]!.text.startsWith('More'));
  });

  it('keeps a procedure whole up to 1,500 tokens, with its lead-in, and cuts a longer one between steps', () => {
    const steps = (n: number, sentences: number): string => Array.from({ length: n }, (_, i) => `${i + 1}. ${prose(i + 7, sentences)}`).join('\n');
    const medium = steps(12, 7);
    assert.ok(estimateTokens(medium) > 1000 && estimateTokens(medium) < 1450, `${estimateTokens(medium)}`);
    const doc = facts([['heading', 'Install', 2], ['paragraph', 'Do this:'], ['steps', medium]]);
    const [proc, ...rest] = chunkDocument(doc, { targetTokens: 750 });
    assert.equal(rest.length, 0);
    assert.equal(proc!.kind, 'procedure');
    assert.ok(proc!.text.startsWith('Install\n\nDo this:\n\n1. '));
    assert.ok(proc!.text.includes('\n12. '));

    const long = steps(30, 5);
    const cut = chunkDocument(facts([['steps', long]]), { targetTokens: 750 });
    assert.ok(cut.length >= 2);
    for (const c of cut) {
      assert.equal(c.kind, 'procedure');
      assert.ok(c.tokens <= 1500, `${c.tokens}`);
      assert.match(c.text, /^\d+\. /, 'each piece starts at a step');
    }
    assert.equal(cut.map((c) => c.text).join('\n'), long);
    assert.equal(cut[0]!.startLine, 1);
    assert.equal(cut[cut.length - 1]!.endLine, 30);
    for (let i = 1; i < cut.length; i++) assert.equal(cut[i]!.startLine, cut[i - 1]!.endLine + 1);
  });

  it('gives definitions and FAQ entries chunks of their own and keeps code with its prose', () => {
    const doc = facts([
      ['heading', 'Terms', 2],
      ['paragraph', 'Some words first.'],
      ['definition', 'Node: a thing in the graph.'],
      ['definition', 'Edge: a relation between nodes.'],
      ['faq', 'Why?\nBecause.'],
      ['paragraph', 'Then run:'],
      ['code', 'npm test'],
      ['paragraph', 'and read the output.'],
    ]);
    const chunks = chunkDocument(doc);
    assert.deepEqual(chunks.map((c) => [c.kind, c.text]), [
      ['prose', 'Terms\n\nSome words first.'],
      ['definition', 'Node: a thing in the graph.'],
      ['definition', 'Edge: a relation between nodes.'],
      ['faq', 'Why?\nBecause.'],
      ['prose', 'Then run:\n\n```\nnpm test\n```\n\nand read the output.'],
    ]);
    for (const c of chunks) assert.deepEqual(c.headings, ['Terms']);
  });

  it('leaves out skipped blocks', () => {
    const doc = facts([['paragraph', 'keep one'], ['paragraph', 'drop me'], ['paragraph', 'keep two']]);
    const [chunk] = chunkDocument(doc, { skipBlocks: new Set([1]) });
    assert.equal(chunk!.text, 'keep one\n\nkeep two');
  });

  it('names chunks by path and lines, hashes their text and writes the prelude', async () => {
    const path = 'docs/design-note.md';
    const doc = await extractDocument(path, readFileSync(join(FIXTURES, 'design-note.md')));
    const chunks = chunkDocument(doc);
    const ids = new Set(chunks.map((c) => c.id));
    assert.equal(ids.size, chunks.length);
    for (const c of chunks) {
      assert.equal(c.id, `chunk:${path}#${c.startLine}-${c.endLine}`);
      assert.equal(c.hash, createHash('sha256').update(c.text).digest('hex').slice(0, 16));
      assert.equal(c.tokens, estimateTokens(c.text));
      assert.equal(c.section, c.headings[c.headings.length - 1] ?? '');
    }
    const glossary = chunks.find((c) => c.text.startsWith('Stale entry'))!;
    assert.equal(glossary.kind, 'definition');
    assert.equal(glossary.prelude, `${path} • Snapshot Store Design • Glossary`);
    const faq = chunks.find((c) => c.text.startsWith('Why not SQLite?'))!;
    assert.equal(faq.prelude, `${path} • Snapshot Store Design • FAQ › Why not SQLite?`);
    const procedure = chunks.find((c) => c.kind === 'procedure')!;
    assert.deepEqual(procedure.codeSpans, ['kg-memory serve', '.kg-memory/snapshot.bin.bak', '.kg-memory/snapshot.bin', 'kg-memory index --root .']);
    const first = chunks[0]!;
    assert.ok(first.codeSpans.includes('SnapshotWriter.write()') && first.emphasis.includes('header') && first.links.includes('../ARCHITECTURE.md'));
  });
});

describe('estimateTokens', () => {
  it('stays within 20% of a real BPE count on prose, Markdown, HTML text and code', () => {
    const samples = [
      readFileSync(join(FIXTURES, 'design-note.md'), 'utf8'),
      readFileSync(join(FIXTURES, 'runbook.txt'), 'utf8'),
      readFileSync(join(FIXTURES, 'sources', 'operations-manual.html'), 'utf8'),
      readFileSync(join(__dirname, '..', '..', 'extension', 'core', 'docs', 'ingest', 'chunk.ts'), 'utf8'),
      readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8').slice(0, 20000),
    ];
    for (const s of samples) {
      const ratio = estimateTokens(s) / encode(s).length;
      assert.ok(ratio > 0.8 && ratio < 1.2, `ratio ${ratio.toFixed(2)} on ${s.slice(0, 40)}`);
    }
    assert.equal(estimateTokens(''), 0);
  });
});

describe('near-duplicates', () => {
  const paragraph = prose(42, 6);
  const words = paragraph.split(' ');

  it('SimHash: identical texts match, one changed word stays close, unrelated texts are far', () => {
    assert.equal(simhash64(paragraph), simhash64(paragraph.toUpperCase()));
    const edited = [...words.slice(0, 30), 'different', ...words.slice(31)].join(' ');
    assert.ok(hammingDistance(simhash64(paragraph), simhash64(edited)) <= 3);
    assert.ok(hammingDistance(simhash64(paragraph), simhash64(prose(43, 6))) > 10);
    assert.equal(typeof simhash64('x'), 'bigint');
  });

  it('flags exactly the blocks within Hamming distance 3 of an earlier document (banded lookup misses none)', () => {
    const index = new NearDuplicateIndex();
    index.set('a.md', facts([['paragraph', paragraph]], 'a.md'));
    const variants = Array.from({ length: 120 }, (_, i) => {
      const ws = [...words];
      for (let k = 0; k <= i % 6; k++) ws[(i * 7 + k * 13) % ws.length] = `w${i}x${k}`;
      return ws.join(' ');
    });
    index.set('b.md', facts(variants.map((v) => ['paragraph', v]), 'b.md'));
    const flagged = index.duplicates('b.md');
    const expected = new Set(variants.map((v, i) => [hammingDistance(simhash64(paragraph), simhash64(v)), i] as const).filter(([d]) => d <= 3).map(([, i]) => i));
    assert.ok(expected.size > 5 && expected.size < variants.length, `${expected.size} variants within distance 3`);
    assert.deepEqual([...flagged].sort((x, y) => x - y), [...expected].sort((x, y) => x - y));
    assert.equal(index.duplicates('a.md').size, 0);
  });

  it('keeps the copy in the path that sorts first, whatever the insertion order; delete and replace', () => {
    const shared = prose(7, 4);
    const docs: Record<string, DocFacts> = {
      'b.md': facts([['heading', 'B', 1], ['paragraph', prose(1, 3)], ['paragraph', shared]], 'b.md'),
      'a.md': facts([['paragraph', shared], ['paragraph', prose(2, 3)]], 'a.md'),
      'c.md': facts([['paragraph', prose(3, 3)], ['paragraph', 'too short to count'], ['paragraph', shared]], 'c.md'),
    };
    const orders = [['a.md', 'b.md', 'c.md'], ['c.md', 'b.md', 'a.md'], ['b.md', 'c.md', 'a.md'], ['c.md', 'a.md', 'b.md']];
    for (const order of orders) {
      const index = new NearDuplicateIndex();
      for (const p of order) index.set(p, docs[p]!);
      assert.deepEqual([...index.duplicates('a.md')], [], order.join());
      assert.deepEqual([...index.duplicates('b.md')], [2], order.join());
      assert.deepEqual([...index.duplicates('c.md')], [2], order.join());
    }
    const index = new NearDuplicateIndex();
    for (const p of Object.keys(docs)) index.set(p, docs[p]!);
    index.delete('a.md');
    assert.deepEqual([...index.duplicates('b.md')], []);
    assert.deepEqual([...index.duplicates('c.md')], [2]);
    index.set('b.md', facts([['paragraph', prose(9, 3)]], 'b.md'));
    assert.deepEqual([...index.duplicates('c.md')], []);
    // Short blocks repeat without counting as copies.
    const short = new NearDuplicateIndex();
    short.set('a.md', facts([['paragraph', 'Install the package first.']], 'a.md'));
    short.set('b.md', facts([['paragraph', 'Install the package first.']], 'b.md'));
    assert.equal(short.duplicates('b.md').size, 0);
  });

  it('feeds the chunker: a duplicate paragraph is indexed once', () => {
    const shared = prose(11, 5);
    const a = facts([['paragraph', shared]], 'a.md');
    const b = facts([['paragraph', prose(12, 2)], ['paragraph', shared]], 'b.md');
    const index = new NearDuplicateIndex();
    index.set('b.md', b);
    index.set('a.md', a);
    const chunks = [...chunkDocument(a, { skipBlocks: index.duplicates('a.md') }), ...chunkDocument(b, { skipBlocks: index.duplicates('b.md') })];
    assert.equal(chunks.filter((c) => c.text.includes(shared)).length, 1);
  });
});
