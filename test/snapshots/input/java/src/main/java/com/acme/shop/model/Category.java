package com.acme.shop.model;

public enum Category {
  FOOD("f"),
  TOOLS("t") {
    @Override
    String label() {
      return describe("tools");
    }
  };

  private final String code;

  Category(String code) {
    this.code = code;
  }

  String label() {
    return describe(code);
  }

  static String describe(String s) {
    return s.toUpperCase();
  }
}
