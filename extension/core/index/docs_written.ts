/**
 * Whether the docs' snapshot needs writing
 * ========================================
 * The docs' snapshot holds every document's extracted facts (13 MB for Django's pages): a code
 * edit should not write it again. The store keeps a document's facts object until the document
 * is read anew with other content, so the state as last written (or restored) and the state now
 * are the same when they hold the same facts objects at the same file states, with the same
 * tags, ingested paths and skips.
 */
import type { DocsState } from '../docs/doc_store';

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
