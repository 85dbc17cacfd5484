/**
 * Bearer token
 * ============
 * One token per workspace, 32 random bytes in hex, kept owner-only (0600) in
 * `.kg-memory/token` and reused across runs so a configured client keeps working.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readSecretFile, writeSecretFile } from '../../core/index/snapshot';

export const TOKEN_FILE = 'token';
const TOKEN_SHAPE = /^[0-9a-f]{64}$/;

/** The workspace's token, created on first use. */
export async function workspaceToken(root: string): Promise<string> {
  const current = (await readSecretFile(root, TOKEN_FILE))?.trim();
  if (current !== undefined && TOKEN_SHAPE.test(current)) return current;
  const token = randomBytes(32).toString('hex');
  await writeSecretFile(root, TOKEN_FILE, `${token}\n`);
  return token;
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
