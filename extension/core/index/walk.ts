/**
 * Workspace walk
 * ==============
 * Lists the files of a workspace worth indexing, honouring .gitignore files and default excludes,
 * and says why every indexable file it leaves out was left out.
 */
import { promises as fsp, type Dirent } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import type { LanguageId } from '../parse/facts';
import { languageForPath } from '../parse/grammar';

export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;
export const DEFAULT_MAX_FILES = 50_000;

/**
 * Folder names never walked (gitignore syntax, so they match at any depth). A folder holding a
 * `pyvenv.cfg` is a virtualenv whatever its name (`env`, `.env3`...) and is left out too.
 */
export const DEFAULT_EXCLUDES: readonly string[] = [
  '.git/',
  'node_modules/',
  '.venv/',
  'venv/',
  '__pycache__/',
  'dist/',
  'build/',
  'out/',
  'coverage/',
  '.next/',
  '.nuxt/',
  '.tox/',
  '.mypy_cache/',
  '.pytest_cache/',
  '.cache/',
  '.kg-memory/',
  'site-packages/',
];

export interface WalkOptions {
  /** When non-empty, only files matching one of these globs (gitignore syntax) are listed. */
  include?: readonly string[];
  /** Extra excludes (gitignore syntax), checked with the defaults: `!build/` re-includes a default. */
  exclude?: readonly string[];
  /** Replace DEFAULT_EXCLUDES (the virtualenv check stays). */
  defaultExcludes?: readonly string[];
  /** Honour .gitignore files and .git/info/exclude (default true). */
  gitignore?: boolean;
  /** Bytes; larger files are skipped (default 1 MiB). */
  maxFileSize?: number;
  /** Files beyond this count, in path order, are skipped (default 50,000). */
  maxFiles?: number;
  signal?: AbortSignal;
}

export interface WalkedFile {
  /** Root-relative, forward slashes. */
  path: string;
  absPath: string;
  language: LanguageId;
  size: number;
  mtimeMs: number;
}

export interface SkippedFile {
  path: string;
  reason: string;
}

export interface WalkResult {
  files: WalkedFile[];
  skipped: SkippedFile[];
}

/** Rules of one .gitignore, which apply to paths below `base` (root-relative, '' for the root). */
interface IgnoreScope {
  base: string;
  rules: Ignore;
}

interface Candidate {
  path: string;
  absPath: string;
  language: LanguageId;
}

/** git compares case-insensitively where the file system does. */
const IGNORE_CASE = process.platform === 'win32' || process.platform === 'darwin';
/** How many directory reads / stats are in flight at once. */
const CONCURRENCY = 32;

function byPath(a: { path: string }, b: { path: string }): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

function errorCode(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : err instanceof Error ? err.message : String(err);
}

function isInside(realRoot: string, real: string): boolean {
  return real === realRoot || real.startsWith(realRoot.endsWith(sep) ? realRoot : realRoot + sep);
}

/** Deepest .gitignore first: the first one with an opinion decides, as in git. */
function gitIgnored(scopes: readonly IgnoreScope[], path: string, isDir: boolean): boolean {
  for (let i = scopes.length - 1; i >= 0; i--) {
    const { base, rules } = scopes[i];
    const sub = (base ? path.slice(base.length + 1) : path) + (isDir ? '/' : '');
    const verdict = rules.test(sub);
    if (verdict.ignored) return true;
    if (verdict.unignored) return false;
  }
  return false;
}

async function readIgnoreFile(absPath: string): Promise<string | undefined> {
  try {
    return await fsp.readFile(absPath, 'utf8');
  } catch {
    return undefined; // absent or unreadable: no rules
  }
}

/** Caps how many file system calls are in flight, so a wide tree does not open thousands at once. */
class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await fn();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

function cancelled(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('kg-memory/walk: cancelled');
}

