/**
 * Python fact extractor tests
 * ===========================
 * One test per extraction rule on small inline sources, plus broken, deep and odd inputs.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import type { ExtractedFacts } from '../../extension/core/parse/facts';
import type { SymbolFact } from '../../extension/core/parse/facts';
import { loadGrammar } from '../../extension/core/parse/grammar';
import { extractPython } from '../../extension/core/parse/python';
import { MAX_NESTING, MAX_QUALIFIED_NAME } from '../../extension/core/parse/nesting';

async function facts(source: string): Promise<ExtractedFacts> {
  const grammar = await loadGrammar('python');
  const tree = grammar.parser.parse(source);
  assert.ok(tree, 'the parser gave a tree');
  try {
    return extractPython({ tree, source, path: 'pkg/mod.py', language: 'python', grammar });
  } finally {
    tree.delete();
  }
}

/** Strips the common indentation of a template literal, so sources can be indented with the test. */
function py(strings: TemplateStringsArray, ...values: unknown[]): string {
  const text = String.raw({ raw: strings }, ...values).replace(/^\n/, '');
  const indents = text.split('\n').filter((l) => l.trim()).map((l) => /^ */.exec(l)?.[0].length ?? 0);
  const cut = Math.min(...indents);
  return text
    .split('\n')
    .map((l) => l.slice(cut))
    .join('\n');
}

function symbol(f: ExtractedFacts, qualifiedName: string): SymbolFact {
  const s = f.symbols.find((x) => x.qualifiedName === qualifiedName);
  assert.ok(s, `symbol ${qualifiedName} in ${f.symbols.map((x) => x.qualifiedName).join(', ')}`);
  return s;
}

const names = (f: ExtractedFacts): string[] => f.symbols.map((s) => `${s.kind} ${s.qualifiedName}`);

