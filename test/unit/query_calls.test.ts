import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { callees, callers, InvalidArgumentError } from '../../extension/core/query';
import { ID, sampleProject } from './helpers/sample_project';

const g = sampleProject();

describe('callers / callees', () => {
  it('lists direct callers with call sites and confidence', () => {
    const r = callers(g, { target: ID.send });
    assert.deepEqual(r.levels, [
      {
        depth: 1,
        items: [
          // `at` is lines in the caller's own file (its `loc`); "resolved" goes unsaid.
          { id: ID.run, kind: 'function', loc: 'src/app/service.py:1', at: '5' },
          { id: ID.testSend, kind: 'test', loc: 'tests/test_api.py:1', at: '4' },
        ],
      },
    ]);
    assert.equal(r.total, 2);
    assert.equal(r.target.sig, 'def send(self, msg: str, retry: int = 3) -> bool');
  });

  it('groups by depth, says via what, and terminates on cycles', () => {
    const r = callers(g, { target: ID.helper, depth: 5 });
    assert.equal(r.recursive, true);
    assert.deepEqual(r.levels.map((l) => [l.depth, l.items.map((i) => i.id)]), [
      [1, [ID.send]],
      [2, [ID.run, ID.testSend]],
      [3, [ID.testRun]],
    ]);
    assert.equal(r.levels[1]!.items[0]!.via, ID.send);
    assert.equal(r.levels[1]!.items[0]!.at, '5');
    assert.equal(r.levels[1]!.items[0]!.loc, 'src/app/service.py:1'); // the file those lines are in
  });

  it('callees carry the call sites in the calling file, weakest confidence last', () => {
    const r = callees(g, { target: ID.run, depth: 2 });
    // Depth 1: lines in the target's file (src/app/service.py); a resolved edge says no `conf`, a weaker one does.
    assert.deepEqual(r.levels[0]!.items.map((i) => [i.id, i.at, i.conf]), [
      [ID.send, '5', undefined],
      [ID.save, '8', 'inferred'],
    ]);
    assert.equal('conf' in r.levels[0]!.items[0]!, false);
    // Depth 2: lines in the file of the caller it was reached via (send, in src/app/api.py).
    assert.deepEqual(r.levels[1]!.items.map((i) => [i.id, i.at, i.via]), [[ID.helper, '12,15', ID.send]]);
  });

  it('cuts at limit across levels with more', () => {
    const r = callers(g, { target: ID.helper, depth: 3, limit: 2 });
    assert.equal(r.levels.flatMap((l) => l.items).length, 2);
    assert.equal(r.more, 2);
    assert.equal(r.total, 4);
  });

  it('validates depth 1–5', () => {
    assert.throws(() => callers(g, { target: ID.send, depth: 6 }), InvalidArgumentError);
    assert.throws(() => callers(g, { target: ID.send, depth: 0 }), /query\/callers: "depth" must be an integer from 1 to 5/);
  });
});
