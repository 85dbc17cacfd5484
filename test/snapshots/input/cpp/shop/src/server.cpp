#include "shop/server.h"

#include <utility>

namespace shop {
namespace http {

namespace {
std::string notFound(const std::string& path) { return "404 " + path; }
}  // namespace

Server::Server(std::unique_ptr<MemoryStore> store) : store_(std::move(store)), repo_(store_.get()) {}

std::string Server::handle(const std::string& path) {
  const Item* item = repo_->find(path);
  if (item == nullptr) return notFound(path);
  int n = clampTo(repo_->count(), 0, 100);
  store_->put(*item);
  return describe(*item) + std::to_string(n) + store_->total().format();
}

std::string Server::describe(const Item& item) const {
  Money half = item.discounted(50);
  return item.name + " " + item.price.format() + " / " + half.format();
}

}  // namespace http
}  // namespace shop
