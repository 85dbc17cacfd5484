/**
 * The docs' snapshot, written and read only when needed
 * =====================================================
 * The docs' snapshot holds every document's extracted facts (13 MB for Django's pages; reading
 * and parsing it is a third of a cold start). A code edit should not write it again, and a
 * one-shot command that reads no document should not read it: the graph's snapshot carries a
 * small manifest of the documents (their file states and status) for that.
 */
import type { DocsState } from '../docs/doc_store';
import type { DocsStatus } from '../docs/docs_index';

/** The same again: the store keeps a document's facts object until it reads other content. */
export function sameDocsState(a: DocsState | undefined, b: DocsState): boolean {
  if (!a || a.facts.length !== b.facts.length) return false;
  for (let i = 0; i < a.facts.length; i++) {
    const facts = b.facts[i]!;
    if (a.facts[i] !== facts) return false;
    const was = a.files[facts.path];
    const now = b.files[facts.path];
    if (!was || !now || was.size !== now.size || was.mtimeMs !== now.mtimeMs) return false;
  }
  // The rest is small: compared as its JSON.
  const rest = (s: DocsState): string => JSON.stringify([s.tags, s.explicit ?? [], s.skipped]);
  return rest(a) === rest(b);
}

/** What the graph's snapshot says of the documents, so that a process may leave docs.json unread. */
export interface DocsManifest {
  /** Documents read, by path: [size, mtimeMs] they were read at. */
  read: Record<string, [number, number]>;
  /** Documents left out at a known file state. */
  skipped: Record<string, [number, number]>;
  /** Documents left out with no file state (read again by the next index), and ones ingest_docs added: either needs the store. */
  unstated: number;
  explicit: number;
  status: DocsStatus;
}

export function docsManifest(state: DocsState, status: DocsStatus): DocsManifest {
  const read: DocsManifest['read'] = {};
  for (const [path, s] of Object.entries(state.files)) read[path] = [s.size, s.mtimeMs];
  const skipped: DocsManifest['skipped'] = {};
  let unstated = 0;
  for (const s of state.skipped) {
    if (s.size !== undefined && s.mtimeMs !== undefined) skipped[s.path] = [s.size, s.mtimeMs];
    else unstated++;
  }
  const { lastFile: _lastFile, ...rest } = status;
  return { read, skipped, unstated, explicit: state.explicit?.length ?? 0, status: rest };
}

/**
 * The walk found exactly the documents the manifest lists, at the same sizes and times: an index
 * would read, forget and unskip none of them (DocsIndex.readFound), so it need not load them.
 */
export function sameDocFiles(m: DocsManifest, found: readonly { path: string; size: number; mtimeMs: number }[]): boolean {
  if (m.unstated > 0 || m.explicit > 0) return false;
  if (found.length !== Object.keys(m.read).length + Object.keys(m.skipped).length) return false;
  return found.every((f) => {
    const s = m.read[f.path] ?? m.skipped[f.path];
    return s !== undefined && s[0] === f.size && s[1] === f.mtimeMs;
  });
}
