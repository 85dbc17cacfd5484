package com.acme.shop.util;

public final class Texts {
//                 ^^^^^ definition class java:src/main/java/com/acme/shop/util/Texts:Texts
  private Texts() {}
//^ definition method java:src/main/java/com/acme/shop/util/Texts:Texts.<init>

  public static String slug(String s) {
//                     ^^^^ definition method java:src/main/java/com/acme/shop/util/Texts:Texts.slug
    return s.trim().toLowerCase();
  }

  public static String join(String a, String b) {
//                     ^^^^ definition method java:src/main/java/com/acme/shop/util/Texts:Texts.join
    return slug(a) + "-" + slug(b);
//         ^^^^ calls java:src/main/java/com/acme/shop/util/Texts:Texts.slug
  }

  public static int width(Object o) {
//                  ^^^^^ definition method java:src/main/java/com/acme/shop/util/Texts:Texts.width
    return String.valueOf(o).length();
  }

  public static int width(String s) {
//                  ^^^^^ definition method java:src/main/java/com/acme/shop/util/Texts:Texts.width$2
    return s.length();
  }
}
