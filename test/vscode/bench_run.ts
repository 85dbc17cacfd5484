/**
 * Extension-host bench run
 * ========================
 * `npx tsx test/vscode/bench_run.ts`: the §8 figures in a real extension host (see suite/bench.ts),
 * on a temp copy of the fixture: a first run without a snapshot, a second with the one it left.
 * With a folder argument (a large corpus, e.g. the bench's 100k-line Django subset), a copy of it gets
 * two runs too: activation without and with a snapshot, host memory, a 500-file branch switch.
 * Prints the suite's `KGBENCH {json}` lines (test/bench/measure_vscode.ts reads them), or
 * `KGSKIP <reason>` when the host cannot run here.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { bundleSuites, DESKTOP, FIXTURE, hostRun, tempDir } from './harness';
import { ensureHost } from './host';

async function main(): Promise<number> {
  const why = DESKTOP ? undefined : ensureHost();
  if (why) {
    console.log(`KGSKIP VS Code extension-host bench: ${why}`);
    return 0;
  }
  const tmp = tempDir('kg-vscode-bench-');
  await bundleSuites(join(tmp, 'suite'), ['bench']);
  const folder = join(tmp, 'vscode_project');
  cpSync(FIXTURE, folder, { recursive: true });
  const cold = await hostRun(join(tmp, 'suite', 'bench.js'), folder);
  const warm = await hostRun(join(tmp, 'suite', 'bench.js'), folder);
  let large = 0;
  const corpus = process.argv[2];
  if (corpus) {
    const big = join(tmp, 'large');
    // Without the corpus's own state: the first run must index from nothing.
    cpSync(corpus, big, { recursive: true, filter: (src) => !/[\\/]\.kg-memory([\\/]|$)/.test(src) });
    large = (await hostRun(join(tmp, 'suite', 'bench.js'), big)) || (await hostRun(join(tmp, 'suite', 'bench.js'), big));
  }
  return cold || warm || large;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
