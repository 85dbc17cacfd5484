// Runs every *.test.ts under test/ (or the paths given) with node's test runner, TypeScript through tsx.
// Node 20's runner does not discover .ts files itself, so we list them.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function collect(dir, out) {
  for (const name of readdirSync(dir)) {
    if (name === 'fixtures' || name === 'work' || name === 'node_modules') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) collect(p, out);
    else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

const args = process.argv.slice(2);
const files = args.length ? args.flatMap((a) => (statSync(a).isDirectory() ? collect(a, []) : [a])) : collect('test', []);
files.sort();
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=2', ...files],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
