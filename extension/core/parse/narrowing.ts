/**
 * Narrowed receivers
 * ==================
 * `if isinstance(x, T): x.m()` (Python), `if (x instanceof T) x.m()` (TS/JS): inside the guarded
 * region a checker types x as T. The extractors find the regions (python_narrowing.ts,
 * typescript_narrowing.ts); a call whose receiver is the narrowed name, in the same definition as
 * the guard, gets the receiver `:T` (facts.ts, Chain). A reassignment inside the region is not
 * looked for: narrowed names are rarely rebound there.
 */
import type { Chain } from './facts';

export interface Narrowing {
  name: string;
  /** The type as written (`T`, `m.T`, `A | B`). */
  type: string;
  /** Source offsets of the region. */
  start: number;
  end: number;
}

/** The chain with its receiver narrowed, when a region covers `pos` for that name and `sameScope(region start)` holds. */
export function narrowChain(narrowings: readonly Narrowing[], chain: Chain, pos: number, sameScope: (start: number) => boolean): Chain {
  if (narrowings.length === 0 || chain.length < 2) return chain;
  const head = chain[0]!;
  if (head.endsWith('()') || head.startsWith(':')) return chain;
  let best: Narrowing | undefined;
  for (const n of narrowings) {
    if (n.name === head && n.start <= pos && pos < n.end && (!best || n.start > best.start)) best = n;
  }
  if (!best || !sameScope(best.start)) return chain;
  return [`:${best.type}`, ...chain.slice(1)];
}
