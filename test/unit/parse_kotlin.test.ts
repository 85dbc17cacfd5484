/**
 * Kotlin extraction: the facts one file gives, checked field by field.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { extractFacts } from '../../extension/core/parse/extract';
import type { FileFacts, SymbolFact } from '../../extension/core/parse/facts';

const SOURCE = `package com.example.app

import com.example.util.Helper
import com.example.util.*
import kotlin.test.Test as KTest

/** A base with a companion. */
open class Base(val name: String, count: Int) : Iface, Other<String>() {
    constructor(x: Int) : this(x.toString(), 1)
    init { setup() }
    private val helper: Helper = Helper()
    val size: Int
        get() = compute()
    open fun run(): Int = helper.go()
    companion object {
        fun create() = Base("a", 1)
        const val K = 1
    }
}
data class Point(val x: Int, val y: Int)
sealed class Shape { object Empty : Shape() }
enum class Color(val rgb: Int) { RED(1) { override fun f() = 1 }, GREEN(2); open fun f() = 0 }
interface Iface { fun g(): String }
object Registry { fun register(b: Base) { b.run() } }
fun String.shout(): String = this.uppercase()
suspend fun top(a: Base, vararg xs: Int) {
    val p = Point(1, 2)
    for (s in listOf<Shape>()) {}
    listOf(1).map { it.toString() }
    val o = object : Runnable { override fun run() { go() } }
    fun local() { top(a) }
}
class BaseTest {
    @Test fun works() {}
    @org.junit.jupiter.api.Test fun alsoWorks() {}
}
typealias Alias = Base
const val VERSION = "1"
private val cache by lazy { 1 }
`;

describe('kotlin extraction', () => {
  let facts: FileFacts;
  const sym = (qn: string): SymbolFact => {
    const s = facts.symbols.find((x) => x.qualifiedName === qn);
    assert.ok(s, `a symbol ${qn}`);
    return s;
  };
  before(async () => {
    facts = await extractFacts('src/a.kt', SOURCE, 'kotlin');
  });

  it('parses without errors and reads the package and the imports', () => {
    assert.equal(facts.parseErrors, 0);
    assert.equal(facts.package, 'com.example.app');
    assert.deepEqual(
      facts.imports.map((i) => [i.module, i.star ?? false, i.names]),
      [
        ['com.example.util.Helper', false, [{ imported: 'Helper', local: 'Helper' }]],
        ['com.example.util', true, []],
        ['kotlin.test.Test', false, [{ imported: 'Test', local: 'KTest' }]],
      ],
    );
  });

  it('classes, objects, companions, enums, interfaces and aliases, with the package on top-level ones', () => {
    const base = sym('Base');
    assert.equal(base.kind, 'class');
    assert.equal(base.namespace, 'com.example.app');
    assert.equal(base.doc, 'A base with a companion.');
    assert.deepEqual(base.bases, ['Iface', 'Other<String>()']);
    assert.deepEqual(base.params?.map((p) => [p.name, p.type, p.isProperty ?? false]), [['name', 'String', true], ['count', 'Int', false]]);
    assert.equal(sym('Base.Companion').isStatic, true);
    assert.equal(sym('Base.Companion').parent, 'Base');
    assert.equal(sym('Base.Companion').namespace, undefined);
    assert.equal(sym('Shape.Empty').kind, 'class');
    assert.equal(sym('Color').kind, 'enum');
    assert.equal(sym('Iface').kind, 'interface');
    assert.equal(sym('Registry').isStatic, true);
    assert.equal(sym('Alias').kind, 'type');
    assert.equal(sym('Alias').returnType, 'Base');
    assert.equal(sym('Point').signature, 'data class Point(val x: Int, val y: Int)');
  });

  it('members: a secondary constructor, properties (with accessors as methods), fields with types and values', () => {
    assert.equal(sym('Base.constructor').kind, 'method');
    assert.equal(sym('Base.size').kind, 'method');
    assert.deepEqual(
      sym('Base').fields?.map((f) => [f.name, f.type ?? f.value?.join('.')]),
      [['name', 'String'], ['helper', 'Helper'], ['size', 'Int']],
    );
    assert.deepEqual(sym('Base.Companion').fields?.map((f) => f.name), ['K']);
    assert.deepEqual(sym('Base.Companion.create').returns, [['Base()']]);
    assert.deepEqual(sym('Color').fields?.map((f) => [f.name, f.type]), [['rgb', 'Int'], ['RED', 'Color'], ['GREEN', 'Color']]);
    assert.ok(!facts.symbols.some((s) => s.qualifiedName === 'Color.RED.f' || s.name === 'run' && s.parent === 'top'), 'enum entry bodies and anonymous objects are transparent');
  });

  it('functions: extension receivers, varargs, suspend, local functions, tests, top-level properties', () => {
    assert.deepEqual(sym('shout').params, [{ name: 'this', type: 'String', isThis: true }]);
    assert.equal(sym('shout').returnType, 'String');
    const top = sym('top');
    assert.equal(top.isAsync, true);
    assert.deepEqual(top.params?.map((p) => [p.name, p.type, p.isRest ?? false]), [['a', 'Base', false], ['xs', 'Array<Int>', true]]);
    assert.deepEqual(top.locals?.map((l) => [l.name, l.type ?? l.value?.join('.')]), [['p', 'Point()'], ['s', ':List<Shape>.[]'], ['o', undefined]]);
    assert.equal(sym('top.local').kind, 'function');
    assert.equal(sym('BaseTest.works').kind, 'test');
    assert.equal(sym('BaseTest.alsoWorks').kind, 'test');
    assert.equal(sym('VERSION').kind, 'constant');
    assert.equal(sym('cache').kind, 'variable');
    assert.equal(sym('cache').exported, false);
  });

  it('calls: chains, this(…), a header Base(…), lambdas transparent, property initializers the class owns', () => {
    const calls = facts.calls.map((c) => `${c.caller ?? '<file>'} ${c.callee.join('.')}`);
    for (const c of [
      'Base Other',
      'Base.constructor this()',
      'Base setup',
      'Base Helper',
      'Base.size compute',
      'Base.run helper.go',
      'Base.Companion.create Base',
      'Shape.Empty Shape',
      'Registry.register b.run',
      'shout this.uppercase',
      'top Point',
      'top listOf().[].toString',
      'top go',
      'top.local top',
      '<file> lazy',
    ]) {
      assert.ok(calls.includes(c), `${c} in ${calls.join(', ')}`);
    }
  });

  it('chains: lambda parameters of standard calls, smart casts, elvis, `!x.f()`', async () => {
    const src = `package p
