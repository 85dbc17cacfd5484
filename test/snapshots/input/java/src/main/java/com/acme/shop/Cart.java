package com.acme.shop;

import static com.acme.shop.util.Texts.slug;

import com.acme.shop.model.*;
import com.acme.shop.store.MemoryRepository;
import com.acme.shop.store.Repository;
import com.acme.shop.util.Texts;
import java.util.ArrayList;
import java.util.List;

/** A shopping cart. */
public class Cart<R extends Repository<Item>> {
  private final R repository;
  private final List<Line> lines = new ArrayList<>();
  private Money total = Money.zero();

  /** One line of the cart. */
  public static class Line {
    final Item item;
    final int quantity;

    Line(Item item, int quantity) {
      this.item = item;
      this.quantity = quantity;
    }

    Money cost() {
      return item.price().times(quantity);
    }
  }

  public Cart(R repository) {
    this.repository = repository;
  }

  public Cart<R> add(String sku, int quantity) {
    Item item = repository.find(slug(sku)).orElse(new Item(sku));
    Line line = new Line(item, quantity);
    lines.add(line);
    total = total.plus(line.cost());
    return this;
  }

  public Cart<R> add(Item item) {
    repository.save(item);
    return add(item.sku(), 1);
  }

  public Money total() {
    return total;
  }

  public Money discounted(double factor) {
    return total.times(factor);
  }

  public int repositorySize() {
    return repository.count();
  }

  public String label() {
    Texts.width(total);
    Texts.width("x");
    return Texts.join("cart", String.valueOf(lines.size()));
  }

  public static Cart<MemoryRepository> inMemory() {
    MemoryRepository repo = new MemoryRepository();
    Cart<MemoryRepository> cart = new Cart<>(repo);
    for (Line l : cart.lines) {
      l.cost();
    }
    Runnable r = () -> cart.total().plus(Money.of(1));
    r.run();
    return cart;
  }

  class Checkout {
    Money pay() {
      Money sum = total();
      for (Line l : lines) sum = sum.plus(l.cost());
      Perishable p = new Perishable("milk", Money.of("120"), 3);
      if (p.expired(4)) return Money.zero();
      return sum;
    }
  }
}
