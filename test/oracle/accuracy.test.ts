/**
 * Call-edge accuracy against language-server oracles
 * ===================================================
 * Indexes each oracle fixture with our Workspace and compares its `calls` edges with what the
 * TypeScript checker (TS/JS) or pyright (Python) says. The bar: precision ≥ 0.95, recall ≥ 0.85 on
 * the fixtures; on one real public package per language, fetched the way the bench fetches its
 * corpora (Debian's python3-click, npm's @tanstack/query-core sources): precision ≥ 0.95, recall ≥ 0.90.
 * Without the network (no package to fetch) those two are skipped, saying why.
 *
 * Our nodes are mapped to (path, line of the name) by their `line` attribute, file nodes to line 0.
 * The comparison covers the callers the oracle speaks for and the callees it knows, each also a
 * node of ours (see compare.ts / scopeFor): pyright has no module-level callers, and a declaration
 * we do not model at all is a matter for the extraction tests, not for call resolution.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { debianGo, debianPython, debianRust, npmSources, type Corpus } from '../bench/corpora';
import { formatCauses, causesOf } from './causes';
import { compareEdges, formatComparison, scopeFor } from './compare';
import { goAvailable, goOracle, type GoOracleResult } from './go_oracle';
import { Workspace } from '../../extension/core/workspace';
import { ourCallEdges } from './ours';
import { rustTruth, RUST_TRUTH_DIR } from './rust_truth';
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

const REAL_PRECISION = 0.95;
const REAL_RECALL = 0.9;

const realRepos: { label: string; get: () => Promise<Corpus>; python: boolean }[] = [
  { label: 'Debian python3-click', get: () => debianPython('python3-click', 'click'), python: true },
  { label: 'npm @tanstack/query-core@5.59.0 (src/)', get: () => npmSources('@tanstack/query-core@5.59.0'), python: false },
];

describe('call edges against the language-server oracles on real packages', () => {
  for (const repo of realRepos) {
    it(`${repo.label}: precision ≥ ${REAL_PRECISION}, recall ≥ ${REAL_RECALL}`, async (t) => {
      let corpus: Corpus;
      try {
        corpus = await repo.get();
      } catch (err) {
        t.skip(`could not fetch ${repo.label}: ${err instanceof Error ? err.message.slice(0, 200) : String(err)}`);
        return;
      }
      const root = corpus.dir;
      const truth = repo.python ? await pyrightOracle(root, listSourceFiles(root, PY_EXTENSIONS)) : tsOracle(root, listSourceFiles(root, TS_EXTENSIONS));
      const ours = await ourCallEdges(root);
      const cmp = compareEdges(ours.edges, truth.edges, scopeFor(truth, ours.declarations));
      const summary = `${formatComparison(corpus.origin, { ...cmp, falsePositives: cmp.falsePositives.slice(0, 20), falseNegatives: cmp.falseNegatives.slice(0, 20) }, truth.declarations)}\n${formatCauses(causesOf(cmp, ours, truth.declarations))}`;
      console.log(summary);
      assert.ok(cmp.truePositives > 100, `${repo.label}: only ${cmp.truePositives} edges in common`);
      assert.ok(cmp.precision >= REAL_PRECISION && cmp.recall >= REAL_RECALL, summary);
    });
  }
});

// Go against go/types (test/oracle/go/callgraph.go, run with Debian's golang-go): the fixture and
// one real Debian package, spf13/pflag (one package, ~10k lines with its tests).
const GO_FIXTURE = join(__dirname, '..', 'fixtures', 'go_shop');

/** Our `implements` edges against go/types' (type path:line > interface path:line), with a one-line summary. */
async function implementsAgainst(root: string, truth: GoOracleResult): Promise<{ ours: string[]; oracle: string[]; summary: string }> {
  const ws = await Workspace.open(root, { persist: false, workers: 0 });
  try {
    await ws.index();
    const g = ws.graph.graph;
    const ours: string[] = [];
    g.forEachEdge((_key, attrs, source, target) => {
      if (attrs.kind !== 'implements') return;
      const [s, t] = [g.getNodeAttributes(source), g.getNodeAttributes(target)];
      ours.push(`${s.path}:${s.line} > ${t.path}:${t.line}`);
    });
    const oracle = truth.implements.map((p) => `${p.type.path}:${p.type.line} > ${p.iface.path}:${p.iface.line}`);
    const agree = ours.filter((k) => oracle.includes(k)).length;
    const ratio = (n: number, d: number): string => (d ? (n / d).toFixed(3) : '1');
    return { ours: ours.sort(), oracle: oracle.sort(), summary: `precision ${ratio(agree, ours.length)}, recall ${ratio(agree, oracle.length)} (${agree} agree of ${ours.length} ours, ${oracle.length} go/types)` };
  } finally {
    await ws.close();
  }
}
const goRepo = { label: 'Debian golang-github-spf13-pflag-dev', get: () => debianGo('golang-github-spf13-pflag-dev', 'github.com/spf13/pflag') };

