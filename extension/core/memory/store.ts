/**
 * Memory store
 * ============
 * The one writer of a memory file in this process. Calls are queued and run in order; the
 * queue drains in batches, so twenty concurrent writes cost one lock, one read and one
 * rewrite, and none overwrites another (the official server loses all but one of them). Each
 * batch that writes holds the cross-process lock across read-modify-write, re-reads the file
 * first if another process changed it, and is acknowledged only once the new file is on disk.
 *
 * Reads take no lock (writers replace the file atomically) but go through the same queue, so a
 * caller always reads its own acknowledged writes.
 */
import { parseMemory, serializeMemory } from './format';
import type { LineProblem } from './format';
import { backupCorrupt, readWithStamp, removeDeadTemporaries, sameStamp, stampOf, stampOfSync, writeAtomic } from './file';
import type { FileStamp } from './file';
import { MemoryGraph } from './graph';
import { withFileLock } from './lock';
import type { LockOptions } from './lock';

export type MemoryLog = (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;

export interface MemoryStoreOptions {
  lock?: LockOptions;
  /** The clock (tests fix it). */
  now?: () => Date;
  log?: MemoryLog;
}

export interface MemoryHealth {
  path: string;
  /** Lines of the file that could not be read, with their numbers; the rest loaded. */
  problems: LineProblem[];
  /** Where the file with those lines was copied before it was rewritten without them. */
  backup?: string;
}

interface Job {
  write: boolean;
  run(graph: MemoryGraph, now: string): unknown;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

export class MemoryStore {
  private graph = new MemoryGraph();
  private stamp: FileStamp | undefined;
  private loaded = false;
  /** The file text as read, while it has unreadable lines not yet copied to a backup. */
  private corruptText: string | undefined;
  private problems: LineProblem[] = [];
  private backup: string | undefined;
  private pending: Job[] = [];
  private draining = false;
  private readonly listeners = new Set<() => void>();
  private readonly now: () => Date;
  private readonly log: MemoryLog;

  constructor(
    readonly path: string,
    private readonly options: MemoryStoreOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.log = options.log ?? (() => undefined);
  }

  /** Runs `fn` over the current graph (read-only by contract: it must not change it). */
  read<T>(fn: (graph: MemoryGraph) => T): Promise<T> {
    return this.enqueue(false, (g) => fn(g));
  }

  /**
   * Like read, but when nothing is queued and the file is as we last read it, `fn` runs at once:
   * one synchronous lstat (microseconds) instead of a turn through the queue and the thread pool.
   * For the sync of the graph's memory nodes that precedes every tool call; a change by another
   * process is still seen by the very next call.
   */
  readNow<T>(fn: (graph: MemoryGraph) => T): Promise<T> {
    if (this.loaded && !this.draining && this.pending.length === 0 && sameStamp(stampOfSync(this.path), this.stamp)) {
      try {
        return Promise.resolve(fn(this.graph));
      } catch (err) {
        return Promise.reject(err);
      }
    }
    return this.read(fn);
  }

  /** Runs `fn` over the current graph and persists what it changed before resolving. */
  write<T>(fn: (graph: MemoryGraph, now: string) => T): Promise<T> {
    return this.enqueue(true, fn);
  }

  /** Called after this process changed the file, or noticed that another one did. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  health(): MemoryHealth {
    return { path: this.path, problems: [...this.problems], ...(this.backup ? { backup: this.backup } : {}) };
  }

  /** Resolves when every queued call has finished. */
  async idle(): Promise<void> {
    await this.read(() => undefined);
  }

  private enqueue<T>(write: boolean, run: (graph: MemoryGraph, now: string) => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ write, run, resolve: resolve as (v: unknown) => void, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0);
        // Callers hear back once the lock is released: an acknowledged write leaves nothing held.
        const settle = batch.some((j) => j.write)
          ? await withFileLock(`${this.path}.lock`, () => this.runBatch(batch), this.options.lock).catch((err: unknown) => this.fail(batch, err))
          : await this.runBatch(batch).catch((err: unknown) => this.fail(batch, err));
        settle?.();
      }
    } finally {
      this.draining = false;
    }
  }

  private fail(batch: Job[], err: unknown): void {
    this.log('error', `memory: ${(err as Error).message}`);
    // What is in memory may not be on disk: read the file again next time.
    this.loaded = false;
    for (const job of batch) job.reject(err);
  }

  /** Runs a batch and saves it; returns how to answer its callers. */
  private async runBatch(batch: Job[]): Promise<() => void> {
    await this.refresh();
    const before = this.graph.version;
    const now = this.now().toISOString();
    const outcomes = batch.map((job) => {
      try {
        return { ok: true as const, value: job.run(this.graph, now) };
      } catch (err) {
        return { ok: false as const, err };
      }
    });
    const changed = this.graph.version !== before;
    if (changed) await this.save();
    return () => {
      batch.forEach((job, i) => {
        const o = outcomes[i]!;
        if (o.ok) job.resolve(o.value);
        else job.reject(o.err);
      });
      if (changed) this.emit();
    };
  }

  private async refresh(): Promise<void> {
    if (this.loaded && sameStamp(await stampOf(this.path), this.stamp)) return;
    if (!this.loaded) {
      const removed = await removeDeadTemporaries(this.path);
      if (removed > 0) this.log('info', `memory: removed ${removed} temporary file(s) left by killed processes`);
    }
    const wasLoaded = this.loaded;
    const { text, stamp } = await readWithStamp(this.path);
    const parsed = parseMemory(text);
    this.graph = parsed.graph;
    this.stamp = stamp;
    this.loaded = true;
    this.problems = parsed.problems;
    this.corruptText = parsed.problems.length > 0 ? text : undefined;
    if (parsed.problems.length > 0) this.backup = undefined;
    for (const p of parsed.problems) this.log('warn', `memory: ${this.path}:${p.line}: ${p.message}; the line is left out, the rest is loaded`);
    if (wasLoaded) this.emit();
  }

  private async save(): Promise<void> {
    // A rewrite drops unreadable lines: keep them in a copy first, once per file version.
    if (this.corruptText !== undefined) {
      this.backup = await backupCorrupt(this.path, this.corruptText, this.now());
      this.corruptText = undefined;
      if (this.backup) this.log('warn', `memory: ${this.problems.length} unreadable line(s) of ${this.path} kept in ${this.backup}`);
      else this.log('warn', `memory: ${this.path} is not a file of ours: its ${this.problems.length} unreadable line(s) are not copied`);
    }
    this.stamp = await writeAtomic(this.path, serializeMemory(this.graph));
  }

  private emit(): void {
    for (const listener of this.listeners) {
      try {
        listener();
      } catch (err) {
        this.log('warn', `memory: a change listener failed: ${(err as Error).message}`);
      }
    }
  }
}
