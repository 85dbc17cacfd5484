module Shop
//     ^^^^ definition class rb:lib/shop/index:Shop
  class Inventory
//      ^^^^^^^^^ definition class rb:lib/shop/index:Shop.Inventory
    # The lookup table of an inventory: reopened here, one class with lib/shop/inventory.rb.
    class Index
//        ^^^^^ definition class rb:lib/shop/index:Shop.Inventory.Index
      def initialize
//        ^^^^^^^^^^ definition method rb:lib/shop/index:Shop.Inventory.Index.initialize
        @table = {}
      end

      def put(key, value)
//        ^^^ definition method rb:lib/shop/index:Shop.Inventory.Index.put
        @table[key] = value
      end

      def get(key)
//        ^^^ definition method rb:lib/shop/index:Shop.Inventory.Index.get
        @table[key]
      end
    end

    def size
//      ^^^^ definition method rb:lib/shop/index:Shop.Inventory.size
      count
//    ^^^^^ calls rb:lib/shop/money:Shop.Countable.count
    end
  end
end
