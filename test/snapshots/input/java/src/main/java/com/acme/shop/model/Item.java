package com.acme.shop.model;

/** Something on sale. */
public class Item implements Comparable<Item> {
  private final String sku;
  private final Money price;

  public Item(String sku, Money price) {
    this.sku = sku;
    this.price = price;
  }

  public Item(String sku) {
    this(sku, Money.zero());
  }

  public String sku() {
    return sku;
  }

  public Money price() {
    return price;
  }

  @Override
  public int compareTo(Item other) {
    return sku.compareTo(other.sku());
  }
}
