package com.acme.shop.model;

/** An amount in cents. */
public record Money(long cents) {
//            ^^^^^ definition class java:src/main/java/com/acme/shop/model/Money:Money
  public Money {
//^ definition method java:src/main/java/com/acme/shop/model/Money:Money.<init>
    if (cents < 0) throw new IllegalArgumentException("negative");
  }

  public static Money zero() {
//                    ^^^^ definition method java:src/main/java/com/acme/shop/model/Money:Money.zero
    return new Money(0);
//^ calls java:src/main/java/com/acme/shop/model/Money:Money.<init>
  }

  public static Money of(long cents) {
//                    ^^ definition method java:src/main/java/com/acme/shop/model/Money:Money.of
    return new Money(cents);
//^ calls java:src/main/java/com/acme/shop/model/Money:Money.<init>
  }

  public static Money of(String text) {
//                    ^^ definition method java:src/main/java/com/acme/shop/model/Money:Money.of$2
    return of(Long.parseLong(text));
//         ^^ calls java:src/main/java/com/acme/shop/model/Money:Money.of
  }

  public Money plus(Money other) {
//             ^^^^ definition method java:src/main/java/com/acme/shop/model/Money:Money.plus
    return new Money(cents + other.cents());
//^ calls java:src/main/java/com/acme/shop/model/Money:Money.<init>
  }

  public Money times(int n) {
//             ^^^^^ definition method java:src/main/java/com/acme/shop/model/Money:Money.times
    return new Money(cents * n);
//^ calls java:src/main/java/com/acme/shop/model/Money:Money.<init>
  }

  public Money times(double factor) {
//             ^^^^^ definition method java:src/main/java/com/acme/shop/model/Money:Money.times$2
    return new Money(Math.round(cents * factor));
//^ calls java:src/main/java/com/acme/shop/model/Money:Money.<init>
  }
}
