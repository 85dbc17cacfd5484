package com.acme.shop.store;

import com.acme.shop.model.Item;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

public class MemoryRepository implements Repository<Item> {
  private final Map<String, Item> items = new HashMap<>();
  private final Listener listener;

  public interface Listener {
    void saved(Item item);
  }

  public MemoryRepository(Listener listener) {
    this.listener = listener;
  }

  public MemoryRepository() {
    this(new Listener() {
      @Override
      public void saved(Item item) {
        log(item);
      }

      private void log(Item item) {
        System.out.println(item.sku());
      }
    });
  }

  @Override
  public void save(Item value) {
    items.put(value.sku(), value);
    listener.saved(value);
  }

  @Override
  public Optional<Item> find(String key) {
    return Optional.ofNullable(items.get(key));
  }

  @Override
  public List<Item> all() {
    return new ArrayList<>(items.values());
  }

  public Item require(String key) {
    return find(key).orElseThrow();
  }
}
