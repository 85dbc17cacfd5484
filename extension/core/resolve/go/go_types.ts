/**
 * Go type texts
 * =============
 * Types as the extractor keeps them, as written (`*pkg.Server`, `map[string][]*Tag`,
 * `(*Foo, error)`), read just far enough to type a receiver: a named type (maybe qualified by a
 * package), or a container whose element a `[]` step (index, range, receive) reaches.
 */

export type TypeShape = { t: 'named'; pkg?: string; name: string } | { t: 'elem'; of: string } | { t: 'func'; result: string };

/** The shape of a type text; undefined for func, struct and interface literals and anything unreadable. */
export function typeShape(text: string): TypeShape | undefined {
  let s = text.trim();
  for (let i = 0; i < 16; i++) {
    if (s.startsWith('*')) s = s.slice(1).trim();
    else if (s.startsWith('(') && s.endsWith(')')) s = s.slice(1, -1).trim();
    else break;
  }
  if (s.startsWith('...')) return { t: 'elem', of: s.slice(3) };
  if (s.startsWith('[')) {
    const close = matching(s, 0, '[', ']');
    return close < 0 ? undefined : { t: 'elem', of: s.slice(close + 1) };
  }
  if (s.startsWith('map[')) {
    const close = matching(s, 3, '[', ']');
    return close < 0 ? undefined : { t: 'elem', of: s.slice(close + 1) };
  }
  if (/^func\s*\(/.test(s)) {
    const open = s.indexOf('(');
    const close = matching(s, open, '(', ')');
    return close < 0 ? undefined : { t: 'func', result: s.slice(close + 1).trim() };
  }
  const chan = /^(<-\s*)?chan\b(\s*<-)?\s*/.exec(s);
  if (chan) return { t: 'elem', of: s.slice(chan[0].length) };
  const named = /^([A-Za-z_]\w*)(?:\.([A-Za-z_]\w*))?\s*(\[.*\])?$/su.exec(s);
  if (!named || named[1] === 'func' || named[1] === 'struct' || named[1] === 'interface') return undefined;
  return named[2] !== undefined ? { t: 'named', pkg: named[1]!, name: named[2] } : { t: 'named', name: named[1]! };
}

/** Result number `index` of a function's result text: `(*Foo, error)` → `*Foo`, `(f *Foo, err error)` → `*Foo`. */
export function nthResult(result: string, index = 0): string | undefined {
  const s = result.trim();
  if (!s.startsWith('(')) return index === 0 ? s || undefined : undefined;
  const close = matching(s, 0, '(', ')');
  const inner = s.slice(1, close < 0 ? undefined : close);
  const parts = splitTop(inner).map((p) => p.trim());
  // `(a, b int)`: names sharing the type written last.
  if (parts.some((p) => /^[A-Za-z_]\w*\s+\S/.test(p) && !/^(chan|map|func)\b/.test(p))) {
    const types: (string | undefined)[] = [];
    let pending = 0;
    for (const p of parts) {
      const m = /^([A-Za-z_]\w*)\s+(.+)$/su.exec(p);
      if (m && !/^(chan|map|func)$/.test(m[1]!)) {
        for (let i = 0; i <= pending; i++) types.push(m[2]!.trim());
        pending = 0;
      } else pending++;
    }
    return types[index];
  }
  return parts[index] || undefined;
}

export const firstResult = (result: string): string | undefined => nthResult(result, 0);

/** Index of the bracket closing the one at `open`, or -1. */
function matching(s: string, open: number, o: string, c: string): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if (s[i] === o) depth++;
    else if (s[i] === c && --depth === 0) return i;
  }
  return -1;
}

/** Splits at commas outside brackets. */
function splitTop(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth--;
    else if (ch === ',' && depth === 0) {
      out.push(s.slice(start, i));
      start = i + 1;
    }
  }
  out.push(s.slice(start));
  return out;
}
