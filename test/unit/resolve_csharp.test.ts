/**
 * C# resolution rules, one test each, on test/fixtures/csharp_rules (and small inline projects
 * for what must NOT resolve).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Workspace } from '../../extension/core/workspace';
import { edge, indexFiles, indexFixture, targets } from '../helpers/workspace';

const MODELS = 'cs:src/Shop/Models';
const ORDER = 'cs:src/Shop/Order';
const TOTALS = 'cs:src/Shop/OrderTotals';
const INVOICER = 'cs:src/Shop/Billing/Invoicer';
const UTIL = 'cs:src/Shop/Util';

describe('csharp resolution', () => {
  let ws: Workspace;
  before(async () => {
    ws = await indexFixture('csharp_rules');
  });
  after(() => ws.close());

  it('calls a method of the enclosing type, of another part of a partial type, and of the base through base.', () => {
    assert.deepEqual(targets(ws, 'calls', `${ORDER}:Order.Touch`), [`${MODELS}:Entity.Touch`, `${TOTALS}:Order.Audit`]);
    assert.ok(edge(ws, 'calls', `${ORDER}:Order.AddLine`, `${ORDER}:Order.Touch`), 'Touch() is the override in this class');
    assert.ok(edge(ws, 'calls', `${TOTALS}:Order.Audit`, `${TOTALS}:Order.Describe`));
  });

  it('types receivers by locals, fields, properties, foreach elements and method return types', () => {
    assert.deepEqual(targets(ws, 'calls', `${TOTALS}:Order.Total`), [`${MODELS}:Line.Total`, `${MODELS}:Money`, `${MODELS}:Money.Add`], 'foreach (var line in List<Line>)');
    assert.ok(edge(ws, 'calls', `${TOTALS}:Order.Describe`, `${ORDER}:Customer.Label`), 'Buyer.Label(): the property Buyer is a Customer');
    assert.ok(edge(ws, 'calls', `${TOTALS}:Order.Describe`, `${ORDER}:Customer.Address.Format`), 'Buyer.Home.Format(): a field of a nested type');
    assert.ok(edge(ws, 'calls', `${INVOICER}:Invoicer.Bill`, `${MODELS}:Money.Add`), 'var total = order.Total() is a Money');
    assert.ok(edge(ws, 'calls', `${INVOICER}:Invoicer.Bill`, `${INVOICER}:ITaxTable.RateFor`), 'a call through an interface-typed field is the interface method');
  });

  it('constructors: new T() calls the declared constructor, else the type; : base() and : this() call constructors', () => {
    assert.ok(edge(ws, 'calls', `${ORDER}:Order.Order`, `${MODELS}:Entity.Entity`), ': base(id)');
    assert.ok(edge(ws, 'calls', `${ORDER}:Order.AddLine`, `${MODELS}:Line.Line`), 'a struct constructor');
    assert.ok(edge(ws, 'calls', `${ORDER}:Order.AddLine`, `${MODELS}:Money`), 'a record without a declared constructor');
    assert.ok(edge(ws, 'calls', `${INVOICER}:Invoicer.Create`, `${INVOICER}:Invoicer.Invoicer`));
    assert.ok(edge(ws, 'calls', `${ORDER}:Customer`, `${ORDER}:Customer.Address`), 'a target-typed new() in a field initialiser');
    assert.ok(edge(ws, 'calls', `${INVOICER}:Invoicer.Bill`, `${MODELS}:Money`), 'new M.Money through a using alias');
  });

  it('extension methods: on workspace receivers, on string properties and literals, through global usings', () => {
    assert.ok(edge(ws, 'calls', `${MODELS}:Line.Line`, `${UTIL}:Text.Slug`), 'sku.Slug() on a string parameter, Shop.Util from a global using');
    assert.ok(edge(ws, 'calls', `${ORDER}:Customer.Label`, `${UTIL}:Text.Slug`), 'Name.Slug() on a string property');
    assert.ok(edge(ws, 'calls', 'cs:tests/Shop.Tests/OrderTests:SlugTests.Slugs', `${UTIL}:Text.Slug`), '"A".Slug()');
    assert.ok(edge(ws, 'calls', `${INVOICER}:FlatTax.RateFor`, `${UTIL}:Text.IsBlank`), 'customer.Name.IsBlank()');
  });

  it('using static brings a type\'s methods in scope; local functions nest under their method', () => {
    assert.ok(edge(ws, 'calls', `${INVOICER}:Invoicer.Bill`, `${UTIL}:Log.Info`), 'Info() from using static Shop.Util.Log');
    assert.ok(edge(ws, 'calls', `${TOTALS}:Order.Describe`, `${TOTALS}:Order.Describe.Prefix`));
    assert.ok(edge(ws, 'contains', `${TOTALS}:Order.Describe`, `${TOTALS}:Order.Describe.Prefix`));
  });

  it('base lists: a base class inherits, interfaces are implemented; partial parts each belong to their file', () => {
    assert.deepEqual(targets(ws, 'inherits', `${ORDER}:Order`), [`${MODELS}:Entity`]);
    assert.deepEqual(targets(ws, 'implements', `${MODELS}:Entity`), [`${MODELS}:IEntity`]);
    assert.deepEqual(targets(ws, 'implements', `${INVOICER}:Invoicer`), [`${INVOICER}:IInvoicer`]);
    assert.ok(ws.graph.hasNode(`${ORDER}:Order`) && ws.graph.hasNode(`${TOTALS}:Order`), 'one node per part');
    assert.ok(edge(ws, 'method_of', `${TOTALS}:Order.Total`, `${TOTALS}:Order`));
  });

  it('overloads: by arity and argument types; a static constructor is never new\'s target; a delegate property is no method', () => {
    const P = 'cs:src/Shop/Pricing';
    assert.deepEqual(targets(ws, 'calls', `${P}:PriceList.Price`), [`${P}:PriceList.Price#2`], 'Price(sku, 1): the two-parameter overload');
    assert.deepEqual(targets(ws, 'calls', `${P}:PriceList.Price#2`), [`${MODELS}:Money`, `${P}:PriceList.Price#3`], 'Price(new Money(…)): the Money overload');
    assert.deepEqual(targets(ws, 'calls', `${P}:PriceList.PriceList`), [`${P}:PriceList.PriceList#2`], 'new PriceList() in the static constructor: the instance one');
    assert.deepEqual(targets(ws, 'calls', `${P}:PriceList.PriceList#2`), [`${P}:PriceList.PriceList#3`], ': this(0m)');
    assert.deepEqual(targets(ws, 'calls', `${P}:PriceList.Round`), [], 'Rounding(d) invokes a Func property');
  });

  it('tests: xUnit [Fact]/[Theory], NUnit [Test]/[TestCase], MSTest [TestMethod] test what they call', () => {
    assert.deepEqual(targets(ws, 'tests', 'cs:tests/Shop.Tests/InvoicerTests:InvoicerTests.BillsTheTotalWithTax'), [`${INVOICER}:Invoicer.Bill`, `${INVOICER}:Invoicer.Create`]);
    assert.ok(edge(ws, 'tests', 'cs:tests/Shop.Tests/InvoicerTests:InvoicerTests.TaxIsFlat', `${INVOICER}:FlatTax.RateFor`));
    assert.ok(edge(ws, 'tests', 'cs:tests/Shop.Tests/OrderTests:OrderTests.LabelsCustomers', `${ORDER}:Customer.Label`));
    assert.ok(edge(ws, 'tests', 'cs:tests/Shop.Tests/OrderTests:SlugTests.Slugs', `${UTIL}:Text.Slug`));
  });

  it('usings: an alias to a workspace type imports its file; third-party namespaces are external', () => {
    assert.deepEqual(targets(ws, 'imports', 'file:tests/Shop.Tests/InvoicerTests.cs'), ['ext:Xunit']);
    assert.ok(edge(ws, 'imports', 'file:src/Shop/Billing/Invoicer.cs', 'file:src/Shop/Util.cs'), 'using static Shop.Util.Log');
  });
});

describe('csharp resolution: what does not resolve', () => {
  it('a type in a namespace the file does not use is not a target, nor an untyped receiver, nor a member the type lacks', async () => {
    const ws = await indexFiles({
      'a/Lib.cs': 'namespace Alpha.Lib { public class Tool { public void Run() {} } public static class Ext { public static void Go(this Tool t) {} } }\n',
      'b/Other.cs': 'namespace Beta.Other { public class Tool { public void Spin() {} } }\n',
      'c/App.cs':
        'namespace Gamma { class App { void M(dynamic d, Tool t) { d.Run(); new Tool(); t.Spin(); } void N(Alpha.Lib.Tool x) { x.Run(); x.Go(); x.Missing(); } } }\n',
    });
    try {
      assert.deepEqual(targets(ws, 'calls', 'cs:c/App:App.M'), [], 'Tool is in no namespace App sees; d is dynamic');
      assert.deepEqual(targets(ws, 'calls', 'cs:c/App:App.N'), ['cs:a/Lib:Tool.Run'], 'a qualified type; its extension Go is in a namespace Gamma does not use');
    } finally {
      await ws.close();
    }
  });

  it('an extension method for another type, or in a namespace out of scope, is not a target', async () => {
    const ws = await indexFiles({
      'Ext.cs': 'namespace Far.Away { public static class E { public static int Twice(this int x) => x * 2; public static void Shout(this string s) {} } }\n',
      'App.cs': 'namespace Near { class App { void M(string s) { s.Twice(); s.Shout(); } } }\n',
      'Use.cs': 'using Far.Away;\nnamespace Near { class Use { void M(string s) { s.Twice(); s.Shout(); } } }\n',
    });
    try {
      assert.deepEqual(targets(ws, 'calls', 'cs:App:App.M'), [], 'Far.Away is not in scope');
      assert.deepEqual(targets(ws, 'calls', 'cs:Use:Use.M'), ['cs:Ext:E.Shout'], 'Twice extends int, not string');
    } finally {
      await ws.close();
    }
  });
});
