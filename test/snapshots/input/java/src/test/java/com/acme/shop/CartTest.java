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
  private Cart<MemoryRepository> fresh() {
    return Cart.inMemory();
  }

  @Test
  void addsItems() {
    Cart<MemoryRepository> cart = fresh();
    cart.add(new Item("a", Money.of(5)));
    assertEquals(Money.of(5), cart.total());
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2})
  void discounts(int n) {
    Cart<MemoryRepository> cart = new Cart<>(new MemoryRepository());
    cart.add("b", n);
    cart.discounted(0.5);
  }

  @Nested
  class Labels {
    @Test
    void labelHasSize() {
      assertEquals("cart-0", fresh().label());
    }
  }
}
