/**
 * Docs settings
 * =============
 * Which files are documents (globs in gitignore syntax, so `*.md` matches at any depth), how big
 * one may be, and how retrieval ranks. Every field has a default, so a host passes only what its
 * user changed. Files outside the workspace are never read: the walk stays inside the root, and
 * an explicit path outside it is refused by the Workspace before it gets here.
 */
import ignore, { type Ignore } from 'ignore';

/** Where vectors come from, when they are on: never required, never downloaded. */
export type EmbeddingsConfig =
  | { provider: 'openai'; baseUrl: string; model: string; apiKey?: string }
  | { provider: 'onnx'; folder: string };

export interface DocsConfig {
  enabled: boolean;
  embeddings?: EmbeddingsConfig;
  include: string[];
  exclude: string[];
  /** Bytes; a larger document is skipped with a reason (PDFs run larger than source files). */
  maxFileSize: number;
  /** Re-rank weights of hybrid retrieval: semantic (fused lexical/vector), hop, relation. */
  weights: { semantic: number; hop: number; relation: number };
}

export interface DocsConfigInput {
  enabled?: boolean;
  embeddings?: EmbeddingsConfig;
  include?: readonly string[];
  exclude?: readonly string[];
  maxFileSize?: number;
  weights?: Partial<DocsConfig['weights']>;
}

/** Markdown and text across the workspace, plus every supported format under docs/. */
export const DEFAULT_DOC_INCLUDE: readonly string[] = [
  '*.md',
  '*.markdown',
  '*.mdx',
  '*.txt',
  'docs/**/*.html',
  'docs/**/*.htm',
  'docs/**/*.pdf',
  'docs/**/*.docx',
  'doc/**/*.html',
  'doc/**/*.pdf',
  'doc/**/*.docx',
];

/** Text files that are lists, not prose. */
export const DEFAULT_DOC_EXCLUDE: readonly string[] = [
  'requirements*.txt',
  'constraints*.txt',
  'CMakeLists.txt',
  'robots.txt',
  '*.lock.txt',
  'third_party_licenses.txt',
];

export const DEFAULT_DOC_MAX_BYTES = 20 * 1024 * 1024;

export function docsConfig(input: DocsConfigInput = {}): DocsConfig {
  return {
    enabled: input.enabled ?? true,
    ...(input.embeddings ? { embeddings: input.embeddings } : {}),
    include: [...(input.include?.length ? input.include : DEFAULT_DOC_INCLUDE)],
    exclude: [...DEFAULT_DOC_EXCLUDE, ...(input.exclude ?? [])],
    maxFileSize: input.maxFileSize ?? DEFAULT_DOC_MAX_BYTES,
    weights: { semantic: 0.7, hop: 0.2, relation: 0.1, ...(input.weights ?? {}) },
  };
}

/** Whether a root-relative path is a document under this configuration (the path alone decides). */
export function docMatcher(config: DocsConfig): (rel: string) => boolean {
  if (!config.enabled) return () => false;
  const ignoreCase = process.platform === 'win32' || process.platform === 'darwin';
  const include: Ignore = ignore({ ignorecase: ignoreCase }).add(config.include);
  const exclude: Ignore = ignore({ ignorecase: ignoreCase }).add(config.exclude);
  return (rel) => include.ignores(rel) && !exclude.ignores(rel);
}
