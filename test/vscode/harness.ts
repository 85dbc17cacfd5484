/**
 * Host runs
 * =========
 * What run.ts and bench_run.ts share: bundling an in-host suite, and one run of it through
 * @vscode/test-electron's runTests with the project's code-shim as the VS Code executable.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTests } from '@vscode/test-electron';
import * as esbuild from 'esbuild';
import { CODE_SHIM, REPO_ROOT } from './host';

export const FIXTURE = join(REPO_ROOT, 'test', 'fixtures', 'vscode_project');

/** Bundles suite/<name>.ts for each name into outdir/<name>.js (vscode stays external: the host provides it). */
export async function bundleSuites(outdir: string, names: readonly string[]): Promise<void> {
  await esbuild.build({
    entryPoints: names.map((s) => join(__dirname, 'suite', `${s}.ts`)),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    external: ['vscode'],
    mainFields: ['module', 'main'],
    logLevel: 'warning',
  });
}

/**
 * The real desktop build instead of the shim: KG_MEMORY_VSCODE_DESKTOP=1 lets runTests download
 * VS Code (Electron) as it does anywhere it can; the default is code-server through the shim.
 */
export const DESKTOP = process.env.KG_MEMORY_VSCODE_DESKTOP === '1';

/** One host run; resolves to its exit code (runTests rejects on a non-zero one). */
export async function hostRun(suite: string, folder: string): Promise<number> {
  try {
    return await runTests({
      ...(DESKTOP ? {} : { vscodeExecutablePath: CODE_SHIM }),
      extensionDevelopmentPath: REPO_ROOT,
      extensionTestsPath: suite,
      launchArgs: [folder],
      extensionTestsEnv: { TEST_TIMEOUT_MS: process.env.TEST_TIMEOUT_MS ?? '240000' },
    });
  } catch (err) {
    const code = (err as { code?: number }).code;
    console.log(`host run of ${suite} failed: ${(err as Error).message}`);
    return typeof code === 'number' && code !== 0 ? code : 1;
  }
}


/**
 * A temp dir removed on exit, also when a signal stops the run (KEEP=1 keeps it and says where).
 * The host processes are not ours to kill here: runTests' child (the shim) gets the same signal
 * from the process group and its runner cleans up code-server and Chromium.
 */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const remove = (): void => {
    if (process.env.KEEP) console.log(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', remove);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(sig, () => process.exit(130));
  return dir;
}
