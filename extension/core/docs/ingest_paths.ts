/**
 * Paths for ingest_docs
 * =====================
 * What one ingest_docs call reads: a file stands for itself, a folder for the documents below it
 * (hidden folders and the walk's default excludes left out, in path order, at most
 * INGEST_MAX_FILES). Paths are root-relative and already checked to be inside the root.
 */
import { readdirSync, statSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_EXCLUDES } from '../index/walk';
import { detectFormat } from './ingest';

/** Most files one ingest_docs call reads from the folders it is given. */
export const INGEST_MAX_FILES = 5000;

export function expandDocPaths(root: string, rel: string, files: string[], skipped: { path: string; reason: string }[]): void {
  let st: ReturnType<typeof statSync>;
  try {
    st = statSync(join(root, rel));
  } catch (err) {
    skipped.push({ path: rel, reason: `not found: ${(err as NodeJS.ErrnoException).code ?? String(err)}` });
    return;
  }
  if (!st.isDirectory()) {
    files.push(rel);
    return;
  }
  const stack = [rel];
  while (stack.length) {
    const dir = stack.pop()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true });
    } catch {
      continue; // unreadable folder: what it holds is not listed
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const child = dir === '' ? e.name : `${dir}/${e.name}`;
      if (e.isDirectory()) {
        if (!e.name.startsWith('.') && !DEFAULT_EXCLUDES.includes(`${e.name}/`)) stack.push(child);
      } else if (e.isFile() && detectFormat(child)) {
        if (files.length >= INGEST_MAX_FILES) {
          skipped.push({ path: child, reason: `more than ${INGEST_MAX_FILES} documents in one call` });
          return;
        }
        files.push(child);
      }
    }
  }
}
