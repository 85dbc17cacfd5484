/**
 * Parse pool
 * ==========
 * Parses many files into FileFacts on worker threads (small batches in process), with progress,
 * cancellation, and a result for every file even when a parse throws or a worker dies.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { loadExtract, parseOne, type ExtractFn, type ParseResult, type ParseTask, type ParseWorkerData, type WorkerMessage, type WorkerRequest } from './parse_worker';
import { DEFAULT_MAX_FILE_BYTES } from './walk';

export type { ExtractFn, ParseResult, ParseTask } from './parse_worker';

export interface ParsePoolOptions {
  /** Default min(2, available cores); 0 parses everything in process. */
  maxWorkers?: number;
  /** Batches smaller than this are parsed in process: a worker costs ~100 ms to start. Default 64. */
  inProcessBelow?: number;
  /** Default 1 MiB. */
  maxFileBytes?: number;
  /** Extraction used in process (default: parse/extract's extractFacts, or `extractModule`'s). */
  extract?: ExtractFn;
  /** Absolute path of a module exporting `extractFacts`, loaded by the workers instead of parse/extract. */
  extractModule?: string;
  /** A file taking longer than this kills its worker and is reported as failed. Default 60 s. */
  fileTimeoutMs?: number;
  /** Workers left idle this long are stopped (they hold the grammars' memory). Default 30 s. */
  idleTimeoutMs?: number;
  /** Heap limit of a worker, so a pathological file kills the worker and not the host. Default 1024. */
  workerHeapMb?: number;
  /** Worker script; default parse_worker.js beside this module (bundle) or parse_worker.ts (source, via tsx). */
  workerScript?: string;
  onLog?: (message: string) => void;
}

export interface ParseBatchOptions {
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

interface Batch {
  tasks: readonly ParseTask[];
  results: (ParseResult | undefined)[];
  /** Index of the next task not yet handed out. */
  next: number;
  done: number;
  finished: boolean;
  onProgress?: (done: number, total: number) => void;
  resolve: (results: ParseResult[]) => void;
  reject: (err: Error) => void;
  cleanup: () => void;
}

interface Job {
  batch: Batch;
  index: number;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  /** Files handed to the worker and not answered yet, by request id (oldest first). */
  jobs: Map<number, Job>;
  /** Runs while the worker owes an answer; restarted by each answer. */
  timer?: NodeJS.Timeout;
  /** Why it is going away, when we stopped it ourselves. */
  stopping?: 'retired' | 'timeout';
  lastError?: string;
}

interface WorkerEntry {
  /** A script path, or code when `eval`. */
  script: string;
  eval: boolean;
}

/** Workers dying before they are ready this many times in a row means the script itself is broken. */
const MAX_STARTUP_FAILURES = 2;
/**
 * Files queued in each worker at once. One at a time leaves the worker idle for a round trip per
 * file, which measured ~30% slower than parsing in process; a short queue hides it.
 */
const PIPELINE_DEPTH = 4;

function findWorkerEntry(override: string | undefined): WorkerEntry | undefined {
  // __dirname is dist/ in the bundle, extension/core/index in the source tree.
  const candidates = override ? [override] : [join(__dirname, 'parse_worker.js'), join(__dirname, 'parse_worker.ts')];
  const script = candidates.find((c) => existsSync(c));
  if (!script) return undefined;
  if (!script.endsWith('.ts')) return { script, eval: false };
  // From source (tests): `--import tsx` in a worker's execArgv does not reach its entry module on
  // Node 20, so a bootstrap registers tsx's require hook and then loads the TypeScript worker.
  // createRequire, not require.resolve: the bundler must not try to resolve a dev-only package.
  const tsx = createRequire(__filename).resolve('tsx/cjs');
  return { script: `require(${JSON.stringify(tsx)}); require(${JSON.stringify(script)});`, eval: true };
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('kg-memory/parse_pool: cancelled');
}

export class ParsePool {
  private readonly maxWorkers: number;
  private readonly inProcessBelow: number;
  private readonly maxFileBytes: number;
  private readonly fileTimeoutMs: number;
  private readonly idleTimeoutMs: number;
  private readonly workerHeapMb: number;
  private readonly entry: WorkerEntry | undefined;
  private readonly slots = new Set<Slot>();
  private readonly batches: Batch[] = [];
  /** Jobs whose worker died before it started: not the file's fault, so they run again first. */
  private readonly retry: Job[] = [];
  private nextJobId = 1;
  private startupFailures = 0;
  private workersBroken = false;
  private draining = false;
  private idleTimer: NodeJS.Timeout | undefined;
  private disposing: Promise<void> | undefined;
  private localExtract: Promise<ExtractFn> | undefined;

  constructor(private readonly options: ParsePoolOptions = {}) {
    this.maxWorkers = Math.max(0, options.maxWorkers ?? Math.min(2, availableParallelism()));
    this.inProcessBelow = options.inProcessBelow ?? 64;
    this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    this.fileTimeoutMs = options.fileTimeoutMs ?? 60_000;
    this.idleTimeoutMs = options.idleTimeoutMs ?? 30_000;
    this.workerHeapMb = options.workerHeapMb ?? 1024;
    this.entry = this.maxWorkers > 0 ? findWorkerEntry(options.workerScript) : undefined;
    if (this.maxWorkers > 0 && !this.entry) this.log('no parse worker script found; parsing in process');
  }

