#pragma once
#include <memory>
#include <string>
#include "shop/store.h"

namespace shop {
namespace http {

class Server {
//    ^^^^^^ definition class cpp:shop/include/shop/server.h:shop.http.Server
 public:
  explicit Server(std::unique_ptr<MemoryStore> store);
//         ^^^^^^ definition method cpp:shop/include/shop/server.h:shop.http.Server.Server
  std::string handle(const std::string& path);
//            ^^^^^^ definition method cpp:shop/include/shop/server.h:shop.http.Server.handle
  std::string describe(const Item& item) const;
//            ^^^^^^^^ definition method cpp:shop/include/shop/server.h:shop.http.Server.describe

 private:
  std::unique_ptr<MemoryStore> store_;
  Repository* repo_;
};

}  // namespace http
}  // namespace shop
