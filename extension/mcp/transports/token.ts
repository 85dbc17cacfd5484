/**
 * Bearer token
 * ============
 * One token per workspace, 32 random bytes in hex, kept owner-only (0600) in
 * `.kg-memory/token` and reused across runs so a configured client keeps working. A token file
 * that is not ours (a symlink, another user's, readable by others as a repository checkout would
 * make it) is never used nor chmod'ed: it is replaced by a fresh token (the rename replaces a
 * link, it never writes through one).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import { join } from 'node:path';
import { ensureStateDir, readSecretFile, writeSecretFile } from '../../core/index/state_dir';

export const TOKEN_FILE = 'token';
const TOKEN_SHAPE = /^[0-9a-f]{64}$/;

/** The workspace's token, created on first use. */
export async function workspaceToken(root: string, log?: (message: string) => void): Promise<string> {
  let untrusted: string | undefined;
  const current = (await readSecretFile(root, TOKEN_FILE, (why) => (untrusted = why)))?.trim();
  if (current !== undefined && TOKEN_SHAPE.test(current)) return current;
  const token = randomBytes(32).toString('hex');
  if (current !== undefined || untrusted !== undefined) {
    // A damaged token file, or one that is not ours: replace it.
    if (untrusted) log?.(`${untrusted}: not used; a new token replaces it`);
    await writeSecretFile(root, TOKEN_FILE, `${token}\n`);
    return token;
  }
  // Two hosts starting together must end with one token: create-if-absent (link fails when the
  // file exists), and whoever lost reads the winner's.
  const path = join(await ensureStateDir(root), TOKEN_FILE);
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await fsp.writeFile(temp, `${token}\n`, { mode: 0o600, flag: 'wx' });
    await fsp.chmod(temp, 0o600);
    await fsp.link(temp, path);
    return token;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const winner = (await readSecretFile(root, TOKEN_FILE))?.trim();
    if (winner !== undefined && TOKEN_SHAPE.test(winner)) return winner;
    await writeSecretFile(root, TOKEN_FILE, `${token}\n`);
    return token;
  } finally {
    await fsp.rm(temp, { force: true });
  }
}

/** Constant-time check of an `Authorization` header against the token. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  if (header === undefined) return false;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) return false;
  const given = Buffer.from(m[1]!);
  const want = Buffer.from(token);
  return given.length === want.length && timingSafeEqual(given, want);
}
