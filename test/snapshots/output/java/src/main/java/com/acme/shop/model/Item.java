package com.acme.shop.model;

/** Something on sale. */
public class Item implements Comparable<Item> {
//           ^^^^ definition class java:src/main/java/com/acme/shop/model/Item:Item
  private final String sku;
  private final Money price;

  public Item(String sku, Money price) {
//^ definition method java:src/main/java/com/acme/shop/model/Item:Item.<init>
    this.sku = sku;
    this.price = price;
  }

  public Item(String sku) {
//^ definition method java:src/main/java/com/acme/shop/model/Item:Item.<init>$2
    this(sku, Money.zero());
//^ calls java:src/main/java/com/acme/shop/model/Item:Item.<init>
//                  ^^^^ calls java:src/main/java/com/acme/shop/model/Money:Money.zero
  }

  public String sku() {
//              ^^^ definition method java:src/main/java/com/acme/shop/model/Item:Item.sku
    return sku;
  }

  public Money price() {
//             ^^^^^ definition method java:src/main/java/com/acme/shop/model/Item:Item.price
    return price;
  }

  @Override
  public int compareTo(Item other) {
//           ^^^^^^^^^ definition method java:src/main/java/com/acme/shop/model/Item:Item.compareTo
    return sku.compareTo(other.sku());
//         ^^^ calls java:src/main/java/com/acme/shop/model/Item:Item.sku
  }
}
