#include "shop/store.h"

#include <iostream>

using namespace shop;

Repository::~Repository() = default;

MemoryStore::MemoryStore() { log("open"); }
//^^^^^^^^^^^ definition method cpp:shop/src/store:MemoryStore.MemoryStore
//                           ^^^ calls cpp:shop/src/store:MemoryStore.log

MemoryStore::~MemoryStore() { log("close"); }
//           ^^^^^^^^^^^^ definition method cpp:shop/src/store:MemoryStore.~MemoryStore
//                            ^^^ calls cpp:shop/src/store:MemoryStore.log

const Item* MemoryStore::find(const std::string& name) const {
//                       ^^^^ definition method cpp:shop/src/store:MemoryStore.find
  auto it = items_.find(name);
  log("find " + name);
//^^^ calls cpp:shop/src/store:MemoryStore.log
  return it == items_.end() ? nullptr : &it->second;
}

void MemoryStore::put(const Item& item) {
//                ^^^ definition method cpp:shop/src/store:MemoryStore.put
  items_.emplace(item.name, item);
  this->log("put");
//      ^^^ calls cpp:shop/src/store:MemoryStore.log
}

int MemoryStore::size() const { return static_cast<int>(items_.size()); }
//               ^^^^ definition method cpp:shop/src/store:MemoryStore.size

Money MemoryStore::total() const {
//                 ^^^^^ definition method cpp:shop/src/store:MemoryStore.total
  Money sum(0);
//^^^^^ calls cpp:shop/src/money:shop.Money.Money
  for (const auto& entry : items_) sum = sum.plus(entry.second.price);
//                                           ^^^^ calls cpp:shop/src/money:shop.Money.plus
  return sum;
}

void MemoryStore::log(const std::string& what) const { std::clog << what << "\n"; }
//                ^^^ definition method cpp:shop/src/store:MemoryStore.log

namespace shop {
std::unique_ptr<MemoryStore> makeStore() { return std::make_unique<MemoryStore>(); }
//              ^^^^^^^^^^^ calls cpp:shop/src/store:MemoryStore.MemoryStore
//                           ^^^^^^^^^ definition function cpp:shop/src/store:shop.makeStore
}  // namespace shop
