/**
 * Source reading
 * ==============
 * Bytes on disk → text to parse: rejects binary and oversize files, decodes UTF-8 (BOM or not) and
 * UTF-16 (by BOM), and hashes the raw bytes.
 */
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { notRegular } from './workspace_fs';
import { createHash } from 'node:crypto';

export type SourceEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be';

export type ReadSourceResult =
  | {
      ok: true;
      /** Decoded text, BOM removed. */
      text: string;
      /** sha256 hex of the raw bytes (same format as parse/extract's contentHash). */
      hash: string;
      /** Bytes on disk. */
      size: number;
      encoding: SourceEncoding;
      /** Some bytes were not valid in the encoding and became U+FFFD. */
      lossy: boolean;
    }
  | { ok: false; reason: string };

export type DecodeResult = { binary: true } | { binary: false; text: string; encoding: SourceEncoding; lossy: boolean };

/** Git's heuristic: a NUL byte in the first 8 KiB means binary. */
const BINARY_PROBE_BYTES = 8 * 1024;

function errorCode(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : err instanceof Error ? err.message : String(err);
}

/** Strict first (the common case costs one pass); only a failure pays for the lenient second pass. */
function decodeWith(label: 'utf-8' | 'utf-16le' | 'utf-16be', bytes: Uint8Array): { text: string; lossy: boolean } {
  try {
    return { text: new TextDecoder(label, { fatal: true }).decode(bytes), lossy: false };
  } catch {
    return { text: new TextDecoder(label, { fatal: false }).decode(bytes), lossy: true };
  }
}

export function decodeSource(bytes: Uint8Array): DecodeResult {
  // UTF-16 is full of NUL bytes, so its BOM must be recognised before the binary probe.
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { binary: false, encoding: 'utf-16le', ...decodeWith('utf-16le', bytes) };
  }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { binary: false, encoding: 'utf-16be', ...decodeWith('utf-16be', bytes) };
  }
  if (bytes.subarray(0, BINARY_PROBE_BYTES).includes(0)) return { binary: true };
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  // TextDecoder drops a leading UTF-8 BOM itself (ignoreBOM defaults to false).
  return { binary: false, encoding: bom ? 'utf-8-bom' : 'utf-8', ...decodeWith('utf-8', bytes) };
}

/**
 * Reads with synchronous calls on purpose: source files are small and local, and four thread-pool
 * round trips per file (open, stat, read, close) cost more than the reads themselves.
 */
export async function readSourceFile(absPath: string, maxBytes: number): Promise<ReadSourceResult> {
  let bytes: Buffer;
  try {
    // Non-blocking: a FIFO (made after the walk looked) opens at once and is refused by its stat.
    const fd = openSync(absPath, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    try {
      const st = fstatSync(fd);
      if (!st.isFile()) return { ok: false, reason: notRegular(st) };
      // Checked before reading so a huge file is never loaded; checked again after, in case it grew.
      if (st.size > maxBytes) return { ok: false, reason: `too large (${st.size} bytes > ${maxBytes})` };
      bytes = readFileSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (err) {
    return { ok: false, reason: `unreadable: ${errorCode(err)}` };
  }
  if (bytes.length > maxBytes) return { ok: false, reason: `too large (${bytes.length} bytes > ${maxBytes})` };
  const decoded = decodeSource(bytes);
  if (decoded.binary) return { ok: false, reason: 'binary' };
  return {
    ok: true,
    text: decoded.text,
    hash: createHash('sha256').update(bytes).digest('hex'),
    size: bytes.length,
    encoding: decoded.encoding,
    lossy: decoded.lossy,
  };
}
