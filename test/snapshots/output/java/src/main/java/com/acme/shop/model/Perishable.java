package com.acme.shop.model;

public class Perishable extends Item {
//           ^^^^^^^^^^ definition class java:src/main/java/com/acme/shop/model/Perishable:Perishable
  private final int days;

  public Perishable(String sku, Money price, int days) {
//^ definition method java:src/main/java/com/acme/shop/model/Perishable:Perishable.<init>
    super(sku, price);
//^ calls java:src/main/java/com/acme/shop/model/Item:Item.<init>
    this.days = days;
  }

  public boolean expired(int today) {
//               ^^^^^^^ definition method java:src/main/java/com/acme/shop/model/Perishable:Perishable.expired
    return today > days;
  }

  @Override
  public Money price() {
//             ^^^^^ definition method java:src/main/java/com/acme/shop/model/Perishable:Perishable.price
    return expired(0) ? Money.zero() : super.price();
//         ^^^^^^^ calls java:src/main/java/com/acme/shop/model/Perishable:Perishable.expired
//                            ^^^^ calls java:src/main/java/com/acme/shop/model/Money:Money.zero
//                                           ^^^^^ calls java:src/main/java/com/acme/shop/model/Item:Item.price
  }
}