describe('python symbols', () => {
  test('module-level classes and functions, with lines and spans (decorators included)', async () => {
    const f = await facts(py`
      import x

      @dec
      def run(a):
          return a

      class Client:
          pass
    `);
    assert.deepEqual(names(f), ['function run', 'class Client']);
    const run = symbol(f, 'run');
    assert.equal(run.line, 4);
    assert.equal(run.startLine, 3);
    assert.equal(run.endLine, 5);
    assert.equal(run.parent, undefined);
    const client = symbol(f, 'Client');
    assert.deepEqual([client.line, client.startLine, client.endLine], [7, 7, 8]);
  });

  test('methods and nested classes get the class as parent and a dotted qualifiedName', async () => {
    const f = await facts(py`
      class Outer:
          def m(self): pass
          class Inner:
              def n(self): pass
    `);
    assert.deepEqual(names(f), ['class Outer', 'method Outer.m', 'class Outer.Inner', 'method Outer.Inner.n']);
    assert.equal(symbol(f, 'Outer.m').parent, 'Outer');
    assert.equal(symbol(f, 'Outer.Inner').parent, 'Outer');
    assert.equal(symbol(f, 'Outer.Inner.n').parent, 'Outer.Inner');
  });

  test('functions and classes nested in functions are symbols of their own; lambdas stay transparent', async () => {
    const f = await facts(py`
      def outer():
          def helper():
              x = Foo()
              bar()
              return Baz()
          class Local:
              def m(self):
                  self.y = Y()
          cb = lambda: go()
          return helper
    `);
    assert.deepEqual(names(f), ['function outer', 'function outer.helper', 'class outer.Local', 'method outer.Local.m']);
    const outer = symbol(f, 'outer');
    const helper = symbol(f, 'outer.helper');
    assert.equal(helper.parent, 'outer');
    assert.equal(symbol(f, 'outer.Local').parent, 'outer');
    assert.equal(symbol(f, 'outer.Local.m').parent, 'outer.Local');
    assert.deepEqual([helper.line, helper.startLine, helper.endLine], [2, 2, 5]);
    // `cb = lambda: ...` says nothing about a type, so it is not a typed local; `x` is helper's.
    assert.equal(outer.locals, undefined);
    assert.deepEqual(helper.locals, [{ name: 'x', line: 3, value: ['Foo()'] }]);
    assert.deepEqual(symbol(f, 'outer.Local').fields, [{ name: 'y', line: 8, value: ['Y()'] }]);
    assert.deepEqual(
      f.calls.map((c) => [c.caller, c.callee.join('.')]),
      [['outer.helper', 'Foo'], ['outer.helper', 'bar'], ['outer.helper', 'Baz'], ['outer.Local.m', 'Y'], ['outer', 'go']],
    );
    assert.deepEqual(outer.returns, [['helper']]);
    assert.deepEqual(helper.returns, [['Baz()']], 'a nested function returns its own values');
  });

  test('a decorator wrapper nests by name, and a def inside a test is a plain function', async () => {
    const f = await facts(py`
      def make_decorator(tag):
          def decorator(f):
              @functools.wraps(f)
              def wrapper(*args):
                  return f(*args)
              return wrapper
          return decorator

      def test_cli():
          def test_helper():
              pass
          @click.command()
          def cli():
              run()
    `);
    assert.deepEqual(names(f), [
      'function make_decorator',
      'function make_decorator.decorator',
      'function make_decorator.decorator.wrapper',
      'test test_cli',
      'function test_cli.test_helper',
      'function test_cli.cli',
    ]);
    assert.deepEqual(
      f.calls.map((c) => [c.caller, c.callee.join('.')]),
      [['make_decorator.decorator', 'functools.wraps'], ['make_decorator.decorator.wrapper', 'f'], ['test_cli', 'click.command'], ['test_cli.cli', 'run']],
      'a decorator runs in the enclosing scope',
    );
  });

  test('module-level variables and constants; dunders, __all__ and tuple targets are not symbols', async () => {
    const f = await facts(py`
      __all__ = ["client", "MAX"]
      __version__ = "1"
      MAX = 3
      _PRIVATE_LIMIT = 4
      client = Client()
      """The shared client."""
      timeout: float = 1.5
      a, b = 1, 2
      Alias: TypeAlias = dict[str, int]
      type Pair = tuple[int, int]
      def f():
          local = 1
    `);
    assert.deepEqual(names(f), [
      'constant MAX',
      'constant _PRIVATE_LIMIT',
      'variable client',
      'variable timeout',
      'type Alias',
      'type Pair',
      'function f',
    ]);
    const client = symbol(f, 'client');
    assert.equal(client.signature, 'client = Client()');
    assert.equal(client.doc, 'The shared client.');
    assert.deepEqual([client.line, client.startLine, client.endLine], [5, 5, 5]);
    assert.equal(symbol(f, 'Pair').signature, 'type Pair = tuple[int, int]');
  });

  test('pytest and unittest tests are kind "test"; their classes stay classes', async () => {
    const f = await facts(py`
      def test_login(): pass
      def testing_helper(): pass
      class TestApi:
          def test_get(self): pass
          def helper(self): pass
      class ApiCase(unittest.TestCase):
          def testPost(self): pass
          def setUp(self): pass
      class Plain:
          def test_not(self): pass
      async def test_async(): pass
    `);
    assert.deepEqual(names(f), [
      'test test_login',
      'function testing_helper',
      'class TestApi',
      'test TestApi.test_get',
      'method TestApi.helper',
      'class ApiCase',
      'test ApiCase.testPost',
      'method ApiCase.setUp',
      'class Plain',
      'method Plain.test_not',
      'test test_async',
    ]);
    assert.equal(symbol(f, 'TestApi.test_get').parent, 'TestApi');
  });

  test('signatures are one line, body and comments left out, at most 200 chars', async () => {
    const long = Array.from({ length: 60 }, (_, i) => `p${i}`).join(', ');
    const f = await facts(py`
      async def send(self, msg: str,  # the message
                     retries: int = 3) -> bool:
          pass
      class Client(Base, metaclass=M):
          pass
      def h(sep="#", *a): pass
      def big(${long}): pass
    `);
    assert.equal(symbol(f, 'send').signature, 'async def send(self, msg: str, retries: int = 3) -> bool');
    assert.equal(symbol(f, 'Client').signature, 'class Client(Base, metaclass=M)');
    assert.equal(symbol(f, 'h').signature, 'def h(sep="#", *a)');
    const big = symbol(f, 'big').signature;
    assert.equal(big.length, 200);
    assert.ok(big.startsWith('def big(p0, p1'));
  });

  test('docstrings: first non-empty line of functions, classes and the module', async () => {
    const f = await facts(py`
      """
         Module summary.

      More text.
      """
      def f():
          '''Does f.'''
      class C:
          # a comment first
          r"""
          Class summary.
          """
      def g():
          x = "not a docstring"
    `);
    assert.equal(f.doc, 'Module summary.');
    assert.equal(symbol(f, 'f').doc, 'Does f.');
    assert.equal(symbol(f, 'C').doc, 'Class summary.');
    assert.equal(symbol(f, 'g').doc, undefined);
  });

  test('decorators, static/class/abstract methods, async', async () => {
    const f = await facts(py`
      class A(abc.ABC):
          @staticmethod
          def s(): pass
          @classmethod
          def c(cls): pass
          @abc.abstractmethod
          async def run(self): pass
          @app.route(
              "/x",
          )
          def r(self): pass
    `);
    const s = symbol(f, 'A.s');
    assert.deepEqual([s.decorators, s.isStatic], [['staticmethod'], true]);
    assert.equal(symbol(f, 'A.c').isClassMethod, true);
    const run = symbol(f, 'A.run');
    assert.deepEqual([run.isAbstract, run.isAsync, run.decorators], [true, true, ['abc.abstractmethod']]);
    assert.deepEqual(symbol(f, 'A.r').decorators, ['app.route( "/x", )']);
    assert.equal(symbol(f, 'A').isAbstract, true);
  });

  test('bases are the positional class arguments as written', async () => {
    const f = await facts(py`
      class C(Base, mod.Mixin, Generic[T], *more, metaclass=Meta, **kw): pass
      class D: pass
    `);
    assert.deepEqual(symbol(f, 'C').bases, ['Base', 'mod.Mixin', 'Generic[T]']);
    assert.equal(symbol(f, 'D').bases, undefined);
  });

  test('params: names, annotations, defaults (80 chars max), rest parameters; self kept', async () => {
    const f = await facts(py`
      class K:
          def m(self, a, b: int, c=1, d: "Client | None" = None, /, *args: str, e=${'x'.repeat(100)}, **kw): pass
          def n(self, *, k): pass
    `);
    assert.deepEqual(symbol(f, 'K.m').params, [
      { name: 'self' },
      { name: 'a' },
      { name: 'b', type: 'int' },
      { name: 'c', default: '1' },
      { name: 'd', type: '"Client | None"', default: 'None' },
      { name: 'args', isRest: true, type: 'str' },
      { name: 'e', default: 'x'.repeat(80) },
      { name: 'kw', isRest: true },
    ]);
    assert.deepEqual(symbol(f, 'K.n').params, [{ name: 'self' }, { name: 'k' }]);
  });

  test('returnType and up to 3 distinct return chains', async () => {
    const f = await facts(py`
      def a() -> Optional[Foo]:
          if x: return Foo()
          if y: return self.x
          if z: return make().run()
          if w: return Foo()
          if v: return await fetch()
          return None
      def b():
          return 1
    `);
    const a = symbol(f, 'a');
    assert.equal(a.returnType, 'Optional[Foo]');
    assert.deepEqual(a.returns, [['Foo()'], ['self', 'x'], ['make()', 'run()']]);
    assert.equal(symbol(f, 'b').returns, undefined);
  });

  test('exported: a leading underscore hides, dunder methods stay visible', async () => {
    const f = await facts(py`
      def pub(): pass
      def _priv(): pass
      class C:
          def __init__(self): pass
          def _helper(self): pass
    `);
    assert.deepEqual(
      f.symbols.map((s) => [s.qualifiedName, s.exported]),
      [['pub', true], ['_priv', false], ['C', true], ['C.__init__', true], ['C._helper', false]],
    );
  });

  test('exported: a literal __all__ decides for module-level names', async () => {
    const f = await facts(py`
      __all__ = ["pub", "_special"]
      __all__ += ["extra"]
      def pub(): pass
      def other(): pass
      def _special(): pass
      def extra(): pass
    `);
    assert.deepEqual(f.all, ['pub', '_special', 'extra']);
    assert.deepEqual(
      f.symbols.map((s) => [s.name, s.exported]),
      [['pub', true], ['other', false], ['_special', true], ['extra', true]],
    );
    const dynamic = await facts('__all__ = names()\ndef a(): pass\n');
    assert.equal(dynamic.all, undefined);
    assert.equal(dynamic.symbols[0]!.exported, true);
  });

  test('redefinitions keep one symbol: property setters merge, an implementation replaces @overload stubs', async () => {
    const f = await facts(py`
      class C:
          @property
          def size(self): return 1
          @size.setter
          def size(self, v): helper()
      @overload
      def make(x: int) -> int: ...
      @overload
      def make(x: str) -> str: ...
      def make(x):
          return Foo()
    `);
    assert.deepEqual(names(f), ['class C', 'method C.size', 'function make']);
    assert.equal(symbol(f, 'C.size').line, 3);
    assert.deepEqual(f.calls.find((c) => c.callee[0] === 'helper')?.caller, 'C.size');
    const make = symbol(f, 'make');
    assert.deepEqual([make.line, make.signature, make.decorators, make.returns], [10, 'def make(x)', undefined, [['Foo()']]]);
  });
});

