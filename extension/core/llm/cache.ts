/**
 * The LLM cache
 * =============
 * `<root>/.kg-memory/llm-cache.json`: extraction results by content hash, pair scores of the
 * reconciliation, and the running totals of what was sent. An unchanged ADR is never sent twice,
 * even across restarts; a cache that does not read as ours is discarded with a warning, never
 * trusted half-way.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { STATE_DIR_NAME } from '../index/snapshot';
import type { LedgerSnapshot } from './ledger';

export const CACHE_FILE = 'llm-cache.json';
const CACHE_VERSION = 1;
/** Larger than this is not a cache of ours (or has grown past use): start over. */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;

export interface CachedExtraction {
  model: string;
  /** The validated items (see extract.ts); dropped items are not kept, only counted. */
  items: unknown;
  dropped: number;
}

export interface CachedPair {
  score: number;
  model: string;
}

interface CacheFile {
  version: number;
  extractions: Record<string, CachedExtraction>;
  pairs: Record<string, CachedPair>;
  sent?: LedgerSnapshot;
}

export class LlmCache {
  private data: CacheFile = { version: CACHE_VERSION, extractions: {}, pairs: {} };
  private dirty = false;
  /** Why the file on disk was discarded, for status. */
  readonly discarded: string | undefined;

  /** `file` undefined: in memory only (tests, persist: false). */
  constructor(
    private readonly file: string | undefined,
    warn: (message: string) => void = () => undefined,
  ) {
    if (!file) return;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return; // none yet
    }
    try {
      if (text.length > MAX_CACHE_BYTES) throw new Error(`larger than ${MAX_CACHE_BYTES} bytes`);
      const parsed = JSON.parse(text) as Partial<CacheFile>;
      if (parsed.version !== CACHE_VERSION) throw new Error(`version ${String(parsed.version)}, expected ${CACHE_VERSION}`);
      if (!isRecord(parsed.extractions) || !isRecord(parsed.pairs)) throw new Error('not an LLM cache');
      this.data = { version: CACHE_VERSION, extractions: parsed.extractions, pairs: parsed.pairs, ...(isRecord(parsed.sent) ? { sent: parsed.sent as unknown as LedgerSnapshot } : {}) };
    } catch (err) {
      this.discarded = (err as Error).message;
      warn(`${file}: LLM cache discarded (${this.discarded}); documents will be sent again when asked`);
    }
  }

  static forRoot(root: string, warn?: (message: string) => void): LlmCache {
    return new LlmCache(join(root, STATE_DIR_NAME, CACHE_FILE), warn);
  }

  extraction(key: string): CachedExtraction | undefined {
    return this.data.extractions[key];
  }

  setExtraction(key: string, value: CachedExtraction): void {
    this.data.extractions[key] = value;
    this.dirty = true;
  }

  pair(key: string): CachedPair | undefined {
    return this.data.pairs[key];
  }

  setPair(key: string, value: CachedPair): void {
    this.data.pairs[key] = value;
    this.dirty = true;
  }

  get sent(): LedgerSnapshot | undefined {
    return this.data.sent;
  }

  setSent(sent: LedgerSnapshot): void {
    this.data.sent = sent;
    this.dirty = true;
  }

  get size(): { extractions: number; pairs: number } {
    return { extractions: Object.keys(this.data.extractions).length, pairs: Object.keys(this.data.pairs).length };
  }

  /** Writes the file when something changed (atomically: a crash leaves the old one). */
  save(): void {
    if (!this.file || !this.dirty) return;
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.data));
    renameSync(tmp, this.file);
    this.dirty = false;
  }
}

function isRecord(v: unknown): v is Record<string, never> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
