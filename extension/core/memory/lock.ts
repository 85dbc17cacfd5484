/**
 * Cross-process file lock
 * =======================
 * `<memory file>.lock` holds the owner's pid, host and time. Writers of the same memory file in
 * other processes (a second agent, the CLI, the VS Code host) take it around read-modify-write,
 * so no process overwrites another's update.
 *
 * Node has no flock, so a lock left by a killed process must be recognised and taken over, at
 * once. The lock is born whole: the holder is written to a temporary file that is then linked
 * to the lock's name (link(2) fails if the name exists, so it is as exclusive as O_EXCL, and a
 * process killed at any moment leaves either no lock or a complete one). A lock is stale when
 *  - its pid is gone on this host,
 *  - its timestamp is in the future (a clock jump or a forged file: nobody can be writing then),
 *  - it is empty or unreadable and older than a second (written by a version without the link,
 *    or on a file system without hard links, by a process killed between create and write),
 *  - or it is older than `staleMs` (a write holds it for milliseconds; another host's lock is
 *    judged by this rule only, since its pid cannot be checked from here).
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { removeDeadTemporaries } from './file';

export interface LockOptions {
  /** Give up after this long (default 10 s). */
  timeoutMs?: number;
  /** A lock older than this is taken over whoever holds it (default 60 s). */
  staleMs?: number;
}

/** An empty or unparsable lock older than this was left by a process killed while writing it. */
export const UNREADABLE_STALE_MS = 1000;
/** Timestamps this far ahead are still clock noise between processes, not the future. */
const CLOCK_SLACK_MS = 2000;

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

function parseHolder(text: string): Holder | undefined {
  try {
    const h = JSON.parse(text) as Partial<Holder> | null;
    if (h && Number.isInteger(h.pid) && typeof h.host === 'string' && typeof h.at === 'number') return h as Holder;
  } catch {
    // judged by its age below
  }
  return undefined;
}

interface Seen {
  holder?: Holder;
  ino: number;
  mtimeMs: number;
}

async function readHolder(path: string): Promise<Seen | undefined> {
  try {
    const st = await fs.stat(path);
    const holder = parseHolder(await fs.readFile(path, 'utf8'));
    return { ...(holder ? { holder } : {}), ino: st.ino, mtimeMs: st.mtimeMs };
  } catch {
    return undefined;
  }
}

/** Why the lock `seen` may be taken over now, or undefined while its holder may still be writing. */
export function staleReason(seen: Seen, now: number, staleMs: number, host = hostname()): string | undefined {
  const h = seen.holder;
  if (!h) return now - seen.mtimeMs > UNREADABLE_STALE_MS ? 'empty or unreadable' : undefined;
  if (h.host === host && !alive(h.pid)) return `pid ${h.pid} is gone`;
  if (h.at > now + CLOCK_SLACK_MS) return 'its time is in the future';
  if (now - h.at > staleMs) return `older than ${staleMs} ms`;
  return undefined;
}

const LINK_UNSUPPORTED = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EXDEV', 'ENOSYS']);

/**
 * Creates the lock whole, or throws EEXIST when someone holds it. A process killed before the
 * link leaves `<lock>.<pid>.<hex>.tmp`, removed by the next holder.
 */
async function create(path: string, me: Holder): Promise<void> {
  const temp = join(dirname(path), `${basename(path)}.${me.pid}.${randomBytes(6).toString('hex')}.tmp`);
  await fs.writeFile(temp, JSON.stringify(me), { flag: 'wx' });
  try {
    await fs.link(temp, path);
  } catch (err) {
    if (!LINK_UNSUPPORTED.has((err as NodeJS.ErrnoException).code ?? '')) throw err;
    // No hard links here (some network and FAT file systems): create and write, and rely on
    // the one-second rule for a lock left empty by a kill between the two.
    const handle = await fs.open(path, 'wx');
    try {
      await handle.writeFile(JSON.stringify(me));
    } finally {
      await handle.close();
    }
  } finally {
    await fs.unlink(temp).catch(() => undefined);
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
      me.at = Date.now();
      await create(path, me);
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
    if (seen && staleReason(seen, Date.now(), staleMs, me.host) !== undefined) {
      // Take it over only if it is still the same lock file we judged (another process may
      // have done so between our read and now).
      const again = await fs.stat(path).catch(() => undefined);
      if (again && again.ino === seen.ino) await fs.unlink(path).catch(() => undefined);
      continue;
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
    // Next to an fsync'ed rewrite, one readdir is nothing; killed writers leave no litter.
    await removeDeadTemporaries(path);
    return await fn();
  } finally {
    await fs.unlink(path).catch(() => undefined);
  }
}
