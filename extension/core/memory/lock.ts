/**
 * Cross-process file lock
 * =======================
 * `<memory file>.lock`, created with O_EXCL, holds the owner's pid, host and time. Writers of
 * the same memory file in other processes (a second agent, the CLI, the VS Code host) take it
 * around read-modify-write, so no process overwrites another's update.
 *
 * Node has no flock, so a lock left by a killed process is recognised and taken over: its pid
 * is gone (same host), or it is older than `staleMs` (a write holds the lock for milliseconds;
 * minutes mean its owner hung or lived on another machine).
 */
import { promises as fs } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';

export interface LockOptions {
  /** Give up after this long (default 10 s). */
  timeoutMs?: number;
  /** A lock older than this is taken over whoever holds it (default 60 s). */
  staleMs?: number;
}

export class LockTimeoutError extends Error {
  constructor(path: string, holder: string) {
    super(`kg-memory/memory: ${path} is locked by ${holder}; if no kg-memory process is running, delete the lock file`);
    this.name = 'LockTimeoutError';
  }
}

interface Holder {
  pid: number;
  host: string;
  at: number;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function readHolder(path: string): Promise<{ holder?: Holder; ino: number; mtimeMs: number } | undefined> {
  try {
    const st = await fs.stat(path);
    const text = await fs.readFile(path, 'utf8');
    let holder: Holder | undefined;
    try {
      holder = JSON.parse(text) as Holder;
    } catch {
      holder = undefined; // written half-way by a killed process: judged by its age
    }
    return { ...(holder ? { holder } : {}), ino: st.ino, mtimeMs: st.mtimeMs };
  } catch {
    return undefined;
  }
}

/** Runs `fn` holding the lock file `path`; the lock is released even when `fn` throws. */
export async function withFileLock<T>(path: string, fn: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const staleMs = options.staleMs ?? 60_000;
  const me: Holder = { pid: process.pid, host: hostname(), at: Date.now() };
  const deadline = Date.now() + timeoutMs;
  let wait = 2;
  let madeDir = false;
  for (;;) {
    try {
      const handle = await fs.open(path, 'wx');
      try {
        await handle.writeFile(JSON.stringify(me));
      } finally {
        await handle.close();
      }
      break;
    } catch (err) {
      // The first write of a file whose folder does not exist yet (no snapshot written, a configured path).
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' && !madeDir) {
        await fs.mkdir(dirname(path), { recursive: true });
        madeDir = true;
        continue;
      }
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const seen = await readHolder(path);
    if (seen) {
      const h = seen.holder;
      const dead = h !== undefined && h.host === me.host && !alive(h.pid);
      const stale = Date.now() - (h?.at ?? seen.mtimeMs) > staleMs;
      if (dead || stale) {
        // Take it over only if it is still the same lock file we judged (another process may
        // have done so between our read and now).
        const again = await fs.stat(path).catch(() => undefined);
        if (again && again.ino === seen.ino) await fs.unlink(path).catch(() => undefined);
        continue;
      }
    }
    if (Date.now() > deadline) {
      const h = seen?.holder;
      throw new LockTimeoutError(path, h ? `pid ${h.pid} on ${h.host}` : 'another process');
    }
    // Jittered backoff: writes hold the lock for a few milliseconds.
    await sleep(wait + Math.random() * wait);
    wait = Math.min(wait * 2, 50);
  }
  try {
    return await fn();
  } finally {
    await fs.unlink(path).catch(() => undefined);
  }
}
