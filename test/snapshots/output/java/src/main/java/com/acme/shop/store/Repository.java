package com.acme.shop.store;

import java.util.List;
import java.util.Optional;

/** A store of things by key. */
public interface Repository<T> {
//               ^^^^^^^^^^ definition interface java:src/main/java/com/acme/shop/store/Repository:Repository
  void save(T value);
//     ^^^^ definition method java:src/main/java/com/acme/shop/store/Repository:Repository.save

  Optional<T> find(String key);
//            ^^^^ definition method java:src/main/java/com/acme/shop/store/Repository:Repository.find

  List<T> all();
//        ^^^ definition method java:src/main/java/com/acme/shop/store/Repository:Repository.all

  default int count() {
//            ^^^^^ definition method java:src/main/java/com/acme/shop/store/Repository:Repository.count
    return all().size();
//         ^^^ calls java:src/main/java/com/acme/shop/store/Repository:Repository.all
  }
}
