package com.acme.shop.store;

import com.acme.shop.model.Item;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

public class MemoryRepository implements Repository<Item> {
//           ^^^^^^^^^^^^^^^^ definition class java:src/main/java/com/acme/shop/store/MemoryRepository:MemoryRepository
  private final Map<String, Item> items = new HashMap<>();
  private final Listener listener;

  public interface Listener {
//                 ^^^^^^^^ definition interface java:src/main/java/com/acme/shop/store/MemoryRepository:MemoryRepository.Listener
    void saved(Item item);
//       ^^^^^ definition method java:src/main/java/com/acme/shop/store/MemoryRepository:MemoryRepository.Listener.saved
  }

  public MemoryRepository(Listener listener) {
//^ definition method java:src/main/java/com/acme/shop/store/MemoryRepository:MemoryRepository.<init>
    this.listener = listener;
  }

  public MemoryRepository() {
//^ definition method java:src/main/java/com/acme/shop/store/MemoryRepository:MemoryRepository.<init>$2
    this(new Listener() {
//^ calls java:src/main/java/com/acme/shop/store/MemoryRepository:MemoryRepository.<init>
      @Override
      public void saved(Item item) {
        log(item);
      }

      private void log(Item item) {
        System.out.println(item.sku());
//                              ^^^ calls java:src/main/java/com/acme/shop/model/Item:Item.sku
      }
    });
  }

  @Override
  public void save(Item value) {
//            ^^^^ definition method java:src/main/java/com/acme/shop/store/MemoryRepository:MemoryRepository.save
    items.put(value.sku(), value);
//                  ^^^ calls java:src/main/java/com/acme/shop/model/Item:Item.sku
    listener.saved(value);
//           ^^^^^ calls java:src/main/java/com/acme/shop/store/MemoryRepository:MemoryRepository.Listener.saved
  }

  @Override
  public Optional<Item> find(String key) {
//                      ^^^^ definition method java:src/main/java/com/acme/shop/store/MemoryRepository:MemoryRepository.find
    return Optional.ofNullable(items.get(key));
  }

  @Override
  public List<Item> all() {
//                  ^^^ definition method java:src/main/java/com/acme/shop/store/MemoryRepository:MemoryRepository.all
    return new ArrayList<>(items.values());
  }

  public Item require(String key) {
//            ^^^^^^^ definition method java:src/main/java/com/acme/shop/store/MemoryRepository:MemoryRepository.require
    return find(key).orElseThrow();
//         ^^^^ calls java:src/main/java/com/acme/shop/store/MemoryRepository:MemoryRepository.find
  }
}
