package com.acme.shop.util;

public final class Texts {
  private Texts() {}

  public static String slug(String s) {
    return s.trim().toLowerCase();
  }

  public static String join(String a, String b) {
    return slug(a) + "-" + slug(b);
  }

  public static int width(Object o) {
    return String.valueOf(o).length();
  }

  public static int width(String s) {
    return s.length();
  }
}