describe('python locals, fields and bindings', () => {
  test('locals: assignments, annotations, with-targets, loop elements; tuples skipped', async () => {
    const f = await facts(py`
      def f(p):
          x = Foo()
          y: Bar = make()
          z = a.b.c
          with open(p) as fh, Lock() as (l1, l2):
              pass
          for item in items:
              pass
          t, u = Pair()
          n = 5
          x = Other()
    `);
    assert.deepEqual(symbol(f, 'f').locals, [
      { name: 'x', line: 2, value: ['Foo()'] },
      { name: 'y', line: 3, type: 'Bar' },
      { name: 'z', line: 4, value: ['a', 'b', 'c'] },
      { name: 'fh', line: 5, value: ['open()'] },
      { name: 'item', line: 7, value: ['items', '[]'] },
    ]);
  });

  test('fields: class-body annotations and assignments, self.x in any method; first annotation wins', async () => {
    const f = await facts(py`
      class C:
          name: str
          client = Client()
          count = 0
          def __init__(self, pool: Pool):
              self.pool = pool
              self.client: Client = make()
              self.cache: Cache = Cache()
              other.x = 1
          def later(this):
              this.late = Late()
              def inner():
                  this.deep = Deep()
          @staticmethod
          def s(x):
              x.not_a_field = 1
    `);
    assert.deepEqual(symbol(f, 'C').fields, [
      { name: 'name', line: 2, type: 'str' },
      { name: 'client', line: 3, value: ['Client()'], type: 'Client' },
      { name: 'count', line: 4 },
      { name: 'pool', line: 6, value: ['pool'] },
      { name: 'cache', line: 8, type: 'Cache' },
      { name: 'late', line: 11, value: ['Late()'] },
      { name: 'deep', line: 13, value: ['Deep()'] },
    ]);
  });

  test('module bindings like locals', async () => {
    const f = await facts(py`
      client = Client()
      api: Api = make()
      n = 1
      with connect() as conn:
          pass
      for row in db.rows():
          pass
    `);
    assert.deepEqual(f.bindings, [
      { name: 'client', line: 1, value: ['Client()'] },
      { name: 'api', line: 2, type: 'Api' },
      { name: 'conn', line: 4, value: ['connect()'] },
      { name: 'row', line: 6, value: ['db', 'rows()', '[]'] },
    ]);
  });
});

