/**
 * Paths for ingest_docs
 * =====================
 * What one ingest_docs call reads: a file stands for itself, a folder for the documents below it
 * (hidden folders and what the workspace's file filter excludes left out, in path order, at most
 * INGEST_MAX_FILES). Paths are root-relative; every one is resolved through the workspace guard,
 * so a symlink out of the root is refused, never listed or read.
 */
import { readdirSync, statSync, type Dirent } from 'node:fs';
import type { WorkspaceFs } from '../index/workspace_fs';
import { detectFormat } from './ingest';

/** Most files one ingest_docs call reads from the folders it is given. */
export const INGEST_MAX_FILES = 5000;

export function expandDocPaths(
  fs: WorkspaceFs,
  rel: string,
  excluded: (rel: string, isDir: boolean) => string | undefined,
  files: string[],
  skipped: { path: string; reason: string }[],
): void {
  const top = fs.resolve(rel);
  if (!top.ok) {
    skipped.push({ path: rel, reason: top.missing ? 'not found' : top.reason });
    return;
  }
  if (!isFolder(top.real)) {
    files.push(rel);
    return;
  }
  const stack = [{ rel, real: top.real }];
  while (stack.length) {
    const dir = stack.pop()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(dir.real, { withFileTypes: true });
    } catch {
      continue; // unreadable folder: what it holds is not listed
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const child = dir.rel === '' ? e.name : `${dir.rel}/${e.name}`;
      if (e.name.startsWith('.')) continue;
      if (!e.isDirectory() && !e.isSymbolicLink() && !(e.isFile() && detectFormat(child))) continue;
      const where = fs.resolve(child);
      if (!where.ok) {
        if (!where.missing && (e.isSymbolicLink() ? true : detectFormat(child))) skipped.push({ path: child, reason: where.reason });
        continue;
      }
      const isDir = e.isDirectory() || isFolder(where.real);
      if (excluded(child, isDir) !== undefined) continue;
      if (isDir) {
        stack.push({ rel: child, real: where.real });
      } else if (detectFormat(child)) {
        if (files.length >= INGEST_MAX_FILES) {
          skipped.push({ path: child, reason: `more than ${INGEST_MAX_FILES} documents in one call` });
          return;
        }
        files.push(child);
      }
    }
  }
}

function isFolder(real: string): boolean {
  try {
    return statSync(real).isDirectory();
  } catch {
    return false;
  }
}
