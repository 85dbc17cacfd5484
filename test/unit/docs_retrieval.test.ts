/**
 * Docs retrieval: tokenizer, BM25, LSA
 * ====================================
 * The tokenizer keeps identifiers whole and splits them; BM25 ranks sensibly, and any sequence of
 * adds and removes answers exactly what a fresh index of the final chunks answers; LSA's SVD is a
 * real one (orthonormal, reconstructs a low-rank matrix) and relates words that share contexts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Bm25Index, BM25_B, BM25_K1, lsaEmbed, stem, tokenize, trainLsa } from '../../extension/core/docs/retrieval';
import { jacobiEigen } from '../../extension/core/docs/retrieval/lsa';

describe('tokenize', () => {
  it('keeps compound identifiers whole and splits them into sub-words', () => {
    assert.deepEqual(tokenize('chunkDocument', { stem: false }), ['chunkdocument', 'chunk', 'document']);
    assert.deepEqual(tokenize('max_file_size', { stem: false }), ['max_file_size', 'max', 'file', 'size']);
    assert.deepEqual(tokenize('kg-memory', { stem: false }), ['kg-memory', 'kg', 'memory']);
    assert.deepEqual(tokenize('parseHTTPResponse2', { stem: false }), ['parsehttpresponse2', 'parse', 'http', 'response', '2']);
  });

  it('keeps dotted names, and the last segment of a dotted name when it is compound', () => {
    assert.deepEqual(tokenize('app.api.Client', { stem: false }), ['app.api.client', 'app', 'api', 'client']);
    assert.deepEqual(tokenize('mammoth.convertToHtml(input)', { stem: false }), [
      'mammoth.converttohtml',
      'converttohtml',
      'mammoth',
      'convert',
      'html',
      'input',
    ]);
  });

  it('lower-cases, drops stopwords and punctuation, keeps numbers and versions', () => {
    assert.deepEqual(tokenize('What is the BM25 score of a Chunk?', { stem: false }), ['bm25', 'bm', '25', 'score', 'chunk']);
    assert.deepEqual(tokenize('zod 4.6.7 and Node 20', { stem: false }), ['zod', '4.6.7', 'node', '20']);
    assert.deepEqual(tokenize('   ...  !!  '), []);
    assert.deepEqual(tokenize(''), []);
  });

  it('stems plurals and -ing/-ed forms lightly, leaving short words and identifiers alone', () => {
    assert.equal(stem('chunks'), 'chunk');
    assert.equal(stem('queries'), 'query');
    assert.equal(stem('indexing'), 'index');
    assert.equal(stem('indexed'), 'index');
    assert.equal(stem('running'), 'run');
    assert.equal(stem('status'), 'status');
    assert.equal(stem('class'), 'class');
    assert.equal(stem('is'), 'is');
    assert.equal(stem('bm25'), 'bm25');
    assert.deepEqual(tokenize('parsing parsed parses'), ['pars', 'pars', 'pars']);
  });

  it('handles hostile input without blowing up', () => {
    const long = 'a'.repeat(200_000);
    assert.equal(tokenize(long).length, 1);
    const many = Array.from({ length: 50_000 }, (_, i) => `w${i}`).join(' ');
    // `w123` → the whole word and its number (a one-letter sub-word is dropped).
    assert.equal(tokenize(many).length, 50_000 * 2);
    assert.deepEqual(tokenize('\u0000\uFFFD\uD800 ünïcödé Straße'), ['ünïcödé', 'straße'], 'non-ASCII words are not stemmed');
  });
});

const DOCS = [
  { id: 'a', text: 'BM25 ranks chunks by term frequency and inverse document frequency.', prelude: 'docs/search.md • Ranking' },
  { id: 'b', text: 'The vector store keeps int8 vectors and searches them by cosine similarity.', prelude: 'docs/vectors.md • Vectors' },
  { id: 'c', text: 'Chunks follow headings; each chunk carries a prelude with its path and section.', prelude: 'docs/chunking.md • Chunking' },
  { id: 'd', text: 'Install with npm. Configure the embeddings endpoint with a base URL and a model.', prelude: 'README.md • Setup' },
  { id: 'e', text: 'The hybrid query fuses BM25 and vector hits and expands over entity relations.', prelude: 'docs/search.md • Hybrid' },
];

describe('Bm25Index', () => {
  it('ranks the chunk that says the words first, and finds a chunk by its prelude', () => {
    const index = new Bm25Index();
    for (const d of DOCS) index.add(d);
    assert.equal(index.search('cosine similarity of int8 vectors', 3)[0]!.id, 'b');
    assert.equal(index.search('embeddings base URL', 3)[0]!.id, 'd');
    assert.equal(index.search('Setup', 1)[0]!.id, 'd', 'the prelude is indexed');
    const hits = index.search('BM25', 5);
    assert.deepEqual(hits.map((h) => h.id).sort(), ['a', 'e']);
    assert.ok(hits[0]!.score >= hits[1]!.score);
    assert.deepEqual(index.search('nothing matches zebra', 5), []);
    assert.deepEqual(index.search('', 5), []);
    assert.equal(BM25_K1, 1.2);
    assert.equal(BM25_B, 0.75);
  });

  it('scores a rarer term higher and saturates term frequency', () => {
    const index = new Bm25Index();
    index.add({ id: 'common1', text: 'graph graph' });
    index.add({ id: 'common2', text: 'graph' });
    index.add({ id: 'rare', text: 'sigma graph' });
    const [top] = index.search('sigma graph', 1);
    assert.equal(top!.id, 'rare');
    const once = new Bm25Index();
    once.add({ id: 'x', text: 'alpha beta' });
    once.add({ id: 'y', text: 'alpha alpha alpha alpha alpha alpha alpha alpha beta' });
    once.add({ id: 'z', text: 'gamma' });
    const scores = once.scoreOf('alpha', ['x', 'y']);
    assert.ok(scores.get('y')! > scores.get('x')!);
    assert.ok(scores.get('y')! < 3 * scores.get('x')!, 'eight times the term is not eight times the score');
  });

  it('adds and removes incrementally with the same answers as a fresh build', () => {
    // A seeded random walk of adds, replacements and removals.
    let seed = 42;
    const random = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const words = 'graph chunk vector index query entity relation prelude section heading token lexical cosine int8 hybrid expand'.split(' ');
    const text = (): string => Array.from({ length: 3 + Math.floor(random() * 20) }, () => words[Math.floor(random() * words.length)]).join(' ');
    const live = new Map<string, { id: string; text: string; prelude: string }>();
    const incremental = new Bm25Index();
    for (let step = 0; step < 600; step++) {
      const id = `c${Math.floor(random() * 80)}`;
      if (random() < 0.3) {
        assert.equal(incremental.remove(id), live.delete(id));
      } else {
        const doc = { id, text: text(), prelude: `p • ${words[Math.floor(random() * words.length)]}` };
        incremental.add(doc);
        live.set(id, doc);
      }
    }
    const fresh = new Bm25Index();
    for (const doc of [...live.values()].sort((a, b) => a.id.localeCompare(b.id))) fresh.add(doc);
    assert.equal(incremental.size, fresh.size);
    assert.equal(incremental.vocabularySize, fresh.vocabularySize);
    for (const q of ['graph', 'vector cosine', 'hybrid expand relation', 'int8 token heading', 'prelude section']) {
      const a = incremental.search(q, 1000);
      const b = fresh.search(q, 1000);
      assert.equal(a.length, b.length, q);
      const byId = new Map(b.map((h) => [h.id, h.score]));
      for (const h of a) assert.ok(Math.abs(h.score - byId.get(h.id)!) < 1e-9, `${q}: ${h.id}`);
      // Same scores, so the same order up to ties.
      for (let i = 1; i < a.length; i++) assert.ok(a[i - 1]!.score >= a[i]!.score);
    }
  });
});

describe('LSA', () => {
  it('Jacobi finds the eigenpairs of a symmetric matrix', () => {
    const l = 4;
    const S = Float64Array.from([4, 1, 2, 0.5, 1, 3, 0.2, 0.1, 2, 0.2, 5, 1, 0.5, 0.1, 1, 2]);
    const { values, vectors } = jacobiEigen(S, l);
    for (let e = 0; e < l; e++) {
      for (let i = 0; i < l; i++) {
        let sv = 0;
        for (let j = 0; j < l; j++) sv += S[i * l + j]! * vectors[j * l + e]!;
        assert.ok(Math.abs(sv - values[e]! * vectors[i * l + e]!) < 1e-9, `S·v = λ·v for eigenpair ${e}`);
      }
    }
    const trace = 4 + 3 + 5 + 2;
    assert.ok(Math.abs(values.reduce((a, b) => a + b, 0) - trace) < 1e-9);
  });

  it('gives words that share contexts nearby vectors, and is deterministic', () => {
    const texts = [
      'the parser reads markdown headings',
      'markdown headings become sections for the parser',
      'the parser turns markdown into a syntax tree',
      'vectors are quantised to int8 for cosine search',
      'cosine search over int8 vectors is a tight loop',
      'int8 vectors save memory in cosine search',
      'the server answers embeddings requests over http',
      'http requests to the embeddings server are retried',
    ];
    const model = trainLsa(texts, { dims: 3, minDf: 2 });
    assert.equal(model.dims, 3);
    const cos = (a: Float32Array, b: Float32Array): number => a.reduce((s, x, i) => s + x * b[i]!, 0);
    const markdown = lsaEmbed(model, 'markdown parser');
    const headings = lsaEmbed(model, 'syntax tree of headings');
    const int8 = lsaEmbed(model, 'int8 cosine');
    assert.ok(cos(markdown, headings) > cos(markdown, int8) + 0.3, `${cos(markdown, headings)} vs ${cos(markdown, int8)}`);
    assert.ok(Math.abs(Math.hypot(...markdown) - 1) < 1e-5, 'unit length');
    assert.deepEqual(lsaEmbed(model, 'nothing known here'), new Float32Array(3));
    const again = trainLsa(texts, { dims: 3, minDf: 2 });
    assert.deepEqual(lsaEmbed(again, 'markdown parser'), markdown);
    const empty = trainLsa([], {});
    assert.equal(lsaEmbed(empty, 'anything').length, 1);
  });
});
