/**
 * An answer as Markdown with clickable sources
 * ============================================
 * Turns a checked answer's citations (`path:line`, `ADR-0003`) into links to the file at that
 * line, for the Ask command's document and the chat participant. No `vscode` import: the
 * mapping from a citation to a place is plain data, tested on its own.
 */
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { AskAnswer, AskSource } from '../core/llm/ask';

export interface Place {
  /** Absolute path of the file. */
  file: string;
  /** 1-based. */
  line: number;
}

/** Where a source points: its `loc` (`path:line`), under the root. */
export function placeOf(root: string, source: AskSource): Place | undefined {
  const m = /^(.*):(\d+)$/.exec(source.loc ?? '');
  if (!m) return undefined;
  return { file: join(root, m[1]!), line: Number(m[2]) };
}

export function placeUri(place: Place): string {
  return `${pathToFileURL(place.file).href}#L${place.line}`;
}

/** The answer with each citation a link; the Sources list as links too. */
export function answerMarkdown(root: string, answer: AskAnswer): string {
  const links = new Map<string, string>();
  for (const s of answer.sources) {
    const place = placeOf(root, s);
    if (place) links.set(s.cite, placeUri(place));
  }
  const [body = '', sources] = answer.answer.split(/\n\nSources:\n/);
  const linked = body.replace(/\[([^\]]+)\](?!\()/g, (all, inner: string) => {
    const parts = inner.split(/,\s*/);
    if (!parts.every((p) => links.has(p) || answer.sources.some((s) => s.cite === p))) return all;
    return parts.map((p) => (links.has(p) ? `[${p}](${links.get(p)})` : p)).join(', ');
  });
  const list = sources === undefined ? '' : `\n\n**Sources**\n\n${answer.sources.map((s) => (links.has(s.cite) ? `- [${s.cite}](${links.get(s.cite)})` : `- ${s.cite}`)).join('\n')}`;
  return `${linked}${list}`;
}
