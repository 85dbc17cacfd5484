/**
 * CLI plumbing
 * ============
 * What every command shares: exit codes, the usage error, stderr logging, opening a workspace
 * and running a first (incremental) index with progress on a terminal.
 */
import { availableParallelism } from 'node:os';
import { Workspace } from '../../core/workspace';
import type { IndexReport, LogLevel, WorkspaceOptions } from '../../core/workspace';
import type { DocsConfigInput } from '../../core/docs/config';

import { UsageError } from './exit';

export { EXIT, UsageError } from './exit';
export type { ExitCode } from './exit';

const LEVELS: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/** Logs to stderr from `min` up (KG_MEMORY_LOG=debug|info|warn|error overrides). */
export function stderrLogger(min: LogLevel = 'warn'): (level: LogLevel, message: string) => void {
  const env = process.env.KG_MEMORY_LOG as LogLevel | undefined;
  const floor = LEVELS[env !== undefined && env in LEVELS ? env : min];
  return (level, message) => {
    if (LEVELS[level] >= floor) process.stderr.write(`kg-memory ${level}: ${message}\n`);
  };
}

/**
 * Indexing limits from the environment, so that an MCP client's configuration can set them:
 * KG_MEMORY_INCLUDE / KG_MEMORY_EXCLUDE (comma-separated globs, .gitignore syntax),
 * KG_MEMORY_MAX_FILE_SIZE (bytes), KG_MEMORY_MAX_FILES; and where decision records are:
 * KG_MEMORY_ADR_FOLDER (root-relative), KG_MEMORY_ADR_PATTERN (a regular expression for file names);
 * the docs: KG_MEMORY_DOCS=off, KG_MEMORY_DOCS_INCLUDE / KG_MEMORY_DOCS_EXCLUDE (globs), and vectors
 * from an OpenAI-compatible endpoint (KG_MEMORY_EMBEDDINGS_URL, KG_MEMORY_EMBEDDINGS_MODEL, the key
 * in the variable KG_MEMORY_EMBEDDINGS_KEY_ENV names, default OPENAI_API_KEY) or a local ONNX
 * export (KG_MEMORY_EMBEDDINGS_ONNX, a folder).
 */
export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): WorkspaceOptions {
  const options: WorkspaceOptions = {};
  const globs = (name: string): string[] | undefined => {
    const list = env[name]?.split(',').map((g) => g.trim()).filter(Boolean);
    return list?.length ? list : undefined;
  };
  const count = (name: string): number | undefined => {
    const raw = env[name];
    if (raw === undefined || raw === '') return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n <= 0) throw new UsageError(`${name} must be a positive whole number, not ${JSON.stringify(raw)}`);
    return n;
  };
  const include = globs('KG_MEMORY_INCLUDE');
  const exclude = globs('KG_MEMORY_EXCLUDE');
  const maxFileSize = count('KG_MEMORY_MAX_FILE_SIZE');
  const maxFiles = count('KG_MEMORY_MAX_FILES');
  if (include) options.include = include;
  if (exclude) options.exclude = exclude;
  if (maxFileSize) options.maxFileSize = maxFileSize;
  if (maxFiles) options.maxFiles = maxFiles;
  const adrFolder = env.KG_MEMORY_ADR_FOLDER?.trim();
  const adrPattern = env.KG_MEMORY_ADR_PATTERN;
  if (adrPattern) {
    try {
      new RegExp(adrPattern);
    } catch (err) {
      throw new UsageError(`KG_MEMORY_ADR_PATTERN must be a regular expression, not ${JSON.stringify(adrPattern)} (${(err as Error).message})`);
    }
  }
  if (adrFolder || adrPattern) options.decisions = { ...(adrFolder ? { adrFolder } : {}), ...(adrPattern ? { filenamePattern: adrPattern } : {}) };
  const docs = docsFromEnv(env, globs);
  if (docs) options.docs = docs;
  return options;
}

function docsFromEnv(env: NodeJS.ProcessEnv, globs: (name: string) => string[] | undefined): DocsConfigInput | undefined {
  const docs: DocsConfigInput = {};
  const switchedOff = env.KG_MEMORY_DOCS?.trim().toLowerCase();
  if (switchedOff === 'off' || switchedOff === 'false' || switchedOff === '0') docs.enabled = false;
  const include = globs('KG_MEMORY_DOCS_INCLUDE');
  const exclude = globs('KG_MEMORY_DOCS_EXCLUDE');
  if (include) docs.include = include;
  if (exclude) docs.exclude = exclude;
  const url = env.KG_MEMORY_EMBEDDINGS_URL?.trim();
  const onnx = env.KG_MEMORY_EMBEDDINGS_ONNX?.trim();
  if (url && onnx) throw new UsageError('set KG_MEMORY_EMBEDDINGS_URL or KG_MEMORY_EMBEDDINGS_ONNX, not both');
  if (url) {
    const model = env.KG_MEMORY_EMBEDDINGS_MODEL?.trim();
    if (!model) throw new UsageError('KG_MEMORY_EMBEDDINGS_URL needs KG_MEMORY_EMBEDDINGS_MODEL (the embedding model\'s name at that endpoint)');
    const apiKey = env[env.KG_MEMORY_EMBEDDINGS_KEY_ENV?.trim() || 'OPENAI_API_KEY'];
    docs.embeddings = { provider: 'openai', baseUrl: url, model, ...(apiKey ? { apiKey } : {}) };
  } else if (onnx) docs.embeddings = { provider: 'onnx', folder: onnx };
  return Object.keys(docs).length ? docs : undefined;
}

/**
 * Parse workers for a process that answers MCP calls while it indexes: one core stays free for the
 * answers (on two cores, two workers beside the server doubled its latency during a reindex).
 */
export const servingWorkers = (): number => Math.max(1, availableParallelism() - 1);

export async function openWorkspace(root: string | undefined, log = stderrLogger(), extra: Pick<WorkspaceOptions, 'warmUp' | 'workers'> = {}): Promise<Workspace> {
  const options = optionsFromEnv();
  try {
    return await Workspace.open(root ?? process.cwd(), { ...options, ...extra, log });
  } catch (err) {
    throw new UsageError(`${(err as Error).message.replace(/^kg-memory\/workspace: /, '')}; pass --root with an existing folder`);
  }
}

/** Progress "done of total" on stderr, only when stderr is a terminal. */
export function progressPrinter(): { onProgress?: (done: number, total: number) => void; finish(): void } {
  if (!process.stderr.isTTY) return { finish: () => undefined };
  let shown = false;
  return {
    onProgress: (done, total) => {
      shown = true;
      process.stderr.write(`\rindexing: ${done} of ${total} files`);
    },
    finish: () => {
      if (shown) process.stderr.write('\n');
    },
  };
}

export async function indexWithProgress(ws: Workspace, full = false): Promise<IndexReport> {
  const progress = progressPrinter();
  try {
    return await ws.index({ full, ...(progress.onProgress ? { onProgress: progress.onProgress } : {}) });
  } finally {
    progress.finish();
  }
}

export function writeJson(value: unknown, pretty = false): void {
  process.stdout.write(`${JSON.stringify(value, null, pretty ? 2 : undefined)}\n`);
}
