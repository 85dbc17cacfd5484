/**
 * PHP resolution rules, one test each, on test/fixtures/php_shop (and small inline projects for
 * what must NOT resolve, and for name lookup corner cases).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Workspace } from '../../extension/core/workspace';
import { edge, indexFiles, indexFixture, targets } from '../helpers/workspace';

const ORDER = 'php:src/Model/Order';
const ENTITY = 'php:src/Model/Entity';
const MONEY = 'php:src/Support/Money';
const CHECKOUT = 'php:src/Service/Checkout';
const FUNCTIONS = 'php:src/Support/functions';

describe('php resolution', () => {
  let ws: Workspace;
  before(async () => {
    ws = await indexFixture('php_shop');
  });
  after(() => ws.close());

  it('parent::, self::, static:: and new static/self reach the right declarations', () => {
    assert.ok(edge(ws, 'calls', `${ORDER}:Order.__construct`, `${ENTITY}:Entity.__construct`), 'parent::__construct');
    assert.ok(edge(ws, 'calls', `${ORDER}:Order.open`, `${ORDER}:Order.__construct`), 'new static()');
    assert.ok(edge(ws, 'calls', `${MONEY}:Money.zero`, `${MONEY}:Money.__construct`), 'new self()');
    assert.ok(edge(ws, 'calls', `${MONEY}:Money.plus`, `${MONEY}:Money.of`), 'self::of()');
  });

  it('types receivers by promoted, typed and @var properties, $this assignments, parameters, locals, foreach elements and return types', () => {
    assert.deepEqual(targets(ws, 'calls', `${ORDER}:Order.total`), ['php:src/Model/Line:Line.price', `${MONEY}:Money.plus`, `${MONEY}:Money.zero`]);
    assert.ok(edge(ws, 'calls', `${ORDER}:Order.describe`, 'php:src/Model/Customer:Customer.name'), '@var Customer property assigned in the constructor');
    assert.ok(edge(ws, 'calls', `${ORDER}:Order.describe`, 'php:src/Model/Status:Status.label'), 'a typed enum property');
    assert.ok(edge(ws, 'calls', `${CHECKOUT}:Checkout.pay`, `${MONEY}:Money.cents`), '$order->total()->cents() through ?Order');
    assert.ok(edge(ws, 'calls', `${CHECKOUT}:Checkout.start`, `${ORDER}:Order.add`), 'a fluent chain on `self` returns');
    assert.ok(edge(ws, 'calls', `${CHECKOUT}:Checkout.pay`, `${ORDER}:Order.describe`), 'a closure parameter typed Order; the closure is transparent');
  });

  it('a call through an interface-typed property is the interface method', () => {
    assert.ok(edge(ws, 'calls', `${CHECKOUT}:Checkout.start`, 'php:src/Service/OrderRepository:OrderRepository.save'));
    assert.ok(edge(ws, 'calls', `${CHECKOUT}:Checkout.pay`, 'php:src/Service/OrderRepository:OrderRepository.find'));
  });

  it('trait methods: $this->touch() from a class using the trait, and `use Trait` is inherits', () => {
    assert.ok(edge(ws, 'calls', `${ORDER}:Order.add`, 'php:src/Model/Timestamps:Timestamps.touch'));
    assert.ok(edge(ws, 'inherits', `${ENTITY}:Entity`, 'php:src/Model/Timestamps:Timestamps'));
    assert.ok(edge(ws, 'inherits', `${ORDER}:Order`, `${ENTITY}:Entity`));
    assert.ok(edge(ws, 'implements', 'php:src/Service/InMemoryOrders:InMemoryOrders', 'php:src/Service/OrderRepository:OrderRepository'));
    assert.ok(edge(ws, 'inherits', 'php:tests/CheckoutTest:CheckoutTest', 'ext:PHPUnit\\Framework\\TestCase'));
  });

  it('functions: use function imports and namespace-relative calls; new of a class without a constructor is the class', () => {
    assert.ok(edge(ws, 'calls', `${ORDER}:Order.describe`, `${FUNCTIONS}:format_money`));
    assert.ok(edge(ws, 'calls', `${FUNCTIONS}:format_money`, `${FUNCTIONS}:cents_part`));
    assert.ok(edge(ws, 'calls', `${CHECKOUT}:Checkout.make`, 'php:src/Service/InMemoryOrders:InMemoryOrders'));
  });

  it('imports: a class import is its file, a group use one edge per file, a third-party one its namespace', () => {
    assert.deepEqual(targets(ws, 'imports', 'file:src/Service/Checkout.php'), ['ext:Psr\\Log', 'file:src/Model/Customer.php', 'file:src/Model/Order.php', 'file:src/Support/Money.php']);
  });

  it('tests: PHPUnit test methods test what they call', () => {
    assert.ok(edge(ws, 'tests', 'php:tests/CheckoutTest:CheckoutTest.testStartAddsLines', `${CHECKOUT}:Checkout.start`));
    assert.ok(edge(ws, 'tests', 'php:tests/CheckoutTest:CheckoutTest.paying_returns_the_amount', `${CHECKOUT}:Checkout.pay`), '@test');
    assert.ok(edge(ws, 'tests', 'php:tests/CheckoutTest:CheckoutTest.money_adds', `${MONEY}:Money.plus`), '#[Test]');
  });
});

describe('php resolution: names and what must not resolve', () => {
  it('an unqualified function falls back to the global one; a namespaced one wins over it', async () => {
    const ws = await indexFiles({
      'a.php': '<?php\nnamespace A;\nfunction local() {}\nfunction run() { local(); helper(); \\B\\other(); }\n',
      'g.php': '<?php\nfunction helper() {}\nfunction local() {}\n',
      'b.php': '<?php\nnamespace B;\nfunction other() {}\n',
    });
    try {
      assert.deepEqual(targets(ws, 'calls', 'php:a:run'), ['php:a:local', 'php:b:other', 'php:g:helper']);
    } finally {
      await ws.close();
    }
  });

  it('same class name in two namespaces: the imported one; PSR-4 picks between two declarations of one name', async () => {
    const ws = await indexFiles({
      'composer.json': JSON.stringify({ autoload: { 'psr-4': { 'App\\': 'src/' } } }),
      'src/X/Thing.php': '<?php\nnamespace App\\X;\nclass Thing { public function go() {} }\n',
      'src/Y/Thing.php': '<?php\nnamespace App\\Y;\nclass Thing { public function go() {} }\n',
      'legacy/Thing.php': '<?php\nnamespace App\\Y;\nclass Thing { public function go() {} }\n',
      'src/Use.php': '<?php\nnamespace App;\nuse App\\Y\\Thing;\nfunction f(Thing $t) { $t->go(); }\n',
    });
    try {
      assert.deepEqual(targets(ws, 'calls', 'php:src/Use:f'), ['php:src/Y/Thing:Thing.go']);
    } finally {
      await ws.close();
    }
  });

  it('an untyped receiver, a dynamic call and an unknown class give no edge', async () => {
    const ws = await indexFiles({
      'a.php': '<?php\nclass A { public function go() {} }\nfunction f($x, $name) { $x->go(); $name(); $x->$name(); Unknown::go(); (new Missing())->go(); }\n',
    });
    try {
      assert.deepEqual(targets(ws, 'calls', 'php:a:f'), []);
    } finally {
      await ws.close();
    }
  });

  it('a receiver narrowed by instanceof calls the tested class; outside the guard it does not', async () => {
    const ws = await indexFiles({
      'a.php': '<?php\nnamespace A;\ninterface H { public function handle(); }\ninterface F { public function setFormatter(); }\nclass W { private H $h;\n  public function set() { if ($this->h instanceof F) { $this->h->setFormatter(); } $this->h->setFormatter(); $this->h->handle(); }\n}\n',
    });
    try {
      assert.deepEqual(targets(ws, 'calls', 'php:a:W.set'), ['php:a:F.setFormatter', 'php:a:H.handle']);
      assert.deepEqual(edge(ws, 'calls', 'php:a:W.set', 'php:a:F.setFormatter')?.lines, [6]);
    } finally {
      await ws.close();
    }
  });

  it('a bad composer.json is ignored and files are still resolved by namespace', async () => {
    const ws = await indexFiles({
      'composer.json': '{ not json',
      'src/A.php': '<?php\nnamespace App;\nclass A { public static function make(): self { return new self(); } }\n',
      'src/B.php': '<?php\nnamespace App;\nfunction b() { A::make(); }\n',
    });
    try {
      assert.deepEqual(targets(ws, 'calls', 'php:src/B:b'), ['php:src/A:A.make']);
    } finally {
      await ws.close();
    }
  });
});
