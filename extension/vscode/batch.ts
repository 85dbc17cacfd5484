/**
 * Update batches
 * ==============
 * Collects the files a folder's watcher and saves report, and hands them over as one batch once
 * the stream goes quiet (~300 ms), or after at most ~2 s under a constant stream: a branch switch
 * that touches 500 files is one update, not 500. One batch runs at a time per folder; what
 * arrives meanwhile waits for the next. Knows nothing of VS Code, so it is unit-tested alone.
 */
import { CONFIG_FILE_PATTERNS, isConfigFileName, SOURCE_EXTENSIONS, SOURCE_FILE_NAMES } from '../core/parse/languages';

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

export interface BatcherOptions {
  /** Quiet time before a batch goes (default 300 ms). */
  quietMs?: number;
  /** Longest wait for the first item of a batch under a constant stream (default 2000 ms). */
  maxWaitMs?: number;
  timers?: Timers;
}

export class UpdateBatcher<T> {
  private pending = new Map<string, T>();
  private firstAt = 0;
  private timer: unknown;
  private running: Promise<void> | undefined;
  /** The timer fired while a batch ran: go as soon as it ends. */
  private due = false;
  private disposed = false;
  private readonly quietMs: number;
  private readonly maxWaitMs: number;
  private readonly timers: Timers;

  /**
   * `key` names an item for de-duplication (a save and a watcher event for one file are one entry);
   * `run` applies a batch. A failing run is the caller's to log: the batcher goes on.
   */
  constructor(
    private readonly key: (item: T) => string,
    private readonly run: (items: T[]) => Promise<unknown>,
    options: BatcherOptions = {},
  ) {
    this.quietMs = options.quietMs ?? 300;
    this.maxWaitMs = options.maxWaitMs ?? 2000;
    this.timers = options.timers ?? realTimers;
  }

  /** Items waiting for the next batch. */
  get size(): number {
    return this.pending.size;
  }

  /**
   * Queues an item. `quietMs` shortens the wait for items a person is waiting on (a save), while a
   * burst of them (save all) still coalesces into one batch.
   */
  add(item: T, quietMs = this.quietMs): void {
    if (this.disposed) return;
    const now = this.timers.now();
    if (this.pending.size === 0) this.firstAt = now;
    const k = this.key(item);
    // Re-inserted so the batch keeps the latest item for a key, in arrival order.
    this.pending.delete(k);
    this.pending.set(k, item);
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    const wait = Math.max(0, Math.min(quietMs, this.firstAt + this.maxWaitMs - now));
    this.timer = this.timers.setTimeout(() => this.fire(), wait);
  }

  /** Sends what is pending now (after the running batch, if any) and resolves when all is applied. */
  async flush(): Promise<void> {
    while (!this.disposed && (this.running || this.pending.size > 0)) {
      if (this.running) await this.running;
      else this.fire();
    }
  }

  /** Drops what is pending; a running batch finishes on its own. */
  dispose(): void {
    this.disposed = true;
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
  }

  private fire(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    if (this.disposed || this.pending.size === 0) return;
    if (this.running) {
      this.due = true;
      return;
    }
    const items = [...this.pending.values()];
    this.pending.clear();
    this.running = this.run(items)
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        this.running = undefined;
        if (this.due) {
          this.due = false;
          this.fire();
        }
      });
  }
}

// ---- what the watchers pass on ---------------------------------------------------------------

/**
 * One glob for a FileSystemWatcher (flat braces: the glob matcher does not nest them): the files the
 * index reads, by extension or whole name (Rakefile), and the config files that change how imports
 * resolve (the registry's: tsconfig*.json, go.mod, Cargo.toml, *.csproj …).
 */
export const WATCH_GLOB = `**/{${[...SOURCE_EXTENSIONS.map((e) => `*.${e}`), ...SOURCE_FILE_NAMES, ...CONFIG_FILE_PATTERNS].join(',')}}`;

const SOURCE_RE = new RegExp(`\\.(${SOURCE_EXTENSIONS.join('|')})$`);
const SKIPPED_DIRS = new Set(['.kg-memory', 'node_modules', '.git']);

/** A root-relative path ('/'-separated) under a folder the watchers ignore. */
export function isSkippedPath(rel: string): boolean {
  return rel.split('/').some((part) => SKIPPED_DIRS.has(part));
}

/** A source or config file by its name. */
export function isWatchedFile(rel: string): boolean {
  const name = rel.slice(rel.lastIndexOf('/') + 1);
  return SOURCE_RE.test(name) || SOURCE_FILE_NAMES.includes(name) || isConfigFileName(name);
}

/** Every folder that holds one of `paths` ('/'-separated), with its parents; not the root. */
export function foldersOf(paths: Iterable<string>): Set<string> {
  const dirs = new Set<string>();
  for (const p of paths) {
    for (let i = p.lastIndexOf('/'); i > 0; i = p.lastIndexOf('/', i - 1)) {
      const d = p.slice(0, i);
      if (dirs.has(d)) break;
      dirs.add(d);
    }
  }
  return dirs;
}