fun f(x: Any, xs: List<A>, m: Map<String, A>?) {
  xs.forEach { it.go() }
  xs.forEachIndexed { i, h -> h.go() }
  m?.let { it.size() }
  synchronized(xs) { xs.first().go() }
  run { it.no() }
  xs.customCall { it.no() }
  if (x is A && x.go()) {}
  if (x is A) { x.go() } else { x.no() }
  when (x) { is B -> x.go() }
  val q = pool.pollLast() ?: ArrayList<A>()
  if (!x.go()) {}
}
`;
    const f = await extractFacts('src/c.kt', src, 'kotlin');
    assert.deepEqual(
      f.calls.filter((c) => ['go', 'no', 'size'].includes(c.callee[c.callee.length - 1]!)).map((c) => `${c.line}:${c.callee.join('.')}`),
      ['3:xs.[].go', '4:xs.[].go', '5:m.size', '6:xs.first().go', '7:it.no', '8:?.no', '9::A.go', '10::A.go', '10:x.no', '11::B.go', '13:x.go'],
    );
    assert.deepEqual(f.symbols.find((s) => s.name === 'f')?.locals?.find((l) => l.name === 'q')?.value, ['pool', 'pollLast()']);
  });

  it('indexes broken code as far as it parses', async () => {
    const broken = await extractFacts('src/b.kt', 'package x\nclass A { fun f() { g( }\nfun h() = 1\n', 'kotlin');
    assert.ok(broken.parseErrors > 0);
    assert.ok(broken.symbols.some((s) => s.qualifiedName === 'A'));
  });
});
