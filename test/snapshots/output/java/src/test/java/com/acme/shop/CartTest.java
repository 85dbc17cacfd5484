package com.acme.shop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.acme.shop.model.Item;
import com.acme.shop.model.Money;
import com.acme.shop.store.MemoryRepository;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CartTest {
//    ^^^^^^^^ definition class java:src/test/java/com/acme/shop/CartTest:CartTest
  private Cart<MemoryRepository> fresh() {
//                               ^^^^^ definition method java:src/test/java/com/acme/shop/CartTest:CartTest.fresh
    return Cart.inMemory();
//              ^^^^^^^^ calls java:src/main/java/com/acme/shop/Cart:Cart.inMemory
  }

  @Test
  void addsItems() {
//     ^^^^^^^^^ definition test java:src/test/java/com/acme/shop/CartTest:CartTest.addsItems
//     ^^^^^^^^^ tests java:src/main/java/com/acme/shop/Cart:Cart.add$2
//     ^^^^^^^^^ tests java:src/main/java/com/acme/shop/Cart:Cart.total
//     ^^^^^^^^^ tests java:src/main/java/com/acme/shop/model/Item:Item.<init>
//     ^^^^^^^^^ tests java:src/main/java/com/acme/shop/model/Money:Money.of
    Cart<MemoryRepository> cart = fresh();
//                                ^^^^^ calls java:src/test/java/com/acme/shop/CartTest:CartTest.fresh
    cart.add(new Item("a", Money.of(5)));
//^ calls java:src/main/java/com/acme/shop/model/Item:Item.<init>
//       ^^^ calls java:src/main/java/com/acme/shop/Cart:Cart.add$2
//                               ^^ calls java:src/main/java/com/acme/shop/model/Money:Money.of
    assertEquals(Money.of(5), cart.total());
//                     ^^ calls java:src/main/java/com/acme/shop/model/Money:Money.of
//                                 ^^^^^ calls java:src/main/java/com/acme/shop/Cart:Cart.total
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2})
  void discounts(int n) {
//     ^^^^^^^^^ definition test java:src/test/java/com/acme/shop/CartTest:CartTest.discounts
//     ^^^^^^^^^ tests java:src/main/java/com/acme/shop/Cart:Cart.<init>
//     ^^^^^^^^^ tests java:src/main/java/com/acme/shop/Cart:Cart.add
//     ^^^^^^^^^ tests java:src/main/java/com/acme/shop/Cart:Cart.discounted
//     ^^^^^^^^^ tests java:src/main/java/com/acme/shop/store/MemoryRepository:MemoryRepository.<init>$2
    Cart<MemoryRepository> cart = new Cart<>(new MemoryRepository());
//^ calls java:src/main/java/com/acme/shop/Cart:Cart.<init>
//^ calls java:src/main/java/com/acme/shop/store/MemoryRepository:MemoryRepository.<init>$2
    cart.add("b", n);
//       ^^^ calls java:src/main/java/com/acme/shop/Cart:Cart.add
    cart.discounted(0.5);
//       ^^^^^^^^^^ calls java:src/main/java/com/acme/shop/Cart:Cart.discounted
  }

  @Nested
  class Labels {
//      ^^^^^^ definition class java:src/test/java/com/acme/shop/CartTest:CartTest.Labels
    @Test
    void labelHasSize() {
//       ^^^^^^^^^^^^ definition test java:src/test/java/com/acme/shop/CartTest:CartTest.Labels.labelHasSize
//       ^^^^^^^^^^^^ tests java:src/main/java/com/acme/shop/Cart:Cart.label
      assertEquals("cart-0", fresh().label());
//                           ^^^^^ calls java:src/test/java/com/acme/shop/CartTest:CartTest.fresh
//                                   ^^^^^ calls java:src/main/java/com/acme/shop/Cart:Cart.label
    }
  }
}
