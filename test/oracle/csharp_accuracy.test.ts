/**
 * C# call edges against the hand-checked truth files
 * ==================================================
 * test/oracle/truth/csharp/ holds every call edge of the C# rules fixture and of two real public
 * projects the suite fetches itself (npm edge-js@26.1.0, Debian gtk-sharp3-examples' samples),
 * checked by hand (rules in its README). Our graph must agree: precision ≥ 0.95, recall ≥ 0.85.
 * Without the network (no package to fetch) the real projects are skipped, saying why.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CS_NPM_PACKAGE, debianCsharp, npmCsharp, type Corpus } from '../bench/corpora';
import { compareEdges, formatComparison, scopeFor } from './compare';
import { csharpTruth } from './csharp_truth';
import { ourCallEdges } from './ours';
import { listSourceFiles } from './types';

const PRECISION = 0.95;
const RECALL = 0.85;

async function check(label: string, root: string, truthFile: string, minAgree: number): Promise<void> {
  const ours = await ourCallEdges(root);
  const truth = csharpTruth(truthFile, new Set(listSourceFiles(root, ['.cs'])), ours.declarations);
  const cmp = compareEdges(ours.edges, truth.edges, scopeFor(truth, ours.declarations));
  const summary = formatComparison(label, cmp, truth.declarations);
  console.log(summary);
  assert.equal(cmp.ignored.oracle, 0, `${label}: every truth edge joins two of our declarations (a line moved?)\n${summary}`);
  assert.ok(cmp.truePositives >= minAgree, `${label}: only ${cmp.truePositives} edges in common\n${summary}`);
  assert.ok(cmp.precision >= PRECISION && cmp.recall >= RECALL, summary);
}

describe('C# call edges against the hand-checked truth files', () => {
  it(`the csharp_rules fixture: precision ≥ ${PRECISION}, recall ≥ ${RECALL}`, async () => {
    await check('csharp_rules', join(__dirname, '..', 'fixtures', 'csharp_rules'), 'csharp_rules.tsv', 40);
  });

  const real: { label: string; get: () => Promise<Corpus>; root: (c: Corpus) => string; truth: string; version: string; minAgree: number }[] = [
    { label: `npm ${CS_NPM_PACKAGE}`, get: () => npmCsharp(CS_NPM_PACKAGE), root: (c) => c.dir, truth: 'edge-js.tsv', version: '26.1.0', minAgree: 100 },
    {
      label: 'Debian gtk-sharp3-examples',
      get: () => debianCsharp('gtk-sharp3-examples', ['usr', 'share', 'gtk-sharp3-examples']),
      root: (c) => join(c.dir, 'gtk-sharp3-examples'),
      truth: 'gtk-sharp3-examples.tsv',
      version: '2.99.3-4.1',
      minAgree: 140,
    },
  ];
  for (const r of real) {
    it(`${r.label}: precision ≥ ${PRECISION}, recall ≥ ${RECALL}`, async (t) => {
      let corpus: Corpus;
      try {
        corpus = await r.get();
      } catch (err) {
        t.skip(`could not fetch ${r.label}: ${err instanceof Error ? err.message.slice(0, 200) : String(err)}`);
        return;
      }
      // The truth names lines of one version: another one is not compared (update the truth file with it).
      if (corpus.version !== r.version) {
        t.skip(`${r.label} is ${corpus.version}; the truth file is for ${r.version}`);
        return;
      }
      await check(corpus.origin, r.root(corpus), r.truth, r.minAgree);
    });
  }
});
