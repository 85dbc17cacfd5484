#include "shop/item.h"

#include <utility>

namespace shop {

Item::Item(std::string n, Money p) : name(std::move(n)), price(p) {}
//^^^^ definition method cpp:shop/src/item:shop.Item.Item

Money Item::discounted(int percent) const {
//          ^^^^^^^^^^ definition method cpp:shop/src/item:shop.Item.discounted
  long off = price.cents() * percent / 100;
//                 ^^^^^ calls cpp:shop/src/money:shop.Money.cents
  return Money(price.cents() - off);
//       ^^^^^ calls cpp:shop/src/money:shop.Money.Money
//                   ^^^^^ calls cpp:shop/src/money:shop.Money.cents
}

}  // namespace shop
