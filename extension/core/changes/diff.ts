/**
 * What a diff changes
 * ===================
 * The changed files (with renames) and, per file, the line ranges each side's hunks cover.
 * Files come from `git diff --name-status -z` (robust to any file name); lines from the hunk
 * headers of `git diff -U0`. Only the `@@ -a,b +c,d @@` headers are read, which is why this is
 * a dozen lines rather than a patch-parsing library: no hunk body is ever needed.
 */
import { git, GitError, resolveRef, untrackedFiles } from './git';

export type FileStatus = 'added' | 'modified' | 'deleted' | 'renamed';

/** Lines [start, end] (1-based, inclusive) on one side of a diff. */
export interface LineRange {
  start: number;
  end: number;
}

export interface FileChange {
  path: string;
  status: FileStatus;
  /** The path on the base side, when renamed. */
  oldPath?: string;
  /** Lines the change adds or rewrites on the head side. */
  added: LineRange[];
  /** Lines the change removes or rewrites on the base side. */
  removed: LineRange[];
  /** Head-side lines after which lines were only removed (a pure deletion inside a definition). */
  cuts: number[];
}

/** What to compare: the working tree (default), the index (`staged`), or a ref. */
export type Side = { kind: 'worktree' } | { kind: 'index' } | { kind: 'commit'; ref: string; id: string };

export interface DiffSpec {
  base?: string | undefined;
  head?: string | undefined;
  staged?: boolean | undefined;
}

export interface ResolvedDiff {
  base: Side & { kind: 'commit' };
  head: Side;
  files: FileChange[];
}

const STATUS: Record<string, FileStatus> = { A: 'added', M: 'modified', D: 'deleted', R: 'renamed', C: 'added', T: 'modified' };
const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;
// --relative: paths relative to the workspace folder (which may sit below the repository's top), and only those under it.
const QUIET = ['-c', 'core.quotePath=false', 'diff', '--relative', '--no-color', '--no-ext-diff', '-M'];

export async function diffOf(root: string, spec: DiffSpec): Promise<ResolvedDiff> {
  if (spec.staged && spec.head !== undefined) throw new GitError('changes: --staged compares the index with a base; it takes no --head');
  const baseRef = spec.base ?? 'HEAD';
  const base = { kind: 'commit' as const, ref: baseRef, id: await resolveRef(root, baseRef) };
  const head: Side = spec.head !== undefined ? { kind: 'commit', ref: spec.head, id: await resolveRef(root, spec.head) } : spec.staged ? { kind: 'index' } : { kind: 'worktree' };
  const range = head.kind === 'commit' ? [base.id, head.id] : head.kind === 'index' ? ['--cached', base.id] : [base.id];

  const names = (await git(root, [...QUIET, '--name-status', '-z', ...range, '--'])).split('\0');
  const files = new Map<string, FileChange>();
  for (let i = 0; i < names.length; ) {
    const code = names[i++] ?? '';
    if (code === '') continue;
    const status = STATUS[code[0] ?? ''] ?? 'modified';
    const first = names[i++] ?? '';
    if (code[0] === 'R' || code[0] === 'C') {
      const second = names[i++] ?? '';
      files.set(second, { path: second, status, ...(status === 'renamed' ? { oldPath: first } : {}), added: [], removed: [], cuts: [] });
    } else files.set(first, { path: first, status, added: [], removed: [], cuts: [] });
  }

  const patch = await git(root, [...QUIET, '-U0', ...range, '--']);
  let current: FileChange | undefined;
  let minus = '';
  for (const line of patch.split('\n')) {
    if (line.startsWith('--- ')) {
      minus = line.slice(4).replace(/^a\//, '');
      continue;
    }
    if (line.startsWith('+++ ')) {
      // A deleted file's head side is /dev/null: it is known by its base path.
      const plus = line.slice(4);
      current = files.get(plus === '/dev/null' ? minus : plus.replace(/^b\//, ''));
      continue;
    }
    const h = HUNK.exec(line);
    if (!h || !current) continue;
    const oldStart = Number(h[1]);
    const oldCount = h[2] === undefined ? 1 : Number(h[2]);
    const newStart = Number(h[3]);
    const newCount = h[4] === undefined ? 1 : Number(h[4]);
    if (oldCount > 0) current.removed.push({ start: oldStart, end: oldStart + oldCount - 1 });
    if (newCount > 0) current.added.push({ start: newStart, end: newStart + newCount - 1 });
    else current.cuts.push(newStart);
  }

  if (head.kind === 'worktree') {
    for (const p of await untrackedFiles(root)) {
      if (!files.has(p)) files.set(p, { path: p, status: 'added', added: [{ start: 1, end: Number.MAX_SAFE_INTEGER }], removed: [], cuts: [] });
    }
  }
  return { base, head, files: [...files.values()].sort((a, b) => (a.path < b.path ? -1 : 1)) };
}
