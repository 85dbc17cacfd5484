#include "shop/server.h"

#include <utility>

namespace shop {
namespace http {

namespace {
std::string notFound(const std::string& path) { return "404 " + path; }
//          ^^^^^^^^ definition function cpp:shop/src/server:shop.http.notFound
}  // namespace

Server::Server(std::unique_ptr<MemoryStore> store) : store_(std::move(store)), repo_(store_.get()) {}
//^^^^^^ definition method cpp:shop/src/server:shop.http.Server.Server

std::string Server::handle(const std::string& path) {
//                  ^^^^^^ definition method cpp:shop/src/server:shop.http.Server.handle
  const Item* item = repo_->find(path);
//                          ^^^^ calls cpp:shop/include/shop/store.h:shop.Repository.find
  if (item == nullptr) return notFound(path);
//                            ^^^^^^^^ calls cpp:shop/src/server:shop.http.notFound
  int n = clampTo(repo_->count(), 0, 100);
//        ^^^^^^^ calls cpp:shop/include/shop/store.h:shop.clampTo
//                       ^^^^^ calls cpp:shop/include/shop/store.h:shop.Repository.count
  store_->put(*item);
//        ^^^ calls cpp:shop/src/store:MemoryStore.put
  return describe(*item) + std::to_string(n) + store_->total().format();
//       ^^^^^^^^ calls cpp:shop/src/server:shop.http.Server.describe
//                                                     ^^^^^ calls cpp:shop/src/store:MemoryStore.total
//                                                             ^^^^^^ calls cpp:shop/src/money:shop.Money.format (inferred)
}

std::string Server::describe(const Item& item) const {
//                  ^^^^^^^^ definition method cpp:shop/src/server:shop.http.Server.describe
  Money half = item.discounted(50);
//                  ^^^^^^^^^^ calls cpp:shop/src/item:shop.Item.discounted
  return item.name + " " + item.price.format() + " / " + half.format();
//                                    ^^^^^^ calls cpp:shop/src/money:shop.Money.format
}

}  // namespace http
}  // namespace shop
