/**
 * Watching the workspace
 * ======================
 * Tells the workspace which files changed on disk (saves, `git checkout`, formatters, generators),
 * debounced and batched: a branch switch touching 500 files is one batch. Watches each folder that
 * holds indexed files (not recursively: a recursive watch would also watch node_modules and every
 * other excluded tree), and each new folder as it appears. Hosts with their own watcher (VS Code)
 * call Workspace.update themselves and need none of this.
 */
import { readdirSync, statSync, watch, type Dirent, type FSWatcher } from 'node:fs';
import { join, posix } from 'node:path';

export interface WatcherOptions {
  /** Quiet time before a batch is handed over (default 150 ms). */
  debounceMs?: number;
  /** Folders (root-relative) never to watch, e.g. excluded ones. */
  ignoreDir?: (rel: string) => boolean;
  onError?: (message: string) => void;
}

export class FolderWatcher {
  private readonly watchers = new Map<string, FSWatcher>();
  private pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly root: string,
    private readonly onBatch: (paths: string[]) => void,
    private readonly options: WatcherOptions = {},
  ) {}

  /** Watches these root-relative folders ('' is the root); already watched ones are left alone. */
  add(dirs: Iterable<string>): void {
    for (const dir of dirs) this.watchDir(dir);
  }

  get size(): number {
    return this.watchers.size;
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
  }

  private watchDir(dir: string): void {
    if (this.closed || this.watchers.has(dir) || (dir !== '' && this.options.ignoreDir?.(dir))) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(dir === '' ? this.root : join(this.root, dir), { persistent: false }, (_event, name) => {
        if (name) this.changed(dir === '' ? String(name) : `${dir}/${String(name)}`);
      });
    } catch (err) {
      this.options.onError?.(`cannot watch ${dir || '.'}: ${(err as Error).message}`);
      return;
    }
    watcher.on('error', () => {
      // The folder went away (deleted, renamed): its files are reported through the parent.
      watcher.close();
      this.watchers.delete(dir);
    });
    this.watchers.set(dir, watcher);
  }

  private changed(rel: string): void {
    let isDir = false;
    try {
      isDir = statSync(join(this.root, rel)).isDirectory();
    } catch {
      // gone: reported as a changed path, which the workspace reads as deleted
    }
    if (isDir) this.adopt(rel);
    else this.pending.add(rel);
    if (this.watchers.has(rel) && !isDir) {
      // A watched folder was removed: everything indexed under it is reported by the host's diff.
      this.watchers.get(rel)?.close();
      this.watchers.delete(rel);
      this.pending.add(`${rel}/`);
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), this.options.debounceMs ?? 150);
    this.timer.unref();
  }

  /** A new folder: watch it and everything below it, and report the files already in it. */
  private adopt(dir: string): void {
    const stack = [dir];
    for (let n = 0; stack.length && n < 10_000; n++) {
      const d = stack.pop()!;
      if (this.options.ignoreDir?.(d)) continue;
      this.watchDir(d);
      let entries: Dirent[];
      try {
        entries = readdirSync(join(this.root, d), { withFileTypes: true });
      } catch {
        continue;
      }
      for (const e of entries) {
        const rel = posix.join(d, e.name);
        if (e.isDirectory()) stack.push(rel);
        else if (e.isFile()) this.pending.add(rel);
      }
    }
  }

  private flush(): void {
    this.timer = undefined;
    if (this.closed || this.pending.size === 0) return;
    const batch = [...this.pending].sort();
    this.pending = new Set();
    this.onBatch(batch);
  }
}
