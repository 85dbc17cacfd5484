#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>
#include "shop/item.h"

namespace shop {

class Repository {
 public:
  virtual ~Repository();
  virtual const Item* find(const std::string& name) const = 0;
  virtual void put(const Item& item) = 0;
  int count() const { return size(); }

 protected:
  virtual int size() const = 0;
};

class MemoryStore : public Repository {
 public:
  MemoryStore();
  ~MemoryStore() override;
  const Item* find(const std::string& name) const override;
  void put(const Item& item) override;
  Money total() const;

 protected:
  int size() const override;

 private:
  std::map<std::string, Item> items_;
  void log(const std::string& what) const;
};

std::unique_ptr<MemoryStore> makeStore();

template <typename T>
T clampTo(T value, T low, T high) {
  return value < low ? low : (value > high ? high : value);
}

}  // namespace shop
