// Runs every *.test.ts under test/ (or the paths given) with node's test runner, TypeScript through tsx.
// Node 20's runner does not discover .ts files itself, so we list them.
import { spawn } from 'node:child_process';
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

// Tests that drive a real VS Code or a browser each start code-server and Chromium: on two cores,
// two of them at once (or beside the rest) starve each other into timeouts. They run after the
// others, one file at a time.
const heavy = (f) => /(^|[\\/])test[\\/](e2e|vscode)[\\/]/.test(f);
const phases = [
  { files: files.filter((f) => !heavy(f)), concurrency: 2 },
  { files: files.filter(heavy), concurrency: 1 },
];
/** Runs one phase, echoing its output, and reads its pass/fail counts from the runner's summary. */
function runPhase(phase) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--test', '--test-reporter=spec', `--test-concurrency=${phase.concurrency}`, ...phase.files],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let tail = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      tail = (tail + chunk.toString()).slice(-4000);
    });
    child.on('close', (code) => {
      const count = (word) => Number(new RegExp(`ℹ ${word} (\\d+)`).exec(tail)?.[1] ?? 0);
      resolve({ code: code ?? 1, passed: count('pass'), failed: count('fail') });
    });
  });
}

let status = 0;
let passed = 0;
let failed = 0;
for (const phase of phases) {
  if (phase.files.length === 0) continue;
  const r = await runPhase(phase);
  passed += r.passed;
  failed += r.failed;
  if (r.code !== 0) status = r.code;
}
// One closing line for both phases, in the form CI reads.
console.log(`\ntotal: ${passed} passed, ${failed} failed`);
process.exit(status);
