/**
 * Kotlin resolution rules, one test each, on test/fixtures/kotlin_shop (and small inline projects
 * for what must NOT resolve).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Workspace } from '../../extension/core/workspace';
import { edge, indexFiles, indexFixture, targets } from '../helpers/workspace';

const ENTITY = 'kt:src/main/kotlin/shop/model/Entity';
const ORDER = 'kt:src/main/kotlin/shop/model/Order';
const TEXT = 'kt:src/main/kotlin/shop/util/Text';
const INVOICER = 'kt:src/main/kotlin/shop/billing/Invoicer';
const TEST = 'kt:src/test/kotlin/shop/InvoicerTest';

describe('kotlin resolution', () => {
  let ws: Workspace;
  before(async () => {
    ws = await indexFixture('kotlin_shop');
  });
  after(() => ws.close());

  it('calls a member of the enclosing class, of its base through super., and an object member', () => {
    assert.deepEqual(targets(ws, 'calls', `${ORDER}:Order.touch`), [`${ENTITY}:Entity.touch`, `${ORDER}:Order.audit`]);
    assert.ok(edge(ws, 'calls', `${ORDER}:Order.add`, `${ORDER}:Order.touch`), 'touch() is the override in this class');
    assert.ok(edge(ws, 'calls', `${ENTITY}:Entity.touch`, `${TEXT}:Log.info`), 'Log.info(): a member of object Log');
  });

  it('types receivers by parameters, properties, locals, for elements, companions and return types', () => {
    assert.ok(edge(ws, 'calls', `${INVOICER}:Invoicer.bill`, `${ORDER}:Order.price`), 'order: Order');
    assert.ok(edge(ws, 'calls', `${INVOICER}:Invoicer.bill`, `${INVOICER}:TaxTable.rateFor`), 'a call through an interface-typed property is the interface method');
    assert.ok(edge(ws, 'calls', `${INVOICER}:Invoicer.bill`, `${ENTITY}:Money.add`), 'val total = order.price() is a Money');
    assert.ok(edge(ws, 'calls', `${ORDER}:Order.price`, `${ENTITY}:Money.add`), 'var total = Money.ZERO: a companion property');
    assert.ok(edge(ws, 'calls', `${ORDER}:Order.price`, `${ORDER}:Line.price`), 'for (line in lines): lines = mutableListOf<Line>()');
    assert.ok(edge(ws, 'calls', `${ORDER}:Customer.greet`, `${ORDER}:Customer.Address.format`), 'home = Address("x")');
    assert.ok(edge(ws, 'calls', `${ORDER}:Order.describe`, `${ORDER}:Channel.label`), 'channel = Channel.WEB: an enum entry');
    assert.ok(edge(ws, 'calls', `${TEST}:InvoicerTest.billsTheTotalWithTax`, `${INVOICER}:Invoicer.Companion.create`), 'Invoicer.create(): the companion');
  });

  it('constructors: Foo() calls the class (its primary constructor), this(…) and a header Base(…) call constructors', () => {
    assert.ok(edge(ws, 'calls', `${ORDER}:Order.add`, `${ORDER}:Line`));
    assert.ok(edge(ws, 'calls', `${ORDER}:Order.constructor`, `${ORDER}:Order`), ': this("new", customer)');
    assert.ok(edge(ws, 'calls', `${ORDER}:Order`, `${ENTITY}:Entity`), 'class Order(…) : Entity(id)');
    assert.ok(edge(ws, 'calls', `${ORDER}:Order.pay`, `${ORDER}:Status.Paid`), 'Status.Paid(receipt): a nested data class');
    assert.ok(edge(ws, 'calls', `${INVOICER}:Invoicer.Companion.create`, `${INVOICER}:Invoicer`), 'a private primary constructor');
  });

  it('extension functions: on String receivers (explicit and implicit), on generic receivers, imported by name', () => {
    assert.ok(edge(ws, 'calls', `${ORDER}:Line.label`, `${TEXT}:slug`), 'sku.slug()');
    assert.ok(edge(ws, 'calls', `${INVOICER}:FlatTax.rateFor`, `${TEXT}:isBlankish`), 'customer.name.isBlankish()');
    assert.ok(edge(ws, 'calls', `${INVOICER}:Invoicer.second`, `${TEXT}:secondOrNull`), 'fun <T> List<T>.secondOrNull()');
    assert.ok(edge(ws, 'calls', `${ORDER}:Order.describe.prefix`, `${TEXT}:slug`), 'a local function');
    assert.ok(edge(ws, 'contains', `${ORDER}:Order.describe`, `${ORDER}:Order.describe.prefix`));
  });

  it('top-level functions by import; lambdas are transparent', () => {
    assert.ok(edge(ws, 'calls', `${TEST}:InvoicerTest.billsEveryOrder`, `${INVOICER}:billAll`));
    assert.ok(edge(ws, 'calls', `${INVOICER}:billAll`, `${INVOICER}:Invoicer.bill`), 'orders.map { invoicer.bill(it) }');
  });

  it('supertypes: a constructor call inherits, interfaces are implemented', () => {
    assert.deepEqual(targets(ws, 'inherits', `${ORDER}:Order`), [`${ENTITY}:Entity`]);
    assert.deepEqual(targets(ws, 'implements', `${ORDER}:Order`), [`${ENTITY}:Priced`]);
    assert.deepEqual(targets(ws, 'implements', `${INVOICER}:FlatTax`), [`${INVOICER}:TaxTable`]);
    assert.deepEqual(targets(ws, 'inherits', `${ORDER}:Status.Open`), [`${ORDER}:Status`]);
  });

  it('tests: @Test functions are tests of what they call', () => {
    assert.equal(ws.graph.node(`${TEST}:InvoicerTest.billsTheTotalWithTax`)?.kind, 'test');
    assert.ok(edge(ws, 'tests', `${TEST}:InvoicerTest.billsTheTotalWithTax`, `${INVOICER}:Invoicer.bill`));
  });
});

describe('kotlin resolution: what must not resolve', () => {
  it('an untyped receiver, a same-named function of another package that is not imported, an invisible extension', async () => {
    const ws = await indexFiles({
      'a/A.kt': 'package a\n\nfun helper() {}\nfun String.shout() = this\nclass Box { fun open() {} }\n',
      'b/B.kt': 'package b\n\nfun run(x: Any, items: List<String>) {\n  helper()\n  "x".shout()\n  items.forEach { it.open() }\n  x.open()\n}\n',
    });
    try {
      assert.deepEqual(targets(ws, 'calls', 'kt:b/B:run'), []);
    } finally {
      ws.close();
    }
  });

  it('a simple call prefers the local function, then the member, then the top-level function', async () => {
    const ws = await indexFiles({
      'p/P.kt': 'package p\n\nfun go() {}\nclass C {\n  fun go() {}\n  fun a() { go() }\n  fun b() { fun go() {}; go() }\n}\nfun c() { go() }\n',
    });
    try {
      assert.deepEqual(targets(ws, 'calls', 'kt:p/P:C.a'), ['kt:p/P:C.go']);
      assert.deepEqual(targets(ws, 'calls', 'kt:p/P:C.b'), ['kt:p/P:C.b.go']);
      assert.deepEqual(targets(ws, 'calls', 'kt:p/P:c'), ['kt:p/P:go']);
    } finally {
      ws.close();
    }
  });
});
