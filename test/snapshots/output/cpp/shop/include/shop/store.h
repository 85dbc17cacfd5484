#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>
#include "shop/item.h"

namespace shop {

class Repository {
//    ^^^^^^^^^^ definition class cpp:shop/include/shop/store.h:shop.Repository
 public:
  virtual ~Repository();
//        ^^^^^^^^^^^ definition method cpp:shop/include/shop/store.h:shop.Repository.~Repository
  virtual const Item* find(const std::string& name) const = 0;
//                    ^^^^ definition method cpp:shop/include/shop/store.h:shop.Repository.find
  virtual void put(const Item& item) = 0;
//             ^^^ definition method cpp:shop/include/shop/store.h:shop.Repository.put
  int count() const { return size(); }
//    ^^^^^ definition method cpp:shop/include/shop/store.h:shop.Repository.count
//                           ^^^^ calls cpp:shop/include/shop/store.h:shop.Repository.size

 protected:
  virtual int size() const = 0;
//            ^^^^ definition method cpp:shop/include/shop/store.h:shop.Repository.size
};

class MemoryStore : public Repository {
//    ^^^^^^^^^^^ definition class cpp:shop/include/shop/store.h:shop.MemoryStore
 public:
  MemoryStore();
//^^^^^^^^^^^ definition method cpp:shop/include/shop/store.h:shop.MemoryStore.MemoryStore
  ~MemoryStore() override;
//^^^^^^^^^^^^ definition method cpp:shop/include/shop/store.h:shop.MemoryStore.~MemoryStore
  const Item* find(const std::string& name) const override;
//            ^^^^ definition method cpp:shop/include/shop/store.h:shop.MemoryStore.find
  void put(const Item& item) override;
//     ^^^ definition method cpp:shop/include/shop/store.h:shop.MemoryStore.put
  Money total() const;
//      ^^^^^ definition method cpp:shop/include/shop/store.h:shop.MemoryStore.total

 protected:
  int size() const override;
//    ^^^^ definition method cpp:shop/include/shop/store.h:shop.MemoryStore.size

 private:
  std::map<std::string, Item> items_;
  void log(const std::string& what) const;
//     ^^^ definition method cpp:shop/include/shop/store.h:shop.MemoryStore.log
};

std::unique_ptr<MemoryStore> makeStore();
//                           ^^^^^^^^^ definition function cpp:shop/include/shop/store.h:shop.makeStore

template <typename T>
T clampTo(T value, T low, T high) {
//^^^^^^^ definition function cpp:shop/include/shop/store.h:shop.clampTo
  return value < low ? low : (value > high ? high : value);
}

}  // namespace shop
