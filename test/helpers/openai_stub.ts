/**
 * Test helper: a loopback server speaking the OpenAI HTTP protocol
 * ================================================================
 * `startOpenAiStub()` listens on 127.0.0.1 (a free port) and answers POST /v1/embeddings with
 * deterministic vectors (hashed word and character n-grams by default, or any `embed` function the
 * test gives). Faults are scripted per request: `stub.enqueue({ status: 429, headers: {
 * 'retry-after': '1' } })` makes the next request fail that way, then answers resume. Other
 * endpoints (chat completions…) plug in through `routes` without touching this file; every request
 * is recorded in `stub.requests`.
 */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A scripted answer. `body` may be an object (sent as JSON) or a raw string (sent as is, e.g. malformed JSON). */
export interface StubReply {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Wait before answering (a slow server, a timeout). */
  delayMs?: number;
}

export interface StubRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (undefined when not JSON). */
  json: unknown;
}

/** An extra endpoint: answers a request, or returns undefined to fall through to a 404. */
export type StubRoute = (request: StubRequest) => StubReply | Promise<StubReply>;

export interface OpenAiStubOptions {
  /** Vectors for a batch of inputs (default: hashedEmbedding at `dimensions`). */
  embed?: (texts: string[], model: string) => number[][] | Promise<number[][]>;
  dimensions?: number;
  /** When set, requests without `Authorization: Bearer <apiKey>` get 401. */
  apiKey?: string;
  /** Models that exist; a request naming another gets 404 like OpenAI's `model_not_found`. Default: any. */
  models?: string[];
  /** Extra endpoints by `METHOD /path` (e.g. `POST /v1/chat/completions`). */
  routes?: Record<string, StubRoute>;
}

export interface OpenAiStub {
  /** `http://127.0.0.1:<port>` (no trailing slash, no /v1). */
  url: string;
  requests: StubRequest[];
  /** Queues answers for the next requests, whatever their path; once drained, normal answers resume. */
  enqueue(...replies: StubReply[]): void;
  close(): Promise<void>;
}

/**
 * Deterministic embedding of a text: word unigrams, word bigrams and character trigrams hashed
 * (FNV-1a) into `dim` buckets with a hashed sign, L2-normalised. Texts sharing words land near
 * each other; nothing about it is a language model.
 */
export function hashedEmbedding(text: string, dim = 64): number[] {
  const v = new Float64Array(dim);
  const words = text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
  const add = (feature: string, weight: number): void => {
    let h = 0x811c9dc5;
    for (let i = 0; i < feature.length; i++) {
      h ^= feature.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    const bucket = (h >>> 0) % dim;
    v[bucket]! += (h & 0x80000000 ? -1 : 1) * weight;
  };
  words.forEach((w, i) => {
    add(`w:${w}`, 1);
    if (i > 0) add(`b:${words[i - 1]} ${w}`, 0.5);
    const padded = ` ${w} `;
    for (let j = 0; j + 3 <= padded.length; j++) add(`c:${padded.slice(j, j + 3)}`, 0.25);
  });
  let sq = 0;
  for (const x of v) sq += x * x;
  const inv = sq > 0 ? 1 / Math.sqrt(sq) : 0;
  return Array.from(v, (x) => x * inv);
}

export async function startOpenAiStub(options: OpenAiStubOptions = {}): Promise<OpenAiStub> {
  const dimensions = options.dimensions ?? 64;
  const embed = options.embed ?? ((texts: string[]) => texts.map((t) => hashedEmbedding(t, dimensions)));
  const queue: StubReply[] = [];
  const requests: StubRequest[] = [];

  const embeddingsRoute: StubRoute = async (request) => {
    const json = request.json as { model?: unknown; input?: unknown } | undefined;
    if (!json || typeof json.model !== 'string') return error(400, 'invalid_request_error', 'you must provide a model parameter');
    if (options.models && !options.models.includes(json.model)) {
      return error(404, 'model_not_found', `The model \`${json.model}\` does not exist`);
    }
    const input = typeof json.input === 'string' ? [json.input] : json.input;
    if (!Array.isArray(input) || !input.every((t) => typeof t === 'string')) return error(400, 'invalid_request_error', "'input' must be a string or an array of strings");
    const vectors = await embed(input as string[], json.model);
    return {
      body: {
        object: 'list',
        data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })),
        model: json.model,
        usage: { prompt_tokens: 0, total_tokens: 0 },
      },
    };
  };
  const routes: Record<string, StubRoute> = { 'POST /v1/embeddings': embeddingsRoute, ...(options.routes ?? {}) };

  const server = createServer((req, res) => {
    void handle(req, res);
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    const request: StubRequest = { method: req.method ?? 'GET', path: (req.url ?? '/').split('?')[0]!, headers: req.headers, json };
    requests.push(request);
    let reply: StubReply;
    const scripted = queue.shift();
    if (scripted) reply = scripted;
    else if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) reply = error(401, 'invalid_api_key', 'Incorrect API key provided');
    else {
      const route = routes[`${request.method} ${request.path}`];
      reply = route ? await route(request) : error(404, 'not_found', `no route ${request.method} ${request.path}`);
    }
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    if (res.destroyed) return;
    const body = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...(reply.headers ?? {}) });
    res.end(body);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    enqueue: (...replies) => queue.push(...replies),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function error(status: number, code: string, message: string): StubReply {
  return { status, body: { error: { message, type: code, code } } };
}
