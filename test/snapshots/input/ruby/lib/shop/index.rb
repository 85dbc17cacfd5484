module Shop
  class Inventory
    # The lookup table of an inventory: reopened here, one class with lib/shop/inventory.rb.
    class Index
      def initialize
        @table = {}
      end

      def put(key, value)
        @table[key] = value
      end

      def get(key)
        @table[key]
      end
    end

    def size
      count
    end
  end
end
