/**
 * Java resolution rules, one test each, on a small Maven-layout workspace written for them.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Workspace } from '../../extension/core/workspace';
import { edge, indexFiles, targets } from '../helpers/workspace';

const MAIN = 'src/main/java/com/acme';
const TEST = 'src/test/java/com/acme';
const id = (path: string, qn: string): string => `java:${path}:${qn}`;

const FILES: Record<string, string> = {
  [`${MAIN}/model/Item.java`]: `package com.acme.model;

public class Item extends Base implements Named, java.io.Serializable {
  public static final Item NONE = new Item("none");
  private final String sku;
  public Item(String sku) { super(sku); this.sku = sku; }
  public Item(String sku, int n) { this(sku + n); }
  public String name() { return sku; }
  public Item copy() { return new Item(sku); }
  public int weigh(int grams) { return grams; }
  public int weigh(String text) { return weigh(text.length()); }
  public int weigh(Item other) { return other.weigh(1); }
  public int weigh(Object any) { return 0; }
}
`,
  [`${MAIN}/model/Base.java`]: `package com.acme.model;

abstract class Base {
  protected final String key;
  Base(String key) { this.key = key; }
  protected String describe() { return key; }
  public abstract String name();
}
`,
  [`${MAIN}/model/Named.java`]: `package com.acme.model;

public interface Named {
  String name();
  default String shout() { return name().toUpperCase(); }
}
`,
  [`${MAIN}/model/Special.java`]: `package com.acme.model;

public class Special extends Item {
  public Special() { super("special"); }
  @Override public String name() { return "special:" + super.name() + describe(); }
}
`,
  [`${MAIN}/util/Strings.java`]: `package com.acme.util;

public final class Strings {
  public static String slug(String s) { return s.trim(); }
  public static String pad(String s, int n) { return s; }
  public static final Strings INSTANCE = new Strings();
  public String twice(String s) { return s + s; }
}
`,
  [`${MAIN}/Shop.java`]: `package com.acme;

import static com.acme.util.Strings.slug;
import static com.acme.util.Strings.*;

import com.acme.model.*;
import com.acme.util.Strings;
import java.util.List;

public class Shop<T extends Item> {
  private final List<T> items;
  private T best;
  private Listener listener;

  public interface Listener { void on(Item item); }

  Shop(List<T> items) { this.items = items; }

  String run(Named named, Special special) {
    Item item = new Item("a");
    item.weigh(3);
    item.weigh("x");
    item.weigh(special);
    item.weigh(item.copy());
    named.name();
    special.shout();
    best.copy().name();
    slug("x");
    pad("y", 2);
    Strings.INSTANCE.twice("z");
    com.acme.util.Strings.slug("q");
    Item.NONE.name();
    listener = new Listener() {
      public void on(Item it) { it.name(); help(); }
    };
    return new Special().name();
  }

  void help() {}

  class Inner {
    void go() { help(); best.name(); }
  }
}
`,
  [`${MAIN}/Outer.java`]: `package com.acme;

class Outer {
  class In { In(String s) {} In(Throwable t) {} void go() {} }
  In last;
  void make(Outer other, RuntimeException boom) {
    other.new In("a");
    (last = other.new In(boom)).go();
  }
}
`,
  [`${TEST}/ShopTest.java`]: `package com.acme;

import com.acme.model.Item;
import org.junit.jupiter.api.Test;

class ShopTest {
  @Test
  void runs() {
    new Shop<Item>(java.util.List.of()).help();
  }
}
`,
};

describe('java resolution', () => {
  let ws: Workspace;
  before(async () => {
    ws = await indexFiles(FILES);
  });
  after(() => ws.close());

  const ITEM = `${MAIN}/model/Item`;
  const SHOP = `${MAIN}/Shop`;
  const STRINGS = `${MAIN}/util/Strings`;
  const run = id(SHOP, 'Shop.run');

  it('imports name the file of the class; on-demand imports the package folder; outside ones their package', () => {
    const file = `file:${SHOP}.java`;
    assert.deepEqual(targets(ws, 'imports', file), [`ext:java.util`, `file:${STRINGS}.java`, `module:${MAIN}/model`]);
    assert.deepEqual(targets(ws, 'imports', `file:${TEST}/ShopTest.java`), ['ext:org.junit.jupiter.api', `file:${ITEM}.java`]);
  });

  it('constructors: new picks the overload by arity; this(…) and super(…) reach the constructor they name', () => {
    assert.ok(edge(ws, 'calls', run, id(ITEM, 'Item.<init>')));
    assert.ok(edge(ws, 'calls', id(ITEM, 'Item.<init>$2'), id(ITEM, 'Item.<init>')), 'this(…)');
    assert.ok(edge(ws, 'calls', id(ITEM, 'Item.<init>'), id(`${MAIN}/model/Base`, 'Base.<init>')), 'super(…) into a package-private class');
    assert.ok(edge(ws, 'calls', id(`${MAIN}/model/Special`, 'Special.<init>'), id(ITEM, 'Item.<init>')));
    assert.ok(edge(ws, 'calls', run, id(`${MAIN}/model/Special`, 'Special.<init>')));
    assert.ok(edge(ws, 'calls', id(STRINGS, 'Strings'), id(STRINGS, 'Strings')), 'a class without constructors is its own target');
    assert.ok(edge(ws, 'calls', id(ITEM, 'Item'), id(ITEM, 'Item.<init>')), 'a field initialiser calls from the class');
  });

  it('overloads are chosen by argument types: int, String, a subclass, an exact class', () => {
    const weighs = targets(ws, 'calls', run).filter((t) => t.includes('Item.weigh'));
    assert.deepEqual(weighs, [id(ITEM, 'Item.weigh'), id(ITEM, 'Item.weigh$2'), id(ITEM, 'Item.weigh$3')]);
    assert.deepEqual(edge(ws, 'calls', run, id(ITEM, 'Item.weigh$3'))?.lines, [23, 24], 'a Special and item.copy() are Items');
    assert.ok(edge(ws, 'calls', id(ITEM, 'Item.weigh$2'), id(ITEM, 'Item.weigh')), 'text.length() is an int: an outside call typed by name');
  });

  it('receivers: interface methods, inherited defaults, bounded type variables, super, inherited protected methods', () => {
    assert.ok(edge(ws, 'calls', run, id(`${MAIN}/model/Named`, 'Named.name')), 'through the interface: its declaration, not an override');
    assert.ok(edge(ws, 'calls', run, id(`${MAIN}/model/Named`, 'Named.shout')), 'a default method inherited by Special');
    assert.ok(edge(ws, 'calls', run, id(ITEM, 'Item.copy')), 'best: T extends Item');
    assert.ok(edge(ws, 'calls', run, id(ITEM, 'Item.name')), 'best.copy().name()');
    const special = id(`${MAIN}/model/Special`, 'Special.name');
    assert.ok(edge(ws, 'calls', special, id(ITEM, 'Item.name')), 'super.name()');
    assert.ok(edge(ws, 'calls', special, id(`${MAIN}/model/Base`, 'Base.describe')));
    assert.ok(edge(ws, 'calls', id(`${MAIN}/model/Named`, 'Named.shout'), id(`${MAIN}/model/Named`, 'Named.name')));
  });

  it('static calls: single and on-demand static imports, Class.m(), a static field’s type, a fully qualified name', () => {
    assert.deepEqual(edge(ws, 'calls', run, id(STRINGS, 'Strings.slug'))?.lines, [28, 31]);
    assert.ok(edge(ws, 'calls', run, id(STRINGS, 'Strings.pad')));
    assert.ok(edge(ws, 'calls', run, id(STRINGS, 'Strings.twice')), 'Strings.INSTANCE.twice()');
    assert.ok(edge(ws, 'calls', run, id(`${MAIN}/model/Special`, 'Special.name')), 'new Special().name()');
    assert.deepEqual(edge(ws, 'calls', run, id(ITEM, 'Item.name'))?.lines, [27, 32, 34], 'Item.NONE.name(), it.name() in an anonymous class');
  });

  it('anonymous classes are transparent; inner classes reach the outer class’s members and fields', () => {
    assert.ok(edge(ws, 'calls', run, id(SHOP, 'Shop.help')), 'help() inside the anonymous Listener is Shop.help');
    assert.ok(edge(ws, 'calls', id(SHOP, 'Shop.Inner.go'), id(SHOP, 'Shop.help')));
    assert.ok(edge(ws, 'calls', id(SHOP, 'Shop.Inner.go'), id(ITEM, 'Item.name')), 'the outer field best');
    assert.equal(ws.graph.graph.hasNode(id(SHOP, 'Shop.run.on')), false);
  });

  it('outer.new Inner() is the member type of the receiver; a String is no Throwable; (x = new T()).m() is T.m', () => {
    const make = id(`${MAIN}/Outer`, 'Outer.make');
    assert.deepEqual(edge(ws, 'calls', make, id(`${MAIN}/Outer`, 'Outer.In.<init>'))?.lines, [7]);
    assert.deepEqual(edge(ws, 'calls', make, id(`${MAIN}/Outer`, 'Outer.In.<init>$2'))?.lines, [8]);
    assert.ok(edge(ws, 'calls', make, id(`${MAIN}/Outer`, 'Outer.In.go')));
  });

  it('inherits and implements edges; outside bases are their package', () => {
    assert.deepEqual(targets(ws, 'inherits', id(ITEM, 'Item')), [id(`${MAIN}/model/Base`, 'Base')]);
    assert.deepEqual(targets(ws, 'implements', id(ITEM, 'Item')), [id(`${MAIN}/model/Named`, 'Named')]);
    assert.deepEqual(targets(ws, 'inherits', id(`${MAIN}/model/Special`, 'Special')), [id(ITEM, 'Item')]);
  });

  it('a test in src/test/java sees its package in src/main/java; its calls are tests edges', () => {
    const test = id(`${TEST}/ShopTest`, 'ShopTest.runs');
    assert.ok(edge(ws, 'calls', test, id(SHOP, 'Shop.<init>')));
    assert.ok(edge(ws, 'tests', test, id(SHOP, 'Shop.help')));
    assert.equal(ws.graph.graph.getNodeAttribute(test, 'kind'), 'test');
  });

  it('type references name the workspace classes of fields, parameters and locals', () => {
    assert.ok(edge(ws, 'references', run, id(`${MAIN}/model/Special`, 'Special')));
    assert.ok(edge(ws, 'references', id(SHOP, 'Shop'), id(ITEM, 'Item')));
  });
});
