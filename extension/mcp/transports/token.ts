/**
 * Bearer token
 * ============
 * One token per workspace, 32 random bytes in hex, kept owner-only (0600) in
 * `.kg-memory/token` and reused across runs so a configured client keeps working.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import { join } from 'node:path';
import { ensureStateDir, readSecretFile, writeSecretFile } from '../../core/index/snapshot';

export const TOKEN_FILE = 'token';
const TOKEN_SHAPE = /^[0-9a-f]{64}$/;

/** The workspace's token, created on first use. */
export async function workspaceToken(root: string): Promise<string> {
  const current = (await readSecretFile(root, TOKEN_FILE))?.trim();
  if (current !== undefined && TOKEN_SHAPE.test(current)) return current;
  const token = randomBytes(32).toString('hex');
  if (current !== undefined) {
    // A damaged token file: replace it.
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
  const given = Buffer.from(m[1]);
  const want = Buffer.from(token);
  return given.length === want.length && timingSafeEqual(given, want);
}
