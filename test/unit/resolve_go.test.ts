/**
 * Go resolution rules, one test each (resolve/go/), on test/fixtures/go_shop and small workspaces.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Workspace } from '../../extension/core/workspace';
import { edge, indexFiles, indexFixture, targets } from '../helpers/workspace';

const STORE = 'go:store/store';
const SERVER = 'go:server/server';

describe('go resolution', () => {
  let ws: Workspace;
  before(async () => {
    ws = await indexFixture('go_shop');
  });
  after(() => ws.close());

  it('imports an in-module package as its folder, the standard library as externals', () => {
    assert.deepEqual(targets(ws, 'imports', 'file:server/server.go'), ['ext:fmt', 'ext:net/http', 'module:internal/money', 'module:store']);
    assert.ok(edge(ws, 'depends_on', 'module:server', 'module:store'));
  });

  it('calls through package selectors, aliases included, and to a function of another file of the package', () => {
    assert.ok(edge(ws, 'calls', 'go:cmd/shop/main:main', `${SERVER}:New`));
    assert.ok(edge(ws, 'calls', 'go:cmd/shop/main:main', 'go:server/zz_generated:Version'));
    assert.ok(edge(ws, 'calls', `${SERVER}:New`, `${STORE}:NewMemory`), 'st "example.com/shop/store"');
    assert.ok(edge(ws, 'calls', `${STORE}:NewMemory`, 'go:store/index:newIndex'));
  });

  it('types receivers, struct fields, NewX() results and composite literals', () => {
    assert.ok(edge(ws, 'calls', `${SERVER}:Server.describeAll`, `${STORE}:Memory.All`), 's.mem: *st.Memory');
    assert.ok(edge(ws, 'calls', `${STORE}:Memory.Put`, 'go:store/index:Index.add'), 'm.index: *Index');
    assert.ok(edge(ws, 'calls', 'go:cmd/shop/main:main', `${STORE}:Memory.Put`), 'r := store.NewMemory()');
    assert.ok(edge(ws, 'calls', `${SERVER}:Server.describe`, 'go:internal/money/money:Amount.String'), 'a method of a defined non-struct type, through results');
  });

  it('finds methods declared in another file of the package, and promoted methods of embedded fields', () => {
    assert.ok(edge(ws, 'calls', 'go:store/store_test:TestIndex', 'go:store/index:Memory.Size'));
    assert.ok(edge(ws, 'calls', `${STORE}:Memory.Put`, `${STORE}:Base.count`), 'Memory embeds Base');
    assert.ok(edge(ws, 'inherits', `${STORE}:Memory`, `${STORE}:Base`));
  });

  it('calls through an interface reach the interface method; type switches and assertions type their values', () => {
    assert.ok(edge(ws, 'calls', `${SERVER}:Server.Handle`, `${STORE}:Repository.Find`));
    assert.ok(edge(ws, 'calls', `${SERVER}:Describe`, `${SERVER}:Server.describeAll`), 'case *Server');
    assert.ok(edge(ws, 'calls', `${SERVER}:Describe`, 'go:store/item:Item.Discounted'), 'case st.Item');
    assert.ok(edge(ws, 'calls', `${SERVER}:Describe`, `${SERVER}:Handler.Handle`), 'v.(Handler)');
  });

  it('tests: calls inside t.Run callbacks are the test\'s, and make tests edges', () => {
    assert.deepEqual(edge(ws, 'calls', 'go:store/store_test:TestFind', `${STORE}:Memory.Find`)?.lines, [14, 19]);
    assert.ok(edge(ws, 'tests', 'go:store/store_test:TestFind', `${STORE}:Memory.Find`));
    assert.equal(ws.graph.node('go:store/store_test:BenchmarkPut')?.kind, 'test');
  });

  it('implements comes from method sets: methods of the struct, its pointer and its embedded fields', () => {
    assert.deepEqual(targets(ws, 'implements', `${STORE}:Memory`), [`${STORE}:Repository`]);
    assert.deepEqual(targets(ws, 'implements', `${SERVER}:Server`), [`${SERVER}:Handler`]);
    assert.deepEqual(targets(ws, 'implements', 'go:store/item:Item'), []);
  });

  it('a method whose type is in another file has no parent: the file contains it', () => {
    assert.ok(edge(ws, 'contains', 'file:store/index.go', 'go:store/index:Memory.Size'));
    assert.ok(edge(ws, 'method_of', `${STORE}:Memory.Put`, `${STORE}:Memory`));
  });
});

describe('go resolution on small workspaces', () => {
  it('without go.mod, an import path is matched to a folder by its longest suffix', async () => {
    const ws = await indexFiles({
      'lib/util/u.go': 'package util\n\nfunc Help() {}\n',
      'app/main.go': 'package main\n\nimport "github.com/acme/lib/util"\n\nfunc main() { util.Help() }\n',
    });
    try {
      assert.ok(edge(ws, 'calls', 'go:app/main:main', 'go:lib/util/u:Help'));
      assert.deepEqual(targets(ws, 'imports', 'file:app/main.go'), ['module:lib/util']);
    } finally {
      await ws.close();
    }
  });

  it('an import is known by its package clause when that differs from the folder; dot imports bring names in', async () => {
    const ws = await indexFiles({
      'go.mod': 'module m\n',
      'go-yaml/y.go': 'package yaml\n\nfunc Parse() {}\n',
      'dot/d.go': 'package dot\n\nfunc Dotted() {}\n',
      'main.go': 'package main\n\nimport (\n\t"m/go-yaml"\n\t. "m/dot"\n)\n\nfunc main() {\n\tyaml.Parse()\n\tDotted()\n}\n',
    });
    try {
      assert.ok(edge(ws, 'calls', 'go:main:main', 'go:go-yaml/y:Parse'));
      assert.ok(edge(ws, 'calls', 'go:main:main', 'go:dot/d:Dotted'));
    } finally {
      await ws.close();
    }
  });

  it('conversions are not calls; an external test package sees only exported names of the package', async () => {
    const ws = await indexFiles({
      'go.mod': 'module m\n',
      'p/p.go': 'package p\n\ntype ID string\n\nfunc New() ID { return ID("x") }\nfunc hidden() {}\n',
      'p/p_test.go': 'package p_test\n\nimport "m/p"\n\nfunc TestNew(t *testing.T) {\n\t_ = p.New()\n\thidden()\n}\n',
    });
    try {
      assert.deepEqual(targets(ws, 'calls', 'go:p/p:New'), []);
      assert.deepEqual(targets(ws, 'calls', 'go:p/p_test:TestNew'), ['go:p/p:New']);
    } finally {
      await ws.close();
    }
  });
});

describe('go resolution: results, scopes, defined types and build constraints', () => {
  it('types a second result, a defined slice type\'s elements, a func-typed value\'s result; a case binding ends with its case', async () => {
    const ws = await indexFiles({
      'go.mod': 'module m\n',
      'a.go': [
        'package a',
        '',
        'type R struct{}',
        'func (R) Ok() bool { return true }',
        'type Rs []*R',
        'type F func(int) R',
        'type P interface{ Name() string }',
        'type T struct{}',
        'func (T) Name() string { return "" }',
        'func pair() (int, *R) { return 0, nil }',
        'func use(rs Rs, f F, p P) {',
        '\t_, r := pair()',
        '\tr.Ok()',
        '\trs[0].Ok()',
        '\tf(1).Ok()',
        '\tswitch p := p.(type) {',
        '\tcase T:',
        '\t\tp.Name()',
        '\t}',
        '\tp.Name()',
        '}',
        '',
      ].join('\n'),
    });
    try {
      assert.deepEqual(edge(ws, 'calls', 'go:a:use', 'go:a:R.Ok')?.lines, [13, 14, 15]);
      assert.deepEqual(edge(ws, 'calls', 'go:a:use', 'go:a:T.Name')?.lines, [18]);
      assert.deepEqual(edge(ws, 'calls', 'go:a:use', 'go:a:P.Name')?.lines, [20], 'after the switch, p is the parameter again');
    } finally {
      await ws.close();
    }
  });

  it('prefers the declaration of a file that builds by default (build tags, _GOOS suffixes)', async () => {
    const ws = await indexFiles({
      'go.mod': 'module m\n',
      'p/x_windows.go': 'package p\n\nfunc Sys() {}\n',
      'p/x_linux.go': 'package p\n\nfunc Sys() {}\n',
      'p/a_purego.go': '//go:build purego\n\npackage p\n\nfunc Ptr() {}\n',
      'p/b_unsafe.go': '//go:build !purego && (linux || darwin)\n\npackage p\n\nfunc Ptr() {}\n',
      'p/use.go': 'package p\n\nfunc use() {\n\tSys()\n\tPtr()\n}\n',
    });
    try {
      assert.deepEqual(targets(ws, 'calls', 'go:p/use:use'), ['go:p/b_unsafe:Ptr', 'go:p/x_linux:Sys']);
    } finally {
      await ws.close();
    }
  });
});
