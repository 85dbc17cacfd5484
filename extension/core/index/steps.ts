/**
 * Work in steps
 * =============
 * Long indexing work (linking thousands of document chunks) is written once, as a generator that
 * yields between steps, and run either at once (a reader that needs the answer now) or in time
 * slices that give the event loop back between them, so an editor's extension host stays
 * responsive while it runs. Each step must leave the state consistent: other code may run at a
 * slice boundary.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

export type Steps<T> = Generator<void, T, void>;

/** Runs every step now. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** Slices this long keep a host responsive without making the work much slower. */
export const DEFAULT_SLICE_MS = 25;

/**
 * Runs the steps, returning to the event loop whenever a slice has taken `sliceMs`. Rejects with
 * the signal's reason when it aborts (between steps: the state is what the last step left).
 */
export async function runStepsInSlices<T>(steps: Steps<T>, signal?: AbortSignal, sliceMs = DEFAULT_SLICE_MS): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    if (performance.now() - sliceStart < sliceMs) continue;
    await nextTurn();
    signal?.throwIfAborted();
    sliceStart = performance.now();
  }
}
