#include "shop/item.h"

#include <utility>

namespace shop {

Item::Item(std::string n, Money p) : name(std::move(n)), price(p) {}

Money Item::discounted(int percent) const {
  long off = price.cents() * percent / 100;
  return Money(price.cents() - off);
}

}  // namespace shop
