/**
 * Oracle dump
 * ===========
 * Prints what the oracles say about a fixture project, to check "truth" by eye:
 *   npx tsx test/oracle/oracle_dump.ts <fixture-dir> [--json]
 * Python files go to pyright, TS/JS files to the TypeScript checker. Each edge is printed with
 * the source line of both ends, so a wrong answer stands out.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pyrightOracle } from './pyright_oracle';
import { tsOracle } from './ts_oracle';
import { declKey, listSourceFiles, PY_EXTENSIONS, TS_EXTENSIONS, type DeclRef, type OracleResult } from './types';

/** Both oracles over whatever the directory holds. */
export async function runOracles(root: string): Promise<{ label: string; result: OracleResult }[]> {
  const out: { label: string; result: OracleResult }[] = [];
  const tsFiles = listSourceFiles(root, TS_EXTENSIONS);
  if (tsFiles.length) out.push({ label: 'typescript', result: tsOracle(root, tsFiles) });
  const pyFiles = listSourceFiles(root, PY_EXTENSIONS);
  if (pyFiles.length) out.push({ label: 'pyright', result: await pyrightOracle(root, pyFiles) });
  return out;
}

function sourceLine(root: string, ref: DeclRef, cache: Map<string, string[]>): string {
  if (ref.line === 0) return '<module>';
  let lines = cache.get(ref.path);
  if (!lines) {
    lines = readFileSync(join(root, ref.path), 'utf8').split('\n');
    cache.set(ref.path, lines);
  }
  return (lines[ref.line - 1] ?? '').trim().slice(0, 70);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const dir = args.find((a) => !a.startsWith('--'));
  if (!dir) {
    console.error('usage: npx tsx test/oracle/oracle_dump.ts <fixture-dir> [--json]');
    process.exit(2);
  }
  const root = resolve(dir);
  const results = await runOracles(root);
  if (args.includes('--json')) {
    console.log(JSON.stringify(Object.fromEntries(results.map((r) => [r.label, r.result])), null, 2));
    return;
  }
  const cache = new Map<string, string[]>();
  for (const { label, result } of results) {
    const names = new Map(result.declarations.map((d) => [declKey(d), d.name]));
    console.log(`# ${label}: ${result.edges.length} edges, ${result.callers.length} callers, ${result.declarations.length} declarations`);
    let lastCaller = '';
    for (const e of result.edges) {
      const caller = declKey(e.caller);
      if (caller !== lastCaller) {
        console.log(`\n${caller} ${names.get(caller) ?? ''}  | ${sourceLine(root, e.caller, cache)}`);
        lastCaller = caller;
      }
      console.log(`   -> ${declKey(e.callee)} ${names.get(declKey(e.callee)) ?? ''}  @${e.callSiteLines.join(',')}  | ${sourceLine(root, e.callee, cache)}`);
    }
    console.log('');
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
