global using Shop.Util;
