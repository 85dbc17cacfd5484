/**
 * Target paths
 * ============
 * Targets that look like file paths are checked against the workspace root before any query
 * sees them: an absolute path inside the root becomes root-relative (agents often pass what
 * their editor shows), one outside it is refused with an error naming the root. Ids and
 * names pass through untouched.
 */
import { isAbsolute, normalize } from 'node:path';
import { InvalidArgumentError } from '../../core/query';
import type { Workspace } from '../../core/workspace';
import { filePathOf, isNonPathId } from '../../core/model/ids';

export function checkTarget(ws: Workspace, target: string): string {
  if (isNonPathId(target)) return target;
  const bare = filePathOf(target) ?? target;
  const m = /^(.*?)(:\d+)?$/.exec(bare);
  const path = m?.[1] ?? bare;
  const line = m?.[2] ?? '';
  const looksLikePath = isAbsolute(path) || path.includes('/') || path.includes('\\') || path.startsWith('.') || path === '~';
  if (!looksLikePath) return target;
  if (isAbsolute(path) || normalize(path).split(/[\\/]/)[0] === '..' || path.startsWith('~')) {
    const rel = ws.relativePath(path.startsWith('~') ? '/nonexistent' : path);
    if (rel === undefined) {
      throw new InvalidArgumentError(
        `"${target}" is outside the workspace root ${ws.root}; pass a path relative to that root (or an id or name from search).`,
      );
    }
    return `${rel}${line}`;
  }
  return target;
}
