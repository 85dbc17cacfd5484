class Cart
//    ^^^^ definition class rb:app/models/cart:Cart
  def initialize
//    ^^^^^^^^^^ definition method rb:app/models/cart:Cart.initialize
    @inventory = Shop::Inventory.build([])
//                               ^^^^^ calls rb:lib/shop/inventory:Shop.Inventory.build
  end

  def total
//    ^^^^^ definition method rb:app/models/cart:Cart.total
    @inventory.count
//             ^^^^^ calls rb:lib/shop/money:Shop.Countable.count (inferred)
  end

  def self.guest
//         ^^^^^ definition method rb:app/models/cart:Cart.guest
    User.guest.checkout
//       ^^^^^ calls rb:app/models/user:User.guest
//             ^^^^^^^^ calls rb:app/models/user:User.checkout (inferred)
  end
end