  /** Live worker threads (for tests and status). */
  get workerCount(): number {
    return this.slots.size;
  }

  /** One result per task, in task order. Rejects only when cancelled or disposed. */
  parseFiles(tasks: readonly ParseTask[], options: ParseBatchOptions = {}): Promise<ParseResult[]> {
    if (this.disposing) return Promise.reject(new Error('kg-memory/parse_pool: the pool is disposed'));
    if (options.signal?.aborted) return Promise.reject(abortError(options.signal));
    if (tasks.length === 0) return Promise.resolve([]);
    const useWorkers = this.entry !== undefined && !this.workersBroken && tasks.length >= this.inProcessBelow;
    return useWorkers ? this.runInWorkers(tasks, options) : this.runInProcess(tasks, options);
  }

  dispose(): Promise<void> {
    if (!this.disposing) {
      if (this.idleTimer) clearTimeout(this.idleTimer);
      const err = new Error('kg-memory/parse_pool: the pool is disposed');
      for (const batch of [...this.batches]) this.fail(batch, err);
      this.retry.length = 0;
      const stops = [...this.slots].map((slot) => {
        slot.stopping = 'retired';
        if (slot.timer) clearTimeout(slot.timer);
        return slot.worker.terminate().then(() => undefined);
      });
      this.disposing = Promise.all(stops).then(() => undefined);
    }
    return this.disposing;
  }

  // ---- in process ----------------------------------------------------------------------------

  private extractInProcess(): Promise<ExtractFn> {
    if (this.options.extract) return Promise.resolve(this.options.extract);
    if (!this.localExtract) {
      this.localExtract = loadExtract(this.options.extractModule);
      this.localExtract.catch(() => (this.localExtract = undefined)); // retry on the next batch
    }
    return this.localExtract;
  }

  private async runInProcess(tasks: readonly ParseTask[], options: ParseBatchOptions): Promise<ParseResult[]> {
    const extract = this.extractInProcess();
    extract.catch(() => undefined); // reported per file by parseOne
    const results: ParseResult[] = [];
    for (const task of tasks) {
      if (options.signal?.aborted) throw abortError(options.signal);
      if (this.disposing) throw new Error('kg-memory/parse_pool: the pool is disposed');
      results.push(await parseOne(task, this.maxFileBytes, extract));
      options.onProgress?.(results.length, tasks.length);
      // Parsing is synchronous: let the host breathe between files.
      await nextTurn();
    }
    return results;
  }

  // ---- workers -------------------------------------------------------------------------------

  private runInWorkers(tasks: readonly ParseTask[], options: ParseBatchOptions): Promise<ParseResult[]> {
    return new Promise<ParseResult[]>((resolve, reject) => {
      const { signal } = options;
      const batch: Batch = {
        tasks,
        results: new Array<ParseResult | undefined>(tasks.length),
        next: 0,
        done: 0,
        finished: false,
        onProgress: options.onProgress,
        resolve,
        reject,
        cleanup: () => undefined,
      };
      if (signal) {
        const onAbort = (): void => this.fail(batch, abortError(signal));
        signal.addEventListener('abort', onAbort, { once: true });
        batch.cleanup = () => signal.removeEventListener('abort', onAbort);
      }
      this.batches.push(batch);
      if (this.idleTimer) clearTimeout(this.idleTimer);
      this.idleTimer = undefined;
      this.pump();
    });
  }

  private pendingJobs(): number {
    let n = this.retry.length;
    for (const b of this.batches) n += b.tasks.length - b.next;
    return n;
  }

  private takeJob(): Job | undefined {
    while (this.retry.length) {
      const job = this.retry.shift();
      if (job && !job.batch.finished) return job;
    }
    for (const batch of this.batches) {
      if (batch.next < batch.tasks.length) return { batch, index: batch.next++ };
    }
    return undefined;
  }

  /** Hands jobs to idle workers, starting workers as needed. */
  private pump(): void {
    if (this.disposing) return;
    if (this.workersBroken) {
      void this.drainInProcess();
      return;
    }
    const wanted = Math.min(this.maxWorkers, this.busyCount() + this.pendingJobs());
    for (let live = this.liveCount(); live < wanted; live++) this.spawn();
    for (const slot of this.slots) {
      while (!slot.stopping && slot.jobs.size < PIPELINE_DEPTH) {
        const job = this.takeJob();
        if (!job) break;
        this.assign(slot, job);
      }
    }
    this.scheduleIdle();
  }

  /** Workers not on their way out. */
  private liveCount(): number {
    let n = 0;
    for (const slot of this.slots) if (!slot.stopping) n++;
    return n;
  }

  private busyCount(): number {
    let n = 0;
    for (const slot of this.slots) if (slot.jobs.size > 0) n++;
    return n;
  }

