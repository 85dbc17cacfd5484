import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { InvalidArgumentError, status } from '../../extension/core/query';
import { GraphBuilder } from './helpers/graph_builder';
import { sampleProject } from './helpers/sample_project';

describe('status', () => {
  it('reports counts, languages, call confidence and skipped files by reason', () => {
    const r = status(sampleProject(), {
      root: '/ws',
      lastIndexedAt: 0,
      skipped: [
        { path: 'big.py', reason: 'too large' },
        { path: 'bin.dat', reason: 'binary' },
        { path: 'huge.ts', reason: 'too large' },
      ],
    });
    assert.equal(r.root, '/ws');
    assert.equal(r.indexedAt, '1970-01-01T00:00:00.000Z');
    assert.equal(r.nodesByKind.test, 3);
    assert.deepEqual(r.languages, { python: 4, typescript: 1 });
    assert.deepEqual(r.calls, { resolved: 6, inferred: 1, name: 1 });
    assert.deepEqual(r.skipped, { total: 3, byReason: { 'too large': 2, binary: 1 }, sample: ['big.py: too large', 'bin.dat: binary', 'huge.ts: too large'] });
    assert.equal(r.parseErrors, undefined);
  });

  it('lists the files with most parse errors', () => {
    const b = new GraphBuilder();
    b.file('a.py', { parseErrors: 2 });
    b.file('b.py', { parseErrors: 5 });
    const r = status(b.g, { root: '/ws' });
    assert.deepEqual(r.parseErrors, { files: 2, errors: 7, worst: ['b.py (5)', 'a.py (2)'] });
  });

  it('needs a root', () => {
    assert.throws(() => status(sampleProject(), {} as never), InvalidArgumentError);
  });
});
