/**
 * Memory file I/O
 * ===============
 * Reading with a stamp (size, mtime, inode) so a store can tell cheaply whether another process
 * wrote the file, and crash-safe writing: a temporary file in the same folder, fsync, rename over
 * the target, fsync of the folder. rename(2) is atomic, so a reader or a process killed at any
 * moment sees the old file or the new one, never half of one.
 *
 * The file is never followed through a symlink (a repository can ship `memory.jsonl -> /etc/passwd`):
 * it is read with O_NOFOLLOW, and a write renames a new file over the link. A backup of
 * unreadable lines is made only of a regular file of ours.
 */
import { randomBytes } from 'node:crypto';
import { lstatSync, promises as fs } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { openStateFile } from '../index/state_dir';

export interface FileStamp {
  size: number;
  mtimeMs: number;
  ino: number;
}

export function sameStamp(a: FileStamp | undefined, b: FileStamp | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino;
}

/** The file's stamp, or undefined when it does not exist. */
export async function stampOf(path: string): Promise<FileStamp | undefined> {
  try {
    const st = await fs.lstat(path);
    return { size: st.size, mtimeMs: st.mtimeMs, ino: st.ino };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** stampOf without the thread pool, for a check on every tool call; undefined also when it cannot be read (the queued read then says why). */
export function stampOfSync(path: string): FileStamp | undefined {
  const st = lstatSync(path, { throwIfNoEntry: false });
  return st ? { size: st.size, mtimeMs: st.mtimeMs, ino: st.ino } : undefined;
}

/** Text and stamp read together; a missing file is empty. Retries if the file changed while read. */
export async function readWithStamp(path: string): Promise<{ text: string; stamp: FileStamp | undefined }> {
  for (let attempt = 0; ; attempt++) {
    const before = await stampOf(path);
    if (before === undefined) return { text: '', stamp: undefined };
    let text: string;
    try {
      const handle = await openStateFile(path);
      try {
        text = await handle.readFile('utf8');
      } finally {
        await handle.close();
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw new Error(`memory: ${(err as Error).message}`, { cause: err });
    }
    const after = await stampOf(path);
    if (sameStamp(before, after) || attempt >= 3) return { text, stamp: after };
  }
}

/** Replaces `path` with `text` atomically and durably; returns the new stamp. */
export async function writeAtomic(path: string, text: string): Promise<FileStamp | undefined> {
  const dir = dirname(path);
  await fs.mkdir(dir, { recursive: true });
  // The pid in the name lets a later start remove temporaries of processes that died mid-write.
  const temp = join(dir, `${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await fs.open(temp, 'w', 0o644);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, path);
  } catch (err) {
    await fs.unlink(temp).catch(() => undefined);
    throw err;
  }
  await syncDir(dir);
  return stampOf(path);
}

async function syncDir(dir: string): Promise<void> {
  // Makes the rename itself durable; not every platform can open a folder, which is fine.
  try {
    const handle = await fs.open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Windows, some network file systems
  }
}

/** Removes `<file>.<pid>.<hex>.tmp` files left by processes that no longer run. */
export async function removeDeadTemporaries(path: string): Promise<number> {
  const dir = dirname(path);
  const prefix = `${basename(path)}.`;
  let removed = 0;
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    const pid = Number(name.slice(prefix.length).split('.')[0]);
    if (!Number.isInteger(pid) || pid === process.pid || pidAlive(pid)) continue;
    await fs.unlink(join(dir, name)).then(() => removed++, () => undefined);
  }
  return removed;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Keeps a copy of a file with unreadable lines before it is rewritten without them; undefined
 * (no copy) when the file is not ours: not a regular file, a symlink, or another user's.
 */
export async function backupCorrupt(path: string, text: string, now: Date): Promise<string | undefined> {
  const st = await fs.lstat(path).catch(() => undefined);
  if (!st?.isFile() || (typeof process.getuid === 'function' && st.uid !== process.getuid())) return undefined;
  const copy = `${path}.corrupt-${now.toISOString().replace(/[:.]/g, '-')}`;
  await fs.writeFile(copy, text, { encoding: 'utf8', flag: 'wx', mode: 0o600 }).catch(async (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EEXIST') throw err;
  });
  return copy;
}
