/**
 * Extension-host test run
 * =======================
 * `npx tsx test/vscode/run.ts` — the entry point of the in-host tests, through @vscode/test-electron's
 * runTests with `vscodeExecutablePath` at the project's code-shim (host/code-shim), so the suite runs
 * in code-server's real VS Code 1.139 extension host here and in the real desktop build wherever the
 * shim is swapped for a downloaded one.
 *
 * 1. the host: present, or installed by host/install.sh; when that is impossible, prints
 *    `KGSKIP <reason>` and exits 0 (exit 1 with KG_MEMORY_REQUIRE_VSCODE_HOST=1);
 * 2. bundles suite/main.ts and suite/restart.ts (vscode external) into a temp dir;
 * 3. copies test/fixtures/vscode_project to a temp folder and runs the main suite on it;
 * 4. appends a function to web/checkout.ts ("while VS Code was closed") and runs the restart suite
 *    in a second host on the same folder, which must load the first session's snapshot.
 * Each host run is bounded by TEST_TIMEOUT_MS (default 240 s); temp dirs go unless KEEP=1.
 * KG_MEMORY_VSCODE_DESKTOP=1 runs the same suites in the downloaded desktop build instead.
 */
import { appendFileSync, cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { bundleSuites, DESKTOP, FIXTURE, hostRun, tempDir } from './harness';
import { ensureHost, HOST_REQUIRED, REPO_ROOT } from './host';

async function main(): Promise<number> {
  const why = DESKTOP ? undefined : ensureHost();
  if (why) {
    console.log(`KGSKIP VS Code extension-host tests: ${why}`);
    return HOST_REQUIRED ? 1 : 0;
  }
  if (!existsSync(join(REPO_ROOT, 'dist', 'extension.js'))) {
    console.log('dist/extension.js is missing: run `npm run build` first');
    return 1;
  }
  const tmp = tempDir('kg-vscode-');
  await bundleSuites(join(tmp, 'suite'), ['main', 'restart']);
  const folder = join(tmp, 'vscode_project');
  cpSync(FIXTURE, folder, { recursive: true });
  const first = await hostRun(join(tmp, 'suite', 'main.js'), folder);
  // A change made while no editor was open: one more caller of formatPrice.
  appendFileSync(join(folder, 'web', 'checkout.ts'), '\nexport function receiptLine(cents: number): string {\n  return `Total ${formatPrice(cents)}`;\n}\n');
  const second = await hostRun(join(tmp, 'suite', 'restart.js'), folder);
  return first || second;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