describe('Go call edges against go/types', () => {
  it(`go_shop: precision ≥ ${PRECISION}, recall ≥ ${RECALL}`, async (t) => {
    if (!(await goAvailable())) return t.skip('no `go` installed (apt-get install golang-go)');
    const [ours, truth] = await Promise.all([ourCallEdges(GO_FIXTURE), goOracle(GO_FIXTURE)]);
    const cmp = compareEdges(ours.edges, truth.edges, scopeFor(truth, ours.declarations));
    console.log(formatComparison('go_shop', cmp, truth.declarations));
    assert.ok(cmp.truePositives >= 30, `go_shop: only ${cmp.truePositives} edges in common`);
    assert.ok(cmp.precision >= PRECISION && cmp.recall >= RECALL, formatComparison('go_shop', cmp, truth.declarations));
    const impl = await implementsAgainst(GO_FIXTURE, truth);
    console.log(`go_shop implements: ${impl.summary}`);
    assert.deepEqual(impl.ours, impl.oracle, 'implements from method sets');
  });

  it(`${goRepo.label}: precision ≥ ${PRECISION}, recall ≥ ${RECALL}`, async (t) => {
    if (!(await goAvailable())) return t.skip('no `go` installed (apt-get install golang-go)');
    let corpus: Corpus;
    try {
      corpus = await goRepo.get();
    } catch (err) {
      t.skip(`could not fetch ${goRepo.label}: ${err instanceof Error ? err.message.slice(0, 200) : String(err)}`);
      return;
    }
    const [ours, truth] = await Promise.all([ourCallEdges(corpus.dir), goOracle(corpus.dir)]);
    const cmp = compareEdges(ours.edges, truth.edges, scopeFor(truth, ours.declarations));
    const summary = `${formatComparison(corpus.origin, { ...cmp, falsePositives: cmp.falsePositives.slice(0, 20), falseNegatives: cmp.falseNegatives.slice(0, 20) }, truth.declarations)}\n${formatCauses(causesOf(cmp, ours, truth.declarations))}`;
    console.log(summary);
    assert.ok(cmp.truePositives > 500, `${goRepo.label}: only ${cmp.truePositives} edges in common`);
    assert.ok(cmp.precision >= PRECISION && cmp.recall >= RECALL, summary);
    console.log(`${goRepo.label} implements: ${(await implementsAgainst(corpus.dir, truth)).summary}`);
  });
});

// Rust against hand-checked truth files (no Rust language server installs here; rules in
// test/oracle/truth/rust/README.md): the fixture workspace and Debian's semver crate (3k lines).
const RUST_FIXTURE = join(__dirname, '..', 'fixtures', 'rust_rules');
const RUST_CRATE = 'semver-1.0.14';
const rustRepo = { label: `Debian librust-semver-dev (${RUST_CRATE})`, get: () => debianRust('librust-semver-dev', RUST_CRATE) };

describe('Rust call edges against hand-checked truth files', () => {
  it(`rust_rules: precision ≥ ${PRECISION}, recall ≥ ${RECALL}`, async () => {
    const truth = rustTruth(join(RUST_TRUTH_DIR, 'rust_rules.truth'), RUST_FIXTURE);
    const ours = await ourCallEdges(RUST_FIXTURE);
    const cmp = compareEdges(ours.edges, truth.edges, scopeFor(truth, ours.declarations));
    console.log(formatComparison('rust_rules', cmp, truth.declarations));
    assert.ok(cmp.truePositives >= 35, `rust_rules: only ${cmp.truePositives} edges in common`);
    assert.ok(cmp.precision >= PRECISION && cmp.recall >= RECALL, formatComparison('rust_rules', cmp, truth.declarations));
  });

  it(`${rustRepo.label}: precision ≥ ${PRECISION}, recall ≥ ${RECALL}`, async (t) => {
    let corpus: Corpus;
    try {
      corpus = await rustRepo.get();
    } catch (err) {
      t.skip(`could not fetch ${rustRepo.label}: ${err instanceof Error ? err.message.slice(0, 200) : String(err)}`);
      return;
    }
    const root = join(corpus.dir, RUST_CRATE);
    const truth = rustTruth(join(RUST_TRUTH_DIR, `${RUST_CRATE}.truth`), root);
    const ours = await ourCallEdges(root);
    const cmp = compareEdges(ours.edges, truth.edges, scopeFor(truth, ours.declarations));
    const summary = `${formatComparison(corpus.origin, cmp, truth.declarations)}\n${formatCauses(causesOf(cmp, ours, truth.declarations))}`;
    console.log(summary);
    assert.ok(cmp.truePositives >= 150, `${rustRepo.label}: only ${cmp.truePositives} edges in common`);
    assert.ok(cmp.precision >= PRECISION && cmp.recall >= RECALL, summary);
  });
});
