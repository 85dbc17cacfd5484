/**
 * Reading workspace content
 * =========================
 * The one guard every read of a workspace file goes through (sources on update, decision records
 * and instruction files, documents, config files, `source`): the file's real path (symlinks
 * followed) must lie inside the root, and it must be a regular file. A symlink out of the root is
 * refused with a reason, never read; a FIFO, socket or device is refused without being opened
 * for reading (opening a FIFO blocks until a writer comes, which would hang the index).
 *
 * The walk applies the same rules to what it lists (walk.ts); this module is for a path named
 * from elsewhere: a save, a watcher event, `reindex` with paths, a configured record folder.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, readSync, realpathSync, type Stats } from 'node:fs';
import { join, sep } from 'node:path';

export const OUTSIDE_ROOT = 'symlink outside the root';

export type FileCheck = { ok: true; real: string; size: number; mtimeMs: number } | { ok: false; missing: boolean; reason: string };

export type FileRead = { ok: true; bytes: Buffer; size: number; mtimeMs: number } | { ok: false; missing: boolean; reason: string };

/** O_NOFOLLOW and O_NONBLOCK are POSIX; Windows has neither (and no FIFOs in a folder). */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);

function errorCode(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : err instanceof Error ? err.message : String(err);
}

function isMissing(code: string): boolean {
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Whether `real` (a real path) is `realRoot` or below it. */
export function isInside(realRoot: string, real: string): boolean {
  return real === realRoot || real.startsWith(realRoot.endsWith(sep) ? realRoot : realRoot + sep);
}

/** What a non-regular entry is, for a skip reason. */
export function specialKind(st: Pick<Stats, 'isFIFO' | 'isSocket' | 'isCharacterDevice' | 'isBlockDevice' | 'isDirectory'>): string {
  if (st.isFIFO()) return 'a FIFO';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isDirectory()) return 'a folder';
  return 'not a regular file';
}

export function notRegular(st: Parameters<typeof specialKind>[0]): string {
  return `not a regular file: ${specialKind(st)}`;
}

/** The reads of one workspace root (its real path). */
export class WorkspaceFs {
  constructor(readonly root: string) {}

  /** Where a root-relative path really is, when that is inside the root. */
  resolve(rel: string): { ok: true; real: string } | { ok: false; missing: boolean; reason: string } {
    const abs = rel === '' ? this.root : join(this.root, rel);
    let real: string;
    try {
      real = realpathSync(abs);
    } catch (err) {
      const code = errorCode(err);
      if (code === 'ELOOP') return { ok: false, missing: false, reason: 'symlink loop' };
      return { ok: false, missing: isMissing(code), reason: isMissing(code) ? 'not found' : `unreadable: ${code}` };
    }
    if (!isInside(this.root, real)) return { ok: false, missing: false, reason: OUTSIDE_ROOT };
    return { ok: true, real };
  }

  /** Size and mtime of a regular file inside the root; otherwise why not (missing: gone, or never there). */
  stat(rel: string): FileCheck {
    const where = this.resolve(rel);
    if (!where.ok) return where;
    let st: Stats;
    try {
      st = lstatSync(where.real);
    } catch (err) {
      const code = errorCode(err);
      return { ok: false, missing: isMissing(code), reason: `unreadable: ${code}` };
    }
    if (!st.isFile()) return { ok: false, missing: st.isDirectory(), reason: notRegular(st) };
    return { ok: true, real: where.real, size: st.size, mtimeMs: st.mtimeMs };
  }

  /**
   * The bytes of a regular file inside the root, at most `maxBytes`. Opened without following a
   * link (the real path has none: one appearing meanwhile fails the open) and without blocking,
   * and judged by the opened file's own stat.
   */
  read(rel: string, maxBytes: number): FileRead {
    const where = this.resolve(rel);
    if (!where.ok) return where;
    return readRegularFile(where.real, maxBytes);
  }

  /** The first `bytes` bytes of a regular file inside the root (all of a smaller one), under the same guard as read(). */
  readHead(rel: string, bytes: number): FileRead {
    const where = this.resolve(rel);
    if (!where.ok) return where;
    let fd: number;
    try {
      fd = openSync(where.real, OPEN_FLAGS);
    } catch (err) {
      const code = errorCode(err);
      return { ok: false, missing: isMissing(code), reason: isMissing(code) ? 'not found' : `unreadable: ${code}` };
    }
    try {
      const st = fstatSync(fd);
      if (!st.isFile()) return { ok: false, missing: false, reason: notRegular(st) };
      const buf = Buffer.alloc(Math.min(bytes, st.size));
      const n = buf.length ? readSync(fd, buf, 0, buf.length, 0) : 0;
      return { ok: true, bytes: buf.subarray(0, n), size: st.size, mtimeMs: st.mtimeMs };
    } catch (err) {
      return { ok: false, missing: false, reason: `unreadable: ${errorCode(err)}` };
    } finally {
      closeSync(fd);
    }
  }

  /** As read(), decoded as UTF-8. */
  readText(rel: string, maxBytes: number): { ok: true; text: string } | { ok: false; missing: boolean; reason: string } {
    const r = this.read(rel, maxBytes);
    return r.ok ? { ok: true, text: r.bytes.toString('utf8') } : r;
  }
}

/** Reads a regular file by an absolute path without following a final symlink and without blocking on a FIFO. */
export function readRegularFile(abs: string, maxBytes: number): FileRead {
  let fd: number;
  try {
    fd = openSync(abs, OPEN_FLAGS);
  } catch (err) {
    const code = errorCode(err);
    if (code === 'ELOOP') return { ok: false, missing: false, reason: 'a symlink: not followed' };
    // A FIFO with no writer opens fine with O_NONBLOCK; ENXIO is a socket or an unconnected device.
    if (code === 'ENXIO') return { ok: false, missing: false, reason: 'not a regular file' };
    return { ok: false, missing: isMissing(code), reason: isMissing(code) ? 'not found' : `unreadable: ${code}` };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { ok: false, missing: false, reason: notRegular(st) };
    if (st.size > maxBytes) return { ok: false, missing: false, reason: `too large (${st.size} bytes > ${maxBytes})` };
    const bytes = readFileSync(fd);
    if (bytes.length > maxBytes) return { ok: false, missing: false, reason: `too large (${bytes.length} bytes > ${maxBytes})` };
    return { ok: true, bytes, size: st.size, mtimeMs: st.mtimeMs };
  } catch (err) {
    return { ok: false, missing: false, reason: `unreadable: ${errorCode(err)}` };
  } finally {
    closeSync(fd);
  }
}
