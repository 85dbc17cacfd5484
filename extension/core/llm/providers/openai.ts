/**
 * OpenAI-compatible chat endpoint
 * ===============================
 * POST `{baseUrl}/v1/chat/completions`: OpenAI, and the local servers that speak its protocol
 * (Ollama, LM Studio, llama.cpp, vLLM). Structured output through `response_format:
 * json_schema` when asked; a server that rejects it (400) is asked again without, and from then
 * on the prompt alone carries the schema. 429 and 5xx are retried with exponential backoff,
 * honouring Retry-After; every attempt has its own timeout; errors say what to check.
 */
import type { ChatProvider, ChatRequest, ChatResponse } from '../provider';
import { LlmError } from '../provider';
import { retryAfterMs, waitOrAbort } from '../../net/retry';

export interface OpenAiProviderOptions {
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Per attempt (default 60 s). */
  timeoutMs?: number;
  /** Attempts after the first on 429/5xx/network errors (default 3). */
  retries?: number;
  /** First backoff step (default 500 ms), doubled per attempt. */
  backoffMs?: number;
  /** No wait, Retry-After included, is longer than this (default 30 s). */
  maxBackoffMs?: number;
  /** Says where the key comes from, for the 401 message. */
  keyHint?: string;
}

const RETRYABLE = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

export class OpenAiChatProvider implements ChatProvider {
  readonly id = 'endpoint';
  private structured = true;
  private readonly url: string;

  constructor(private readonly options: OpenAiProviderOptions) {
    const base = options.baseUrl.trim().replace(/\/+$/, '');
    let parsed: URL;
    try {
      parsed = new URL(base);
    } catch {
      throw new LlmError('unavailable', `kg-memory/llm: the endpoint's base URL ${JSON.stringify(options.baseUrl)} is not a URL (e.g. http://127.0.0.1:11434)`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new LlmError('unavailable', `kg-memory/llm: the endpoint's base URL must be http(s), not ${parsed.protocol}`);
    // `…/v1` or not: both are common in the wild.
    this.url = base.endsWith('/v1') ? `${base}/chat/completions` : `${base}/v1/chat/completions`;
  }

  get model(): string {
    return this.options.model;
  }

  async complete(request: ChatRequest): Promise<ChatResponse> {
    const retries = this.options.retries ?? 3;
    for (let attempt = 0; ; attempt++) {
      const useSchema = this.structured && request.jsonSchema !== undefined;
      const outcome = await this.attempt(request, useSchema);
      if (outcome.ok) return outcome.response;
      if (outcome.error.status === 400 && useSchema && /response_format|json_schema|schema/i.test(outcome.error.message)) {
        // This server has no structured output: the prompt carries the schema instead.
        this.structured = false;
        attempt--;
        continue;
      }
      if (!outcome.retry || attempt >= retries) throw outcome.error;
      const backoff = (this.options.backoffMs ?? 500) * 2 ** attempt;
      await sleep(Math.min(outcome.retryAfterMs ?? backoff, this.options.maxBackoffMs ?? 30_000), request.signal);
    }
  }

  private async attempt(request: ChatRequest, useSchema: boolean): Promise<{ ok: true; response: ChatResponse } | { ok: false; error: LlmError; retry: boolean; retryAfterMs?: number }> {
    if (request.signal?.aborted) throw new LlmError('aborted', 'kg-memory/llm: cancelled');
    const body: Record<string, unknown> = {
      model: this.options.model,
      messages: [{ role: 'system', content: request.system }, ...request.messages],
      max_tokens: request.maxTokens,
      temperature: 0,
    };
    if (useSchema && request.jsonSchema) body.response_format = { type: 'json_schema', json_schema: { name: request.jsonSchema.name, schema: request.jsonSchema.schema, strict: false } };
    const timeoutMs = this.options.timeoutMs ?? 60_000;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const onAbort = (): void => controller.abort();
    request.signal?.addEventListener('abort', onAbort, { once: true });
    let res: Response;
    let text: string;
    try {
      res = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}) },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
      text = await res.text();
    } catch (err) {
      if (request.signal?.aborted) throw new LlmError('aborted', 'kg-memory/llm: cancelled');
      if (controller.signal.aborted) return { ok: false, error: new LlmError('timeout', `kg-memory/llm: ${this.url} did not answer within ${timeoutMs} ms`), retry: true };
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      return { ok: false, error: new LlmError('unavailable', `kg-memory/llm: cannot reach ${this.url}: ${cause?.code ?? cause?.message ?? (err as Error).message}; is the server running, and is kgMemory.llm.baseUrl / KG_LLM_BASE_URL right?`), retry: true };
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
    }
    if (!res.ok) {
      const detail = errorDetail(text);
      const status = res.status;
      const hint =
        status === 401 || status === 403 ? `: the endpoint refused the key; ${this.options.keyHint ?? 'set the API key'}`
        : status === 404 ? `: check the base URL and the model name (${this.options.model})`
        : '';
      const wait = retryAfterMs(res.headers.get('retry-after'));
      return {
        ok: false,
        error: new LlmError('http', `kg-memory/llm: ${this.url} answered ${status}${detail ? ` (${detail})` : ''}${hint}`, status),
        retry: RETRYABLE.has(status),
        ...(wait !== undefined ? { retryAfterMs: wait } : {}),
      };
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { ok: false, error: new LlmError('bad_response', `kg-memory/llm: ${this.url} answered 200 with something that is not JSON: ${text.slice(0, 120)}`), retry: false };
    }
    const choice = (json as { choices?: { message?: { content?: unknown; refusal?: unknown } }[] }).choices?.[0]?.message;
    const content = choice?.content;
    if (typeof content !== 'string') {
      const refusal = typeof choice?.refusal === 'string' ? `: the model refused (${choice.refusal.slice(0, 120)})` : '';
      return { ok: false, error: new LlmError('bad_response', `kg-memory/llm: ${this.url} answered without a message${refusal}`), retry: false };
    }
    const usage = (json as { usage?: { prompt_tokens?: number; completion_tokens?: number } }).usage;
    return {
      ok: true,
      response: {
        text: content,
        model: typeof (json as { model?: unknown }).model === 'string' ? (json as { model: string }).model : this.options.model,
        ...(usage ? { usage: { ...(usage.prompt_tokens !== undefined ? { inputTokens: usage.prompt_tokens } : {}), ...(usage.completion_tokens !== undefined ? { outputTokens: usage.completion_tokens } : {}) } } : {}),
      },
    };
  }
}

function errorDetail(text: string): string {
  try {
    const e = (JSON.parse(text) as { error?: { message?: unknown } | string }).error;
    const m = typeof e === 'string' ? e : e?.message;
    if (typeof m === 'string') return m.slice(0, 200);
  } catch {
    // not JSON: the start of the body says enough
  }
  return text.trim().slice(0, 200);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return waitOrAbort(ms, signal, () => new LlmError('aborted', 'kg-memory/llm: cancelled'));
}