describe('python imports', () => {
  test('import forms', async () => {
    const f = await facts(py`
      import a.b.c
      import a.b as c, d
      from . import x
      from ..m import y as z, w
      from m import *
      from pkg.sub import (one,
                           two as deux)
      from __future__ import annotations
    `);
    assert.deepEqual(f.imports, [
      { module: 'a.b.c', line: 1, names: [{ imported: '*module*', local: 'a' }] },
      { module: 'a.b', line: 2, names: [{ imported: '*module*', local: 'c' }] },
      { module: 'd', line: 2, names: [{ imported: '*module*', local: 'd' }] },
      { module: '.', line: 3, names: [{ imported: 'x', local: 'x' }] },
      { module: '..m', line: 4, names: [{ imported: 'y', local: 'z' }, { imported: 'w', local: 'w' }] },
      { module: 'm', line: 5, names: [], star: true },
      { module: 'pkg.sub', line: 6, names: [{ imported: 'one', local: 'one' }, { imported: 'two', local: 'deux' }] },
    ]);
    assert.deepEqual(f.exports, []);
    assert.equal(f.defaultExport, undefined);
  });

  test('scoped imports, TYPE_CHECKING imports, dynamic imports', async () => {
    const f = await facts(py`
      from typing import TYPE_CHECKING
      if TYPE_CHECKING:
          from .client import Client
      class C:
          import json
          def m(self):
              from .util import helper
              def inner():
                  import os
      plugins = importlib.import_module("app.plugins")
      __import__("legacy")
    `);
    assert.deepEqual(
      f.imports.map((i) => [i.module, i.line, i.scope, i.dynamic, i.names.map((n) => n.local).join()]),
      [
        ['typing', 1, undefined, undefined, 'TYPE_CHECKING'],
        ['.client', 3, undefined, undefined, 'Client'],
        ['json', 5, 'C', undefined, 'json'],
        ['.util', 7, 'C.m', undefined, 'helper'],
        ['os', 9, 'C.m.inner', undefined, 'os'],
        ['app.plugins', 10, undefined, true, 'plugins'],
        ['legacy', 11, undefined, true, ''],
      ],
    );
  });
});

