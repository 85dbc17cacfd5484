module Shop
//     ^^^^ definition class rb:lib/shop/version:Shop
  VERSION = '1.0.0'
//^^^^^^^ definition constant rb:lib/shop/version:Shop.VERSION
end
