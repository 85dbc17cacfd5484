/**
 * Chat providers
 * ==============
 * The one shape every language model is reached through: a system prompt, messages, a token
 * budget, optionally a JSON schema the answer must follow. Core defines it and owns the
 * OpenAI-compatible endpoint (plain HTTP); the hosts supply the others (MCP sampling from the
 * MCP server, vscode.lm from the extension), because core must not import either SDK.
 */

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface JsonSchemaSpec {
  /** A short identifier (letters, digits, underscores): OpenAI requires one. */
  name: string;
  schema: Record<string, unknown>;
}

export interface ChatRequest {
  system: string;
  messages: ChatMessage[];
  maxTokens: number;
  /** Ask for structured output where the provider supports it; the prompt says the same in words. */
  jsonSchema?: JsonSchemaSpec;
  signal?: AbortSignal;
  /** Each piece of the reply as it arrives, from providers that stream (vscode.lm); others never call it. */
  onText?: (delta: string) => void;
}

export interface ChatResponse {
  text: string;
  /** The model that answered, as the provider names it. */
  model: string;
  usage?: { inputTokens?: number; outputTokens?: number };
}

export interface ChatProvider {
  /** `sampling`, `vscode-lm`, `endpoint` (what status shows). */
  readonly id: string;
  complete(request: ChatRequest): Promise<ChatResponse>;
}

export type LlmErrorCode = 'disabled' | 'unavailable' | 'http' | 'timeout' | 'aborted' | 'bad_response';

/** Every failure of the layer: a code for tests and callers, a message that says what to do. */
export class LlmError extends Error {
  constructor(
    readonly code: LlmErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

/** The first provider on offer, in the order of preference: sampling, then vscode.lm, then the endpoint. */
export async function pickProvider(candidates: {
  sampling?: () => ChatProvider | undefined | Promise<ChatProvider | undefined>;
  vscodeLm?: () => ChatProvider | undefined | Promise<ChatProvider | undefined>;
  endpoint?: () => ChatProvider | undefined | Promise<ChatProvider | undefined>;
}): Promise<ChatProvider | undefined> {
  for (const make of [candidates.sampling, candidates.vscodeLm, candidates.endpoint]) {
    if (!make) continue;
    const provider = await make();
    if (provider) return provider;
  }
  return undefined;
}
