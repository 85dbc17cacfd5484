/**
 * Reading a host run's output
 * ===========================
 * The in-host runner prints one `KGTEST {json}` line per test (suite/runner.ts) and run.ts prints
 * `KGSKIP <reason>` when the host cannot run; this turns a run's stdout back into results.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { RESULT_PREFIX, type TestResult } from './suite/runner';
import { REPO_ROOT } from './host';

export interface HostResult extends TestResult {
  suite: string;
}

export interface HarnessRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  results: HostResult[];
  skip?: string;
  /** Every line that is not a result, for the failure message. */
  log: string[];
}

export function parseOutput(output: string): Omit<HarnessRun, 'code' | 'signal'> {
  const results: HostResult[] = [];
  const log: string[] = [];
  let skip: string | undefined;
  for (const line of output.split('\n')) {
    const at = line.indexOf(RESULT_PREFIX);
    if (at >= 0) {
      try {
        results.push(JSON.parse(line.slice(at + RESULT_PREFIX.length)) as HostResult);
        continue;
      } catch {
        // not ours after all: keep it in the log
      }
    }
    const s = line.indexOf('KGSKIP ');
    if (s >= 0) skip = line.slice(s + 'KGSKIP '.length).trim();
    else if (line.trim()) log.push(line);
  }
  return { results, log, ...(skip ? { skip } : {}) };
}

/**
 * Runs `tsx <script>` from the repository root in its own process group; when `signal` aborts, the
 * whole group gets SIGTERM (runTests' child, the shim, the runner: each cleans up its code-server
 * and Chromium on the way out).
 */
export function runScript(script: string, signal: AbortSignal | undefined, env: NodeJS.ProcessEnv = {}): Promise<HarnessRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, script)], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const stop = (): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    };
    signal?.addEventListener('abort', stop, { once: true });
    child.on('error', reject);
    child.on('close', (code, sig) => {
      signal?.removeEventListener('abort', stop);
      resolve({ code, signal: sig, ...parseOutput(out) });
    });
  });
}

/**
 * One node test that runs a host script and reports each in-host test as a subtest by name;
 * skipped, with the reason, only when the host cannot be installed (see host.ts).
 */
export function hostSuiteTest(title: string, script: string, timeoutMs: number): void {
  test(title, { timeout: timeoutMs }, async (t) => {
    const run = await runScript(script, t.signal);
    if (run.skip && run.results.length === 0) {
      console.log(`SKIP ${run.skip}`);
      t.skip(run.skip);
      assert.equal(run.code, 0, run.log.join('\n'));
      return;
    }
    for (const r of run.results) {
      await t.test(`[${r.suite}] ${r.name}`, () => {
        if (!r.ok) throw new Error(r.error ?? 'failed');
      });
    }
    assert.ok(run.results.length > 0, `no in-host test reported a result:\n${run.log.slice(-40).join('\n')}`);
    assert.equal(run.code, 0, `the host run exited ${run.code ?? run.signal}; its log:\n${run.log.slice(-40).join('\n')}`);
  });
}
