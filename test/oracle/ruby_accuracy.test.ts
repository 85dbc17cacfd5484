/**
 * Ruby call edges against the hand-checked truth files
 * ====================================================
 * test/oracle/truth/ruby/ holds every call edge of the Ruby fixture and of a real public gem the
 * suite fetches itself (Debian ruby-mustermann 3.0.0-2, its lib/), checked by hand against the
 * source (rules in its README). Our graph must agree: precision ≥ 0.95, recall ≥ 0.85. Without
 * the network (no package to fetch) the gem is skipped, saying why.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { debianRuby, type Corpus } from '../bench/corpora';
import { compareEdges, formatComparison, scopeFor } from './compare';
import { ourCallEdges } from './ours';
import { rubyTruth } from './ruby_truth';
import { listSourceFiles } from './types';

const PRECISION = 0.95;
const RECALL = 0.85;
const RUBY_FILES = ['.rb', 'Rakefile', 'Gemfile'];

async function check(label: string, root: string, truthFile: string, minAgree: number): Promise<void> {
  const ours = await ourCallEdges(root);
  const truth = rubyTruth(truthFile, new Set(listSourceFiles(root, RUBY_FILES)), ours.declarations);
  const cmp = compareEdges(ours.edges, truth.edges, scopeFor(truth, ours.declarations));
  const summary = formatComparison(label, cmp, truth.declarations);
  console.log(summary);
  assert.equal(cmp.ignored.oracle, 0, `${label}: every truth edge joins two of our declarations (a line moved?)\n${summary}`);
  assert.ok(cmp.truePositives >= minAgree, `${label}: only ${cmp.truePositives} edges in common\n${summary}`);
  assert.ok(cmp.precision >= PRECISION && cmp.recall >= RECALL, summary);
}

describe('Ruby call edges against the hand-checked truth files', () => {
  it(`the ruby_shop fixture: precision ≥ ${PRECISION}, recall ≥ ${RECALL}`, async () => {
    await check('ruby_shop', join(__dirname, '..', 'fixtures', 'ruby_shop'), 'ruby_shop.tsv', 40);
  });

  it(`Debian ruby-mustermann (lib/): precision ≥ ${PRECISION}, recall ≥ ${RECALL}`, async (t) => {
    let corpus: Corpus;
    try {
      corpus = await debianRuby('ruby-mustermann', 'mustermann-3.0.0');
    } catch (err) {
      t.skip(`could not fetch ruby-mustermann: ${err instanceof Error ? err.message.slice(0, 200) : String(err)}`);
      return;
    }
    // The truth names lines of one version: another one is not compared (update the truth file with it).
    if (corpus.version !== '3.0.0-2') {
      t.skip(`ruby-mustermann is ${corpus.version}; the truth file is for 3.0.0-2`);
      return;
    }
    await check(corpus.origin, corpus.dir, 'mustermann.tsv', 300);
  });
});
