/**
 * Ruby resolution rules, one test each (resolve/ruby/), on test/fixtures/ruby_shop and small workspaces.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Workspace } from '../../extension/core/workspace';
import { edge, indexFiles, indexFixture, targets } from '../helpers/workspace';

const INV = 'rb:lib/shop/inventory';
const REPORT = 'rb:lib/shop/report';
const MONEY = 'rb:lib/shop/money';

describe('ruby resolution', () => {
  let ws: Workspace;
  before(async () => {
    ws = await indexFixture('ruby_shop');
  });
  after(() => ws.close());

  it('require finds load-path files (root, lib/), require_relative the folder of the file, gems are externals named by the Gemfile', () => {
    assert.deepEqual(targets(ws, 'imports', 'file:lib/shop.rb'), [
      'ext:activesupport',
      'ext:rack',
      'file:lib/shop/inventory.rb',
      'file:lib/shop/money.rb',
      'file:lib/shop/report.rb',
      'file:lib/shop/version.rb',
    ]);
    assert.deepEqual(targets(ws, 'imports', 'file:Rakefile'), ['file:lib/shop.rb']);
    assert.deepEqual(targets(ws, 'imports', 'file:test/test_report.rb'), ['ext:minitest', 'file:lib/shop.rb']);
  });

  it('Const.new calls initialize; Const.m a singleton method; nesting finds constants outward', () => {
    assert.ok(edge(ws, 'calls', `${INV}:Shop.Inventory.add`, `${INV}:Shop.Item.initialize`));
    assert.ok(edge(ws, 'calls', 'rb:app/models/cart:Cart.initialize', `${INV}:Shop.Inventory.build`));
    assert.ok(edge(ws, 'calls', 'rb:lib/shop:Shop.config', 'rb:lib/shop:Shop.Config.initialize'));
    assert.ok(edge(ws, 'calls', `${INV}:Shop.Item.price`, `${MONEY}:Shop.Money.format`), 'module_function');
  });

  it('implicit self calls reach own methods, attr readers and methods of included modules', () => {
    assert.ok(edge(ws, 'calls', `${INV}:Shop.Item.to_s`, `${INV}:Shop.Item.price`));
    assert.ok(edge(ws, 'calls', `${INV}:Shop.Item.to_s`, `${INV}:Shop.Item.name`), 'attr_reader');
    assert.ok(edge(ws, 'calls', 'rb:lib/shop/index:Shop.Inventory.size', `${MONEY}:Shop.Countable.count`), 'include Countable in the other opening');
    assert.ok(edge(ws, 'calls', `${INV}:Shop.Inventory`, `${MONEY}:Shop.Registry.register`), 'extend Registry: a class-body call');
  });

  it('a class reopened in another file is one class: its methods and nested classes are found from either', () => {
    assert.ok(edge(ws, 'calls', `${INV}:Shop.Inventory.initialize`, 'rb:lib/shop/index:Shop.Inventory.Index.initialize'));
    assert.ok(edge(ws, 'calls', `${INV}:Shop.Inventory.add`, 'rb:lib/shop/index:Shop.Inventory.Index.put'), '@index = Index.new');
    assert.ok(edge(ws, 'contains', 'rb:lib/shop/index:Shop', 'rb:lib/shop/index:Shop.Inventory'), 'each opening is a symbol of its file');
  });

  it('locals typed by Const.new and bare new, super, class << self', () => {
    assert.ok(edge(ws, 'calls', 'rb:spec/inventory_spec:Shop::Inventory > #add > finds what it added', `${INV}:Shop.Inventory.add`));
    assert.ok(edge(ws, 'calls', `${INV}:Shop.Inventory.build`, `${INV}:Shop.Inventory.add`), 'inv = new');
    assert.ok(edge(ws, 'calls', `${REPORT}:Shop.CsvReport.lines`, `${REPORT}:Shop.Report.lines`), 'super');
    assert.ok(edge(ws, 'calls', 'rb:test/test_report:ReportTest.test_csv_header', `${INV}:Shop.Inventory.empty`), 'class << self');
    assert.ok(edge(ws, 'calls', 'rb:test/test_report:ReportTest.test_csv_header', `${REPORT}:Shop.CsvReport.header`), 'the override, not Report#header');
    assert.equal(edge(ws, 'calls', 'rb:test/test_report:ReportTest.test_csv_header', `${REPORT}:Shop.Report.header`), undefined);
  });

  it('method results are typed by what the method returns (Const.new, new, self, typed locals)', () => {
    assert.ok(edge(ws, 'calls', 'rb:app/models/cart:Cart.guest', 'rb:app/models/user:User.checkout'), 'User.guest returns new(…)');
    assert.ok(edge(ws, 'calls', `${REPORT}:Shop.Report.header`, 'rb:lib/shop:Shop.Config.currency'), 'Shop.config returns Config.new');
    assert.ok(edge(ws, 'calls', 'rb:app/models/cart:Cart.total', `${MONEY}:Shop.Countable.count`), '@inventory = Inventory.build, which returns a local set by new');
  });

  it('Zeitwerk-style files: app/models/user.rb is User, reached without a require', () => {
    assert.ok(edge(ws, 'calls', 'rb:app/models/user:User.initialize', 'rb:app/models/cart:Cart.initialize'));
    assert.ok(edge(ws, 'calls', 'rb:app/models/cart:Cart.guest', 'rb:app/models/user:User.guest'));
    assert.ok(edge(ws, 'calls', 'rb:app/models/user:User.checkout', 'rb:app/models/cart:Cart.total'), '@cart = Cart.new');
  });

  it('inherits: superclass, include and extend', () => {
    assert.ok(edge(ws, 'inherits', `${REPORT}:Shop.CsvReport`, `${REPORT}:Shop.Report`));
    assert.ok(edge(ws, 'inherits', `${INV}:Shop.Inventory`, `${MONEY}:Shop.Countable`));
    assert.ok(edge(ws, 'inherits', `${INV}:Shop.Inventory`, `${MONEY}:Shop.Registry`));
  });

  it('tests: RSpec examples and Minitest tests make tests edges; group helpers are called by name', () => {
    assert.equal(ws.graph.node('rb:spec/inventory_spec:Shop::Inventory > when empty > counts nothing')?.kind, 'test');
    assert.ok(edge(ws, 'calls', 'rb:spec/inventory_spec:Shop::Inventory > when empty > counts nothing', 'rb:spec/inventory_spec:Shop::Inventory.fresh'));
    assert.ok(edge(ws, 'tests', 'rb:test/test_report:ReportTest.test_lines', `${REPORT}:Shop.Report.lines`));
  });

  it('an untyped receiver gives no edge, and a name no class has stays unresolved', async () => {
    const w = await indexFiles({
      'lib/a.rb': 'class A\n  def run(x)\n    x.go\n    missing\n  end\n  def go; end\nend\n',
      'lib/b.rb': 'class B\n  def go; end\nend\n',
    });
    try {
      assert.deepEqual(targets(w, 'calls', 'rb:lib/a:A.run'), []);
    } finally {
      await w.close();
    }
  });

  it('top-level defs are reached from anywhere when unique; singleton and instance methods of one name stay apart', async () => {
    const w = await indexFiles({
      'lib/util.rb': 'def helper; end\n',
      'lib/c.rb': 'class C\n  def self.call(x)\n    new.call(x)\n  end\n  def call(x)\n    helper\n  end\nend\nC.call(1)\n',
    });
    try {
      assert.deepEqual(targets(w, 'calls', 'rb:lib/c:C.call'), ['rb:lib/util:helper']);
      assert.deepEqual(targets(w, 'calls', 'rb:lib/c:C.self.call'), ['rb:lib/c:C.call']);
      assert.deepEqual(targets(w, 'calls', 'file:lib/c.rb'), ['rb:lib/c:C.self.call']);
    } finally {
      await w.close();
    }
  });
});