describe('python calls', () => {
  test('callee chains', async () => {
    const f = await facts(py`
      def f(self):
          self.a.b()
          make().run()
          super().f()
          a[0].f()
          Foo()
          "x".join(y)
          (a).b()
    `);
    assert.deepEqual(
      f.calls.map((c) => c.callee),
      [['self', 'a', 'b'], ['make()', 'run'], ['make'], ['super()', 'f'], ['super'], ['a', '[]', 'f'], ['Foo'], ['?', 'join'], ['a', 'b']],
    );
    assert.ok(f.calls.every((c) => c.caller === 'f'));
  });

  test('callers: decorators belong to the parent scope, defaults to the function, class bodies to the class', async () => {
    const f = await facts(py`
      setup()
      @register("x")
      class C:
          log = get_logger()
          @cached(size())
          def m(self, x=default()):
              work()
    `);
    assert.deepEqual(
      f.calls.map((c) => [c.callee.join('.'), c.caller, c.line]),
      [
        ['setup', undefined, 1],
        ['register', undefined, 2],
        ['get_logger', 'C', 4],
        ['cached', 'C', 5],
        ['size', 'C', 5],
        ['default', 'C.m', 6],
        ['work', 'C.m', 7],
      ],
    );
  });

  test('the line of a call is the line of its name', async () => {
    const f = await facts('q = (builder\n    .add(1)\n    .build())\n');
    assert.deepEqual(
      f.calls.map((c) => [c.callee.join('.'), c.line]),
      [['builder.add().build', 3], ['builder.add', 2]],
    );
  });
});

describe('python references', () => {
  test('functions and members passed as values, isinstance classes, right-hand sides', async () => {
    const f = await facts(py`
      def f(self, xs):
          map(handler, xs)
          self.client.send(callback=self.on_done)
          if isinstance(xs, (Foo, mod.Bar)):
              alias = Target
          table = {"a": handle_a}
          return default_handler
    `);
    assert.deepEqual(
      f.references.map((r) => [r.chain.join('.'), r.line, r.from]),
      [
        ['handler', 2, 'f'],
        ['self.on_done', 3, 'f'],
        ['Foo', 4, 'f'],
        ['mod.Bar', 4, 'f'],
        ['Target', 5, 'f'],
        ['handle_a', 6, 'f'],
        ['default_handler', 7, 'f'],
      ],
    );
  });

  test('type annotations: every inner name, strings included, isType set', async () => {
    const f = await facts(py`
      def f(a: Optional[Foo], b: "mod.Bar", c: list[Baz] | None, d: Literal["x"]) -> dict[str, "Qux"]:
          v: Vee = 1
      X: Final[Ex] = 1
    `);
    assert.deepEqual(
      f.references.map((r) => [r.chain.join('.'), r.from, r.isType]),
      [
        ['Optional', 'f', true],
        ['Foo', 'f', true],
        ['mod.Bar', 'f', true],
        ['Baz', 'f', true],
        ['Literal', 'f', true],
        ['Qux', 'f', true],
        ['Vee', 'f', true],
        ['Final', undefined, true],
        ['Ex', undefined, true],
      ],
    );
  });

  test('skipped: callees, definitions, params, locals, assigned attributes, literals, self alone, builtins', async () => {
    const f = await facts(py`
      import json
      def f(self, p, *args):
          q = p
          r = q
          self.x = None
          s = self
          t = True
          u = str
          g(p, args, q)
          for item in items:
              use(item)
          lam = lambda v: v
          return [w for w in r]
      list = json
      print(list)
    `);
    assert.deepEqual(
      f.references.map((r) => [r.chain.join('.'), r.from]),
      [
        ['items', 'f'],
        ['json', undefined],
        ['list', undefined],
      ],
    );
  });

  test('bases are not references, keyword class arguments are', async () => {
    const f = await facts('class C(Base, metaclass=Meta): pass\n');
    assert.deepEqual(f.references.map((r) => r.chain.join('.')), ['Meta']);
  });

  test('global names declared in a function are not local', async () => {
    const f = await facts('def f():\n    global CACHE\n    CACHE = build()\n    use(CACHE)\n');
    assert.deepEqual(f.references.map((r) => r.chain.join('.')), ['CACHE']);
  });
});

