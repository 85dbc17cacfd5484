/**
 * State snapshots
 * ===============
 * Persists the index's state as JSON files in the state folder (state_dir.ts), written atomically
 * and read back defensively: a damaged snapshot is a reason to rebuild, never a crash.
 */
import { promises as fsp } from 'node:fs';
import { join } from 'node:path';
import { removeDeadTemporaries } from '../memory/file';
import { checkStateName, ensureStateDir, openStateFile, readStateFileSync, stateDir, writeFileAtomic } from './state_dir';

export const SNAPSHOT_FORMAT = 'kg-memory-snapshot';

export type SnapshotFailure = 'missing' | 'unreadable' | 'truncated' | 'corrupt' | 'wrong-format' | 'wrong-version';

export type SnapshotReadResult =
  | { ok: true; data: unknown; writtenAt: string; bytes: number }
  | { ok: false; code: SnapshotFailure; reason: string };

export interface SnapshotWriteResult {
  path: string;
  bytes: number;
}

function errorCode(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : err instanceof Error ? err.message : String(err);
}

export function snapshotPath(root: string, name: string): string {
  checkStateName(name);
  return join(stateDir(root), `${name}.json`);
}

export async function writeSnapshot(root: string, name: string, data: unknown, formatVersion: number): Promise<SnapshotWriteResult> {
  checkStateName(name);
  const path = join(await ensureStateDir(root), `${name}.json`);
  // The header fields come first so a reader can reject another version without parsing the rest.
  // Serialised in slices: a host answering queries meanwhile is not held up for the whole snapshot.
  const json = await stringifyInSlices({ format: SNAPSHOT_FORMAT, formatVersion, writtenAt: new Date().toISOString(), data }, SLICED_DEPTH);
  if (json === undefined) throw new Error('kg-memory/snapshot: data cannot be written as JSON');
  const bytes = await writeFileAtomic(path, `${json}\n`, 0o644);
  // Temporaries of processes killed mid-write (graph.json.<pid>.<hex>.tmp) would stay forever.
  await removeDeadTemporaries(path);
  return { path, bytes };
}

/** Down to the per-file entries of a snapshot (header → data → state → facts → one file's facts). */
const SLICED_DEPTH = 5;

/**
 * JSON.stringify's text of plain JSON data, made `depth` levels down piece by piece with a turn
 * of the event loop every `sliceMs`: below that depth each value is one JSON.stringify call.
 * (No streaming JSON writer in the dependencies does this; the snapshot's shape needs only this much.)
 */
export async function stringifyInSlices(value: unknown, depth: number, sliceMs = 10): Promise<string | undefined> {
  const parts: string[] = [];
  let sliceStart = performance.now();
  const skipped = (v: unknown): boolean => v === undefined || typeof v === 'function' || typeof v === 'symbol';
  const write = async (v: unknown, d: number): Promise<void> => {
    if (d === 0 || v === null || typeof v !== 'object' || typeof (v as { toJSON?: unknown }).toJSON === 'function') {
      parts.push(JSON.stringify(v) ?? 'null');
      if (performance.now() - sliceStart > sliceMs) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
      return;
    }
    if (Array.isArray(v)) {
      parts.push('[');
      for (let i = 0; i < v.length; i++) {
        if (i > 0) parts.push(',');
        if (skipped(v[i])) parts.push('null');
        else await write(v[i], d - 1);
      }
      parts.push(']');
      return;
    }
    parts.push('{');
    let first = true;
    for (const [key, item] of Object.entries(v)) {
      if (skipped(item)) continue;
      parts.push(first ? '' : ',', JSON.stringify(key), ':');
      first = false;
      await write(item, d - 1);
    }
    parts.push('}');
  };
  if (skipped(value)) return undefined;
  await write(value, depth);
  return parts.join('');
}

const HEADER = /^\{"format":("(?:[^"\\]|\\.)*"),"formatVersion":(-?\d+(?:\.\d+)?),/;
const HEADER_PROBE_BYTES = 200;

/** A failure when the header names another format or version; undefined when it is ours or absent. */
function checkHeader(path: string, start: string, formatVersion: number): SnapshotReadResult | undefined {
  const head = HEADER.exec(start);
  if (!head) return undefined; // judged after the full parse
  const format = JSON.parse(head[1]!) as string;
  if (format !== SNAPSHOT_FORMAT) return { ok: false, code: 'wrong-format', reason: `${path} is not a kg-memory snapshot (format ${JSON.stringify(format)})` };
  const version = Number(head[2]);
  if (version !== formatVersion) return { ok: false, code: 'wrong-version', reason: `${path} has format version ${version}, expected ${formatVersion}` };
  return undefined;
}

