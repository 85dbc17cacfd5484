// Bench launcher: runs the TypeScript bench (test/bench/main.ts) through tsx, passing the arguments on.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
// The docs section holds 50k chunks with their entities in one process: more heap than the default.
const result = spawnSync(process.execPath, ['--max-old-space-size=8192', '--expose-gc', '--import', 'tsx', join(here, 'main.ts'), ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
