/**
 * Docs retrieval
 * ==============
 * Lexical (BM25 with a code-aware tokenizer), optional vectors (providers, an int8 store) and the
 * hybrid query that fuses them and expands over the docs' entities and relations.
 */
export { tokenize, stem, STOPWORDS } from './tokenize';
export type { TokenizeOptions } from './tokenize';
export { Bm25Index, BM25_B, BM25_K1, PRELUDE_WEIGHT } from './bm25';
export type { Bm25Document, Bm25Hit, Bm25Options } from './bm25';
export { EmbeddingError, normalise } from './embeddings';
export type { EmbeddingProvider } from './embeddings';
export { openAiEmbeddings, embeddingsUrl, DEFAULT_EMBEDDING_BATCH, DEFAULT_EMBEDDING_RETRIES, DEFAULT_EMBEDDING_TIMEOUT_MS } from './openai_embeddings';
export type { OpenAiEmbeddingsOptions } from './openai_embeddings';
export { VectorStore } from './vector_store';
export type { VectorHit } from './vector_store';
export { onnxEmbeddings, locateOnnxModel, ONNX_WASM_FILES } from './onnx_embeddings';
export type { OnnxEmbeddingsOptions } from './onnx_embeddings';
export { trainLsa, lsaEmbed, lsaEmbeddings } from './lsa';
export type { LsaModel, LsaOptions } from './lsa';
export { SectionedLexical, SECTION_WEIGHT, sectionKey } from './sections';
export type { LexicalSource } from './sections';
export { hybridQuery, DEFAULT_HYBRID_WEIGHTS, RRF_K, HOP_DECAY } from './hybrid';
export type { HybridEdge, HybridEntity, HybridGraph, HybridOptions, HybridResult, HybridSources, HybridWeights } from './hybrid';
