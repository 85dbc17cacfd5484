/**
 * Which files are indexed
 * =======================
 * One rule for the walk, Workspace.update(), the watchers and ingest_docs: the default excludes
 * and the workspace's own (`kgMemory.exclude`, KG_MEMORY_EXCLUDE; `!build/` re-includes a
 * default), `.gitignore` files and `.git/info/exclude` as git reads them (the deepest file with an
 * opinion decides), virtualenvs whatever their name (a folder holding `pyvenv.cfg`), and, for
 * source files only, the include globs (`kgMemory.include`, KG_MEMORY_INCLUDE). A path is judged
 * with its folders: a file below an excluded folder is excluded, as in git.
 *
 * Ignore files are read once per folder and cached; refresh() forgets them, so that an update
 * after an edited `.gitignore` follows it.
 */
import { statSync } from 'node:fs';
import { join, posix } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { readRegularFile } from './workspace_fs';

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

export interface FilterOptions {
  /** When non-empty, only source files matching one of these globs (gitignore syntax) are indexed. */
  include?: readonly string[];
  /** Extra excludes (gitignore syntax), checked with the defaults: `!build/` re-includes a default. */
  exclude?: readonly string[];
  /** Replace DEFAULT_EXCLUDES (the virtualenv check stays). */
  defaultExcludes?: readonly string[];
  /** Honour .gitignore files and .git/info/exclude (default true). */
  gitignore?: boolean;
}

/** Rules of one ignore file, which apply to paths below `base` (root-relative, '' for the root). */
interface IgnoreScope {
  base: string;
  rules: Ignore;
}

/** git compares case-insensitively where the file system does. */
const IGNORE_CASE = process.platform === 'win32' || process.platform === 'darwin';
/** An ignore file larger than this is not read (it would be a repository's trick, not a rule list). */
const MAX_IGNORE_BYTES = 1024 * 1024;

/** The file that makes a folder a virtualenv. */
export const VENV_MARKER = 'pyvenv.cfg';

export const NOT_INCLUDED = 'not matched by the include globs';

function readIgnoreFile(abs: string): string | undefined {
  const r = readRegularFile(abs, MAX_IGNORE_BYTES);
  return r.ok ? r.bytes.toString('utf8') : undefined; // absent or unreadable: no rules
}

function rulesFrom(text: string | undefined): Ignore {
  const rules = ignore({ ignorecase: IGNORE_CASE });
  if (text) rules.add(text);
  return rules;
}

/** Deepest ignore file first: the first one with an opinion decides, as in git. */
function gitIgnored(scopes: readonly IgnoreScope[], path: string, isDir: boolean): boolean {
  for (let i = scopes.length - 1; i >= 0; i--) {
    const scope = scopes[i]!;
    const sub = (scope.base ? path.slice(scope.base.length + 1) : path) + (isDir ? '/' : '');
    const verdict = scope.rules.test(sub);
    if (verdict.ignored) return true;
    if (verdict.unignored) return false;
  }
  return false;
}

export class FileFilter {
  private readonly excludes: Ignore;
  private readonly includes: Ignore | undefined;
  private readonly useGitignore: boolean;
  /** The ignore scopes that apply to the entries of a folder (root-relative, '' for the root). */
  private readonly scopeCache = new Map<string, readonly IgnoreScope[]>();

  constructor(
    readonly root: string,
    options: FilterOptions = {},
  ) {
    this.excludes = ignore({ ignorecase: IGNORE_CASE }).add([...(options.defaultExcludes ?? DEFAULT_EXCLUDES), ...(options.exclude ?? [])]);
    this.includes = options.include?.length ? ignore({ ignorecase: IGNORE_CASE }).add([...options.include]) : undefined;
    this.useGitignore = options.gitignore ?? true;
  }

  /**
   * Why a root-relative path is left out, or undefined when it is indexed. Its folders are judged
   * first. `source`: a code file (the include globs apply); a document or a folder is not one.
   */
  excluded(rel: string, options: { isDir?: boolean; source?: boolean } = {}): string | undefined {
    const parts = rel.split('/');
    let dir = '';
    for (let i = 0; i < parts.length - 1; i++) {
      const child = dir ? `${dir}/${parts[i]}` : parts[i]!;
      const why = this.entryExcluded(child, true) ?? (this.isVirtualenv(child) ? 'in a virtualenv' : undefined);
      if (why) return why;
      dir = child;
    }
    return this.entryExcluded(rel, options.isDir ?? false) ?? (options.source && !this.included(rel) ? NOT_INCLUDED : undefined);
  }

  /**
   * The question about one entry of a folder being listed (the folder itself already passed; the
   * virtualenv check is the lister's): why it is excluded, or undefined. `parentHasGitignore`
   * (known from the listing) saves reading an absent file.
   */
  entryExcluded(rel: string, isDir: boolean, parentHasGitignore?: boolean): string | undefined {
    if (this.excludes.ignores(isDir ? `${rel}/` : rel)) return 'excluded';
    if (!this.useGitignore) return undefined;
    const up = posix.dirname(rel);
    return gitIgnored(this.scopes(up === '.' ? '' : up, parentHasGitignore), rel, isDir) ? 'ignored by .gitignore' : undefined;
  }

  /** Whether a source file passes the include globs (all do when there are none). */
  included(rel: string): boolean {
    return !this.includes || this.includes.ignores(rel);
  }

  /** A folder holding `pyvenv.cfg` (the root itself never counts). */
  isVirtualenv(dir: string): boolean {
    if (dir === '') return false;
    try {
      return statSync(join(this.root, dir, VENV_MARKER)).isFile();
    } catch {
      return false;
    }
  }

  /** Forgets the ignore files read so far: the next question reads them again (after a change on disk). */
  refresh(): void {
    this.scopeCache.clear();
  }

  /** The ignore scopes for the entries of `dir`: its parents' and its own .gitignore. */
  private scopes(dir: string, hasGitignore?: boolean): readonly IgnoreScope[] {
    const cached = this.scopeCache.get(dir);
    if (cached) return cached;
    let scopes: readonly IgnoreScope[];
    if (dir === '') {
      // .git/info/exclude first, so the root .gitignore takes precedence over it.
      const rules = rulesFrom(readIgnoreFile(join(this.root, '.git', 'info', 'exclude')));
      const text = hasGitignore === false ? undefined : readIgnoreFile(join(this.root, '.gitignore'));
      if (text) rules.add(text);
      scopes = [{ base: '', rules }];
    } else {
      const up = posix.dirname(dir);
      const parent = this.scopes(up === '.' ? '' : up);
      const text = hasGitignore === false ? undefined : readIgnoreFile(join(this.root, dir, '.gitignore'));
      scopes = text ? [...parent, { base: dir, rules: rulesFrom(text) }] : parent;
    }
    this.scopeCache.set(dir, scopes);
    return scopes;
  }
}
