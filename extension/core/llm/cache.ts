/**
 * The LLM cache
 * =============
 * `<root>/.kg-memory/llm-cache.json`: extraction results by content hash, pair scores of the
 * reconciliation, and the running totals of what was sent. An unchanged ADR is never sent twice,
 * even across restarts; a cache that does not read as ours is discarded with a warning, never
 * trusted half-way.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { stateDir } from '../index/state_dir';
import { readRegularFile } from '../index/workspace_fs';
import type { LedgerSnapshot } from './ledger';

export const CACHE_FILE = 'llm-cache.json';
const CACHE_VERSION = 1;
/** Larger than this is not a cache of ours (or has grown past use): start over. */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;

export interface CachedExtraction {
  model: string;
  /** The day (days since 1970) it was last used: entries unused for PRUNE_AFTER_DAYS are dropped. */
  usedOn?: number;
  /** The validated items (see extract.ts); dropped items are not kept, only counted. */
  items: unknown;
  dropped: number;
}

export interface CachedPair {
  score: number;
  model: string;
  usedOn?: number;
}

/** Content that has not been seen for this long (an old version of a record) leaves the cache. */
export const PRUNE_AFTER_DAYS = 90;
const today = (): number => Math.floor(Date.now() / 86_400_000);

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
    // Never through a symlink (a repository can ship one in the state folder), never more than the cap.
    const read = readRegularFile(file, MAX_CACHE_BYTES);
    if (!read.ok) {
      if (!read.missing) {
        this.discarded = read.reason;
        warn(`${file}: LLM cache not read (${read.reason}); it is replaced at the next save`);
      }
      return; // none yet
    }
    const text = read.bytes.toString('utf8');
    try {
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
    return new LlmCache(join(stateDir(root), CACHE_FILE), warn);
  }

  extraction(key: string): CachedExtraction | undefined {
    return this.touch(this.data.extractions[key]);
  }

  setExtraction(key: string, value: CachedExtraction): void {
    this.data.extractions[key] = { ...value, usedOn: today() };
    this.dirty = true;
  }

  pair(key: string): CachedPair | undefined {
    return this.touch(this.data.pairs[key]);
  }

  setPair(key: string, value: CachedPair): void {
    this.data.pairs[key] = { ...value, usedOn: today() };
    this.dirty = true;
  }

  /** Marks an entry used today (at most one write a day for a cache that is only read). */
  private touch<T extends { usedOn?: number }>(entry: T | undefined): T | undefined {
    if (entry && entry.usedOn !== today()) {
      entry.usedOn = today();
      this.dirty = true;
    }
    return entry;
  }

  /** Drops what has not been used for PRUNE_AFTER_DAYS; returns how many entries went. */
  prune(now: number = today()): number {
    let dropped = 0;
    for (const table of [this.data.extractions, this.data.pairs] as Record<string, { usedOn?: number }>[]) {
      for (const [key, entry] of Object.entries(table)) {
        if ((entry.usedOn ?? now) >= now - PRUNE_AFTER_DAYS) continue;
        delete table[key];
        dropped++;
      }
    }
    if (dropped) this.dirty = true;
    return dropped;
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

  /** Writes the file when something changed (atomically: a crash leaves the old one), pruned first. */
  save(): void {
    if (!this.file || !this.dirty) return;
    this.prune();
    mkdirSync(dirname(this.file), { recursive: true });
    // A fresh name, created exclusively: a link planted under a guessable name is never written through.
    const tmp = `${this.file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.data), { flag: 'wx', mode: 0o600 });
    renameSync(tmp, this.file);
    this.dirty = false;
  }
}

function isRecord(v: unknown): v is Record<string, never> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
