#include "shop/store.h"

#include <iostream>

using namespace shop;

Repository::~Repository() = default;

MemoryStore::MemoryStore() { log("open"); }

MemoryStore::~MemoryStore() { log("close"); }

const Item* MemoryStore::find(const std::string& name) const {
  auto it = items_.find(name);
  log("find " + name);
  return it == items_.end() ? nullptr : &it->second;
}

void MemoryStore::put(const Item& item) {
  items_.emplace(item.name, item);
  this->log("put");
}

int MemoryStore::size() const { return static_cast<int>(items_.size()); }

Money MemoryStore::total() const {
  Money sum(0);
  for (const auto& entry : items_) sum = sum.plus(entry.second.price);
  return sum;
}

void MemoryStore::log(const std::string& what) const { std::clog << what << "\n"; }

namespace shop {
std::unique_ptr<MemoryStore> makeStore() { return std::make_unique<MemoryStore>(); }
}  // namespace shop
