import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AmbiguousError, matchTarget, NotFoundError, QueryError, resolveTarget } from '../../extension/core/query';
import { ID, sampleProject } from './helpers/sample_project';
import { extractFacts } from '../../extension/core/parse/extract';
import { GraphAssembler } from '../../extension/core/index/assembler';

const g = sampleProject();

describe('resolveTarget', () => {
  it('accepts node ids', () => {
    assert.equal(resolveTarget(g, ID.send), ID.send);
    assert.equal(resolveTarget(g, ID.api), ID.api);
    assert.equal(resolveTarget(g, ID.requests), ID.requests);
  });

  it('accepts dotted names with the module, qualified names and TS path containers', () => {
    assert.equal(resolveTarget(g, 'app.api.Client.send'), ID.send);
    assert.equal(resolveTarget(g, 'api.Client.send'), ID.send);
    assert.equal(resolveTarget(g, 'Client.send'), ID.send);
    assert.equal(resolveTarget(g, 'src/util/cache.Cache.put'), ID.put);
    assert.equal(resolveTarget(g, 'app.api'), ID.api); // the dotted module of a Python file
  });

  it('accepts a bare name, preferring the exact case', () => {
    assert.equal(resolveTarget(g, 'helper'), ID.helper);
    assert.equal(resolveTarget(g, 'User'), ID.User);
    assert.equal(resolveTarget(g, 'user'), ID.User); // case-insensitive when only one
  });

  it('accepts path:line (innermost symbol) and bare paths (the file node or module)', () => {
    assert.equal(resolveTarget(g, 'src/app/api.py:12'), ID.send);
    assert.equal(resolveTarget(g, 'src/app/api.py:5'), ID.Client);
    assert.equal(resolveTarget(g, 'src/app/api.py:31'), ID.api);
    assert.equal(resolveTarget(g, './src/app/api.py:12'), ID.send);
    assert.equal(resolveTarget(g, 'file:src/app/api.py:33'), ID.helper);
    assert.equal(resolveTarget(g, 'src/app/api.py'), ID.api);
    assert.equal(resolveTarget(g, 'src\\app\\api.py'), ID.api);
    assert.equal(resolveTarget(g, 'src/app/'), ID.modApp);
  });

  it('reports ambiguity with ranked candidates carrying loc', () => {
    let err: unknown;
    try {
      resolveTarget(g, 'send');
    } catch (e) {
      err = e;
    }
    assert.ok(err instanceof AmbiguousError);
    assert.equal(err.code, 'ambiguous');
    assert.deepEqual(
      err.candidates.map((c) => [c.id, c.loc]),
      [
        [ID.sendFn, 'src/app/service.py:22'],
        [ID.send, 'src/app/api.py:10'],
      ].sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
    );
    assert.match(err.message, /^query\/resolveTarget: "send" matches 2 nodes/);
    assert.equal(err.toJSON().error, 'ambiguous');
  });

  it('ranks classes before variables and exported first', () => {
    const b = sampleProject();
    b.setNode('py:app.x:Thing', { kind: 'variable', name: 'Thing', path: 'src/app/x.py', line: 1 });
    b.setNode('py:app.y:Thing', { kind: 'class', name: 'Thing', path: 'src/app/y.py', line: 1 });
    b.setNode('py:app.z:Thing', { kind: 'class', name: 'Thing', path: 'src/app/z.py', line: 1, exported: true });
    assert.deepEqual(matchTarget(b, 'Thing').ids, ['py:app.z:Thing', 'py:app.y:Thing', 'py:app.x:Thing']);
    assert.throws(() => resolveTarget(b, 'Thing', { limit: 2 }), (e: unknown) => e instanceof AmbiguousError && e.candidates.length === 2 && e.more === 1);
  });

  it('filters by kind', () => {
    assert.equal(resolveTarget(g, 'send', { kinds: ['method'] }), ID.send);
  });

  it('reports not_found with did-you-mean suggestions', () => {
    assert.throws(
      () => resolveTarget(g, 'Client.sendd'),
      (e: unknown) => e instanceof NotFoundError && e instanceof QueryError && e.code === 'not_found' && e.suggestions.some((s) => s.id === ID.send) && /Did you mean [^?]*\bsend\b/.test(e.message),
    );
    assert.throws(() => resolveTarget(g, 'halper'), (e: unknown) => e instanceof NotFoundError && e.suggestions[0]!.id === ID.helper);
    assert.throws(() => resolveTarget(g, 'zzqqxx'), (e: unknown) => e instanceof NotFoundError && e.suggestions.length === 0);
  });

  it('rejects an empty reference', () => {
    assert.throws(() => resolveTarget(g, '  '), (e: unknown) => e instanceof QueryError && e.code === 'invalid_argument');
  });
});

describe('resolveTarget on languages whose files declare a package', () => {
  it('accepts package.Class.method (Java) and package.Type.Method (Go), with the package in full or its last parts', async () => {
    const a = new GraphAssembler();
    const files: [string, string][] = [
      ['src/main/java/com/acme/shop/Stock.java', 'package com.acme.shop;\npublic class Stock {\n  public int count(String sku) { return 0; }\n}\n'],
      ['store/store.go', 'package store\n\ntype Memory struct{}\n\nfunc (m *Memory) Put() {}\n'],
    ];
    const changes = new Map();
    for (const [path, text] of files) changes.set(path, await extractFacts(path, text, path.endsWith('.java') ? 'java' : 'go'));
    a.update(changes);
    const java = 'java:src/main/java/com/acme/shop/Stock:Stock.count';
    assert.equal(resolveTarget(a.graph, 'com.acme.shop.Stock.count'), java);
    assert.equal(resolveTarget(a.graph, 'shop.Stock.count'), java);
    assert.equal(resolveTarget(a.graph, 'store.Memory.Put'), 'go:store/store:Memory.Put');
    assert.throws(() => resolveTarget(a.graph, 'other.Stock.count'), NotFoundError);
  });
});

