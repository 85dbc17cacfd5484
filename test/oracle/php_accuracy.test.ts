/**
 * PHP call edges against the hand-checked truth files
 * ===================================================
 * test/oracle/truth/php/ holds the call edges of the PHP fixture and of 22 files of a real public
 * project the suite fetches itself (Debian php-monolog 2.9.1-1), checked by hand (rules in its
 * README). Our graph must agree: precision ≥ 0.95, recall ≥ 0.85. Only the callers of the covered
 * files are compared, and against every callee (an edge of ours to any declaration the truth does
 * not list counts against us). Without the network (no package to fetch) the real project is
 * skipped, saying why.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { debianPhp, type Corpus } from '../bench/corpora';
import { compareEdges, formatComparison } from './compare';
import { ourCallEdges } from './ours';
import { phpTruth } from './php_truth';
import { declKey } from './types';

const PRECISION = 0.95;
const RECALL = 0.85;

async function check(label: string, root: string, truthFile: string, minAgree: number): Promise<void> {
  const ours = await ourCallEdges(root);
  const truth = phpTruth(truthFile, root, ours.declarations);
  assert.deepEqual(truth.stale, [], `${label}: truth rows whose line declares another name (a stale truth file?)`);
  const known = new Set(ours.declarations.map(declKey));
  const missing = truth.declarations.filter((d) => d.line !== 0 && !known.has(declKey(d)));
  assert.deepEqual(missing.map(declKey), [], `${label}: truth declarations we have no node for`);
  const cmp = compareEdges(ours.edges, truth.edges, { callers: truth.callers });
  const summary = formatComparison(label, cmp, truth.declarations);
  console.log(summary);
  assert.ok(cmp.truePositives >= minAgree, `${label}: only ${cmp.truePositives} edges in common\n${summary}`);
  assert.ok(cmp.precision >= PRECISION && cmp.recall >= RECALL, summary);
}

describe('PHP call edges against the hand-checked truth files', () => {
  it(`the php_shop fixture: precision ≥ ${PRECISION}, recall ≥ ${RECALL}`, async () => {
    await check('php_shop', join(__dirname, '..', 'fixtures', 'php_shop'), 'php_shop.tsv', 40);
  });

  it(`Debian php-monolog (22 files of usr/share/php/Monolog): precision ≥ ${PRECISION}, recall ≥ ${RECALL}`, async (t) => {
    let corpus: Corpus;
    try {
      corpus = await debianPhp('php-monolog', 'Monolog');
    } catch (err) {
      t.skip(`could not fetch php-monolog: ${err instanceof Error ? err.message.slice(0, 200) : String(err)}`);
      return;
    }
    // The truth names lines of one version: another one is not compared (update the truth file with it).
    if (corpus.version !== '2.9.1-1') {
      t.skip(`php-monolog is ${corpus.version}; the truth file is for 2.9.1-1`);
      return;
    }
    await check(corpus.origin, corpus.dir, 'monolog.tsv', 190);
  });
});
