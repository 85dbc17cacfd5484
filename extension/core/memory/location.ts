/**
 * Where the memory file lives
 * ===========================
 * `MEMORY_FILE_PATH` when set (the official server's variable, so an existing MCP client
 * configuration keeps pointing at the same file), else the configured file, else
 * `<root>/.kg-memory/memory.jsonl`. Relative paths are taken from the workspace root (the
 * official server takes them from its own install folder, which no one can predict).
 *
 * Like the official server, a legacy `memory.json` next to the default file is renamed to
 * `memory.jsonl` when the new file does not exist yet (its content was already JSONL).
 */
import { promises as fs } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fallbackStateDir } from '../index/state_dir';

export const MEMORY_FILE_NAME = 'memory.jsonl';
const LEGACY_FILE_NAME = 'memory.json';

export interface MemoryLocationOptions {
  root: string;
  /** The workspace state folder (state_dir.ts), or its name taken from the root. */
  stateDir: string;
  /** A configured file (a setting, `KG_MEMORY_MEMORY_FILE`); relative to the root. */
  file?: string;
  env?: NodeJS.ProcessEnv;
}

export interface MemoryLocation {
  path: string;
  /** Why this path: `MEMORY_FILE_PATH`, `configured` or `default`. */
  source: 'MEMORY_FILE_PATH' | 'configured' | 'default';
  /** Set when a legacy memory.json was renamed. */
  migratedFrom?: string;
  /** Why the default file is not in the state folder (it was a symlink or not ours there). */
  note?: string;
}

const exists = (p: string): Promise<boolean> => fs.access(p).then(() => true, () => false);

export async function resolveMemoryLocation(options: MemoryLocationOptions): Promise<MemoryLocation> {
  const env = options.env ?? process.env;
  const abs = (p: string): string => (isAbsolute(p) ? p : resolve(options.root, p));
  const fromEnv = env.MEMORY_FILE_PATH?.trim();
  if (fromEnv) return { path: abs(fromEnv), source: 'MEMORY_FILE_PATH' };
  const configured = options.file?.trim() || env.KG_MEMORY_MEMORY_FILE?.trim();
  if (configured) return { path: abs(configured), source: 'configured' };

  const own = join(isAbsolute(options.stateDir) ? options.stateDir : join(options.root, options.stateDir), MEMORY_FILE_NAME);
  // A repository can ship the default file as a link (memory.jsonl -> /etc/passwd): never follow it.
  const why = await untrustedFile(own);
  if (why) {
    const path = join(fallbackStateDir(options.root), MEMORY_FILE_NAME);
    return { path, source: 'default', note: `${own} ${why}: not used; the memory is kept in ${path}` };
  }
  const path = own;
  const legacy = join(dirname(path), LEGACY_FILE_NAME);
  if ((await exists(legacy)) && !(await exists(path))) {
    await fs.rename(legacy, path);
    return { path, source: 'default', migratedFrom: legacy };
  }
  return { path, source: 'default' };
}

/** Why an existing file at `path` is not ours to read and write, or undefined (also when absent). */
async function untrustedFile(path: string): Promise<string | undefined> {
  const st = await fs.lstat(path).catch(() => undefined);
  if (!st) return undefined;
  if (st.isSymbolicLink()) return 'is a symlink';
  if (!st.isFile()) return 'is not a regular file';
  if (typeof process.getuid === 'function' && st.uid !== process.getuid()) return 'belongs to another user';
  return undefined;
}
