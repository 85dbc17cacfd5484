/**
 * The state folder
 * ================
 * What kg-memory keeps for a folder (snapshots, the MCP token, the discovery file, the memory
 * file, the LLM cache) lives in `<root>/.kg-memory/`. That folder sits in the workspace, so a
 * repository can ship it, or files in it, as symlinks (`.kg-memory -> ..` would make the index
 * write beside the parent folder, `token -> ~/.ssh/id_rsa` would chmod and read that file).
 *
 * So: the folder is used only when it is a real folder owned by the current user; a symlink, a
 * file or another user's folder is refused, the reason is kept (stateNote), and the state goes
 * to a per-user folder outside the workspace (`$XDG_STATE_HOME/kg-memory/<name>-<hash>`, by
 * default under ~/.local/state). Files in it are opened with O_NOFOLLOW and written by renaming
 * a fresh temporary file over them, which replaces a link and never writes through it. A secret
 * (token, discovery file) is trusted only when it is a regular file of ours with mode 0600: a
 * repository checkout can make neither (git records 0644 or 0755 only).
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, openSync, promises as fsp, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';

export const STATE_DIR_NAME = '.kg-memory';

/** Names become file names: keep them boring so no name can escape the folder. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const NO_FOLLOW = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
const POSIX = process.platform !== 'win32';

export function checkStateName(name: string): void {
  if (!NAME.test(name) || name.includes('..')) throw new Error(`kg-memory/state: invalid name ${JSON.stringify(name)}`);
}

function errorCode(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : err instanceof Error ? err.message : String(err);
}

function ownedByUs(uid: number): boolean {
  return typeof process.getuid !== 'function' || uid === process.getuid();
}

/** Why a folder cannot hold our state, or undefined when it can (or does not exist yet). */
function untrustedFolder(path: string): string | undefined {
  let st;
  try {
    st = lstatSync(path);
  } catch (err) {
    return errorCode(err) === 'ENOENT' ? undefined : `cannot be read (${errorCode(err)})`;
  }
  if (st.isSymbolicLink()) return 'is a symlink';
  if (!st.isDirectory()) return 'is not a folder';
  if (!ownedByUs(st.uid)) return 'belongs to another user';
  return undefined;
}

/** The per-user folder used when the workspace's own cannot be trusted. */
export function fallbackStateDir(root: string): string {
  const base = process.env.XDG_STATE_HOME?.trim() || join(homedir(), '.local', 'state');
  const hash = createHash('sha256').update(root).digest('hex').slice(0, 16);
  return join(base, 'kg-memory', `${basename(root) || 'root'}-${hash}`);
}

/** Where the folder's state is, and why not in the workspace when it is not. */
export function chooseStateDir(root: string): { dir: string; note?: string } {
  const own = join(root, STATE_DIR_NAME);
  const why = untrustedFolder(own);
  if (why === undefined) return { dir: own };
  const dir = fallbackStateDir(root);
  return { dir, note: `${own} ${why}: not used; the state is kept in ${dir}` };
}

/** The state folder's path (it may not exist yet). */
export function stateDir(root: string): string {
  return chooseStateDir(root).dir;
}

/** Why the state is not in the workspace, or undefined when it is. */
export function stateNote(root: string): string | undefined {
  return chooseStateDir(root).note;
}

/**
 * Creates the state folder (`.kg-memory/` with a `.gitignore` of `*`, so the state is never
 * committed, or the per-user fallback) and returns it. Checked again after creating: a link
 * planted meanwhile sends the state to the fallback too.
 */
export async function ensureStateDir(root: string): Promise<string> {
  const own = join(root, STATE_DIR_NAME);
  if (untrustedFolder(own) === undefined) {
    await fsp.mkdir(own, { mode: 0o700 }).catch((err: unknown) => {
      if (errorCode(err) !== 'EEXIST') throw new Error(`kg-memory/state: cannot create ${own}: ${errorCode(err)}`, { cause: err });
    });
    if (untrustedFolder(own) === undefined) {
      const ignore = await readStateFile(join(own, '.gitignore'), 1024).catch(() => undefined);
      if (ignore?.trim() !== '*') await writeFileAtomic(join(own, '.gitignore'), '*\n', 0o644);
      return own;
    }
  }
  const dir = fallbackStateDir(root);
  await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
  const why = untrustedFolder(dir);
  if (why !== undefined) throw new Error(`kg-memory/state: neither ${own} nor ${dir} can hold the state (${dir} ${why})`);
  return dir;
}

