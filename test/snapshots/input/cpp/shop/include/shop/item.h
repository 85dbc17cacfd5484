#pragma once
#include <string>
#include "shop/money.h"

namespace shop {

struct Item {
  std::string name;
  Money price;
  Item(std::string n, Money p);
  Money discounted(int percent) const;
};

}  // namespace shop
