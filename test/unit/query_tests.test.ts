import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { testsFor } from '../../extension/core/query';
import { ID, sampleProject } from './helpers/sample_project';

const g = sampleProject();

describe('testsFor', () => {
  it('says direct or transitive, with the weakest confidence on the chain', () => {
    const r = testsFor(g, { target: ID.helper });
    assert.deepEqual(r.items.map((t) => [t.id, t.how, t.depth, t.conf, t.convention ?? false]), [
      [ID.testHelper, 'direct', 1, 'convention', true],
      [ID.testSend, 'transitive', 2, undefined, false],
      [ID.testRun, 'transitive', 3, undefined, false],
    ]);
    // A resolved chain says no `conf`; only weaker ones (here convention) do.
    assert.equal('conf' in r.items[1]!, false);
    assert.equal('conf' in r.items[2]!, false);
    assert.equal(r.items[1]!.via, ID.send);
    assert.deepEqual(r.files.items, ['tests/test_api.py']);
  });

  it('limits the chain length with depth', () => {
    assert.deepEqual(testsFor(g, { target: ID.helper, depth: 1 }).items.map((t) => t.id), [ID.testHelper]);
  });

  it('carries an inferred edge on the chain into the confidence', () => {
    const r = testsFor(g, { target: ID.save });
    // save ← run (inferred) ← test_run; and through the cycle save ← run ← helper (name) ← test_helper (convention)
    assert.deepEqual(r.items.map((t) => [t.id, t.conf, t.depth]), [[ID.testRun, 'inferred', 2], [ID.testHelper, 'convention', 3]]);
  });

  it('counts tests aimed at the containing file, and cuts with more', () => {
    const r = testsFor(g, { target: ID.close });
    assert.deepEqual(r.items.map((t) => [t.id, t.how, t.via]), [[ID.testHelper, 'container', ID.api]]);
    const cut = testsFor(g, { target: ID.helper, limit: 1 });
    assert.equal(cut.items.length, 1);
    assert.equal(cut.more, 2);
    assert.equal(cut.total, 3);
  });
});
