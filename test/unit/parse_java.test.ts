/**
 * Java fact extraction: declarations, names, imports, calls and typed names, one rule per test.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractFacts } from '../../extension/core/parse/extract';
import type { FileFacts } from '../../extension/core/parse/facts';

const facts = (source: string, path = 'src/main/java/a/A.java'): Promise<FileFacts> => extractFacts(path, source, 'java');
const byQn = (f: FileFacts) => new Map(f.symbols.map((s) => [s.qualifiedName, s]));

describe('java extraction', () => {
  it('reads the package and single-type, on-demand and static imports', async () => {
    const f = await facts('package com.acme.shop;\nimport java.util.List;\nimport java.util.*;\nimport static org.junit.Assert.assertEquals;\nimport static a.B.*;\nclass A {}\n');
    assert.equal(f.package, 'com.acme.shop');
    assert.deepEqual(
      f.imports.map((i) => [i.module, i.names.map((n) => n.local), i.star === true, i.isStatic === true]),
      [
        ['java.util.List', ['List'], false, false],
        ['java.util', [], true, false],
        ['org.junit.Assert', ['assertEquals'], false, true],
        ['a.B', [], true, true],
      ],
    );
  });

  it('maps classes, interfaces, enums, records and annotation types to kinds, nested ones under their type', async () => {
    const f = await facts(
      'public class A {\n  interface I { void f(); }\n  enum E { X, Y }\n  record R(int x, String y) {}\n  @interface Ann { String value(); }\n  static class N { class M {} }\n}\n',
    );
    const s = byQn(f);
    assert.deepEqual(
      [...s.values()].map((x) => [x.qualifiedName, x.kind]),
      [
        ['A', 'class'],
        ['A.I', 'interface'],
        ['A.I.f', 'method'],
        ['A.E', 'enum'],
        ['A.R', 'class'],
        ['A.Ann', 'interface'],
        ['A.Ann.value', 'method'],
        ['A.N', 'class'],
        ['A.N.M', 'class'],
      ],
    );
    assert.equal(s.get('A')?.exported, true);
    assert.equal(s.get('A.N')?.exported, false);
    assert.equal(s.get('A.I.f')?.exported, true, 'interface members are public');
    assert.equal(s.get('A.I.f')?.isAbstract, true);
    assert.deepEqual(s.get('A.E')?.fields?.map((x) => [x.name, x.type]), [['X', 'E'], ['Y', 'E']]);
    assert.deepEqual(s.get('A.R')?.fields?.map((x) => [x.name, x.type]), [['x', 'int'], ['y', 'String']]);
  });

  it('names constructors <init> and later overloads m$2, m$3, with their parameters', async () => {
    const f = await facts('class A {\n  A() {}\n  A(int n) { this(); }\n  void m(String s) {}\n  void m(int... xs) {}\n  void m() {}\n}\n');
    const s = byQn(f);
    assert.deepEqual([...s.keys()], ['A', 'A.<init>', 'A.<init>$2', 'A.m', 'A.m$2', 'A.m$3']);
    assert.equal(s.get('A.m$2')?.name, 'm');
    assert.deepEqual(s.get('A.m$2')?.params, [{ name: 'xs', type: 'int[]', isRest: true }]);
    assert.equal(s.get('A.<init>$2')?.line, 3);
    assert.deepEqual(f.calls[0], { caller: 'A.<init>$2', callee: ['this'], line: 3, args: [] });
  });

  it('reads bases, implements, type parameters with bounds, Javadoc and annotations', async () => {
    const f = await facts('/** The A. */\n@Deprecated\npublic abstract class A<T extends Item> extends Base<T> implements Runnable, Comparable<A<T>> {}\ninterface I extends J, K {}\n');
    const a = byQn(f).get('A')!;
    assert.deepEqual(a.bases, ['Base<T>']);
    assert.deepEqual(a.implements, ['Runnable', 'Comparable<A<T>>']);
    assert.deepEqual(a.typeParameters, [{ name: 'T', bound: 'Item' }]);
    assert.equal(a.doc, 'The A.');
    assert.deepEqual(a.decorators, ['Deprecated']);
    assert.equal(a.isAbstract, true);
    assert.equal(a.signature, 'public abstract class A<T extends Item> extends Base<T> implements Runnable, Comparable<A<T>>');
    assert.deepEqual(byQn(f).get('I')?.bases, ['J', 'K']);
  });

  it('marks JUnit 4/5 tests (@Test, @ParameterizedTest, qualified) and JUnit 3 test methods; @Nested classes stay classes', async () => {
    const f = await facts(
      'class ATest {\n  @Test void a() {}\n  @ParameterizedTest void b(int x) {}\n  @org.junit.Test public void c() {}\n  void helper() {}\n  @Nested class Inner { @Test void d() {} }\n}\nclass Old extends junit.framework.TestCase {\n  public void testE() {}\n}\n',
      'src/test/java/a/ATest.java',
    );
    const kinds = Object.fromEntries(f.symbols.map((s) => [s.qualifiedName, s.kind]));
    assert.deepEqual(kinds, { ATest: 'class', 'ATest.a': 'test', 'ATest.b': 'test', 'ATest.c': 'test', 'ATest.helper': 'method', 'ATest.Inner': 'class', 'ATest.Inner.d': 'test', Old: 'class', 'Old.testE': 'test' });
  });

  it('builds call chains: receivers, this/super, static calls, new with its type, arguments typed where literal', async () => {
    const f = await facts(
      'class A {\n  void m() {\n    repo.find("a").save();\n    this.repo.count(1L, 2.0, \'c\', null, x -> x);\n    super.m();\n    Util.go();\n    new a.b.C<String>(1);\n    ((Repo) o).find();\n    xs[0].y();\n    Outer.this.z();\n  }\n}\n',
    );
    const calls = f.calls.map((c) => [c.callee.join('.'), c.isNew === true, c.args?.map((a) => a.join('.'))]);
    assert.deepEqual(calls, [
      ['repo.find().save', false, []],
      ['repo.find', false, [':String']],
      ['this.repo.count', false, [':long', ':double', ':char', ':null', '?λ']],
      ['super.m', false, []],
      ['Util.go', false, []],
      ['a.b.C', true, [':int']],
      [':Repo.find', false, []],
      ['xs.[].y', false, []],
      [':Outer.z', false, []],
    ]);
    assert.ok(f.calls.every((c) => c.caller === 'A.m'));
  });

  it('types fields, parameters and locals: declared, var from new/cast, for-each elements, catch, resources, patterns, typed lambda parameters', async () => {
    const f = await facts(
      'class A {\n  private Repo repo, other[];\n  void m(Item it) {\n    Foo a = make();\n    var b = new Bar<>();\n    var c = (Baz) a;\n    var d = a.next();\n    for (Item i : items) {}\n    for (var j : items) {}\n    try (Res r = open()) {} catch (IOException e) {}\n    if (o instanceof Qux q) {}\n    run((Zed z) -> z.go());\n  }\n}\n',
    );
    const a = byQn(f);
    assert.deepEqual(a.get('A')?.fields?.map((x) => [x.name, x.type]), [['repo', 'Repo'], ['other', 'Repo[]']]);
    assert.deepEqual(a.get('A.m')?.params, [{ name: 'it', type: 'Item' }]);
    const locals = Object.fromEntries((a.get('A.m')?.locals ?? []).map((b) => [b.name, b.type ?? b.value?.join('.')]));
    assert.deepEqual(locals, { a: 'Foo', b: 'Bar<>', c: 'Baz', d: 'a.next()', i: 'Item', j: 'items.[]', r: 'Res', e: 'IOException', q: 'Qux', z: 'Zed' });
  });

  it('keeps anonymous classes and lambdas transparent: their calls are the enclosing method’s, marked with the anonymous supertype', async () => {
    const f = await facts(
      'class A {\n  void m() {\n    new Base(1) {\n      @Override void run() { helper(); own(); }\n      void own() {}\n    };\n    list.forEach(x -> go(x));\n  }\n}\n',
    );
    assert.deepEqual(
      f.symbols.map((s) => s.qualifiedName),
      ['A', 'A.m'],
    );
    assert.deepEqual(
      f.calls.map((c) => [c.caller, c.callee.join('.'), c.anonymousBase]),
      [
        ['A.m', 'Base', undefined],
        ['A.m', 'helper', 'Base'],
        ['A.m', 'this.own', 'Base'],
        ['A.m', 'list.forEach', undefined],
        ['A.m', 'go', undefined],
      ],
    );
  });

  it('makes local classes symbols under their method', async () => {
    const f = await facts('class A {\n  void m() {\n    class Local { void l() { m(); } }\n    new Local().l();\n  }\n}\n');
    assert.deepEqual(
      f.symbols.map((s) => [s.qualifiedName, s.parent]),
      [
        ['A', undefined],
        ['A.m', 'A'],
        ['A.m.Local', 'A.m'],
        ['A.m.Local.l', 'A.m.Local'],
      ],
    );
    assert.equal(f.calls[0]?.caller, 'A.m.Local.l');
  });

  it('indexes broken syntax as far as it parses', async () => {
    const f = await facts('package p;\nclass A {\n  void ok() { b(); }\n  void broken( { \n}\nclass B { void c() {} }\n');
    assert.ok(f.parseErrors > 0);
    assert.ok(f.symbols.some((s) => s.qualifiedName === 'A.ok'));
    assert.equal(f.package, 'p');
  });
});
