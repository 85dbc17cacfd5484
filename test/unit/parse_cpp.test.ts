/**
 * C and C++ extraction rules, one test each: what a C or C++ file says about itself (parse/cfamily*.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractFacts } from '../../extension/core/parse/extract';
import type { FileFacts } from '../../extension/core/parse/facts';

const cpp = (source: string, path = 'src/a.cpp'): Promise<FileFacts> => extractFacts(path, source, 'cpp');
const c = (source: string, path = 'src/a.c'): Promise<FileFacts> => extractFacts(path, source, 'c');
const sym = (f: FileFacts, qn: string) => f.symbols.find((s) => s.qualifiedName === qn);

describe('c/c++ extraction', () => {
  it('includes keep their quotes or brackets; using namespace is a star import, using n::f binds f', async () => {
    const f = await cpp('#include "a/b.h"\n#include <vector>\nusing namespace std;\nusing n::f;\n');
    assert.deepEqual(
      f.imports.map((i) => [i.module, i.star === true, i.names.map((n) => n.local).join(',')]),
      [['"a/b.h"', false, ''], ['<vector>', false, ''], ['std', true, ''], ['n::f', false, 'f']],
    );
  });

  it('namespaces (nested, a::b, anonymous) qualify names; anonymous ones and static functions are not exported', async () => {
    const f = await cpp('namespace a { namespace b { int f(); } }\nnamespace a::c { int g() { return 1; } }\nnamespace { void h() {} }\nstatic void k() {}\nvoid m() {}\n');
    assert.equal(sym(f, 'a.b.f')?.declaration, true);
    assert.equal(sym(f, 'a.b.f')?.namespace, 'a.b');
    assert.equal(sym(f, 'a.c.g')?.kind, 'function');
    assert.equal(sym(f, 'h')?.exported, false);
    assert.equal(sym(f, 'k')?.exported, false);
    assert.equal(sym(f, 'm')?.exported, true);
  });

  it('classes: bases, fields, method declarations, constructors A.A and destructors A.~A, inline methods', async () => {
    const f = await cpp('class A : public B, private ns::C {\n public:\n  A();\n  ~A();\n  virtual int f(int x) const = 0;\n  static A* make();\n  int g() { return f(1); }\n private:\n  Foo* foo_;\n  int n_;\n};\n');
    const a = sym(f, 'A');
    assert.equal(a?.kind, 'class');
    assert.deepEqual(a?.bases, ['B', 'ns::C']);
    assert.deepEqual(a?.fields?.map((x) => [x.name, x.type]), [['foo_', 'Foo'], ['n_', 'int']]);
    assert.deepEqual(['A.A', 'A.~A', 'A.f', 'A.make', 'A.g'].map((q) => [sym(f, q)?.kind, sym(f, q)?.parent, sym(f, q)?.declaration]), [
      ['method', 'A', true], ['method', 'A', true], ['method', 'A', true], ['method', 'A', true], ['method', 'A', undefined],
    ]);
    assert.equal(sym(f, 'A.f')?.isAbstract, true);
    assert.equal(sym(f, 'A.make')?.isStatic, true);
    assert.deepEqual(f.calls.map((x) => [x.caller, x.callee.join('.')]), [['A.g', 'f()']]);
  });

  it('an out-of-line definition A::f is one symbol with the in-file declaration, at the definition; alone it is a method without parent', async () => {
    const f = await cpp('struct A { void f(); };\nvoid A::f() {}\n');
    assert.equal(f.symbols.filter((s) => s.qualifiedName === 'A.f').length, 1);
    assert.deepEqual([sym(f, 'A.f')?.line, sym(f, 'A.f')?.declaration, sym(f, 'A.f')?.parent], [2, undefined, 'A']);
    const g = await cpp('namespace n {\nvoid Store::put(int x) { this->log(); }\n}\nvoid n::Other::get() {}\n');
    assert.deepEqual([sym(g, 'n.Store.put')?.kind, sym(g, 'n.Store.put')?.parent], ['method', undefined]);
    assert.equal(sym(g, 'n.Other.get')?.kind, 'method');
    assert.deepEqual(sym(g, 'n.Store.put')?.locals?.find((l) => l.name === 'this')?.type, 'n::Store');
  });

  it('templates are their template; typedefs and using aliases are types standing for what they name', async () => {
    const f = await cpp('template <typename T> T mx(T a, T b) { return a; }\ntemplate <class T> class Box { T v; };\nusing IntBox = Box<int>;\ntypedef Box<long> LongBox;\n');
    assert.equal(sym(f, 'mx')?.kind, 'function');
    assert.equal(sym(f, 'Box')?.kind, 'class');
    assert.deepEqual([sym(f, 'IntBox')?.kind, sym(f, 'IntBox')?.returnType], ['type', 'Box<int>']);
    assert.deepEqual([sym(f, 'LongBox')?.kind, sym(f, 'LongBox')?.returnType], ['type', 'Box<long>']);
  });

  it('C: structs, unions, enums, an anonymous typedef struct named by its typedef, prototypes then definitions, extern variables', async () => {
    const f = await c('struct node { int v; struct node *next; };\nunion u { int a; float b; };\nenum color { RED };\ntypedef struct { int x; } point_t;\ntypedef struct node node_t;\nint f(int);\nint f(int x) { return x; }\nextern int counter;\nconst int LIMIT = 3;\n');
    assert.deepEqual(['node', 'u', 'color', 'point_t', 'node_t', 'f', 'counter', 'LIMIT'].map((q) => sym(f, q)?.kind), ['class', 'class', 'enum', 'class', 'type', 'function', 'variable', 'constant']);
    assert.equal(sym(f, 'node_t')?.returnType, 'struct node');
    assert.deepEqual([sym(f, 'f')?.line, sym(f, 'f')?.declaration], [7, undefined]);
    assert.equal(sym(f, 'counter')?.declaration, true);
    assert.deepEqual(sym(f, 'node')?.fields?.map((x) => x.name), ['v', 'next']);
    assert.equal(f.parseErrors, 0);
  });

  it('bodies: calls through members, qualified calls, new T, T x(…) constructions, typed and auto locals; macros are just names', async () => {
    const f = await cpp('void run(Foo* p) {\n  Bar b(1);\n  auto q = make();\n  p->x.go();\n  ns::A::st();\n  Baz* z = new Baz(2);\n  MAX(1, 2);\n  for (auto& e : items) e.use();\n}\n');
    assert.deepEqual(f.calls.map((x) => [x.callee.join('.'), x.line]), [['Bar()', 2], ['make()', 3], ['p.x.go()', 4], ['ns::A::st()', 5], ['Baz()', 6], ['MAX()', 7], ['e.use()', 8]]);
    assert.deepEqual(sym(f, 'run')?.locals?.map((l) => [l.name, l.type ?? l.value?.join('.')]), [['p', 'Foo'], ['b', 'Bar'], ['q', 'make()'], ['z', 'Baz'], ['e', 'items.[]']]);
  });

  it('tests: GoogleTest TEST/TEST_F (the fixture is this), Catch2 TEST_CASE with its SECTIONs', async () => {
    const f = await cpp('TEST(MathTest, Adds) { EXPECT_EQ(add(1, 2), 3); }\nTEST_F(StoreTest, Finds) { store_.find(); }\nTEST_CASE("it parses", "[p]") {\n  SECTION("a") { parse(); }\n}\n', 'tests/a_test.cc');
    assert.deepEqual(f.symbols.map((s) => [s.kind, s.qualifiedName]), [['test', 'MathTest.Adds'], ['test', 'StoreTest.Finds'], ['test', 'it parses']]);
    assert.deepEqual(sym(f, 'StoreTest.Finds')?.locals, [{ name: 'this', type: 'StoreTest', line: 2 }]);
    assert.ok(f.calls.some((x) => x.caller === 'it parses' && x.callee[0] === 'parse()'));
  });

  it('a macro before the return type (`static INLINE T f()`) does not make f a member of T; make_unique<T> constructs a T', async () => {
    const f = await cpp('static BROTLI_INLINE brotli_reg_t BitMask(brotli_reg_t n) { return n; }\nvoid g() { auto p = std::make_unique<Foo>(1); }\n', 'src/a.h');
    assert.deepEqual([sym(f, 'BitMask')?.kind, sym(f, 'BitMask')?.exported], ['function', false]);
    assert.ok(f.calls.some((x) => x.caller === 'g' && x.callee[0] === 'Foo()' && x.isNew));
  });

  it('broken code is extracted as far as it parses', async () => {
    const f = await cpp('class A { void f(); \nvoid g() { h(); }\nint ok() { return 1; }\n');
    assert.ok(f.parseErrors > 0);
    assert.ok(f.symbols.length > 0);
  });
});
