/**
 * OpenAI-compatible embeddings against a loopback server
 * ======================================================
 * The provider over real HTTP: batching, retries on 429 (honouring Retry-After) and 500, timeouts,
 * cancellation, and a clear error for 401, 404, malformed JSON, a wrong vector count and a changed
 * dimension. The key must never show in an error.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { EmbeddingError, embeddingsUrl, openAiEmbeddings } from '../../extension/core/docs/retrieval';
import { retryAfterMs } from '../../extension/core/net/retry';
import { hashedEmbedding, startOpenAiStub } from '../helpers/openai_stub';
import type { OpenAiStub } from '../helpers/openai_stub';

async function rejectsWith(promise: Promise<unknown>, code: EmbeddingError['code'], pattern: RegExp): Promise<EmbeddingError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof EmbeddingError, `expected an EmbeddingError, got ${String(err)}`);
    assert.equal(err.code, code, err.message);
    assert.match(err.message, pattern);
    return err;
  }
  assert.fail(`expected a ${code} error`);
}

describe('openAiEmbeddings over HTTP', () => {
  let stub: OpenAiStub;
  before(async () => {
    stub = await startOpenAiStub({ apiKey: 'sk-test-secret-1234', models: ['tiny-embed'], dimensions: 32 });
  });
  after(async () => stub.close());

  const provider = (extra: Partial<Parameters<typeof openAiEmbeddings>[0]> = {}) =>
    openAiEmbeddings({ baseUrl: stub.url, model: 'tiny-embed', apiKey: 'sk-test-secret-1234', retryBaseMs: 10, ...extra });

  it('builds the endpoint URL with or without /v1', () => {
    assert.equal(embeddingsUrl('http://h:1'), 'http://h:1/v1/embeddings');
    assert.equal(embeddingsUrl('http://h:1/v1/'), 'http://h:1/v1/embeddings');
    assert.equal(embeddingsUrl('http://h:1/api/v1'), 'http://h:1/api/v1/embeddings');
    assert.equal(retryAfterMs('2'), 2000);
    assert.equal(retryAfterMs(new Date(10_000).toUTCString(), 7_000), 3000);
    assert.equal(retryAfterMs('soon'), undefined);
  });

  it('embeds texts in order, with the vectors the server computed', async () => {
    const texts = ['The chunker keeps numbered steps whole.', 'BM25 ranks chunks.', 'Int8 vectors'];
    const vectors = await provider().embed(texts);
    assert.equal(vectors.length, 3);
    texts.forEach((t, i) => {
      const want = hashedEmbedding(t, 32);
      assert.equal(vectors[i]!.length, 32);
      for (let d = 0; d < 32; d++) assert.ok(Math.abs(vectors[i]![d]! - want[d]!) < 1e-6);
    });
    const last = stub.requests.at(-1)!;
    assert.equal(last.path, '/v1/embeddings');
    assert.equal(last.headers.authorization, 'Bearer sk-test-secret-1234');
    assert.deepEqual((last.json as { input: string[] }).input, texts);
  });

  it('splits the input into batches of batchSize', async () => {
    const before = stub.requests.length;
    const texts = Array.from({ length: 7 }, (_, i) => `text number ${i}`);
    const vectors = await provider({ batchSize: 3, baseUrl: `${stub.url}/v1` }).embed(texts);
    assert.equal(vectors.length, 7);
    const sizes = stub.requests.slice(before).map((r) => (r.json as { input: string[] }).input.length);
    assert.deepEqual(sizes, [3, 3, 1]);
    assert.ok(Math.abs(vectors[6]![0]! - hashedEmbedding('text number 6', 32)[0]!) < 1e-6, 'the last batch maps to the last texts');
  });

  it('waits out a 429 with Retry-After, then succeeds', async () => {
    const before = stub.requests.length;
    stub.enqueue({ status: 429, headers: { 'retry-after': '1' }, body: { error: { message: 'Rate limit reached' } } });
    const started = Date.now();
    const vectors = await provider({ retryBaseMs: 1 }).embed(['again']);
    const waited = Date.now() - started;
    assert.equal(vectors.length, 1);
    assert.equal(stub.requests.length - before, 2);
    assert.ok(waited >= 950, `Retry-After: 1 honoured (waited ${waited} ms)`);
  });

  it('retries a 500 with backoff, then succeeds; gives up after maxRetries with the status', async () => {
    stub.enqueue({ status: 500, body: 'upstream exploded' });
    assert.equal((await provider().embed(['x'])).length, 1);
    stub.enqueue({ status: 503 }, { status: 503 }, { status: 503 });
    await rejectsWith(provider({ maxRetries: 2 }).embed(['x']), 'server', /answered 503 3 times/);
  });

  it('times out a server that does not answer', async () => {
    stub.enqueue({ delayMs: 2000 });
    const started = Date.now();
    await rejectsWith(provider({ timeoutMs: 200, maxRetries: 0 }).embed(['slow']), 'timeout', /did not answer within 200 ms/);
    assert.ok(Date.now() - started < 1500);
  });

  it('stops when the caller aborts', async () => {
    stub.enqueue({ delayMs: 1500 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await rejectsWith(provider().embed(['slow'], controller.signal), 'aborted', /cancelled/);
  });

  it('says to check the key on 401, without showing it', async () => {
    const err = await rejectsWith(provider({ apiKey: 'sk-wrong-key-5678' }).embed(['x']), 'auth', /check the API key/);
    assert.ok(!err.message.includes('sk-wrong-key-5678') && !err.message.includes('sk-test'), err.message);
    await rejectsWith(provider({ apiKey: undefined as unknown as string }).embed(['x']), 'auth', /none was given/);
  });

  it('says to check the model on 404', async () => {
    await rejectsWith(provider({ model: 'no-such-model' }).embed(['x']), 'not_found', /model "no-such-model"/);
  });

  it('rejects malformed JSON, a wrong vector count, bad vectors and a changed dimension', async () => {
    stub.enqueue({ body: '{"data": [ {"embedding": [0.1, ' });
    await rejectsWith(provider().embed(['x']), 'bad_response', /did not answer JSON/);
    stub.enqueue({ body: { data: [{ index: 0, embedding: [1, 2] }] } });
    await rejectsWith(provider().embed(['a', 'b']), 'bad_response', /asked for 2 vectors, .* answered 1/);
    stub.enqueue({ body: { data: [{ index: 0, embedding: ['a'] }] } });
    await rejectsWith(provider().embed(['a']), 'bad_response', /not a list of numbers/);
    stub.enqueue({ body: { nothing: true } });
    await rejectsWith(provider().embed(['a']), 'bad_response', /without a data array/);
    const p = provider();
    await p.embed(['first']);
    stub.enqueue({ body: { data: [{ index: 0, embedding: [1, 2, 3] }] } });
    await rejectsWith(p.embed(['second']), 'bad_response', /3 dimensions, expected 32/);
  });

  it('refuses a bad configuration before any request', () => {
    assert.throws(() => openAiEmbeddings({ baseUrl: 'not a url', model: 'm' }), /is not a URL/);
    assert.throws(() => openAiEmbeddings({ baseUrl: 'file:///etc', model: 'm' }), /must be http/);
    assert.throws(() => openAiEmbeddings({ baseUrl: stub.url, model: '' }), /model name is required/);
  });
});