export async function readSnapshot(root: string, name: string, formatVersion: number): Promise<SnapshotReadResult> {
  const path = snapshotPath(root, name);
  let raw: Buffer;
  try {
    // Not through a symlink, not a FIFO: a repository could ship either in place of a snapshot.
    const handle = await openStateFile(path);
    try {
      // Cheap checks on the header first: a snapshot of another version is not worth reading.
      const probe = Buffer.alloc(HEADER_PROBE_BYTES);
      const { bytesRead } = await handle.read(probe, 0, probe.length, 0);
      const early = checkHeader(path, probe.toString('utf8', 0, bytesRead), formatVersion);
      if (early) return early;
      const size = (await handle.stat()).size;
      raw = Buffer.allocUnsafe(size);
      let offset = 0;
      while (offset < size) {
        const { bytesRead: n } = await handle.read(raw, offset, size - offset, offset);
        if (n === 0) break; // shrank meanwhile: what was read is judged below
        offset += n;
      }
      raw = raw.subarray(0, offset);
    } finally {
      await handle.close();
    }
  } catch (err) {
    const code = errorCode(err);
    if (code === 'ENOENT') return { ok: false, code: 'missing', reason: `no snapshot at ${path}` };
    return { ok: false, code: 'unreadable', reason: `cannot read ${path}: ${code}` };
  }
  return parseSnapshot(path, raw, formatVersion);
}

/** The snapshot in these bytes, judged as readSnapshot judges it. */
function parseSnapshot(path: string, raw: Buffer, formatVersion: number): SnapshotReadResult {
  const bytes = raw.length;
  const text = raw.toString('utf8');
  if (text.length === 0) return { ok: false, code: 'truncated', reason: `${path} is empty` };
  const head = HEADER.exec(text.slice(0, HEADER_PROBE_BYTES));

  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    // What we write starts with our header and ends with a newline: a file with the header and no
    // newline was cut short (crash, full disk, partial copy).
    const truncated = (head !== null && !text.endsWith('\n')) || /end of (JSON )?input/i.test(message);
    return truncated
      ? { ok: false, code: 'truncated', reason: `${path} is truncated (${bytes} bytes): ${message}` }
      : { ok: false, code: 'corrupt', reason: `${path} is not valid JSON: ${message}` };
  }

  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, code: 'wrong-format', reason: `${path} is not a kg-memory snapshot` };
  }
  const envelope = parsed as Record<string, unknown>;
  if (envelope.format !== SNAPSHOT_FORMAT) return { ok: false, code: 'wrong-format', reason: `${path} is not a kg-memory snapshot` };
  if (envelope.formatVersion !== formatVersion) {
    return { ok: false, code: 'wrong-version', reason: `${path} has format version ${String(envelope.formatVersion)}, expected ${formatVersion}` };
  }
  if (!('data' in envelope)) return { ok: false, code: 'corrupt', reason: `${path} holds no data` };
  return { ok: true, data: envelope.data, writtenAt: typeof envelope.writtenAt === 'string' ? envelope.writtenAt : '', bytes };
}

/**
 * readSnapshot without awaiting: for a reader that needs the data on a synchronous path (the docs'
 * snapshot, read when something first asks for the documents). Opened as openStateFile opens.
 */
export function readSnapshotSync(root: string, name: string, formatVersion: number): SnapshotReadResult {
  const path = snapshotPath(root, name);
  let raw: Buffer;
  try {
    raw = readStateFileSync(path);
  } catch (err) {
    const code = errorCode(err);
    if (code === 'ENOENT') return { ok: false, code: 'missing', reason: `no snapshot at ${path}` };
    return { ok: false, code: 'unreadable', reason: `cannot read ${path}: ${code}` };
  }
  const early = checkHeader(path, raw.toString('utf8', 0, Math.min(raw.length, HEADER_PROBE_BYTES)), formatVersion);
  return early ?? parseSnapshot(path, raw, formatVersion);
}

export async function removeSnapshot(root: string, name: string): Promise<void> {
  await fsp.rm(snapshotPath(root, name), { force: true });
}
