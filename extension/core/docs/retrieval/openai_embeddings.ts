/**
 * OpenAI-compatible embeddings
 * ============================
 * Any server speaking POST /v1/embeddings (OpenAI, Ollama, LM Studio, vLLM, llama.cpp…): texts go
 * in batches, each batch is retried on 429 and 5xx with exponential backoff (honouring
 * Retry-After), every request has a timeout, and each failure says what to check. The API key
 * comes only from the caller and never appears in a message or a log.
 */
import { EmbeddingError } from './embeddings';
import type { EmbeddingProvider } from './embeddings';
import { retryAfterMs, waitOrAbort } from '../../net/retry';

export interface OpenAiEmbeddingsOptions {
  /** `http://127.0.0.1:11434`, `https://api.openai.com` or one already ending in `/v1`. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Texts per request (default 64). */
  batchSize?: number;
  /** Per request, in ms (default 30 000). */
  timeoutMs?: number;
  /** Retries after the first attempt on 429, 5xx and network errors (default 3). */
  maxRetries?: number;
  /** First backoff in ms, doubled each retry (default 500). A Retry-After header wins when present. */
  retryBaseMs?: number;
  /** Longest wait honoured from Retry-After, in ms (default 60 000). */
  maxRetryAfterMs?: number;
  /** Expected vector length; when omitted the first answer sets it and later ones must match. */
  dimensions?: number;
  /** Replaces globalThis.fetch (tests, proxies). */
  fetch?: typeof fetch;
}

export const DEFAULT_EMBEDDING_BATCH = 64;
export const DEFAULT_EMBEDDING_TIMEOUT_MS = 30_000;
export const DEFAULT_EMBEDDING_RETRIES = 3;

/** `{baseUrl}/v1/embeddings`, without doubling a `/v1` the caller already wrote. */
export function embeddingsUrl(baseUrl: string): string {
  let base = baseUrl.trim().replace(/\/+$/, '');
  if (base.endsWith('/embeddings')) return base;
  if (!/\/v1$/.test(base)) base += '/v1';
  return `${base}/embeddings`;
}

export function openAiEmbeddings(options: OpenAiEmbeddingsOptions): EmbeddingProvider {
  if (!options.model) throw new EmbeddingError('config', 'openAiEmbeddings: a model name is required (e.g. nomic-embed-text, text-embedding-3-small)');
  let url: URL;
  try {
    url = new URL(embeddingsUrl(options.baseUrl));
  } catch (err) {
    throw new EmbeddingError('config', `openAiEmbeddings: the base URL ${JSON.stringify(options.baseUrl)} is not a URL`, { cause: err });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new EmbeddingError('config', `openAiEmbeddings: the base URL must be http(s), got ${url.protocol}`);
  }
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? DEFAULT_EMBEDDING_BATCH));
  const timeoutMs = options.timeoutMs ?? DEFAULT_EMBEDDING_TIMEOUT_MS;
  const maxRetries = Math.max(0, options.maxRetries ?? DEFAULT_EMBEDDING_RETRIES);
  const retryBaseMs = options.retryBaseMs ?? 500;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
  const doFetch = options.fetch ?? globalThis.fetch;
  const where = `${url.origin}${url.pathname}`;
  let dimensions = options.dimensions;

  async function requestBatch(texts: readonly string[], signal: AbortSignal | undefined): Promise<Float32Array[]> {
    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) throw new EmbeddingError('aborted', `embeddings: cancelled`, { cause: signal.reason });
      const timeout = AbortSignal.timeout(timeoutMs);
      const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
      let response: Response;
      let body: string;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify({ model: options.model, input: texts, encoding_format: 'float' }),
          signal: combined,
        });
        body = await response.text();
      } catch (err) {
        if (signal?.aborted) throw new EmbeddingError('aborted', 'embeddings: cancelled', { cause: err });
        const timedOut = timeout.aborted;
        if (attempt < maxRetries) {
          await sleep(retryBaseMs * 2 ** attempt, signal);
          continue;
        }
        if (timedOut) throw new EmbeddingError('timeout', `embeddings: ${where} did not answer within ${timeoutMs} ms (${attempt + 1} attempts); is the server up, or raise timeoutMs`, { cause: err });
        throw new EmbeddingError('server', `embeddings: cannot reach ${where} (${(err as Error).message}; ${attempt + 1} attempts)`, { cause: err });
      }
      const status = response.status;
      if (status === 429 || status >= 500) {
        if (attempt < maxRetries) {
          const hinted = retryAfterMs(response.headers.get('retry-after'));
          await sleep(hinted !== undefined ? Math.min(hinted, maxRetryAfterMs) : retryBaseMs * 2 ** attempt, signal);
          continue;
        }
        throw new EmbeddingError(status === 429 ? 'rate_limited' : 'server', `embeddings: ${where} answered ${status} ${attempt + 1} times: ${excerpt(body)}`);
      }
      if (status === 401 || status === 403) {
        throw new EmbeddingError('auth', `embeddings: ${where} refused the request (${status}); check the API key${options.apiKey ? '' : ' (none was given)'}`);
      }
      if (status === 404) {
        throw new EmbeddingError('not_found', `embeddings: ${where} answered 404; check the base URL and that the model ${JSON.stringify(options.model)} exists there: ${excerpt(body)}`);
      }
      if (status < 200 || status >= 300) {
        throw new EmbeddingError('bad_response', `embeddings: ${where} answered ${status}: ${excerpt(body)}`);
      }
      return parseEmbeddings(body, texts.length);
    }
  }

  function parseEmbeddings(body: string, expected: number): Float32Array[] {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new EmbeddingError('bad_response', `embeddings: ${where} did not answer JSON: ${excerpt(body)}`);
    }
    const data = (json as { data?: unknown })?.data;
    if (!Array.isArray(data)) throw new EmbeddingError('bad_response', `embeddings: ${where} answered without a data array: ${excerpt(body)}`);
    if (data.length !== expected) throw new EmbeddingError('bad_response', `embeddings: asked for ${expected} vectors, ${where} answered ${data.length}`);
    const out: (Float32Array | undefined)[] = new Array(expected);
    data.forEach((item: unknown, position) => {
      const rawIndex = (item as { index?: unknown })?.index;
      const index = typeof rawIndex === 'number' ? rawIndex : position;
      const embedding = (item as { embedding?: unknown })?.embedding;
      if (!Number.isInteger(index) || index < 0 || index >= expected || out[index]) {
        throw new EmbeddingError('bad_response', `embeddings: ${where} answered a bad or repeated index ${String(rawIndex)}`);
      }
      if (!Array.isArray(embedding) || embedding.length === 0 || !embedding.every((x) => typeof x === 'number' && Number.isFinite(x))) {
        throw new EmbeddingError('bad_response', `embeddings: vector ${index} from ${where} is not a list of numbers`);
      }
      if (dimensions === undefined) dimensions = embedding.length;
      if (embedding.length !== dimensions) {
        throw new EmbeddingError('bad_response', `embeddings: vector ${index} from ${where} has ${embedding.length} dimensions, expected ${dimensions} (did the model change?)`);
      }
      out[index] = Float32Array.from(embedding as number[]);
    });
    return out as Float32Array[];
  }

  return {
    id: `openai:${options.model}`,
    async embed(texts, signal) {
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += batchSize) out.push(...(await requestBatch(texts.slice(i, i + batchSize), signal)));
      return out;
    },
  };
}

function excerpt(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat || '(empty body)';
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return waitOrAbort(ms, signal, () => new EmbeddingError('aborted', 'embeddings: cancelled', { cause: signal?.reason }));
}