/**
 * Opens a file of the state folder for reading without following a symlink or blocking on a
 * FIFO; a file that is not regular is refused (ENOTREG). ENOENT when absent.
 */
export async function openStateFile(path: string): Promise<fsp.FileHandle> {
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(path, NO_FOLLOW);
  } catch (err) {
    if (errorCode(err) === 'ELOOP') throw Object.assign(new Error(`${path} is a symlink: not followed`), { code: 'ELINK' });
    throw err;
  }
  const st = await handle.stat();
  if (!st.isFile()) {
    await handle.close();
    throw Object.assign(new Error(`${path} is not a regular file`), { code: 'ENOTREG' });
  }
  return handle;
}

/** A state file's bytes, opened as openStateFile opens it (no symlink, no FIFO), without awaiting. */
export function readStateFileSync(path: string): Buffer {
  let fd: number;
  try {
    fd = openSync(path, NO_FOLLOW);
  } catch (err) {
    if (errorCode(err) === 'ELOOP') throw Object.assign(new Error(`${path} is a symlink: not followed`), { code: 'ELINK' });
    throw err;
  }
  try {
    if (!fstatSync(fd).isFile()) throw Object.assign(new Error(`${path} is not a regular file`), { code: 'ENOTREG' });
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** A state file's text (at most maxBytes), read as openStateFile opens it. */
export async function readStateFile(path: string, maxBytes: number): Promise<string> {
  const handle = await openStateFile(path);
  try {
    const size = (await handle.stat()).size;
    if (size > maxBytes) throw new Error(`${path} is larger than ${maxBytes} bytes`);
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

/** temp file beside the target + fsync + rename: a reader sees the old file or the new one, never half; a link at the target is replaced, not followed. */
export async function writeFileAtomic(target: string, content: string, mode: number): Promise<number> {
  const temp = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const buffer = Buffer.from(content, 'utf8');
  try {
    const handle = await fsp.open(temp, 'wx', mode);
    try {
      await handle.writeFile(buffer);
      // open() honours the umask; a secret must end up 0600 regardless of it.
      await handle.chmod(mode);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fsp.rename(temp, target);
  } catch (err) {
    await fsp.rm(temp, { force: true }).catch(() => undefined);
    throw new Error(`kg-memory/state: cannot write ${target}: ${errorCode(err)}`, { cause: err });
  }
  // Make the rename itself durable; folders cannot be opened for sync on Windows, which is fine.
  try {
    const dir = await fsp.open(join(target, '..'), 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  } catch {
    /* best effort */
  }
  return buffer.length;
}

/** Owner-only (0600) file in the state folder, e.g. the MCP bearer token. Mode bits are POSIX only. */
export async function writeSecretFile(root: string, name: string, content: string): Promise<string> {
  checkStateName(name);
  const path = join(await ensureStateDir(root), name);
  await writeFileAtomic(path, content, 0o600);
  return path;
}

/** Why a secret at `path` is not to be trusted, or undefined when it is ours (regular, our uid, 0600). */
async function untrustedSecret(handle: fsp.FileHandle): Promise<string | undefined> {
  const st = await handle.stat();
  if (!ownedByUs(st.uid)) return 'belongs to another user';
  if (POSIX && (st.mode & 0o077) !== 0) return `has mode ${(st.mode & 0o777).toString(8)}, not 600 (not written by kg-memory)`;
  return undefined;
}

/**
 * The content of a secret file, or undefined when it is absent or not trusted: a symlink, not a
 * regular file, another user's, or readable by others (then `onUntrusted` hears why). Never
 * changes the file's mode: the caller replaces an untrusted secret or leaves it alone.
 */
export async function readSecretFile(root: string, name: string, onUntrusted?: (reason: string) => void): Promise<string | undefined> {
  checkStateName(name);
  const path = join(stateDir(root), name);
  let handle: fsp.FileHandle;
  try {
    handle = await openStateFile(path);
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return undefined;
    onUntrusted?.(`${path}: ${(err as Error).message.replace(`${path} `, '')}`);
    return undefined;
  }
  try {
    const why = await untrustedSecret(handle);
    if (why) {
      onUntrusted?.(`${path} ${why}`);
      return undefined;
    }
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}
