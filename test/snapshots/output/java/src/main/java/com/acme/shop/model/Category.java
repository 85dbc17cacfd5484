package com.acme.shop.model;

public enum Category {
//          ^^^^^^^^ definition enum java:src/main/java/com/acme/shop/model/Category:Category
  FOOD("f"),
  TOOLS("t") {
    @Override
    String label() {
      return describe("tools");
//           ^^^^^^^^ calls java:src/main/java/com/acme/shop/model/Category:Category.describe
    }
  };

  private final String code;

  Category(String code) {
//^ definition method java:src/main/java/com/acme/shop/model/Category:Category.<init>
    this.code = code;
  }

  String label() {
//       ^^^^^ definition method java:src/main/java/com/acme/shop/model/Category:Category.label
    return describe(code);
//         ^^^^^^^^ calls java:src/main/java/com/acme/shop/model/Category:Category.describe
  }

  static String describe(String s) {
//              ^^^^^^^^ definition method java:src/main/java/com/acme/shop/model/Category:Category.describe
    return s.toUpperCase();
  }
}
