#include <iostream>

#include "shop/server.h"

using shop::http::Server;

static shop::Item sample() { return shop::Item("tea", shop::parseMoney("250")); }
//           ^^^^ calls cpp:shop/src/item:shop.Item.Item
//                ^^^^^^ definition function cpp:shop/src/main:sample
//                                                          ^^^^^^^^^^ calls cpp:shop/src/money:shop.parseMoney

int main() {
//  ^^^^ definition function cpp:shop/src/main:main
  auto store = shop::makeStore();
//                   ^^^^^^^^^ calls cpp:shop/src/store:shop.makeStore
  store->put(sample());
//       ^^^ calls cpp:shop/src/store:MemoryStore.put (inferred)
//           ^^^^^^ calls cpp:shop/src/main:sample
  Server server(std::move(store));
//^^^^^^ calls cpp:shop/src/server:shop.http.Server.Server
  Server* s = new Server(shop::makeStore());
//^^^^^^ calls cpp:shop/src/server:shop.http.Server.Server
//                             ^^^^^^^^^ calls cpp:shop/src/store:shop.makeStore
  std::cout << server.handle("tea") << s->handle("coffee") << "\n";
//                    ^^^^^^ calls cpp:shop/src/server:shop.http.Server.handle
  delete s;
  return 0;
}
