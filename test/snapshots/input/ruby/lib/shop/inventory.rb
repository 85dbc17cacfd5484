require_relative 'money'

module Shop
  class Item
    attr_reader :name, :cents

    def initialize(name, cents)
      @name = name
      @cents = cents
    end

    def price
      Money.format(cents)
    end

    def to_s
      "#{name}: #{price}"
    end
  end

  class Inventory
    include Countable
    extend Registry

    register :default

    def initialize
      @items = []
      @index = Index.new
    end

    def items
      @items
    end

    def add(name, cents)
      item = Item.new(name, cents)
      @items << item
      @index.put(name, item)
      item
    end

    def find(name)
      @index.get(name)
    end

    def self.build(pairs)
      inv = new
      pairs.each { |name, cents| inv.add(name, cents) }
      inv
    end

    class << self
      def empty
        new
      end
    end
  end
end
