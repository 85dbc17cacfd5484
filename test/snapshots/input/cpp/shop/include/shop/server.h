#pragma once
#include <memory>
#include <string>
#include "shop/store.h"

namespace shop {
namespace http {

class Server {
 public:
  explicit Server(std::unique_ptr<MemoryStore> store);
  std::string handle(const std::string& path);
  std::string describe(const Item& item) const;

 private:
  std::unique_ptr<MemoryStore> store_;
  Repository* repo_;
};

}  // namespace http
}  // namespace shop
