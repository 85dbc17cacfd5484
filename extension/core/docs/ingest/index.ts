/**
 * Docs ingestion
 * ==============
 * A file's bytes → DocFacts (structured blocks with source lines, secrets redacted) → Chunk[]
 * (structure-following, with a prelude, lines and a content hash), and the near-duplicate index
 * that tells the chunker which paragraphs another document already holds.
 */
export { chunkDocument, type ChunkOptions } from './chunk';
export { extractDocument } from './extract';
export { detectFormat, DocSkipError, MAX_DOC_BYTES, MAX_PDF_PAGES } from './format';
export { NearDuplicateIndex, simhash64, hammingDistance } from './near_duplicates';
export { redactSecrets, type Redaction } from './redact';
export { estimateTokens } from './tokens';
