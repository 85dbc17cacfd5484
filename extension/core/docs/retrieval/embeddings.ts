/**
 * Embedding providers
 * ===================
 * Vectors are optional: a provider turns texts into vectors, and nothing in retrieval requires one.
 * Three implementations: an OpenAI-compatible HTTP endpoint (openai_embeddings.ts), a local ONNX
 * sentence-embedding export (onnx_embeddings.ts) and LSA trained on the workspace (lsa.ts).
 */

export interface EmbeddingProvider {
  /** Names the provider and model (`openai:nomic-embed-text`, `onnx:/models/e5`, `lsa:128`): vectors from different ids never mix. */
  readonly id: string;
  /** One vector per text, in order. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

/** A provider's failure, with what to do about it in the message. `code` lets callers branch without parsing text. */
export class EmbeddingError extends Error {
  override readonly name = 'EmbeddingError';
  constructor(
    readonly code: 'auth' | 'not_found' | 'rate_limited' | 'server' | 'timeout' | 'aborted' | 'bad_response' | 'config' | 'model',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** L2-normalises in place; a zero vector stays zero. */
export function normalise(v: Float32Array): Float32Array {
  let sq = 0;
  for (let i = 0; i < v.length; i++) sq += v[i]! * v[i]!;
  if (sq > 0) {
    const inv = 1 / Math.sqrt(sq);
    for (let i = 0; i < v.length; i++) v[i]! *= inv;
  }
  return v;
}