export async function walkWorkspace(root: string, options: WalkOptions = {}): Promise<WalkResult> {
  const maxFileSize = options.maxFileSize ?? DEFAULT_MAX_FILE_BYTES;
  const maxFiles = options.maxFiles ?? DEFAULT_MAX_FILES;
  const useGitignore = options.gitignore ?? true;
  const signal = options.signal;

  const absRoot = resolve(root);
  let realRoot: string;
  try {
    realRoot = await fsp.realpath(root);
    if (!(await fsp.stat(realRoot)).isDirectory()) throw new Error('not a folder');
  } catch (err) {
    throw new Error(`kg-memory/walk: cannot walk ${root}: ${errorCode(err)}`, { cause: err });
  }

  const excludes = ignore({ ignorecase: IGNORE_CASE }).add([...(options.defaultExcludes ?? DEFAULT_EXCLUDES), ...(options.exclude ?? [])]);
  const includes = options.include?.length ? ignore({ ignorecase: IGNORE_CASE }).add([...options.include]) : undefined;

  const rootScopes: IgnoreScope[] = [];
  if (useGitignore) {
    const rules = ignore({ ignorecase: IGNORE_CASE });
    const infoExclude = await readIgnoreFile(join(realRoot, '.git', 'info', 'exclude'));
    if (infoExclude) rules.add(infoExclude);
    rootScopes.push({ base: '', rules });
  }

  const candidates: Candidate[] = [];
  const skipped: SkippedFile[] = [];
  const fs = new Limiter(CONCURRENCY);

  const excluded = (path: string, isDir: boolean, scopes: readonly IgnoreScope[]): boolean =>
    excludes.ignores(isDir ? `${path}/` : path) || (useGitignore && gitIgnored(scopes, path, isDir));

  /**
   * `realDir` is the real path of `absDir`; `ancestors` holds the real paths of every folder on the
   * way down to it, so a symlink back to one of them is recognised as a loop. Folders are walked
   * concurrently; nothing here depends on the order, and the results are sorted at the end.
   */
  const walkDir = async (absDir: string, relDir: string, realDir: string, scopes: readonly IgnoreScope[], ancestors: ReadonlySet<string>): Promise<void> => {
    if (signal?.aborted) return;
    let entries: Dirent[];
    try {
      entries = await fs.run(() => fsp.readdir(absDir, { withFileTypes: true }));
    } catch (err) {
      if (!relDir) throw new Error(`kg-memory/walk: cannot read ${root}: ${errorCode(err)}`, { cause: err });
      skipped.push({ path: relDir, reason: `unreadable: ${errorCode(err)}` });
      return;
    }
    // A virtualenv, whatever its name (the root itself is walked regardless).
    if (relDir && entries.some((e) => e.name === 'pyvenv.cfg' && e.isFile())) return;

    let here = scopes;
    if (useGitignore && entries.some((e) => e.name === '.gitignore' && e.isFile())) {
      const text = await fs.run(() => readIgnoreFile(join(absDir, '.gitignore')));
      if (text) {
        if (relDir === '') scopes[0]?.rules.add(text); // after .git/info/exclude, so it takes precedence
        else here = [...scopes, { base: relDir, rules: ignore({ ignorecase: IGNORE_CASE }).add(text) }];
      }
    }

    const visit = async (entry: Dirent): Promise<void> => {
      const rel = relDir ? `${relDir}/${entry.name}` : entry.name;
      const abs = join(absDir, entry.name);
      if (entry.isDirectory()) {
        if (excluded(rel, true, here)) return;
        const real = join(realDir, entry.name);
        return walkDir(abs, rel, real, here, new Set(ancestors).add(real));
      }
      const language = languageForPath(entry.name);
      if (entry.isSymbolicLink()) {
        let real: string;
        let targetIsDir: boolean;
        try {
          real = await fs.run(() => fsp.realpath(abs));
          targetIsDir = (await fs.run(() => fsp.stat(real))).isDirectory();
        } catch (err) {
          const code = errorCode(err);
          if (code === 'ELOOP') skipped.push({ path: rel, reason: 'symlink loop' });
          else if (language) skipped.push({ path: rel, reason: `unreadable: ${code}` }); // dangling
          return;
        }
        if (!targetIsDir && !language) return; // not indexable anyway
        if (excluded(rel, targetIsDir, here)) return;
        if (!isInside(realRoot, real)) {
          skipped.push({ path: rel, reason: 'symlink outside the root' });
          return;
        }
        if (targetIsDir) {
          if (ancestors.has(real)) {
            skipped.push({ path: rel, reason: 'symlink loop' });
            return;
          }
          return walkDir(abs, rel, real, here, new Set(ancestors).add(real));
        }
      } else if (!entry.isFile() || !language || excluded(rel, false, here)) {
        return; // sockets, fifos, other languages, excluded files
      }
      if (!language || (includes && !includes.ignores(rel))) return;
      candidates.push({ path: rel, absPath: abs, language });
    };
    await Promise.all(entries.map(visit));
  };

  await walkDir(absRoot, '', realRoot, rootScopes, new Set([realRoot]));
  if (signal?.aborted) throw cancelled(signal);

  // Files are kept in path order, so which ones fall past the limit does not depend on timing.
  candidates.sort(byPath);
  const files: WalkedFile[] = [];
  const slots: (WalkedFile | SkippedFile | undefined)[] = new Array(candidates.length);
  // Stat in path-ordered chunks until the limit is met; files past it need no stat at all.
  let accepted = 0;
  let index = 0;
  while (index < candidates.length && accepted < maxFiles) {
    const chunk = candidates.slice(index, index + Math.max(CONCURRENCY, maxFiles - accepted));
    const stats = await Promise.all(
      chunk.map(async (c) => {
        try {
          const st = await fs.run(() => fsp.stat(c.absPath));
          return st.isFile() ? st : new Error('not a file');
        } catch (err) {
          return err instanceof Error ? err : new Error(String(err));
        }
      }),
    );
    for (let i = 0; i < chunk.length; i++, index++) {
      const c = chunk[i];
      const st = stats[i];
      if (accepted >= maxFiles) {
        slots[index] = { path: c.path, reason: 'file limit reached' };
      } else if (st instanceof Error) {
        slots[index] = { path: c.path, reason: `unreadable: ${errorCode(st)}` };
      } else if (st.size > maxFileSize) {
        slots[index] = { path: c.path, reason: `too large (${st.size} bytes > ${maxFileSize})` };
      } else {
        slots[index] = { path: c.path, absPath: c.absPath, language: c.language, size: st.size, mtimeMs: st.mtimeMs };
        accepted++;
      }
    }
    if (signal?.aborted) throw cancelled(signal);
  }
  for (; index < candidates.length; index++) slots[index] = { path: candidates[index].path, reason: 'file limit reached' };
  for (const s of slots) {
    if (!s) continue;
    if ('reason' in s) skipped.push(s);
    else files.push(s);
  }
  skipped.sort(byPath);
  return { files, skipped };
}
