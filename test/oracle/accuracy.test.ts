/**
 * Call-edge accuracy against language-server oracles
 * ===================================================
 * Indexes each oracle fixture with our Workspace and compares its `calls` edges with what the
 * TypeScript checker (TS/JS) or pyright (Python) says. The bar: precision ≥ 0.95, recall ≥ 0.85.
 *
 * Our nodes are mapped to (path, line of the name) by their `line` attribute, file nodes to line 0.
 * The comparison covers the callers the oracle speaks for and the callees it knows, each also a
 * node of ours (see compare.ts / scopeFor): pyright has no module-level callers, and a declaration
 * we do not model at all is a matter for the extraction tests, not for call resolution.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { compareEdges, formatComparison, scopeFor } from './compare';
import { ourCallEdges } from './ours';
import { pyrightOracle } from './pyright_oracle';
import { tsOracle } from './ts_oracle';
import { listSourceFiles, PY_EXTENSIONS, TS_EXTENSIONS, type OracleResult } from './types';

const FIXTURES = join(__dirname, '..', 'fixtures', 'oracle');
const PRECISION = 0.95;
const RECALL = 0.85;

const fixtures: { name: string; oracle: (root: string) => Promise<OracleResult> }[] = [
  { name: 'ts_shop', oracle: async (root) => tsOracle(root, listSourceFiles(root, TS_EXTENSIONS)) },
  { name: 'js_app', oracle: async (root) => tsOracle(root, listSourceFiles(root, TS_EXTENSIONS)) },
  { name: 'py_shop', oracle: (root) => pyrightOracle(root, listSourceFiles(root, PY_EXTENSIONS)) },
];

describe('call edges against the language-server oracles', () => {
  for (const { name, oracle } of fixtures) {
    it(`${name}: precision ≥ ${PRECISION}, recall ≥ ${RECALL}`, async () => {
      const root = join(FIXTURES, name);
      const [ours, truth] = await Promise.all([ourCallEdges(root), oracle(root)]);
      const cmp = compareEdges(ours.edges, truth.edges, scopeFor(truth, ours.declarations));
      console.log(formatComparison(name, cmp, truth.declarations));
      assert.ok(cmp.truePositives > 0, `${name}: no edge in common; is the fixture indexed?`);
      assert.ok(cmp.precision >= PRECISION && cmp.recall >= RECALL, formatComparison(name, cmp, truth.declarations));
    });
  }
});