  private spawn(): void {
    const entry = this.entry;
    if (!entry) return;
    const data: ParseWorkerData = { kgMemoryParseWorker: true, maxFileBytes: this.maxFileBytes, extractModule: this.options.extractModule };
    const worker = new Worker(entry.script, {
      eval: entry.eval,
      workerData: data,
      // The host's flags (--inspect, the test runner's) must not leak into workers.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.workerHeapMb },
    });
    const slot: Slot = { worker, ready: false, jobs: new Map() };
    this.slots.add(slot);
    worker.on('message', (msg: WorkerMessage) => this.onMessage(slot, msg));
    worker.on('error', (err: Error) => (slot.lastError = err.message));
    worker.on('exit', (code: number) => this.onExit(slot, code));
  }

  private assign(slot: Slot, job: Job): void {
    const id = this.nextJobId++;
    slot.jobs.set(id, job);
    slot.worker.ref(); // a busy worker keeps the process alive until its answers arrive
    const request: WorkerRequest = { id, task: job.batch.tasks[job.index]! };
    slot.worker.postMessage(request);
    if (!slot.timer) this.armTimer(slot);
  }

  /** A worker answers files in order: no answer within the file timeout means the oldest file hangs it. */
  private armTimer(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = setTimeout(() => {
      slot.stopping = 'timeout';
      void slot.worker.terminate();
    }, this.fileTimeoutMs);
  }

  private onMessage(slot: Slot, msg: WorkerMessage): void {
    if (msg.type === 'ready') {
      slot.ready = true;
      this.startupFailures = 0;
      return;
    }
    const job = slot.jobs.get(msg.id);
    if (!job) return; // an answer for a job given up on
    slot.jobs.delete(msg.id);
    if (slot.jobs.size > 0) this.armTimer(slot);
    else this.release(slot);
    this.complete(job, msg.result);
    this.pump();
  }

  private release(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.jobs.clear();
    slot.worker.unref();
  }

  private onExit(slot: Slot, code: number): void {
    this.slots.delete(slot);
    // Answers come in order, so the oldest unanswered file is the one the worker was on.
    const [current, ...queued] = [...slot.jobs.values()];
    const why = slot.stopping;
    this.release(slot);
    if (this.disposing) return;
    if (why === 'retired') {
      // Retired while idle; a batch may have arrived meanwhile.
    } else if (!slot.ready && why !== 'timeout') {
      // Died while starting: the script or the environment is at fault, not the file.
      if (current) this.retry.push(current);
      if (++this.startupFailures >= MAX_STARTUP_FAILURES) {
        this.workersBroken = true;
        this.log(`parse workers fail to start (${slot.lastError ?? `exit code ${code}`}); parsing in process`);
      }
    } else if (current) {
      const error =
        why === 'timeout'
          ? `kg-memory/parse_pool: parsing took longer than ${this.fileTimeoutMs} ms; the worker was stopped`
          : `kg-memory/parse_pool: the parse worker died while parsing this file (${slot.lastError ?? `exit code ${code}`})`;
      this.complete(current, { kind: 'failed', path: current.batch.tasks[current.index]!.path, error });
    }
    // Files queued behind it were never started: they go to the next worker.
    this.retry.push(...queued);
    this.pump();
  }

  /** When workers cannot start, whatever is queued is parsed here instead. */
  private async drainInProcess(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      const extract = this.extractInProcess();
      extract.catch(() => undefined);
      for (let job = this.takeJob(); job && !this.disposing; job = this.takeJob()) {
        if (job.batch.finished) continue;
        this.complete(job, await parseOne(job.batch.tasks[job.index]!, this.maxFileBytes, extract));
        await nextTurn();
      }
    } finally {
      this.draining = false;
    }
  }

  private complete(job: Job, result: ParseResult): void {
    const { batch } = job;
    if (batch.finished || batch.results[job.index]) return;
    batch.results[job.index] = result;
    batch.done++;
    batch.onProgress?.(batch.done, batch.tasks.length);
    if (batch.done === batch.tasks.length) {
      this.settle(batch);
      batch.resolve(batch.results as ParseResult[]);
    }
  }

  private fail(batch: Batch, err: Error): void {
    if (batch.finished) return;
    this.settle(batch);
    batch.reject(err);
    this.scheduleIdle();
  }

  private settle(batch: Batch): void {
    batch.finished = true;
    batch.next = batch.tasks.length; // hand out nothing more
    batch.cleanup();
    const i = this.batches.indexOf(batch);
    if (i >= 0) this.batches.splice(i, 1);
  }

  /** Idle workers hold the grammars and their parse trees' memory: stop them after a while. */
  private scheduleIdle(): void {
    if (this.disposing || this.idleTimer || this.slots.size === 0) return;
    if (this.busyCount() > 0 || this.pendingJobs() > 0) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = undefined;
      if (this.busyCount() > 0 || this.pendingJobs() > 0) return;
      for (const slot of this.slots) {
        slot.stopping = 'retired';
        void slot.worker.terminate();
      }
    }, this.idleTimeoutMs);
    this.idleTimer.unref();
  }

  private log(message: string): void {
    this.options.onLog?.(`kg-memory/parse_pool: ${message}`);
  }
}
