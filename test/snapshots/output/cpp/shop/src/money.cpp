#include "shop/money.h"

#include <cstdio>
#include <cstdlib>

namespace shop {

Money::Money(long cents) : cents_(cents) {}
//^^^^^ definition method cpp:shop/src/money:shop.Money.Money

long Money::cents() const { return cents_; }
//          ^^^^^ definition method cpp:shop/src/money:shop.Money.cents

Money Money::plus(const Money& other) const { return Money(cents_ + other.cents()); }
//^^^^^ calls cpp:shop/src/money:shop.Money.Money
//           ^^^^ definition method cpp:shop/src/money:shop.Money.plus
//                                                                        ^^^^^ calls cpp:shop/src/money:shop.Money.cents

std::string Money::format() const {
//                 ^^^^^^ definition method cpp:shop/src/money:shop.Money.format
  char buf[32];
  std::snprintf(buf, sizeof buf, "%ld.%02ld", cents_ / 100, cents_ % 100);
  return buf;
}

Money parseMoney(const std::string& text) {
//    ^^^^^^^^^^ definition function cpp:shop/src/money:shop.parseMoney
  long cents = std::strtol(text.c_str(), nullptr, 10);
  return Money(cents);
//       ^^^^^ calls cpp:shop/src/money:shop.Money.Money
}

}  // namespace shop
