/**
 * Retrying HTTP calls
 * ===================
 * What the model clients (embeddings in docs/retrieval, chat in llm/providers) share when a
 * server asks them to wait: reading Retry-After, and a wait that a cancellation cuts short.
 */

/** Retry-After as seconds or an HTTP date, in ms; undefined when absent, blank or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Waits `ms`; rejects with `cancelled()` as soon as `signal` aborts (at once if it already has). */
export function waitOrAbort(ms: number, signal: AbortSignal | undefined, cancelled: () => Error): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelled());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(cancelled());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
