#include <gtest/gtest.h>

#include "shop/store.h"

namespace {

class StoreTest : public ::testing::Test {
//    ^^^^^^^^^ definition class cpp:shop/tests/store_test:StoreTest
 protected:
  void SetUp() override { store_.put(shop::Item("tea", shop::Money(250))); }
//     ^^^^^ definition method cpp:shop/tests/store_test:StoreTest.SetUp
//                               ^^^ calls cpp:shop/src/store:MemoryStore.put
//                                         ^^^^ calls cpp:shop/src/item:shop.Item.Item
//                                                           ^^^^^ calls cpp:shop/src/money:shop.Money.Money
  shop::MemoryStore store_;
};

TEST_F(StoreTest, FindsWhatWasPut) {
//                ^^^^^^^^^^^^^^^ definition test cpp:shop/tests/store_test:StoreTest.FindsWhatWasPut
//                ^^^^^^^^^^^^^^^ tests cpp:shop/src/money:shop.Money.cents (inferred)
//                ^^^^^^^^^^^^^^^ tests cpp:shop/src/store:MemoryStore.find
//                ^^^^^^^^^^^^^^^ tests cpp:shop/src/store:MemoryStore.total
  ASSERT_NE(store_.find("tea"), nullptr);
//                 ^^^^ calls cpp:shop/src/store:MemoryStore.find
  EXPECT_EQ(store_.total().cents(), 250);
//                 ^^^^^ calls cpp:shop/src/store:MemoryStore.total
//                         ^^^^^ calls cpp:shop/src/money:shop.Money.cents (inferred)
}

TEST(MoneyTest, Adds) {
//              ^^^^ definition test cpp:shop/tests/store_test:MoneyTest.Adds
//              ^^^^ tests cpp:shop/include/shop/store.h:shop.clampTo
//              ^^^^ tests cpp:shop/src/money:shop.Money.Money
//              ^^^^ tests cpp:shop/src/money:shop.Money.cents (inferred)
//              ^^^^ tests cpp:shop/src/money:shop.Money.plus
  shop::Money a(100);
//      ^^^^^ calls cpp:shop/src/money:shop.Money.Money
  EXPECT_EQ(a.plus(shop::Money(5)).cents(), 105);
//            ^^^^ calls cpp:shop/src/money:shop.Money.plus
//                       ^^^^^ calls cpp:shop/src/money:shop.Money.Money
//                                 ^^^^^ calls cpp:shop/src/money:shop.Money.cents (inferred)
  EXPECT_EQ(shop::clampTo(7, 0, 5), 5);
//                ^^^^^^^ calls cpp:shop/include/shop/store.h:shop.clampTo
}

}  // namespace
