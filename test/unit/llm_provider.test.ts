/**
 * LLM providers
 * =============
 * The OpenAI-compatible endpoint against a loopback server: structured output asked for and the
 * fallback when a server rejects it, 429 retried after Retry-After, 5xx with backoff, give-up
 * after the retries, timeouts, malformed bodies, a refused key; the order of preference.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LlmError, pickProvider, type ChatProvider } from '../../extension/core/llm/provider';
import { OpenAiChatProvider } from '../../extension/core/llm/providers/openai';
import { retryAfterMs } from '../../extension/core/net/retry';
import { llmSettingsFromEnv, endpointConfigured } from '../../extension/core/llm/settings';
import { startOpenAiChatStub, type OpenAiChatStub } from '../helpers/openai_chat_stub';

const ask = { system: 'be brief', messages: [{ role: 'user' as const, content: 'hello' }], maxTokens: 50 };
const schema = { name: 'answer', schema: { type: 'object', properties: { a: { type: 'string' } } } };

describe('OpenAI-compatible endpoint', () => {
  let stub: OpenAiChatStub;
  before(async () => {
    stub = await startOpenAiChatStub();
  });
  after(() => stub.close());

  const provider = (extra: Partial<ConstructorParameters<typeof OpenAiChatProvider>[0]> = {}): OpenAiChatProvider =>
    new OpenAiChatProvider({ baseUrl: stub.url, model: 'm1', apiKey: 'sk-test', backoffMs: 5, timeoutMs: 2000, ...extra });

  it('sends the system prompt, the key and a json_schema response_format, and reads the message', async () => {
    stub.setScript(() => ({ content: '{"a":"b"}' }));
    const from = stub.requests.length;
    const r = await provider().complete({ ...ask, jsonSchema: schema });
    assert.equal(r.text, '{"a":"b"}');
    assert.equal(r.model, 'stub-model');
    assert.deepEqual(r.usage, { inputTokens: 10, outputTokens: 5 });
    const req = stub.requests[from]!;
    assert.equal(req.authorization, 'Bearer sk-test');
    assert.equal(req.body.model, 'm1');
    assert.deepEqual(req.body.messages?.[0], { role: 'system', content: 'be brief' });
    assert.equal(req.body.response_format?.type, 'json_schema');
    assert.equal(req.body.response_format?.json_schema?.name, 'answer');
  });

  it('accepts a base URL that already ends in /v1', async () => {
    stub.setScript(() => ({ content: 'ok' }));
    const r = await provider({ baseUrl: `${stub.url}/v1/` }).complete(ask);
    assert.equal(r.text, 'ok');
    assert.equal(stub.requests.at(-1)!.path, '/v1/chat/completions');
  });

  it('asks again without response_format when the server rejects it, and keeps to that', async () => {
    stub.setScript((req) => (req.body.response_format ? { status: 400, raw: JSON.stringify({ error: { message: "response_format 'json_schema' is not supported" } }) } : { content: '{"a":1}' }));
    const from = stub.requests.length;
    const p = provider();
    assert.equal((await p.complete({ ...ask, jsonSchema: schema })).text, '{"a":1}');
    assert.equal(stub.requests.length - from, 2);
    await p.complete({ ...ask, jsonSchema: schema });
    assert.equal(stub.requests.length - from, 3, 'the second call goes without the schema at once');
    assert.equal(stub.requests.at(-1)!.body.response_format, undefined);
  });

  it('retries a 429 after its Retry-After, then succeeds', async () => {
    let n = 0;
    stub.setScript(() => (n++ === 0 ? { status: 429, headers: { 'retry-after': '0.3' } } : { content: 'after the wait' }));
    const started = Date.now();
    const r = await provider({ backoffMs: 1 }).complete(ask);
    assert.equal(r.text, 'after the wait');
    assert.ok(Date.now() - started >= 280, `waited ${Date.now() - started} ms, Retry-After said 300`);
    assert.equal(n, 2);
  });

  it('retries 5xx with growing backoff and gives up after the retries, saying the status', async () => {
    let n = 0;
    stub.setScript(() => {
      n++;
      return { status: 503, raw: JSON.stringify({ error: { message: 'overloaded' } }) };
    });
    await assert.rejects(provider({ retries: 2 }).complete(ask), (err: LlmError) => {
      assert.equal(err.code, 'http');
      assert.equal(err.status, 503);
      assert.match(err.message, /503 \(overloaded\)/);
      return true;
    });
    assert.equal(n, 3, 'the first attempt and two retries');
  });

  it('does not retry a 401 and says to set the key', async () => {
    let n = 0;
    stub.setScript(() => {
      n++;
      return { status: 401, raw: JSON.stringify({ error: { message: 'bad key' } }) };
    });
    await assert.rejects(provider({ keyHint: 'set OPENAI_API_KEY' }).complete(ask), /401.*set OPENAI_API_KEY/);
    assert.equal(n, 1);
  });

  it('times out an answer that never comes, then retries', async () => {
    let n = 0;
    stub.setScript(() => (n++ === 0 ? { hang: true } : { content: 'second time' }));
    const r = await provider({ timeoutMs: 200 }).complete(ask);
    assert.equal(r.text, 'second time');
    stub.setScript(() => ({ hang: true }));
    await assert.rejects(provider({ timeoutMs: 100, retries: 0 }).complete(ask), (err: LlmError) => err.code === 'timeout' && /did not answer within 100 ms/.test(err.message));
  });

  it('reports a 200 that is not JSON, or has no message, as a bad response', async () => {
    stub.setScript(() => ({ raw: '<html>proxy error</html>' }));
    await assert.rejects(provider().complete(ask), (err: LlmError) => err.code === 'bad_response' && /not JSON/.test(err.message));
    stub.setScript(() => ({ raw: JSON.stringify({ choices: [{ message: { refusal: 'no' } }] }) }));
    await assert.rejects(provider().complete(ask), /refused \(no\)/);
  });

  it('says when the server cannot be reached', async () => {
    await assert.rejects(new OpenAiChatProvider({ baseUrl: 'http://127.0.0.1:9', model: 'm', retries: 0 }).complete(ask), (err: LlmError) => err.code === 'unavailable' && /cannot reach/.test(err.message));
  });

  it('refuses a base URL that is not http(s)', () => {
    assert.throws(() => new OpenAiChatProvider({ baseUrl: 'file:///etc', model: 'm' }), /must be http/);
    assert.throws(() => new OpenAiChatProvider({ baseUrl: 'not a url', model: 'm' }), /not a URL/);
  });
});

describe('provider choice and settings', () => {
  const fake = (id: string): ChatProvider => ({ id, complete: () => Promise.reject(new Error('unused')) });

  it('prefers sampling, then vscode.lm, then the endpoint', async () => {
    assert.equal((await pickProvider({ sampling: () => fake('sampling'), vscodeLm: () => fake('vscode-lm'), endpoint: () => fake('endpoint') }))?.id, 'sampling');
    assert.equal((await pickProvider({ sampling: () => undefined, vscodeLm: async () => fake('vscode-lm'), endpoint: () => fake('endpoint') }))?.id, 'vscode-lm');
    assert.equal((await pickProvider({ sampling: () => undefined, vscodeLm: async () => undefined, endpoint: () => fake('endpoint') }))?.id, 'endpoint');
    assert.equal(await pickProvider({}), undefined);
  });

  it('is off unless KG_LLM_ENABLED says on; reads the endpoint settings from the environment', () => {
    assert.equal(llmSettingsFromEnv({}).enabled, false);
    assert.equal(llmSettingsFromEnv({ KG_LLM_ENABLED: 'maybe' }).enabled, false);
    const s = llmSettingsFromEnv({ KG_LLM_ENABLED: 'true', KG_LLM_BASE_URL: 'http://127.0.0.1:11434', KG_LLM_MODEL: 'llama3', KG_LLM_CONCURRENCY: '0' });
    assert.equal(s.enabled, true);
    assert.equal(s.model, 'llama3');
    assert.equal(s.concurrency, 5, 'a bad number falls back to the default');
    assert.equal(endpointConfigured(s, undefined), true, 'a local server needs no key');
    assert.equal(endpointConfigured(llmSettingsFromEnv({}), undefined), false, 'the hosted default needs one');
  });

  it('reads Retry-After as seconds or as a date', () => {
    assert.equal(retryAfterMs('2'), 2000);
    assert.equal(retryAfterMs(new Date(10_000).toUTCString(), 4000), 6000);
    assert.equal(retryAfterMs('soon'), undefined);
    assert.equal(retryAfterMs(null), undefined);
  });
});
