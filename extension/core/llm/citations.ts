/**
 * Citations in an answer
 * ======================
 * What ask's answers cite (`path:line`, `path:line-line`, `ADR-0003`), which context item each
 * names, and the answer with the citations the context does not hold taken out. Shared by the
 * check of a whole answer (ask.ts) and of one arriving line by line (grounded_stream.ts).
 */
import type { ContextItem } from './ask';

/** `path:line`, `path:line-line` and ADR-NNNN references in a text, as written. */
export const CITATION = /\bADR-\d{1,6}\b|(?<![\w/.-])(?:[\w@.-]+\/)*[\w@.-]+\.[A-Za-z0-9]{1,10}:\d+(?:-\d+)?/g;

/** Which context item a citation names, if any. */
export function resolveCitation(cite: string, items: readonly ContextItem[]): ContextItem | undefined {
  const exact = items.find((i) => i.cite === cite || i.loc === cite);
  if (exact) return exact;
  const m = /^(.*):(\d+)(?:-(\d+))?$/.exec(cite);
  if (!m) return undefined;
  const [, path, from] = m;
  const line = Number(from);
  return items.find((i) => i.path === path && i.startLine !== undefined && i.endLine !== undefined && line >= i.startLine && line <= i.endLine);
}

/** The answer's body: the text before its Sources heading. */
export function answerBody(text: string): string {
  const m = SOURCES_HEADING.exec(text);
  return m ? text.slice(0, m.index) : text;
}

const SOURCES_HEADING = /^\s*(?:#+\s*|\*\*)?Sources:?(?:\*\*)?:?\s*$/im;

/** Unsupported citations leave the text: bracketed ones whole, bare ones as plain words. */
export function stripUnsupported(text: string, items: readonly ContextItem[]): string {
  const bracketed = text.replace(/\[([^\]]+)\]/g, (all, inner: string) => {
    const cites = [...inner.matchAll(CITATION)].map((m) => m[0]);
    if (cites.length === 0) return all;
    const kept = cites.filter((c) => resolveCitation(c, items));
    return kept.length ? `[${kept.join(', ')}]` : '';
  });
  return bracketed.replace(CITATION, (c) => (resolveCitation(c, items) ? c : '')).replace(/[ \t]+([.,;:])/g, '$1').replace(/[ \t]{2,}/g, ' ');
}

/** Whether the text cites anything the context holds. */
export function citesContext(text: string, items: readonly ContextItem[]): boolean {
  for (const m of text.matchAll(CITATION)) if (resolveCitation(m[0], items)) return true;
  return false;
}

