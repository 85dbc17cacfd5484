/**
 * Local ONNX embeddings, end to end
 * =================================
 * A real (tiny) ONNX model built by test/fixtures/docs_retrieval/onnx_tiny/make_tiny_model.py runs
 * in onnxruntime-web's WebAssembly build, fed by a real WordPiece tokenizer.json: the vectors must
 * be the mean of the table rows of the tokens (with [CLS] and [SEP]), L2-normalised. And each way
 * a folder can be wrong gets a clear error.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { EmbeddingError, locateOnnxModel, onnxEmbeddings } from '../../extension/core/docs/retrieval';

const FOLDER = join(__dirname, '..', 'fixtures', 'docs_retrieval', 'onnx_tiny');
const { vocab, table } = JSON.parse(readFileSync(join(FOLDER, 'table.json'), 'utf8')) as { vocab: string[]; table: number[][] };

function expected(tokens: string[]): number[] {
  const sum = new Array<number>(table[0]!.length).fill(0);
  for (const t of ['[CLS]', ...tokens, '[SEP]']) table[vocab.indexOf(t)]!.forEach((x, d) => (sum[d]! += x));
  const norm = Math.hypot(...sum);
  return sum.map((x) => x / norm);
}

function assertClose(actual: Float32Array, want: number[]): void {
  assert.equal(actual.length, want.length);
  want.forEach((w, d) => assert.ok(Math.abs(actual[d]! - w) < 1e-5, `dim ${d}: ${actual[d]} vs ${w}`));
}

describe('onnxEmbeddings', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'kg-onnx-'));
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('runs a real model: WordPiece tokens, mean pooling, unit length, padding in a batch', async () => {
    const provider = onnxEmbeddings({ folder: FOLDER, batchSize: 4 });
    assert.match(provider.id, /^onnx:/);
    const [a, b, c] = await provider.embed(['The chunks', 'lexical retrieval searched the index', 'zebra']);
    assertClose(a!, expected(['the', 'chunk', '##s']));
    assertClose(b!, expected(['lexical', 'retrieval', 'search', '##ed', 'the', 'index']));
    assertClose(c!, expected(['[UNK]']));
    // The same text alone (no padding) gives the same vector as in a padded batch.
    const [alone] = await provider.embed(['The chunks']);
    assertClose(alone!, Array.from(a!));
  });

  it('cuts texts longer than model_max_length, keeping [SEP]', async () => {
    const provider = onnxEmbeddings({ folder: FOLDER });
    const [v] = await provider.embed([Array.from({ length: 40 }, () => 'graph').join(' ')]);
    // tokenizer_config.json says 16: [CLS] + 14 × graph + [SEP].
    assertClose(v!, expected(Array.from({ length: 14 }, () => 'graph')));
  });

  it("says where onnxruntime-web's WebAssembly files are missing", async () => {
    const empty = join(scratch, 'no-wasm');
    mkdirSync(empty);
    await assert.rejects(
      onnxEmbeddings({ folder: FOLDER, wasmPaths: empty }).embed(['x']),
      (e: unknown) => e instanceof EmbeddingError && e.code === 'config' && /ort-wasm-simd-threaded\.wasm and ort-wasm-simd-threaded\.mjs are missing from/.test(e.message),
    );
  });

  it('finds onnx/model.onnx too', () => {
    const dir = join(scratch, 'nested');
    mkdirSync(join(dir, 'onnx'), { recursive: true });
    copyFileSync(join(FOLDER, 'model.onnx'), join(dir, 'onnx', 'model.onnx'));
    copyFileSync(join(FOLDER, 'tokenizer.json'), join(dir, 'tokenizer.json'));
    assert.equal(locateOnnxModel(dir).model, join(dir, 'onnx', 'model.onnx'));
  });

  it('says what is missing: the folder, the model, the tokenizer', () => {
    assert.throws(() => onnxEmbeddings({ folder: join(scratch, 'nope') }), (e: unknown) => e instanceof EmbeddingError && /does not exist/.test(e.message));
    const empty = join(scratch, 'empty');
    mkdirSync(empty);
    assert.throws(() => onnxEmbeddings({ folder: empty }), /no model\.onnx in .*looked for model\.onnx and onnx\/model\.onnx/);
    const noTokenizer = join(scratch, 'no-tokenizer');
    mkdirSync(noTokenizer);
    copyFileSync(join(FOLDER, 'model.onnx'), join(noTokenizer, 'model.onnx'));
    assert.throws(() => onnxEmbeddings({ folder: noTokenizer }), /no tokenizer\.json/);
  });

  it('refuses a file that is not an ONNX model, and a tokenizer that is not JSON', async () => {
    const bad = join(scratch, 'bad-model');
    mkdirSync(bad);
    writeFileSync(join(bad, 'model.onnx'), 'this is not protobuf at all');
    copyFileSync(join(FOLDER, 'tokenizer.json'), join(bad, 'tokenizer.json'));
    await assert.rejects(onnxEmbeddings({ folder: bad }).embed(['x']), (e: unknown) => e instanceof EmbeddingError && e.code === 'model' && /cannot be loaded/.test(e.message));
    const badTokenizer = join(scratch, 'bad-tokenizer');
    mkdirSync(badTokenizer);
    copyFileSync(join(FOLDER, 'model.onnx'), join(badTokenizer, 'model.onnx'));
    writeFileSync(join(badTokenizer, 'tokenizer.json'), '{ not json');
    await assert.rejects(onnxEmbeddings({ folder: badTokenizer }).embed(['x']), /tokenizer\.json is not readable JSON/);
    const image = join(scratch, 'image-model');
    mkdirSync(image);
    copyFileSync(join(FOLDER, 'incompatible.onnx'), join(image, 'model.onnx'));
    copyFileSync(join(FOLDER, 'tokenizer.json'), join(image, 'tokenizer.json'));
    await assert.rejects(onnxEmbeddings({ folder: image }).embed(['x']), /wants an input "pixel_values"/);
  });
});
