#pragma once
#include <string>
#include "shop/money.h"

namespace shop {

struct Item {
//     ^^^^ definition class cpp:shop/include/shop/item.h:shop.Item
  std::string name;
  Money price;
  Item(std::string n, Money p);
//^^^^ definition method cpp:shop/include/shop/item.h:shop.Item.Item
  Money discounted(int percent) const;
//      ^^^^^^^^^^ definition method cpp:shop/include/shop/item.h:shop.Item.discounted
};

}  // namespace shop
