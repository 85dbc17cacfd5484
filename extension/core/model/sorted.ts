/**
 * Sorted arrays
 * =============
 * The one binary search the core uses, for strings and numbers alike.
 */

/** The index of the first element of `sorted` not below `x` (its length when every one is). */
export function lowerBound<T extends string | number>(sorted: ArrayLike<T>, x: T): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
