/**
 * Edit distance
 * =============
 * Levenshtein distance with one row of memory, stopping early once every cell of a row is past
 * `max` (then it answers `max + 1`). Used for "did you mean" suggestions (query/target.ts) and for
 * matching concept names (decisions/reconcile.ts). Written here rather than taken from npm: it is
 * fifteen lines, and the early stop is what the suggestions need.
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1));
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length]!;
}
