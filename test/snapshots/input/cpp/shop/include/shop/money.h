#pragma once
#include <string>

namespace shop {

/// An amount of money in cents.
class Money {
 public:
  explicit Money(long cents);
  long cents() const;
  Money plus(const Money& other) const;
  std::string format() const;

 private:
  long cents_;
};

Money parseMoney(const std::string& text);

}  // namespace shop
