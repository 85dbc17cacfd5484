#include <iostream>

#include "shop/server.h"

using shop::http::Server;

static shop::Item sample() { return shop::Item("tea", shop::parseMoney("250")); }

int main() {
  auto store = shop::makeStore();
  store->put(sample());
  Server server(std::move(store));
  Server* s = new Server(shop::makeStore());
  std::cout << server.handle("tea") << s->handle("coffee") << "\n";
  delete s;
  return 0;
}
