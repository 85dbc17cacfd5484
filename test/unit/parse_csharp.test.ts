/**
 * C# extraction: the facts one file gives, checked field by field.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractFacts } from '../../extension/core/parse/extract';
import type { FileFacts, SymbolFact } from '../../extension/core/parse/facts';

const SOURCE = `global using System.Text;
using static System.Math;
using Json = System.Text.Json.JsonSerializer;
namespace A.B;

/// <summary>A thing with parts.</summary>
[Serializable]
public partial class C<T> : Base, IFoo where T : class
{
    private readonly Helper _h = new Helper();
    public int P { get; set; }
    public Helper Q => _h;
    public C(int x) : base(x) { this.M(); }
    public static void Ext(this string s, int y = 2, params int[] rest)
    {
        s.Ext();
        Helper.Run<int>(1);
        var z = new List<int>();
        _h?.Go();
        Func<int> f = () => Go2();
        foreach (var item in z) { }
        if (s is Helper hh) { }
    }
    [Fact] public async Task T1() { await Task.Yield(); }
    [TestCase(1)] public void T2(int n) { }
    [TestMethod] public void T3() { }
    void Local() { int Inner(int a) => a; Inner(1); }
    public int this[int i] => i;
    public static C<T> operator +(C<T> a, C<T> b) => a;
    public class Nested { void N() { } }
}
public record R(int X, string Y) : RBase(X);
public struct S { public int F; }
public interface I { void M(); }
enum E { A, B = 2 }
delegate void D(int x);
`;

const byQn = (facts: FileFacts, qn: string): SymbolFact => {
  const s = facts.symbols.find((x) => x.qualifiedName === qn);
  assert.ok(s, `symbol ${qn} in ${facts.symbols.map((x) => x.qualifiedName).join(', ')}`);
  return s;
};

describe('csharp extraction', () => {
  it('types: class/struct/record → class, interface, enum, delegate → type, with namespace, bases, doc and attributes', async () => {
    const f = await extractFacts('src/C.cs', SOURCE, 'csharp');
    assert.equal(f.parseErrors, 0);
    const c = byQn(f, 'C');
    assert.equal(c.kind, 'class');
    assert.equal(c.namespace, 'A.B');
    assert.deepEqual(c.bases, ['Base', 'IFoo']);
    assert.equal(c.doc, 'A thing with parts.');
    assert.deepEqual(c.decorators, ['Serializable']);
    assert.equal(c.startLine, 7, 'the span starts at the attributes');
    assert.equal(c.line, 8);
    assert.equal(c.exported, true);
    assert.deepEqual(
      ['R', 'S', 'I', 'E', 'D'].map((qn) => byQn(f, qn).kind),
      ['class', 'class', 'interface', 'enum', 'type'],
    );
    assert.deepEqual(byQn(f, 'R').bases, ['RBase']);
    assert.equal(byQn(f, 'E').exported, false, 'internal by default');
    assert.equal(byQn(f, 'C.Nested').parent, 'C');
    assert.equal(byQn(f, 'C.Nested.N').parent, 'C.Nested');
  });

  it('members: constructors named as their type, properties with accessors, indexers, operators, local functions', async () => {
    const f = await extractFacts('src/C.cs', SOURCE, 'csharp');
    assert.equal(byQn(f, 'C.C').kind, 'method');
    assert.equal(byQn(f, 'C.P').signature, 'public int P { get; set; }');
    assert.equal(byQn(f, 'C.Q').returnType, 'Helper');
    assert.ok(byQn(f, 'C.this[]'));
    assert.ok(byQn(f, 'C.operator +'));
    assert.equal(byQn(f, 'C.Local.Inner').kind, 'function');
    assert.equal(byQn(f, 'C.Local.Inner').parent, 'C.Local');
    const fields = new Map(byQn(f, 'C').fields?.map((b) => [b.name, b.type]));
    assert.deepEqual([fields.get('_h'), fields.get('P'), fields.get('Q')], ['Helper', 'int', 'Helper'], 'fields and properties are typed members');
    assert.deepEqual(byQn(f, 'R').fields?.map((b) => [b.name, b.type]), [['X', 'int'], ['Y', 'string']], "a record's parameters are its properties");
  });

  it('extension methods: the this parameter is marked; params and defaults are read', async () => {
    const f = await extractFacts('src/C.cs', SOURCE, 'csharp');
    const ext = byQn(f, 'C.Ext');
    assert.equal(ext.isStatic, true);
    assert.deepEqual(ext.params, [
      { name: 's', type: 'string', isThis: true },
      { name: 'y', type: 'int', default: '2' },
      { name: 'rest', isRest: true, type: 'int[]' },
    ]);
    const locals = new Map(ext.locals?.map((b) => [b.name, b]));
    assert.deepEqual(locals.get('z')?.value, ['List()']);
    assert.deepEqual(locals.get('item')?.value, ['z', '[]'], 'foreach (var item in z)');
    assert.equal(locals.get('hh')?.type, 'Helper', 'a declaration pattern');
  });

  it('tests: xUnit, NUnit and MSTest attributes make test symbols', async () => {
    const f = await extractFacts('src/C.cs', SOURCE, 'csharp');
    assert.deepEqual(['C.T1', 'C.T2', 'C.T3'].map((qn) => byQn(f, qn).kind), ['test', 'test', 'test']);
    assert.equal(byQn(f, 'C.Local').kind, 'method');
  });

  it('calls: chains through this, ?., generics and new; lambdas are transparent; base() is a constructor call', async () => {
    const f = await extractFacts('src/C.cs', SOURCE, 'csharp');
    const calls = (qn: string) => f.calls.filter((c) => c.caller === qn).map((c) => [c.callee.join('.'), c.isNew === true]);
    assert.deepEqual(calls('C.C'), [['base', true], ['this.M', false]]);
    assert.deepEqual(calls('C.Ext'), [
      ['s.Ext', false],
      ['Helper.Run', false],
      ['List', true],
      ['_h.Go', false],
      ['Go2', false],
    ]);
    assert.deepEqual(calls('C'), [['Helper', true]], 'a field initialiser is the type\'s');
    assert.deepEqual(calls('R'), [['RBase', true]], "a record's base arguments call the base constructor");
  });

  it('usings: namespaces, static, alias and global', async () => {
    const f = await extractFacts('src/C.cs', SOURCE, 'csharp');
    assert.deepEqual(f.imports, [
      { module: 'System.Text', line: 1, names: [], star: true, global: true },
      { module: 'System.Math', line: 2, names: [], star: true, isStatic: true },
      { module: 'System.Text.Json.JsonSerializer', line: 3, names: [{ imported: '*module*', local: 'Json' }] },
    ]);
  });

  it('block namespaces nest; broken code is indexed as far as it parses', async () => {
    const f = await extractFacts('src/N.cs', 'namespace X { namespace Y.Z { class K { void M() { Foo(); } } } }\nclass Broken { void A( { B(); }\n', 'csharp');
    assert.equal(byQn(f, 'K').namespace, 'X.Y.Z');
    assert.ok(f.parseErrors > 0);
    assert.deepEqual(f.calls.find((c) => c.caller === 'K.M')?.callee, ['Foo']);
  });

  it('overloads are symbols of their own; calls carry their arguments', async () => {
    const f = await extractFacts('src/O.cs', 'class O { void M() { M(1, "a"); } void M(int x, string s) { } O() { } O(int x) : this() { } }\n', 'csharp');
    assert.deepEqual(f.symbols.map((s) => s.qualifiedName), ['O', 'O.M', 'O.M#2', 'O.O', 'O.O#2']);
    assert.deepEqual(f.symbols.map((s) => s.name), ['O', 'M', 'M', 'O', 'O']);
    assert.deepEqual(f.calls.find((c) => c.caller === 'O.M')?.args, [[':int'], [':string']]);
    assert.deepEqual(f.calls.find((c) => c.caller === 'O.O#2')?.callee, ['this']);
  });

  it('conditional compilation: branches the compiler skips are no code; an unknown condition keeps both', async () => {
    const source = [
      '#define HAVE_X',
      'class C {',
      '#if false',
      '  void M() { }',
      '#elif HAVE_X && !Y',
      '  void N() { A(); }',
      '#else',
      '  void O() { B(); }',
      '#endif',
      '#if UNDEFINED',
      '  void P() { }',
      '#else',
      '  void Q() { }',
      '#endif',
      '#if (HAVE_X || Z) && true',
      '  void R() { }',
      '#endif',
      '}',
      '',
    ].join('\n');
    const f = await extractFacts('src/P.cs', source, 'csharp');
    assert.deepEqual(f.symbols.map((s) => s.qualifiedName), ['C', 'C.N', 'C.Q', 'C.R']);
    assert.deepEqual(f.calls.map((c) => c.callee.join('.')), ['A']);
  });
});
