require_relative 'money'

module Shop
//     ^^^^ definition class rb:lib/shop/inventory:Shop
  class Item
//      ^^^^ definition class rb:lib/shop/inventory:Shop.Item
    attr_reader :name, :cents
//               ^^^^ definition method rb:lib/shop/inventory:Shop.Item.name
//                      ^^^^^ definition method rb:lib/shop/inventory:Shop.Item.cents

    def initialize(name, cents)
//      ^^^^^^^^^^ definition method rb:lib/shop/inventory:Shop.Item.initialize
      @name = name
      @cents = cents
    end

    def price
//      ^^^^^ definition method rb:lib/shop/inventory:Shop.Item.price
      Money.format(cents)
//          ^^^^^^ calls rb:lib/shop/money:Shop.Money.format
//                 ^^^^^ calls rb:lib/shop/inventory:Shop.Item.cents
    end

    def to_s
//      ^^^^ definition method rb:lib/shop/inventory:Shop.Item.to_s
      "#{name}: #{price}"
//       ^^^^ calls rb:lib/shop/inventory:Shop.Item.name
//                ^^^^^ calls rb:lib/shop/inventory:Shop.Item.price
    end
  end

  class Inventory
//      ^^^^^^^^^ definition class rb:lib/shop/inventory:Shop.Inventory
    include Countable
    extend Registry

    register :default
//  ^^^^^^^^ calls rb:lib/shop/money:Shop.Registry.register

    def initialize
//      ^^^^^^^^^^ definition method rb:lib/shop/inventory:Shop.Inventory.initialize
      @items = []
      @index = Index.new
//^ calls rb:lib/shop/index:Shop.Inventory.Index.initialize
    end

    def items
//      ^^^^^ definition method rb:lib/shop/inventory:Shop.Inventory.items
      @items
    end

    def add(name, cents)
//      ^^^ definition method rb:lib/shop/inventory:Shop.Inventory.add
      item = Item.new(name, cents)
//^ calls rb:lib/shop/inventory:Shop.Item.initialize
      @items << item
      @index.put(name, item)
//           ^^^ calls rb:lib/shop/index:Shop.Inventory.Index.put (inferred)
      item
    end

    def find(name)
//      ^^^^ definition method rb:lib/shop/inventory:Shop.Inventory.find
      @index.get(name)
//           ^^^ calls rb:lib/shop/index:Shop.Inventory.Index.get (inferred)
    end

    def self.build(pairs)
//           ^^^^^ definition method rb:lib/shop/inventory:Shop.Inventory.build
      inv = new
//^ calls rb:lib/shop/inventory:Shop.Inventory.initialize
      pairs.each { |name, cents| inv.add(name, cents) }
//                                   ^^^ calls rb:lib/shop/inventory:Shop.Inventory.add (inferred)
      inv
    end

    class << self
      def empty
//        ^^^^^ definition method rb:lib/shop/inventory:Shop.Inventory.empty
        new
//^ calls rb:lib/shop/inventory:Shop.Inventory.initialize
      end
    end
  end
end
