/**
 * Line maps for unsaved edits: a lens follows its line, or is hidden, never misplaced.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { EditHistory } from '../../extension/vscode/lens_history';
import { LineMap, lineEditOf, type TextChange } from '../../extension/vscode/lens_linemap';

/** Applies a change to a text the way the editor does, and says whether the start line ended at the range start. */
function applyText(text: string, c: Omit<TextChange, 'startAtLineEnd'>): { text: string; startAtLineEnd: boolean } {
  const lines = text.split('\n');
  const offset = (line: number, ch: number): number => lines.slice(0, line).reduce((n, l) => n + l.length + 1, 0) + ch;
  const start = offset(c.startLine, c.startChar);
  const end = offset(c.endLine, c.endChar);
  return { text: text.slice(0, start) + c.text + text.slice(end), startAtLineEnd: (lines[c.startLine] ?? '').length === c.startChar };
}

function change(startLine: number, startChar: number, endLine: number, endChar: number, text: string, startAtLineEnd?: boolean): TextChange {
  const c: TextChange = { startLine, startChar, endLine, endChar, text };
  if (startAtLineEnd !== undefined) c.startAtLineEnd = startAtLineEnd;
  return c;
}

describe('LineMap', () => {
  it('is the identity until something changes', () => {
    const m = new LineMap();
    assert.equal(m.identity, true);
    assert.deepEqual(m.toCurrent(7), { line: 7, edited: false });
    m.apply(change(3, 2, 3, 2, ''));
    assert.equal(m.identity, true, 'an empty change changes nothing');
  });

  it('moves lines below a line break and keeps the line it was typed at the end of', () => {
    const m = new LineMap();
    m.apply(change(3, 10, 3, 10, '\n    ', true)); // Enter at the end of line 3
    assert.deepEqual(m.toCurrent(3), { line: 3, edited: false });
    assert.deepEqual(m.toCurrent(5), { line: 6, edited: false });
    assert.equal(m.toOld(4), undefined, 'the new line has no indexed counterpart');
    assert.deepEqual(m.toOld(6), { line: 5, edited: false });
  });

  it('counts a line broken in the middle as edited', () => {
    const m = new LineMap();
    m.apply(change(3, 4, 3, 4, '\n', false));
    assert.deepEqual(m.toCurrent(3), { line: 3, edited: true });
    assert.deepEqual(m.toCurrent(4), { line: 5, edited: false });
  });

  it('keeps a line whole when lines are inserted at its column 0', () => {
    const m = new LineMap();
    m.apply(change(5, 0, 5, 0, 'import os\nimport sys\n'));
    assert.deepEqual(m.toCurrent(5), { line: 7, edited: false });
    assert.deepEqual(m.toCurrent(4), { line: 4, edited: false });
  });

  it('marks typing inside a line as edited, in place', () => {
    const m = new LineMap();
    m.apply(change(5, 4, 5, 7, 'walk'));
    assert.deepEqual(m.toCurrent(5), { line: 5, edited: true });
    assert.deepEqual(m.toCurrent(6), { line: 6, edited: false });
  });

  it('loses deleted lines and pulls the rest up', () => {
    const m = new LineMap();
    m.apply(change(5, 0, 7, 0, '')); // delete lines 5 and 6
    assert.equal(m.toCurrent(5), undefined);
    assert.equal(m.toCurrent(6), undefined);
    assert.deepEqual(m.toCurrent(7), { line: 5, edited: false });
  });

  it('joins a line into the one above: the upper is edited, the lower gone', () => {
    const m = new LineMap();
    m.apply(change(5, 12, 6, 0, '')); // backspace at the start of line 6
    assert.deepEqual(m.toCurrent(5), { line: 5, edited: true });
    assert.equal(m.toCurrent(6), undefined);
    assert.deepEqual(m.toCurrent(7), { line: 6, edited: false });
  });

  it('follows a sequence of edits', () => {
    const m = new LineMap();
    m.apply(change(0, 0, 0, 0, '# header\n'));
    m.apply(change(10, 0, 12, 0, ''));
    m.apply(change(2, 3, 2, 3, '\n\n', false));
    // old 1 → 2 (insert) → 2 → edited at 2; old 20 → 21 → 19 → 21
    assert.deepEqual(m.toCurrent(1), { line: 2, edited: true });
    assert.deepEqual(m.toCurrent(20), { line: 21, edited: false });
    assert.equal(m.toCurrent(10), undefined, 'old 9 and 10 were current 10 and 11, deleted');
    assert.deepEqual(m.toCurrent(8), { line: 11, edited: false });
  });

  it('says of lineEditOf what a change does to whole lines', () => {
    assert.deepEqual(lineEditOf(change(4, 0, 6, 0, '')), { from: 4, to: 6, newlines: 0, head: 'gone', tailKept: true });
    assert.deepEqual(lineEditOf(change(4, 2, 4, 2, 'a\nb')), { from: 4, to: 4, newlines: 1, head: 'edited', tailKept: false });
  });

  // The property the editor relies on: whatever is claimed unchanged really is the same line.
  it('never claims an unchanged line that is not there (random edits)', () => {
    const piece = fc.constantFrom('', 'x', 'yy', '\n', 'z\n', '\nq', '\n\n', 'ab\ncd\n');
    const edit = fc.record({ a: fc.nat(), b: fc.nat(), text: fc.array(piece, { maxLength: 3 }).map((p) => p.join('')) });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.array(edit, { maxLength: 8 }), (n, edits) => {
        const original = Array.from({ length: n }, (_, i) => `L${i}`);
        let text = original.join('\n');
        const map = new LineMap();
        for (const e of edits) {
          const lo = Math.min(e.a, e.b) % (text.length + 1);
          const hi = Math.max(lo, Math.max(e.a, e.b) % (text.length + 1));
          const pos = (off: number): [number, number] => {
            const before = text.slice(0, off).split('\n');
            return [before.length - 1, (before[before.length - 1] ?? '').length];
          };
          const [startLine, startChar] = pos(lo);
          const [endLine, endChar] = pos(hi);
          const c = { startLine, startChar, endLine, endChar, text: e.text };
          const next = applyText(text, c);
          map.apply({ ...c, startAtLineEnd: next.startAtLineEnd });
          text = next.text;
        }
        const now = text.split('\n');
        for (let old = 0; old < n; old++) {
          const at = map.toCurrent(old);
          if (at === undefined) continue;
          assert.ok(at.line < now.length, `old ${old} mapped past the end`);
          if (!at.edited) assert.equal(now[at.line], `L${old}`, `old ${old} claimed unchanged at ${at.line}`);
          assert.deepEqual(map.toOld(at.line)?.line, old);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('EditHistory', () => {
  it('maps from the version the graph indexed, through the edits since', () => {
    const h = new EditHistory();
    h.mark(['v1']);
    h.edit([change(0, 0, 0, 0, 'a\n')]);
    h.mark(['v2']); // saved
    h.edit([change(0, 0, 0, 0, 'b\n')]);
    assert.deepEqual(h.mapFor('v1')?.toCurrent(0), { line: 2, edited: false }, 'the index still has v1');
    assert.deepEqual(h.mapFor('v2')?.toCurrent(0), { line: 1, edited: false }, 'the index caught up with the save');
    assert.equal(h.mapFor('v1'), undefined, 'an older version is dropped once a newer one is indexed');
    assert.equal(h.mapFor('other'), undefined, 'a text it never saw cannot be mapped');
    assert.equal(h.mapFor(undefined), undefined);
  });

  it('knows when its last version is the current text', () => {
    const h = new EditHistory();
    assert.equal(h.current, false);
    h.mark(['v1']);
    assert.equal(h.current, true);
    h.edit([change(1, 0, 1, 0, 'x')]);
    assert.equal(h.current, false);
  });
});
