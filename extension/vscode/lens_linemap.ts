/**
 * Line maps for unsaved edits
 * ===========================
 * The graph knows the lines of a file as it was indexed; the editor shows the text as it is now.
 * A LineMap follows every edit since then and says where an indexed line is now, whether it was
 * only edited in place, or that it is gone. CodeLens and hover ask it before they draw, so a lens
 * follows its definition when lines are added above it and is hidden, never misplaced, when the
 * definition's own line goes away.
 *
 * Pure: no VS Code here. Lines are 0-based, as in VS Code's Position.
 */

/** One text change, in the coordinates of the document just before it (a TextDocumentContentChangeEvent). */
export interface TextChange {
  startLine: number;
  startChar: number;
  endLine: number;
  endChar: number;
  text: string;
  /**
   * The old start line ended exactly at `startChar` (nothing of it was after the range). The adapter
   * can tell this only for a one-change event (see `endsAtLineEnd`); unknown means false.
   */
  startAtLineEnd?: boolean;
}

/** What a change does to whole lines: old lines from..to become new lines from..from+newlines. */
export interface LineEdit {
  from: number;
  to: number;
  newlines: number;
  /** Old line `from` at new line `from`: unchanged, edited in place (it keeps its beginning), or gone. */
  head: 'kept' | 'edited' | 'gone';
  /** Old line `to` is unchanged at new line `from + newlines` (the change ended at its column 0). */
  tailKept: boolean;
}

/** Where an old line is now. `edited`: the line is still there but its text changed. */
export interface Mapped {
  line: number;
  edited: boolean;
}

/** A run of `len` consecutive old lines, now at cur..cur+len-1. */
interface Run {
  cur: number;
  old: number;
  len: number;
  edited: boolean;
}

function countNewlines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** The whole-line effect of a text change. */
export function lineEditOf(c: TextChange): LineEdit {
  const newlines = countNewlines(c.text);
  const lastNl = c.text.lastIndexOf('\n');
  const lastLine = lastNl === -1 ? c.text : c.text.slice(lastNl + 1);
  // Old line `to` survives whole when the range ended at its start and nothing precedes it on its new line.
  const tailKept = c.endChar === 0 && lastLine === '' && (newlines > 0 || c.startChar === 0);
  let head: LineEdit['head'];
  if (c.startLine === c.endLine && newlines === 0) {
    head = c.text === '' && c.startChar === c.endChar ? 'kept' : 'edited';
  } else if (newlines > 0 && c.text.startsWith('\n') && c.startLine === c.endLine && c.startChar === c.endChar && c.startAtLineEnd === true) {
    // Enter at the end of a line: the line itself is untouched.
    head = 'kept';
  } else {
    head = c.startChar > 0 ? 'edited' : 'gone';
  }
  return { from: c.startLine, to: c.endLine, newlines, head, tailKept };
}

/**
 * Where each line of the indexed text is in the current text. Starts as the identity; `apply`
 * each change in the order the editor reports them.
 */
export class LineMap {
  private runs: Run[] = [{ cur: 0, old: 0, len: Infinity, edited: false }];

  /** True while no change has moved or touched any line. */
  get identity(): boolean {
    const r = this.runs[0];
    return this.runs.length === 1 && r !== undefined && r.cur === 0 && r.old === 0 && r.len === Infinity && !r.edited;
  }

  apply(change: TextChange | LineEdit): void {
    const e = 'head' in change ? change : lineEditOf(change);
    const delta = e.newlines - (e.to - e.from);
    const out: Run[] = [];
    const push = (cur: number, old: number, len: number, edited: boolean): void => {
      if (len <= 0) return;
      const last = out[out.length - 1];
      // Merge with the previous run when it continues it exactly, to keep the list short.
      if (last && last.edited === edited && last.cur + last.len === cur && last.old + last.len === old) last.len += len;
      else out.push({ cur, old, len, edited });
    };
    for (const r of this.runs) {
      const end = r.cur + r.len; // exclusive
      // Before the change: unchanged.
      push(r.cur, r.old, Math.min(end, e.from) - r.cur, r.edited);
      const has = (line: number): boolean => line >= r.cur && line < end;
      const oldOf = (line: number): number => r.old + (line - r.cur);
      if (e.from === e.to) {
        if (has(e.from)) {
          if (e.tailKept) push(e.from + e.newlines, oldOf(e.from), 1, r.edited);
          else if (e.head !== 'gone') push(e.from, oldOf(e.from), 1, r.edited || e.head === 'edited');
        }
      } else {
        if (has(e.from) && e.head !== 'gone') push(e.from, oldOf(e.from), 1, r.edited || e.head === 'edited');
        if (has(e.to) && e.tailKept) push(e.from + e.newlines, oldOf(e.to), 1, r.edited);
      }
      // After the change: shifted by the line delta.
      const start = Math.max(r.cur, e.to + 1);
      if (start < end) push(start + delta, oldOf(start), end - start, r.edited);
    }
    this.runs = out;
  }

  /** Where old line `old` is now, or undefined when it is gone. */
  toCurrent(old: number): Mapped | undefined {
    for (const r of this.runs) {
      if (old >= r.old && old < r.old + r.len) return { line: r.cur + (old - r.old), edited: r.edited };
    }
    return undefined;
  }

  /** Which old line current line `cur` was, or undefined for a new line. */
  toOld(cur: number): Mapped | undefined {
    for (const r of this.runs) {
      if (cur >= r.cur && cur < r.cur + r.len) return { line: r.old + (cur - r.cur), edited: r.edited };
    }
    return undefined;
  }
}
