/**
 * A record by its headings
 * ========================
 * Whether a Markdown text reads as a decision record wherever it is filed: a Context section, a
 * Decision section and a status (a Status heading, a `Status:` line or front matter), or MADR's
 * front matter with its Decision Outcome or Considered Options. Only the head of the file is
 * looked at, with line regexes rather than a Markdown parse: this runs on every Markdown file the
 * walk lists that no folder or name rule claimed, so it must cost a read of a few kilobytes.
 */
import { CONTEXT, DECISION, norm } from './adr';

/** Bytes of a file's head looked at: a record's first sections are well inside it. */
export const SNIFF_BYTES = 16 * 1024;

const HEADING = /^ {0,3}#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$/;
const FENCE = /^ {0,3}(```|~~~)/;
const STATUS_LINE = /^\s*(?:[-*+]\s*)?(?:\*\*|__)?status(?:\*\*|__)?\s*:(?:\*\*|__)?\s*\S/i;
const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

export function looksLikeRecord(head: string): boolean {
  const fm = FRONT_MATTER.exec(head);
  const fmStatus = fm !== null && /^status\s*:\s*\S/im.test(fm[1] ?? '');
  const body = fm ? head.slice(fm[0].length) : head;
  let context = false;
  let decision = false;
  let status = fmStatus;
  let options = false;
  let fenced = false;
  for (const line of body.split(/\r?\n/)) {
    if (FENCE.test(line)) {
      fenced = !fenced; // a template quoted in a README is not a record
      continue;
    }
    if (fenced) continue;
    const h = HEADING.exec(line);
    if (!h) {
      if (!status && STATUS_LINE.test(line)) status = true;
      continue;
    }
    const title = norm(h[1]!);
    if (CONTEXT.has(title)) context = true;
    else if (DECISION.has(title)) decision = true;
    else if (title === 'status') status = true;
    else if (title === 'considered options') options = true;
  }
  return (context && decision && status) || (fmStatus && (decision || options));
}
