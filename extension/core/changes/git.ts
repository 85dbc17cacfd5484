/**
 * Git, read through the `git` executable
 * ======================================
 * Which files a diff changes, the lines of each hunk, and a file's content at a ref. We run
 * the `git` executable rather than a JavaScript reimplementation (isomorphic-git, nodegit):
 * it is where a repository is, it honours the user's own configuration (worktrees, sparse
 * checkouts, rename detection, attributes), it diffs in C, and it needs no native build.
 * Every call is `execFile` with an argument list, never a shell, so a ref cannot inject.
 */
import { execFile } from 'node:child_process';

/** The folder is not in a git repository, git is missing, or a ref does not exist. */
export class GitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GitError';
  }
}

const MAX_OUTPUT = 256 * 1024 * 1024;

export function git(cwd: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', [...args], { cwd, maxBuffer: MAX_OUTPUT, encoding: 'utf8', env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C' } }, (err, stdout, stderr) => {
      if (!err) return resolve(stdout);
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return reject(new GitError('the git executable was not found on PATH; install git to compare changes'));
      reject(new GitError(`git ${args[0] ?? ''}: ${(stderr || err.message).trim().split('\n')[0] ?? ''}`));
    });
  });
}

/** The top folder of the repository holding `folder`; a clear error when there is none. */
export async function repositoryRoot(folder: string): Promise<string> {
  try {
    return (await git(folder, ['rev-parse', '--show-toplevel'])).trim();
  } catch (err) {
    const message = (err as Error).message;
    if (/not a git repository/i.test(message)) throw new GitError(`${folder} is not in a git repository (git init, or pass --root with a repository's folder)`);
    throw err;
  }
}

/** A ref exists and names a commit; its full id. */
export async function resolveRef(root: string, ref: string): Promise<string> {
  if (ref.startsWith('-')) throw new GitError(`not a ref: ${JSON.stringify(ref)}`);
  try {
    return (await git(root, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`])).trim();
  } catch {
    throw new GitError(`unknown revision ${JSON.stringify(ref)} in ${root}`);
  }
}

/** The content of `path` at `ref` (a commit, or '' for the index), undefined when absent there. */
export async function showFile(root: string, ref: string, path: string): Promise<string | undefined> {
  try {
    return await git(root, ['show', `${ref}:${path}`]);
  } catch {
    return undefined;
  }
}

/** Files git does not track and does not ignore: "added" for a working-tree diff. */
export async function untrackedFiles(root: string): Promise<string[]> {
  const out = await git(root, ['ls-files', '--others', '--exclude-standard', '-z']);
  return out.split('\0').filter((p) => p !== '');
}
