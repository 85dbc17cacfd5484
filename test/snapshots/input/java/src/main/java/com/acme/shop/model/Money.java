package com.acme.shop.model;

/** An amount in cents. */
public record Money(long cents) {
  public Money {
    if (cents < 0) throw new IllegalArgumentException("negative");
  }

  public static Money zero() {
    return new Money(0);
  }

  public static Money of(long cents) {
    return new Money(cents);
  }

  public static Money of(String text) {
    return of(Long.parseLong(text));
  }

  public Money plus(Money other) {
    return new Money(cents + other.cents());
  }

  public Money times(int n) {
    return new Money(cents * n);
  }

  public Money times(double factor) {
    return new Money(Math.round(cents * factor));
  }
}
