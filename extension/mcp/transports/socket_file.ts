/**
 * Unix socket file
 * ================
 * Prepares and cleans the path a Unix-socket server listens on: a stale socket left by a
 * crashed run is replaced, a live one (another server) or a non-socket file is never touched;
 * the socket is created owner-only and removed on close if it is still ours.
 */
import { promises as fsp } from 'node:fs';
import { connect } from 'node:net';
import type { Server } from 'node:net';

function errno(err: unknown): string | undefined {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

function answers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect(path);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/** Makes `path` free to listen on, or throws saying why it is not. */
export async function clearStaleSocket(path: string): Promise<void> {
  let st;
  try {
    st = await fsp.lstat(path);
  } catch (err) {
    if (errno(err) === 'ENOENT') return;
    throw new Error(`kg-memory: cannot use socket path ${path}: ${(err as Error).message}`);
  }
  if (!st.isSocket()) throw new Error(`kg-memory: ${path} exists and is not a socket; remove it or pass another --socket path`);
  if (await answers(path)) throw new Error(`kg-memory: another server is listening on ${path}; stop it or pass another --socket path`);
  await fsp.unlink(path);
}

/** Listens on `path` with the socket created 0600 (umask set around the bind, chmod after to be sure). */
export async function listenOnSocket(server: Server, path: string): Promise<number | undefined> {
  await clearStaleSocket(path);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // The bind happens inside listen(); the umask makes the socket owner-only from its first moment.
    const old = process.umask(0o177);
    try {
      server.listen(path, () => {
        server.off('error', reject);
        resolve();
      });
    } finally {
      process.umask(old);
    }
  });
  await fsp.chmod(path, 0o600);
  return (await fsp.lstat(path)).ino;
}

/** Removes the socket file if it is still the one we created. */
export async function removeSocket(path: string, ino: number | undefined): Promise<void> {
  try {
    const st = await fsp.lstat(path);
    if (st.isSocket() && (ino === undefined || st.ino === ino)) await fsp.unlink(path);
  } catch {
    // already gone
  }
}
