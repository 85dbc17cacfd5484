#include "shop/money.h"

#include <cstdio>
#include <cstdlib>

namespace shop {

Money::Money(long cents) : cents_(cents) {}

long Money::cents() const { return cents_; }

Money Money::plus(const Money& other) const { return Money(cents_ + other.cents()); }

std::string Money::format() const {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%ld.%02ld", cents_ / 100, cents_ % 100);
  return buf;
}

Money parseMoney(const std::string& text) {
  long cents = std::strtol(text.c_str(), nullptr, 10);
  return Money(cents);
}

}  // namespace shop