describe('python robustness', () => {
  test('broken syntax: what parses is still indexed, nothing throws', async () => {
    const f = await facts(py`
      import os
      def good(a):
          return os.path.join(a)
      def broken(:
          x = Foo(
      class Fine:
          def m(self): pass
    `);
    assert.ok(f.symbols.some((s) => s.qualifiedName === 'good'));
    assert.deepEqual(f.imports.map((i) => i.module), ['os']);
    assert.ok(f.calls.some((c) => c.callee.join('.') === 'os.path.join' && c.caller === 'good'));
  });

  test('empty, blank and comment-only files', async () => {
    for (const source of ['', '\n\n', '# just a comment\n', '\ufeff']) {
      const f = await facts(source);
      assert.deepEqual([f.symbols, f.imports, f.calls, f.references, f.bindings], [[], [], [], [], []]);
    }
  });

  test('10,000 nested parentheses do not overflow the stack', async () => {
    const depth = 10_000;
    const f = await facts(`x = ${'('.repeat(depth)}f(a)${')'.repeat(depth)}\ny = ${'['.repeat(depth)}${']'.repeat(depth)}\n`);
    assert.ok(Array.isArray(f.calls));
  });

  test('500 nested defs and classes do not overflow the stack', async () => {
    const lines: string[] = [];
    for (let i = 0; i < 500; i++) lines.push(`${' '.repeat(i)}def f${i}(a):`);
    lines.push(`${' '.repeat(500)}return g()`);
    const f = await facts(lines.join('\n') + '\n');
    // Definitions nest at most MAX_NESTING levels below a module-level one; deeper ones belong to the deepest.
    assert.equal(f.symbols.length, MAX_NESTING + 1);
    const deepest = f.symbols[MAX_NESTING]!.qualifiedName;
    assert.equal(deepest, Array.from({ length: MAX_NESTING + 1 }, (_, i) => `f${i}`).join('.'));
    assert.equal(f.calls[0]!.caller, deepest);
    const classes: string[] = [];
    for (let i = 0; i < 500; i++) classes.push(`${' '.repeat(i)}class C${i}:`);
    classes.push(`${' '.repeat(500)}x = X()`);
    const g = await facts(classes.join('\n') + '\n');
    assert.equal(g.symbols.length, MAX_NESTING + 1);
    assert.equal(g.calls[0]!.caller, g.symbols[MAX_NESTING]!.qualifiedName);
    // Long names: the id stays within MAX_QUALIFIED_NAME characters whatever the names' length.
    const long: string[] = [];
    for (let i = 0; i < 40; i++) long.push(`${' '.repeat(i)}def ${'n'.repeat(60)}${i}():`);
    long.push(`${' '.repeat(40)}return g()`);
    const h = await facts(long.join('\n') + '\n');
    assert.ok(h.symbols.every((s) => s.qualifiedName.length <= MAX_QUALIFIED_NAME));
    assert.equal(h.calls[0]!.caller, h.symbols.at(-1)!.qualifiedName);
  });

  test('long fluent chains and deep attribute chains are bounded', async () => {
    const f = await facts(`r = q${'.m()'.repeat(3000)}\ns = a${'.b'.repeat(5000)}\n`);
    // Matches may start at most 1,024 levels deep (the query cursor is quadratic in depth): the
    // outer ~500 calls of the chain are kept, each callee cut to its last 32 segments.
    assert.ok(f.calls.length > 500 && f.calls.length <= 3000);
    assert.ok(f.calls.every((c) => c.callee.length <= 33));
    assert.equal(f.calls[0]!.callee[0], '?');
    assert.equal(f.calls[0]!.callee.at(-1), 'm');
  });

  test('replacement characters, non-ASCII names, a huge single line', async () => {
    const f = await facts(`def caf\u00e9(\ufffd):\n    """\u00e9t\u00e9 \ufffd"""\n    return Na\u00efve()\nX = [${'1, '.repeat(50_000)}]\n`);
    assert.equal(symbol(f, 'caf\u00e9').doc, '\u00e9t\u00e9 \ufffd');
    assert.equal(symbol(f, 'X').signature.length, 200);
    assert.deepEqual(symbol(f, 'caf\u00e9').returns, [['Na\u00efve()']]);
  });

  test('never throws on arbitrary input', async () => {
    const grammar = await loadGrammar('python');
    const pieces = ['def ', 'class ', '(', ')', ':', '\n', '    ', '@', 'x', '.', '=', '"', "'''", 'import ', 'from ', ' as ', '*', ',', '[', ']', 'lambda', 'return ', 'self'];
    const source = fc.oneof(fc.string(), fc.array(fc.constantFrom(...pieces), { maxLength: 60 }).map((a) => a.join('')));
    fc.assert(
      fc.property(source, (text) => {
        const tree = grammar.parser.parse(text);
        if (!tree) return;
        try {
          const f = extractPython({ tree, source: text, path: 'x.py', language: 'python', grammar });
          assert.ok(Array.isArray(f.symbols));
        } finally {
          tree.delete();
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('python realistic module', () => {
  test('a service module', async () => {
    const source = readFileSync(join(__dirname, '..', 'fixtures', 'parse', 'python', 'service.py'), 'utf8');
    const f = await facts(source);
    assert.equal(f.doc, 'Order service: places and ships orders.');
    assert.deepEqual(f.all, ['OrderService', 'place_order']);
    assert.deepEqual(names(f), [
      'constant DEFAULT_RETRIES',
      'variable log',
      'class OrderService',
      'method OrderService.__init__',
      'method OrderService.place',
      'method OrderService.ship',
      'method OrderService.from_settings',
      'function place_order',
      'function _audit',
    ]);
    const service = symbol(f, 'OrderService');
    assert.deepEqual(service.fields, [
      { name: 'repo', line: 22, type: 'Repository', value: ['repo'] },
      { name: 'mailer', line: 26, value: ['Mailer()'] },
      { name: 'retries', line: 27, value: ['retries'] },
    ]);
    const place = symbol(f, 'OrderService.place');
    assert.equal(place.signature, 'def place(self, customer: Customer, items: list[Item]) -> Order');
    assert.deepEqual(place.locals, [{ name: 'order', line: 30, value: ['Order', 'create()'] }]);
    assert.deepEqual(place.returns, [['order']]);
    assert.deepEqual(
      f.calls.filter((c) => c.caller === 'OrderService.place').map((c) => c.callee.join('.')),
      ['Order.create', 'self.repo.save', 'self.mailer.send', '_audit'],
    );
    assert.equal(symbol(f, 'OrderService.from_settings').isClassMethod, true);
    assert.deepEqual(symbol(f, 'place_order').returns, [['OrderService()', 'place()']]);
    assert.deepEqual(f.imports.map((i) => i.module), ['logging', 'typing', '.models', '.repository', '.mail', '.settings']);
    assert.deepEqual(f.bindings, [{ name: 'log', line: 17, value: ['logging', 'getLogger()'] }]);
    assert.deepEqual(
      f.references.filter((r) => !r.isType).map((r) => [r.chain.join('.'), r.from]),
      [
        ['TYPE_CHECKING', undefined],
        ['DEFAULT_RETRIES', 'OrderService.__init__'],
        ['self.on_sent', 'OrderService.place'],
      ],
    );
    assert.deepEqual(
      f.references.filter((r) => r.isType && r.from === 'OrderService.from_settings').map((r) => r.chain.join('.')),
      ['Settings', 'OrderService'],
    );
  });
});
