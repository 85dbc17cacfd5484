/**
 * Ruby extraction rules, one test each: what a Ruby file says about itself (parse/ruby*.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractFacts } from '../../extension/core/parse/extract';
import type { FileFacts } from '../../extension/core/parse/facts';

const facts = (source: string, path = 'lib/a.rb'): Promise<FileFacts> => extractFacts(path, source, 'ruby');
const sym = (f: FileFacts, qn: string) => f.symbols.find((s) => s.qualifiedName === qn);
const calls = (f: FileFacts) => f.calls.map((c) => `${c.caller ?? '<file>'}: ${c.callee.join(' ')}`);

describe('ruby extraction', () => {
  it('requires, require_relative and autoload are imports', async () => {
    const f = await facts("require 'set'\nrequire_relative 'a/b'\nrequire_relative '../c'\nmodule M\n  autoload :X, 'm/x'\nend\nrequire name\n");
    assert.deepEqual(f.imports.map((i) => i.module), ['set', './a/b', '../c', 'm/x']);
  });

  it('nests modules and classes by dots, merges a class reopened in the file, reads superclass and mixins as bases', async () => {
    const f = await facts('module A\n  class B::C < Base\n    include M1\n    prepend M2\n    extend M3\n  end\n  class B::C\n    include M4\n    def m; end\n  end\nend\n');
    assert.equal(sym(f, 'A')?.kind, 'class');
    assert.equal(sym(f, 'A.B.C')?.kind, 'class');
    assert.equal(f.symbols.filter((s) => s.qualifiedName === 'A.B.C').length, 1, 'one symbol for the reopened class');
    assert.deepEqual(sym(f, 'A.B.C')?.bases, ['Base', 'M1', 'M2', 'M4']);
    assert.deepEqual(sym(f, 'A.B.C')?.singletonBases, ['M3']);
    assert.equal(sym(f, 'A.B.C.m')?.kind, 'method');
    assert.equal(sym(f, 'A.B.C.m')?.parent, 'A.B.C');
  });

  it('def self., class << self and module_function make singleton methods; a name clash keeps both as C.m and C.self.m', async () => {
    const f = await facts('class C\n  def self.a; end\n  class << self\n    def b; end\n    attr_reader :r\n  end\n  def call; end\n  def self.call; end\nend\nmodule U\n  module_function\n  def f; end\nend\n');
    assert.equal(sym(f, 'C.a')?.isStatic, true);
    assert.equal(sym(f, 'C.b')?.isStatic, true);
    assert.equal(sym(f, 'C.r')?.kind, 'method');
    assert.equal(sym(f, 'C.call')?.isStatic, undefined);
    assert.equal(sym(f, 'C.self.call')?.isStatic, true);
    assert.equal(sym(f, 'C.self.call')?.name, 'call');
    assert.equal(sym(f, 'U.f')?.isStatic, true);
    assert.equal(sym(f, 'U.f')?.isClassMethod, true, 'module_function: both an instance and a singleton method');
  });

  it('attr_* are accessor methods; private hides what follows it', async () => {
    const f = await facts('class C\n  attr_accessor :x\n  attr_reader :y\n  def pub; end\n  private\n  def hid; end\n  private def also; end\nend\n');
    assert.deepEqual(f.symbols.filter((s) => s.kind === 'method').map((s) => `${s.name}:${s.exported}`), ['x:true', 'x=:true', 'y:true', 'pub:true', 'hid:false', 'also:false']);
    assert.equal(sym(f, 'C.x=')?.signature, 'attr_accessor :x');
  });

  it('calls: receivers as chains, bare names that are not locals as self calls, super, Const.new', async () => {
    const f = await facts('class C\n  def m(a)\n    b = Foo::Bar.new(a)\n    b.go\n    a.run\n    helper\n    self.other(1)\n    @x.y\n    super\n    list.each { |i| i.z }\n  end\nend\n');
    assert.deepEqual(calls(f), ['C.m: Foo::Bar new', 'C.m: b go', 'C.m: a run', 'C.m: helper', 'C.m: self other', 'C.m: @x y', 'C.m: super', 'C.m: list', 'C.m: list() each', 'C.m: i z']);
    assert.deepEqual(sym(f, 'C.m')?.locals?.map((l) => `${l.name}=${l.value?.join(' ')}`), ['b=Foo::Bar new()']);
  });

  it('attribute writes call the writer; ||= reads first', async () => {
    const f = await facts('class C\n  def m(x)\n    self.a = 1\n    x.b ||= 2\n    self.c, *self.d = x\n  end\nend\n');
    assert.deepEqual(calls(f), ['C.m: self a=', 'C.m: x b', 'C.m: x b=', 'C.m: self c=', 'C.m: self d=']);
  });

  it('alias_method, alias and Forwardable/ActiveSupport delegators declare methods', async () => {
    const f = await facts("class C\n  def_delegators :@r, :match, :===\n  def_delegator :@r, :size, :length\n  instance_delegate %i[parser] => 'self.class'\n  instance_delegate parse: :parser\n  single_delegate on: :parser\n  delegate :foo, to: :bar\n  alias_method :to_str, :to_s\n  alias z to_s\nend\n");
    assert.deepEqual(f.symbols.filter((s) => s.kind === 'method').map((s) => `${s.qualifiedName}${s.isStatic ? ' (singleton)' : ''}`), ['C.match', 'C.===', 'C.length', 'C.parser', 'C.parse', 'C.on (singleton)', 'C.foo', 'C.to_str', 'C.z']);
  });

  it('a def returns its last expression and its return values, as chains', async () => {
    const f = await facts('class C\n  def a\n    return B.new if x\n    y = C.new\n    y\n  end\n  def b; self; end\n  def c; 1 + 2; end\nend\n');
    assert.deepEqual(f.symbols.find((s) => s.qualifiedName === 'C.a')?.returns, [['y'], ['B', 'new()']]);
    assert.deepEqual(f.symbols.find((s) => s.qualifiedName === 'C.b')?.returns, [['self']]);
    assert.equal(f.symbols.find((s) => s.qualifiedName === 'C.c')?.returns, undefined);
  });

  it('instance variables assigned in methods are fields of the class', async () => {
    const f = await facts('class C\n  def initialize\n    @a = A.new\n    @b ||= B::C.new\n  end\nend\n');
    assert.deepEqual(sym(f, 'C')?.fields?.map((x) => `${x.name}=${x.value?.join(' ')}`), ['@a=A new()', '@b=B::C new()']);
  });

  it('RSpec groups and examples are tests in spec files; their calls are theirs; defs in a group are its helpers', async () => {
    const f = await facts("RSpec.describe Foo do\n  def make; Foo.new; end\n  context 'when x' do\n    it 'does y' do\n      make.run\n    end\n  end\nend\n", 'spec/foo_spec.rb');
    assert.deepEqual(f.symbols.map((s) => `${s.kind} ${s.qualifiedName}`), ['test Foo', 'function Foo.make', 'test Foo > when x', 'test Foo > when x > does y']);
    assert.ok(calls(f).includes('Foo > when x > does y: make'));
    const plain = await facts("describe 'x' do\n  it 'y' do end\nend\n", 'lib/dsl.rb');
    assert.deepEqual(plain.symbols, [], 'a describe block outside spec files is a plain call');
  });

  it('Minitest test_* methods and test "…" blocks are tests', async () => {
    const f = await facts('class FooTest < Minitest::Test\n  def setup; end\n  def test_a; end\n  test "b c" do\n    go\n  end\nend\n', 'test/foo_test.rb');
    assert.equal(sym(f, 'FooTest.test_a')?.kind, 'test');
    assert.equal(sym(f, 'FooTest.setup')?.kind, 'method');
    assert.equal(sym(f, 'FooTest.test_b_c')?.kind, 'test');
    assert.ok(calls(f).includes('FooTest.test_b_c: go'));
  });

  it('broken syntax is indexed as far as it parses', async () => {
    const f = await facts('class A\n  def ok; end\n  x = (1 +\nend\n');
    assert.ok(f.parseErrors > 0);
    assert.ok(f.symbols.some((s) => s.name === 'ok'), 'the def before the error is still a symbol');
  });
});
