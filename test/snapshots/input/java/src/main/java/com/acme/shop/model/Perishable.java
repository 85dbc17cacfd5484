package com.acme.shop.model;

public class Perishable extends Item {
  private final int days;

  public Perishable(String sku, Money price, int days) {
    super(sku, price);
    this.days = days;
  }

  public boolean expired(int today) {
    return today > days;
  }

  @Override
  public Money price() {
    return expired(0) ? Money.zero() : super.price();
  }
}
