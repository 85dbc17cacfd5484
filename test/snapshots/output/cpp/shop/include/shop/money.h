#pragma once
#include <string>

namespace shop {

/// An amount of money in cents.
class Money {
//    ^^^^^ definition class cpp:shop/include/shop/money.h:shop.Money
 public:
  explicit Money(long cents);
//         ^^^^^ definition method cpp:shop/include/shop/money.h:shop.Money.Money
  long cents() const;
//     ^^^^^ definition method cpp:shop/include/shop/money.h:shop.Money.cents
  Money plus(const Money& other) const;
//      ^^^^ definition method cpp:shop/include/shop/money.h:shop.Money.plus
  std::string format() const;
//            ^^^^^^ definition method cpp:shop/include/shop/money.h:shop.Money.format

 private:
  long cents_;
};

Money parseMoney(const std::string& text);
//    ^^^^^^^^^^ definition function cpp:shop/include/shop/money.h:shop.parseMoney

}  // namespace shop
