/**
 * Kotlin call edges against the hand-checked truth files
 * ======================================================
 * test/oracle/truth/kotlin/ holds every call edge of the Kotlin fixture (test/fixtures/kotlin_shop)
 * and of 13 files of a real public project the suite fetches itself (npm
 * react-native-gesture-handler@3.5.0, its Android gesture core), checked by hand (rules in its
 * README). Our graph must agree: precision ≥ 0.95, recall ≥ 0.85. Without the network (no package
 * to fetch) the real project is skipped, saying why.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { KT_NPM_PACKAGE, npmKotlin, type Corpus } from '../bench/corpora';
import { compareEdges, formatComparison, scopeFor } from './compare';
import { coveredBy, kotlinTruth } from './kotlin_truth';
import { ourCallEdges } from './ours';
import { listSourceFiles } from './types';

const PRECISION = 0.95;
const RECALL = 0.85;

async function check(label: string, root: string, truthFile: string, minAgree: number): Promise<void> {
  const ours = await ourCallEdges(root);
  const covered = new Set(coveredBy(truthFile) ?? listSourceFiles(root, ['.kt', '.kts']));
  const truth = kotlinTruth(truthFile, covered, ours.declarations);
  const cmp = compareEdges(ours.edges, truth.edges, scopeFor(truth, ours.declarations));
  const summary = formatComparison(label, cmp, truth.declarations);
  console.log(summary);
  assert.equal(cmp.ignored.oracle, 0, `${label}: every truth edge joins two of our declarations (a line moved?)\n${summary}`);
  assert.ok(cmp.truePositives >= minAgree, `${label}: only ${cmp.truePositives} edges in common\n${summary}`);
  assert.ok(cmp.precision >= PRECISION && cmp.recall >= RECALL, summary);
}

describe('Kotlin call edges against the hand-checked truth files', () => {
  it(`the kotlin_shop fixture: precision ≥ ${PRECISION}, recall ≥ ${RECALL}`, async () => {
    await check('kotlin_shop', join(__dirname, '..', 'fixtures', 'kotlin_shop'), 'kotlin_shop.tsv', 45);
  });

  it(`npm ${KT_NPM_PACKAGE} (android gesture core): precision ≥ ${PRECISION}, recall ≥ ${RECALL}`, async (t) => {
    let corpus: Corpus;
    try {
      corpus = await npmKotlin(KT_NPM_PACKAGE);
    } catch (err) {
      t.skip(`could not fetch ${KT_NPM_PACKAGE}: ${err instanceof Error ? err.message.slice(0, 200) : String(err)}`);
      return;
    }
    // The truth names lines of one version: another one is not compared (update the truth file with it).
    if (corpus.version !== '3.5.0') {
      t.skip(`${KT_NPM_PACKAGE} is ${corpus.version}; the truth file is for 3.5.0`);
      return;
    }
    await check(corpus.origin, corpus.dir, 'rngh-core.tsv', 250);
  });
});
