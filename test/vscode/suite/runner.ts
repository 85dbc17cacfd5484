/**
 * A tiny test runner for the extension host
 * =========================================
 * mocha is not a dependency, and the host only needs sequential async tests: `test(name, fn)`
 * registers, `runAll()` runs them in order. Each result is one console.log line
 * `KGTEST {"name":…,"ok":…,"ms":…,"error"?:…}` that the outer harness parses (test/vscode/results.ts),
 * so node's test runner reports every in-host test by name.
 */

export interface TestResult {
  name: string;
  ok: boolean;
  ms: number;
  error?: string;
}

type TestFn = () => Promise<void> | void;

const tests: { name: string; fn: TestFn; timeoutMs: number }[] = [];

/** Registers a test; tests run in registration order, each bounded by `timeoutMs`. */
export function test(name: string, fn: TestFn, timeoutMs = 30_000): void {
  tests.push({ name, fn, timeoutMs });
}

export const RESULT_PREFIX = 'KGTEST ';

function withTimeout(p: Promise<void>, ms: number, name: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${name}`)), ms);
  });
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}

/** Runs every registered test; rejects (the host exits 1) when any failed. */
export async function runAll(suite: string): Promise<void> {
  const results: TestResult[] = [];
  for (const t of tests) {
    const t0 = Date.now();
    let result: TestResult;
    try {
      await withTimeout(Promise.resolve().then(t.fn), t.timeoutMs, t.name);
      result = { name: t.name, ok: true, ms: Date.now() - t0 };
    } catch (err) {
      const e = err as Error;
      result = { name: t.name, ok: false, ms: Date.now() - t0, error: (e?.message ?? String(err)).slice(0, 2000) };
    }
    results.push(result);
    console.log(RESULT_PREFIX + JSON.stringify({ suite, ...result }));
  }
  const failed = results.filter((r) => !r.ok);
  console.log(`${suite}: ${results.length - failed.length} passed, ${failed.length} failed`);
  if (failed.length) throw new Error(`${failed.length} of ${results.length} tests failed in ${suite}`);
}
