#include <catch2/catch_test_macros.hpp>

#include "shop/server.h"

TEST_CASE("server describes an item", "[server]") {
  shop::http::Server server(shop::makeStore());
  shop::Item item("tea", shop::Money(200));
  SECTION("half price") { REQUIRE(server.describe(item) == "tea 2.00 / 1.00"); }
}
