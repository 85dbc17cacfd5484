/**
 * Accuracy on any folder
 * ======================
 * `npx tsx test/oracle/compare_repo.ts <dir> [--python|--typescript] [--show N]`: indexes the
 * folder, asks the language-server oracle for the truth, prints precision, recall and the first
 * N differences. For measuring on real repositories, beside the fixture test.
 */
import { parseArgs } from 'node:util';
import { causesOf, formatCauses } from './causes';
import { compareEdges, compareInherits, formatComparison, scopeFor } from './compare';
import { ourCallEdges } from './ours';
import { pyrightOracle } from './pyright_oracle';
import { tsOracle } from './ts_oracle';
import { listSourceFiles, PY_EXTENSIONS, TS_EXTENSIONS } from './types';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { python: { type: 'boolean' }, typescript: { type: 'boolean' }, show: { type: 'string' } },
  });
  const root = positionals[0];
  if (!root) throw new Error('usage: compare_repo.ts <dir> [--python|--typescript] [--show N]');
  const python = values.python ?? listSourceFiles(root, PY_EXTENSIONS).length > listSourceFiles(root, TS_EXTENSIONS).length;
  const started = performance.now();
  const truth = python ? await pyrightOracle(root, listSourceFiles(root, PY_EXTENSIONS)) : tsOracle(root, listSourceFiles(root, TS_EXTENSIONS));
  const oracleMs = performance.now() - started;
  const ours = await ourCallEdges(root);
  const cmp = compareEdges(ours.edges, truth.edges, scopeFor(truth, ours.declarations));
  const show = Number(values.show ?? 30);
  const text = formatComparison(root, { ...cmp, falsePositives: cmp.falsePositives.slice(0, show), falseNegatives: cmp.falseNegatives.slice(0, show) }, truth.declarations);
  console.log(text);
  console.log(`oracle ${Math.round(oracleMs)} ms; ${cmp.falsePositives.length} only ours, ${cmp.falseNegatives.length} only the oracle's`);
  console.log(formatCauses(causesOf(cmp, ours, truth.declarations)));
  const inh = compareInherits(ours, truth);
  if (inh) console.log(formatComparison('inherits', { ...inh, falsePositives: inh.falsePositives.slice(0, show), falseNegatives: inh.falseNegatives.slice(0, show) }, truth.declarations));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(2);
});
