/**
 * Extension-host run of the decision surfaces
 * ===========================================
 * `npx tsx test/vscode/run_decisions.ts` — bundles suite/decisions.ts and runs it (harness.ts's
 * hostRun) on a temp copy of test/fixtures/decisions/store. Same host policy as run.ts: prints
 * `KGSKIP <reason>` and exits 0 when the host cannot run (1 with KG_MEMORY_REQUIRE_VSCODE_HOST=1).
 */
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { bundleSuites, hostRun, tempDir } from './harness';
import { ensureHost, HOST_REQUIRED, REPO_ROOT } from './host';

async function main(): Promise<number> {
  const why = ensureHost();
  if (why) {
    console.log(`KGSKIP VS Code extension-host tests (decisions): ${why}`);
    return HOST_REQUIRED ? 1 : 0;
  }
  if (!existsSync(join(REPO_ROOT, 'dist', 'extension.js'))) {
    console.log('dist/extension.js is missing: run `npm run build` first');
    return 1;
  }
  const tmp = tempDir('kg-vscode-decisions-');
  await bundleSuites(join(tmp, 'suite'), ['decisions']);
  const folder = join(tmp, 'store');
  cpSync(join(REPO_ROOT, 'test', 'fixtures', 'decisions', 'store'), folder, { recursive: true });
  return hostRun(join(tmp, 'suite', 'decisions.js'), folder);
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
