/**
 * Name-only matches
 * =================
 * A call whose receiver static evaluation cannot type falls back to a name-only match only when
 * exactly one non-generic function or method of that name exists in the language family, and the
 * edge says so (`confidence: "name"`). Every family may use it; none has to.
 *
 * A family keeps the guess only where it is right at least 90% of the time on the accuracy bench's
 * real code (test/bench/measure_accuracy.ts prints precision by confidence per language). Measured
 * against pyright and the TypeScript checker on the bench's packages (2026-12): Python 8 right of
 * 31 (26%), TypeScript 12 of 36 (33%): a receiver neither we nor the checker can type is mostly
 * some other object's method of that name. Both are off; the call stays unresolved.
 */
import type { Chain } from '../parse/facts';
import { familyOf, type Project } from './project';
import type { CallTarget, ResolveContext } from './family';

/** Names too common to guess a target from (a method of that name exists on half the classes of any project). */
const GENERIC_NAMES = new Set(
  ('get set run update add remove delete call apply bind send read write close open start stop init load save put push pop map filter find next ' +
    'execute process handle create build parse format render reset clear emit on off once then catch finally toString valueOf keys values items ' +
    'entries copy append extend insert index count sort join split replace strip encode decode has size length forEach reduce some every includes ' +
    'slice splice concat test exec match __init__ __call__ constructor setup teardown setUp tearDown main log debug info warn warning error fetch ' +
    'request dispatch subscribe publish listen connect disconnect validate check clone equals compare hash serialize deserialize toJSON fromJSON ' +
    'next resolve reject wait lock unlock flush commit rollback query select insert upsert list show hide toggle enable disable register ' +
    // Runtime APIs a workspace often wraps: a receiver we cannot type is more likely the runtime's object.
    'addEventListener removeEventListener dispatchEvent postMessage addListener removeListener removeAllListeners now abort ' +
    'append appendChild removeChild querySelector getElementById setAttribute getAttribute preventDefault stopPropagation').split(' '),
);

/** Families whose name-only guesses measured right ≥ 90% of the time (none of those measured so far). */
const NAME_ONLY_FAMILIES = new Set<string>();

/**
 * The single non-generic workspace function of that name, for a receiver we could not type.
 * `caller` is the qualified name of the calling definition: a method that delegates to another
 * object's method of its own name (`def get(self): return self._inner.get()`) is not guessed.
 * `external`: the chain ran into a third-party value, where a miss is expected.
 */
export function nameOnlyTarget(ctx: ResolveContext, caller: string | undefined, callee: Chain, external: boolean): CallTarget | undefined {
  if (!NAME_ONLY_FAMILIES.has(familyOf(ctx.view.facts.language))) return undefined;
  // Guess only for a receiver that is a name we know nothing of; `xs[0].f()` or `"".join()` give nothing to go on.
  if (external || callee.length < 2 || callee[0] === '?') return undefined;
  const last = callee[callee.length - 1]!;
  const name = last.endsWith('()') ? last.slice(0, -2) : last;
  if (GENERIC_NAMES.has(name) || name.length < 3) return undefined;
  const project: Project = ctx.project;
  const family = familyOf(ctx.view.facts.language);
  const candidates = project
    .symbolsNamed(name, ctx.tracker)
    .filter((c) => (c.kind === 'method' || c.kind === 'function') && familyOf(project.facts.get(c.path)!.language) === family);
  if (candidates.length !== 1) return undefined;
  const c = candidates[0]!;
  if (c.path === ctx.path && c.qn === caller) return undefined;
  return { value: { t: 'symbol', path: c.path, qn: c.qn, kind: c.kind }, confidence: 'name' };
}
