class User
//    ^^^^ definition class rb:app/models/user:User
  def initialize(name)
//    ^^^^^^^^^^ definition method rb:app/models/user:User.initialize
    @name = name
    @cart = Cart.new
//^ calls rb:app/models/cart:Cart.initialize
  end

  def checkout
//    ^^^^^^^^ definition method rb:app/models/user:User.checkout
    @cart.total
//        ^^^^^ calls rb:app/models/cart:Cart.total (inferred)
  end

  def self.guest
//         ^^^^^ definition method rb:app/models/user:User.guest
    new('guest')
//^ calls rb:app/models/user:User.initialize
  end
end
