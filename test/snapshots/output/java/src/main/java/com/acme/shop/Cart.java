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
//           ^^^^ definition class java:src/main/java/com/acme/shop/Cart:Cart
  private final R repository;
  private final List<Line> lines = new ArrayList<>();
  private Money total = Money.zero();
//                            ^^^^ calls java:src/main/java/com/acme/shop/model/Money:Money.zero

  /** One line of the cart. */
  public static class Line {
//                    ^^^^ definition class java:src/main/java/com/acme/shop/Cart:Cart.Line
    final Item item;
    final int quantity;

    Line(Item item, int quantity) {
//^ definition method java:src/main/java/com/acme/shop/Cart:Cart.Line.<init>
      this.item = item;
      this.quantity = quantity;
    }

    Money cost() {
//        ^^^^ definition method java:src/main/java/com/acme/shop/Cart:Cart.Line.cost
      return item.price().times(quantity);
//                ^^^^^ calls java:src/main/java/com/acme/shop/model/Item:Item.price
//                        ^^^^^ calls java:src/main/java/com/acme/shop/model/Money:Money.times
    }
  }

  public Cart(R repository) {
//^ definition method java:src/main/java/com/acme/shop/Cart:Cart.<init>
    this.repository = repository;
  }

  public Cart<R> add(String sku, int quantity) {
//               ^^^ definition method java:src/main/java/com/acme/shop/Cart:Cart.add
    Item item = repository.find(slug(sku)).orElse(new Item(sku));
//^ calls java:src/main/java/com/acme/shop/model/Item:Item.<init>$2
//                         ^^^^ calls java:src/main/java/com/acme/shop/store/Repository:Repository.find
//                              ^^^^ calls java:src/main/java/com/acme/shop/util/Texts:Texts.slug
    Line line = new Line(item, quantity);
//^ calls java:src/main/java/com/acme/shop/Cart:Cart.Line.<init>
    lines.add(line);
    total = total.plus(line.cost());
//                ^^^^ calls java:src/main/java/com/acme/shop/model/Money:Money.plus
//                          ^^^^ calls java:src/main/java/com/acme/shop/Cart:Cart.Line.cost
    return this;
  }

  public Cart<R> add(Item item) {
//               ^^^ definition method java:src/main/java/com/acme/shop/Cart:Cart.add$2
    repository.save(item);
//             ^^^^ calls java:src/main/java/com/acme/shop/store/Repository:Repository.save
    return add(item.sku(), 1);
//         ^^^ calls java:src/main/java/com/acme/shop/Cart:Cart.add
//                  ^^^ calls java:src/main/java/com/acme/shop/model/Item:Item.sku
  }

  public Money total() {
//             ^^^^^ definition method java:src/main/java/com/acme/shop/Cart:Cart.total
    return total;
  }

  public Money discounted(double factor) {
//             ^^^^^^^^^^ definition method java:src/main/java/com/acme/shop/Cart:Cart.discounted
    return total.times(factor);
//               ^^^^^ calls java:src/main/java/com/acme/shop/model/Money:Money.times$2
  }

  public int repositorySize() {
//           ^^^^^^^^^^^^^^ definition method java:src/main/java/com/acme/shop/Cart:Cart.repositorySize
    return repository.count();
//                    ^^^^^ calls java:src/main/java/com/acme/shop/store/Repository:Repository.count
  }

  public String label() {
//              ^^^^^ definition method java:src/main/java/com/acme/shop/Cart:Cart.label
    Texts.width(total);
//        ^^^^^ calls java:src/main/java/com/acme/shop/util/Texts:Texts.width
    Texts.width("x");
//        ^^^^^ calls java:src/main/java/com/acme/shop/util/Texts:Texts.width$2
    return Texts.join("cart", String.valueOf(lines.size()));
//               ^^^^ calls java:src/main/java/com/acme/shop/util/Texts:Texts.join
  }

  public static Cart<MemoryRepository> inMemory() {
//                                     ^^^^^^^^ definition method java:src/main/java/com/acme/shop/Cart:Cart.inMemory
    MemoryRepository repo = new MemoryRepository();
//^ calls java:src/main/java/com/acme/shop/store/MemoryRepository:MemoryRepository.<init>$2
    Cart<MemoryRepository> cart = new Cart<>(repo);
//^ calls java:src/main/java/com/acme/shop/Cart:Cart.<init>
    for (Line l : cart.lines) {
      l.cost();
//      ^^^^ calls java:src/main/java/com/acme/shop/Cart:Cart.Line.cost
    }
    Runnable r = () -> cart.total().plus(Money.of(1));
//                          ^^^^^ calls java:src/main/java/com/acme/shop/Cart:Cart.total
//                                  ^^^^ calls java:src/main/java/com/acme/shop/model/Money:Money.plus
//                                             ^^ calls java:src/main/java/com/acme/shop/model/Money:Money.of
    r.run();
    return cart;
  }

  class Checkout {
//      ^^^^^^^^ definition class java:src/main/java/com/acme/shop/Cart:Cart.Checkout
    Money pay() {
//        ^^^ definition method java:src/main/java/com/acme/shop/Cart:Cart.Checkout.pay
      Money sum = total();
//                ^^^^^ calls java:src/main/java/com/acme/shop/Cart:Cart.total
      for (Line l : lines) sum = sum.plus(l.cost());
//                                   ^^^^ calls java:src/main/java/com/acme/shop/model/Money:Money.plus
//                                          ^^^^ calls java:src/main/java/com/acme/shop/Cart:Cart.Line.cost
      Perishable p = new Perishable("milk", Money.of("120"), 3);
//^ calls java:src/main/java/com/acme/shop/model/Perishable:Perishable.<init>
//                                                ^^ calls java:src/main/java/com/acme/shop/model/Money:Money.of$2
      if (p.expired(4)) return Money.zero();
//          ^^^^^^^ calls java:src/main/java/com/acme/shop/model/Perishable:Perishable.expired
//                                   ^^^^ calls java:src/main/java/com/acme/shop/model/Money:Money.zero
      return sum;
    }
  }
}
