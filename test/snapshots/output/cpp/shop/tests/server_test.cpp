#include <catch2/catch_test_macros.hpp>

#include "shop/server.h"

TEST_CASE("server describes an item", "[server]") {
//         ^^^^^^^^^^^^^^^^^^^^^^^^ definition test cpp:shop/tests/server_test:server describes an item
//         ^^^^^^^^^^^^^^^^^^^^^^^^ tests cpp:shop/src/item:shop.Item.Item
//         ^^^^^^^^^^^^^^^^^^^^^^^^ tests cpp:shop/src/money:shop.Money.Money
//         ^^^^^^^^^^^^^^^^^^^^^^^^ tests cpp:shop/src/server:shop.http.Server.Server
//         ^^^^^^^^^^^^^^^^^^^^^^^^ tests cpp:shop/src/server:shop.http.Server.describe
//         ^^^^^^^^^^^^^^^^^^^^^^^^ tests cpp:shop/src/store:shop.makeStore
  shop::http::Server server(shop::makeStore());
//            ^^^^^^ calls cpp:shop/src/server:shop.http.Server.Server
//                                ^^^^^^^^^ calls cpp:shop/src/store:shop.makeStore
  shop::Item item("tea", shop::Money(200));
//      ^^^^ calls cpp:shop/src/item:shop.Item.Item
//                             ^^^^^ calls cpp:shop/src/money:shop.Money.Money
  SECTION("half price") { REQUIRE(server.describe(item) == "tea 2.00 / 1.00"); }
//                                       ^^^^^^^^ calls cpp:shop/src/server:shop.http.Server.describe
}
