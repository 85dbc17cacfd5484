module Shop
//     ^^^^ definition class rb:lib/shop/money:Shop
  # Formatting helpers, callable as Shop::Money.format or mixed in.
  module Money
//       ^^^^^ definition class rb:lib/shop/money:Shop.Money
    module_function

    def format(cents)
//      ^^^^^^ definition method rb:lib/shop/money:Shop.Money.format
      "#{whole(cents)}.#{cents % 100}"
//       ^^^^^ calls rb:lib/shop/money:Shop.Money.whole
    end

    def whole(cents)
//      ^^^^^ definition method rb:lib/shop/money:Shop.Money.whole
      cents / 100
    end
  end

  module Countable
//       ^^^^^^^^^ definition class rb:lib/shop/money:Shop.Countable
    def count
//      ^^^^^ definition method rb:lib/shop/money:Shop.Countable.count
      items.size
    end

    def empty?
//      ^^^^^^ definition method rb:lib/shop/money:Shop.Countable.empty?
      count.zero?
//    ^^^^^ calls rb:lib/shop/money:Shop.Countable.count
    end
  end

  module Registry
//       ^^^^^^^^ definition class rb:lib/shop/money:Shop.Registry
    def registered
//      ^^^^^^^^^^ definition method rb:lib/shop/money:Shop.Registry.registered
      @registered ||= []
    end

    def register(name)
//      ^^^^^^^^ definition method rb:lib/shop/money:Shop.Registry.register
      registered << name
//    ^^^^^^^^^^ calls rb:lib/shop/money:Shop.Registry.registered
    end
  end
end
