package com.acme.shop.store;

import java.util.List;
import java.util.Optional;

/** A store of things by key. */
public interface Repository<T> {
  void save(T value);

  Optional<T> find(String key);

  List<T> all();

  default int count() {
    return all().size();
  }
}
