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
  end

  def self.guest
//         ^^^^^ definition method rb:app/models/cart:Cart.guest
    User.guest.checkout
//       ^^^^^ calls rb:app/models/user:User.guest
  end
end
