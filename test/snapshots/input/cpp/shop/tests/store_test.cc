#include <gtest/gtest.h>

#include "shop/store.h"

namespace {

class StoreTest : public ::testing::Test {
 protected:
  void SetUp() override { store_.put(shop::Item("tea", shop::Money(250))); }
  shop::MemoryStore store_;
};

TEST_F(StoreTest, FindsWhatWasPut) {
  ASSERT_NE(store_.find("tea"), nullptr);
  EXPECT_EQ(store_.total().cents(), 250);
}

TEST(MoneyTest, Adds) {
  shop::Money a(100);
  EXPECT_EQ(a.plus(shop::Money(5)).cents(), 105);
  EXPECT_EQ(shop::clampTo(7, 0, 5), 5);
}

}  // namespace
