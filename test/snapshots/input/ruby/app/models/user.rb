class User
  def initialize(name)
    @name = name
    @cart = Cart.new
  end

  def checkout
    @cart.total
  end

  def self.guest
    new('guest')
  end
end
