/**
 * LLM settings
 * ============
 * The layer is off unless turned on: `kgMemory.llm.enabled` in VS Code, KG_LLM_ENABLED=true for
 * the CLI and the MCP server. The endpoint's key is read from an environment variable named in
 * the settings (default OPENAI_API_KEY) or, in VS Code, from SecretStorage: never from a settings
 * file, so a committed settings.json cannot leak it.
 */

export interface LlmSettings {
  enabled: boolean;
  /** OpenAI-compatible server: `https://api.openai.com`, `http://127.0.0.1:11434` (Ollama), LM Studio... */
  baseUrl: string;
  model: string;
  /** The environment variable holding the endpoint's key. */
  apiKeyEnv: string;
  /** Requests in flight at once (extraction and reconciliation). */
  concurrency: number;
  /** Per request, in ms. */
  timeoutMs: number;
  /** Attempts after the first on 429 and 5xx. */
  retries: number;
}

export const DEFAULT_BASE_URL = 'https://api.openai.com';

export const DEFAULT_LLM_SETTINGS: LlmSettings = {
  enabled: false,
  baseUrl: DEFAULT_BASE_URL,
  model: 'gpt-4o-mini',
  apiKeyEnv: 'OPENAI_API_KEY',
  concurrency: 5,
  timeoutMs: 60_000,
  retries: 3,
};

const truthy = (v: string | undefined): boolean => /^(1|true|on|yes)$/i.test(v?.trim() ?? '');

/**
 * KG_LLM_ENABLED, KG_LLM_BASE_URL, KG_LLM_MODEL, KG_LLM_API_KEY_ENV, KG_LLM_CONCURRENCY,
 * KG_LLM_TIMEOUT_MS. Bad numbers fall back to the default (the layer is optional: it never stops a host).
 */
export function llmSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): LlmSettings {
  const num = (name: string, fallback: number, min: number, max: number): number => {
    const n = Number(env[name]);
    return env[name] !== undefined && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
  };
  const d = DEFAULT_LLM_SETTINGS;
  return {
    enabled: truthy(env.KG_LLM_ENABLED),
    baseUrl: env.KG_LLM_BASE_URL?.trim() || d.baseUrl,
    model: env.KG_LLM_MODEL?.trim() || d.model,
    apiKeyEnv: env.KG_LLM_API_KEY_ENV?.trim() || d.apiKeyEnv,
    concurrency: num('KG_LLM_CONCURRENCY', d.concurrency, 1, 32),
    timeoutMs: num('KG_LLM_TIMEOUT_MS', d.timeoutMs, 100, 600_000),
    retries: num('KG_LLM_RETRIES', d.retries, 0, 10),
  };
}

/**
 * Whether the endpoint can be used: a key is set, or the base URL is not the hosted default (a
 * local server such as Ollama needs no key).
 */
export function endpointConfigured(settings: LlmSettings, apiKey: string | undefined): boolean {
  return Boolean(apiKey) || settings.baseUrl.replace(/\/+$/, '') !== DEFAULT_BASE_URL;
}
