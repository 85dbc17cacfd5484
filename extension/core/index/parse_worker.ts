/**
 * Parse worker
 * ============
 * One file → its facts (or why not), both in a worker thread started by ParsePool and in process.
 * The worker reads the file itself so the main thread never ships file contents.
 */
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { FileFacts, LanguageId } from '../parse/facts';
import { languageForPath } from '../parse/languages';
import { readSourceFile } from './read_source';

/** parse/extract's `extractFacts`, or a stand-in with the same shape. */
export type ExtractFn = (path: string, source: string, language: LanguageId, hash: string) => Promise<FileFacts> | FileFacts;

export interface ParseTask {
  /** Root-relative, forward slashes: becomes FileFacts.path. */
  path: string;
  absPath: string;
  /** Defaults to the language of the path's extension. */
  language?: LanguageId;
  /** Hash of the cached facts: when the content still has it, the file is not parsed again. */
  knownHash?: string;
}

export type ParseResult =
  | { kind: 'facts'; path: string; facts: FileFacts; lossy: boolean }
  | { kind: 'unchanged'; path: string; hash: string }
  | { kind: 'skipped'; path: string; reason: string }
  | { kind: 'failed'; path: string; error: string };

/** workerData of a parse worker. */
export interface ParseWorkerData {
  kgMemoryParseWorker: true;
  maxFileBytes: number;
  /** Absolute path of a module exporting `extractFacts`; parse/extract when absent. */
  extractModule?: string;
}

export type WorkerMessage = { type: 'ready' } | { type: 'result'; id: number; result: ParseResult };
export interface WorkerRequest {
  id: number;
  task: ParseTask;
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function findExtract(mod: unknown): ExtractFn | undefined {
  if (typeof mod !== 'object' || mod === null) return undefined;
  const named = (mod as { extractFacts?: unknown }).extractFacts;
  if (typeof named === 'function') return named as ExtractFn;
  // A CommonJS module imported from ESM arrives as `default`.
  return findExtract((mod as { default?: unknown }).default);
}

function defaultExtractModule(): unknown {
  // require, not import(): in a worker started from source (tests), tsx's require hook is active but
  // its import() resolution is not, so `import('../parse/extract')` would not find the .ts file.
  // esbuild bundles this call like an import.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('../parse/extract');
}

/** Loaded lazily: parse/extract pulls in the grammars, which only the parsing side needs. */
export async function loadExtract(modulePath?: string): Promise<ExtractFn> {
  const mod: unknown = modulePath ? await import(pathToFileURL(modulePath).href) : defaultExtractModule();
  const fn = findExtract(mod);
  if (!fn) throw new Error(`kg-memory/parse_worker: ${modulePath ?? 'parse/extract'} exports no extractFacts function`);
  return fn;
}

/**
 * Files above this are never parsed, whatever the configured size limit: tree-sitter's
 * WebAssembly heap grows to some 45 times the source, and a 50 MB file aborted the parser after
 * 2.2 GB. Checked on the file's size before a byte is read.
 */
export const PARSE_HARD_LIMIT_BYTES = 8 * 1024 * 1024;

/** Never throws: every outcome is a result, so one bad file cannot sink a batch. */
export async function parseOne(task: ParseTask, maxFileBytes: number, extract: ExtractFn | Promise<ExtractFn>): Promise<ParseResult> {
  const { path } = task;
  try {
    const language = task.language ?? languageForPath(path);
    if (!language) return { kind: 'skipped', path, reason: 'not a supported language' };
    const hardLimited = maxFileBytes > PARSE_HARD_LIMIT_BYTES;
    const read = await readSourceFile(task.absPath, Math.min(maxFileBytes, PARSE_HARD_LIMIT_BYTES));
    if (!read.ok) {
      const reason = hardLimited && read.reason.startsWith('too large') ? `${read.reason}: the parser's own limit, whatever the configured maxFileSize` : read.reason;
      return { kind: 'skipped', path, reason };
    }
    if (task.knownHash === read.hash) return { kind: 'unchanged', path, hash: read.hash };
    const facts = await (await extract)(path, read.text, language, read.hash);
    return { kind: 'facts', path, facts, lossy: read.lossy };
  } catch (err) {
    return { kind: 'failed', path, error: message(err) };
  }
}

function isParseWorkerData(data: unknown): data is ParseWorkerData {
  return typeof data === 'object' && data !== null && (data as { kgMemoryParseWorker?: unknown }).kgMemoryParseWorker === true;
}

function serve(port: NonNullable<typeof parentPort>, data: ParseWorkerData): void {
  const extract = loadExtract(data.extractModule);
  // A failed load is reported per file by parseOne; do not let it count as unhandled.
  extract.catch(() => undefined);
  // Strictly one file after another, answered in order: the pool queues a few files per worker and
  // counts on the oldest unanswered one being the file in hand when a worker dies or hangs.
  let queue: Promise<void> = Promise.resolve();
  port.on('message', (request: WorkerRequest) => {
    queue = queue.then(async () => {
      const result = await parseOne(request.task, data.maxFileBytes, extract);
      const reply: WorkerMessage = { type: 'result', id: request.id, result };
      port.postMessage(reply);
    });
  });
  const ready: WorkerMessage = { type: 'ready' };
  port.postMessage(ready);
}

// Only when started by ParsePool; importing this module (the pool does, for parseOne) runs nothing.
if (!isMainThread && parentPort && isParseWorkerData(workerData)) serve(parentPort, workerData);
