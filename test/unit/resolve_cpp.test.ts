/**
 * C and C++ resolution rules, one test each (resolve/cfamily/), on test/fixtures/cpp_shop,
 * test/fixtures/c_queue and small workspaces.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Workspace } from '../../extension/core/workspace';
import { edge, indexFiles, indexFixture, targets } from '../helpers/workspace';

const MONEY = 'cpp:src/money:shop.Money';
const STORE_H = 'cpp:include/shop/store.h:shop';
const SERVER = 'cpp:src/server:shop.http.Server';

describe('c++ resolution', () => {
  let ws: Workspace;
  before(async () => {
    ws = await indexFixture('cpp_shop');
  });
  after(() => ws.close());

  it('includes: relative to the file, then include/ layouts; system headers are externals', () => {
    assert.deepEqual(targets(ws, 'imports', 'file:src/server.cpp'), ['ext:utility', 'file:include/shop/server.h']);
    assert.deepEqual(targets(ws, 'imports', 'file:include/shop/item.h'), ['ext:string', 'file:include/shop/money.h']);
  });

  it('a call reaches the definition, not the header declaration; a method only declared (pure virtual) is reached at its declaration', () => {
    assert.ok(edge(ws, 'calls', 'cpp:src/item:shop.Item.discounted', `${MONEY}.cents`));
    assert.ok(edge(ws, 'calls', `${SERVER}.handle`, `${STORE_H}.Repository.find`), 'repo_ is a Repository*: find is pure virtual');
    assert.equal(edge(ws, 'calls', 'cpp:src/item:shop.Item.discounted', 'cpp:include/shop/money:shop.Money.cents'), undefined);
  });

  it('out-of-line definitions under `using namespace` are the namespace\'s methods; this-> and unqualified members resolve in them', () => {
    assert.ok(edge(ws, 'calls', `${SERVER}.handle`, 'cpp:src/store:MemoryStore.put'), 'store_ is a unique_ptr<MemoryStore>');
    assert.ok(edge(ws, 'calls', 'cpp:src/store:MemoryStore.put', 'cpp:src/store:MemoryStore.log'), 'this->log');
    assert.ok(edge(ws, 'calls', 'cpp:src/store:MemoryStore.MemoryStore', 'cpp:src/store:MemoryStore.log'), 'log()');
  });

  it('constructors: T x(…), new T(…) and T(…) call T.T; chains go through results and fields', () => {
    assert.deepEqual(edge(ws, 'calls', 'cpp:src/main:main', `${SERVER}.Server`)?.lines, [12, 13]);
    assert.ok(edge(ws, 'calls', 'cpp:src/main:sample', 'cpp:src/item:shop.Item.Item'));
    assert.ok(edge(ws, 'calls', `${SERVER}.handle`, `${MONEY}.format`), 'store_->total().format()');
    assert.ok(edge(ws, 'calls', `${SERVER}.describe`, `${MONEY}.format`), 'item.price.format()');
    assert.ok(edge(ws, 'calls', 'cpp:src/main:main', 'cpp:src/store:MemoryStore.put'), 'auto store = shop::makeStore()');
  });

  it('namespaces: enclosing ones first, anonymous ones in the file, using-declarations; templates are their template', () => {
    assert.ok(edge(ws, 'calls', `${SERVER}.handle`, 'cpp:src/server:shop.http.notFound'));
    assert.ok(edge(ws, 'calls', `${SERVER}.handle`, `${STORE_H}.clampTo`));
    assert.ok(edge(ws, 'calls', 'cpp:src/main:main', `${SERVER}.handle`), 'using shop::http::Server');
  });

  it('inheritance: bases resolve, inherited members are found through them', () => {
    assert.ok(edge(ws, 'inherits', `${STORE_H}.MemoryStore`, `${STORE_H}.Repository`));
    assert.ok(edge(ws, 'method_of', `${STORE_H}.MemoryStore.put`, `${STORE_H}.MemoryStore`));
  });

  it('tests: TEST_F reaches the fixture\'s members, Catch2 TEST_CASE\'s sections are the test\'s; tests edges', () => {
    assert.ok(edge(ws, 'calls', 'cpp:tests/store_test:StoreTest.FindsWhatWasPut', 'cpp:src/store:MemoryStore.find'), 'store_ of the fixture');
    assert.ok(edge(ws, 'tests', 'cpp:tests/server_test:server describes an item', `${SERVER}.describe`));
    assert.equal(ws.graph.node('cpp:tests/store_test:MoneyTest.Adds')?.kind, 'test');
  });

  it('macros name nothing: no edge', () => {
    for (const e of ws.graph.graph.edges()) {
      const t = ws.graph.graph.target(e);
      assert.ok(!/EXPECT_|ASSERT_|REQUIRE|SECTION/.test(t), t);
    }
  });
});

describe('c resolution', () => {
  let ws: Workspace;
  before(async () => {
    ws = await indexFixture('c_queue');
  });
  after(() => ws.close());

  it('calls across files reach the definition in the .c file; static functions stay in their file', () => {
    assert.deepEqual(targets(ws, 'calls', 'c:src/main:main'), ['c:src/main:sum_all', 'c:src/queue:queue_each', 'c:src/queue:queue_free', 'c:src/queue:queue_new', 'c:src/queue:queue_push']);
    assert.ok(edge(ws, 'calls', 'c:src/queue:queue_push', 'c:src/queue:node_new'));
    assert.ok(edge(ws, 'references', 'c:src/main:main', 'c:src/main:print_one'), 'a function passed as a value');
  });

  it('a function pointer field or parameter is no call; a macro is no call', () => {
    assert.deepEqual(targets(ws, 'calls', 'c:src/queue:queue_each'), []);
    assert.deepEqual(targets(ws, 'calls', 'c:src/queue:queue_free'), ['c:src/queue:queue_pop']);
  });
});

describe('c/c++ resolution on small workspaces', () => {
  it('compile_commands.json include directories are searched (absolute paths matched to workspace folders)', async () => {
    const ws = await indexFiles({
      'compile_commands.json': JSON.stringify([{ directory: '/build/proj', file: '/build/proj/app/main.c', arguments: ['cc', '-I/build/proj/third/lib', '-Iother', 'app/main.c'] }]),
      'app/main.c': '#include "lib.h"\n#include "o.h"\nint main(void) { return lib_f(); }\n',
      'third/lib/lib.h': 'int lib_f(void);\n',
      'other/o.h': 'int o(void);\n',
      'third/lib/lib.c': '#include "lib.h"\nint lib_f(void) { return 1; }\n',
    });
    try {
      assert.deepEqual(targets(ws, 'imports', 'file:app/main.c'), ['file:other/o.h', 'file:third/lib/lib.h']);
      assert.ok(edge(ws, 'calls', 'c:app/main:main', 'c:third/lib/lib:lib_f'));
    } finally {
      await ws.close();
    }
  });

  it('two definitions of a name: the caller\'s own file wins; a tie between other files gives no edge', async () => {
    const ws = await indexFiles({
      'a/x.c': 'int helper(void) { return 1; }\nint a(void) { return helper(); }\n',
      'b/y.c': 'int helper(void) { return 2; }\n',
      'c/z.c': 'int z(void) { return helper(); }\n',
    });
    try {
      assert.deepEqual(targets(ws, 'calls', 'c:a/x:a'), ['c:a/x:helper']);
      assert.deepEqual(targets(ws, 'calls', 'c:c/z:z'), []);
    } finally {
      await ws.close();
    }
  });

  it('a static inline function of a header is every includer\'s', async () => {
    const ws = await indexFiles({
      'lib/bits.h': 'static inline int avail(int x) { return x; }\n',
      'lib/use.c': '#include "bits.h"\nint use(void) { return avail(1); }\n',
      'lib/other.c': 'static int hidden(void) { return 0; }\n',
      'lib/third.c': 'int third(void) { return hidden(); }\n',
    });
    try {
      assert.deepEqual(targets(ws, 'calls', 'c:lib/use:use'), ['cpp:lib/bits.h:avail']);
      assert.deepEqual(targets(ws, 'calls', 'c:lib/third:third'), [], 'a static function of another .c file is not visible');
    } finally {
      await ws.close();
    }
  });

  it('a receiver typed by a typedef of a struct, by a smart pointer, by a base class', async () => {
    const ws = await indexFiles({
      'x.hpp': 'struct Base { void b(); };\nstruct D : Base { void d(); };\ntypedef D Alias;\n',
      'x.cpp': '#include "x.hpp"\n#include <memory>\nvoid Base::b() {}\nvoid D::d() {}\nvoid use(Alias* a, std::shared_ptr<D> p) { a->b(); p->d(); }\n',
    });
    try {
      assert.deepEqual(targets(ws, 'calls', 'cpp:x:use'), ['cpp:x:Base.b', 'cpp:x:D.d']);
    } finally {
      await ws.close();
    }
  });

  it('template- and macro-heavy code stays bounded', async () => {
    const chain = Array.from({ length: 400 }, (_, i) => `struct T${i} : T${i + 1} {};`).join('\n');
    const ws = await indexFiles({ 'deep.hpp': `${chain}\nstruct T400 : T0 {};\nvoid f(T0 t) { t.missing(); }\n` });
    try {
      assert.deepEqual(targets(ws, 'calls', 'cpp:deep:f'), []);
    } finally {
      await ws.close();
    }
  });
});
