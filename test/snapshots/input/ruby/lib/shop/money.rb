module Shop
  # Formatting helpers, callable as Shop::Money.format or mixed in.
  module Money
    module_function

    def format(cents)
      "#{whole(cents)}.#{cents % 100}"
    end

    def whole(cents)
      cents / 100
    end
  end

  module Countable
    def count
      items.size
    end

    def empty?
      count.zero?
    end
  end

  module Registry
    def registered
      @registered ||= []
    end

    def register(name)
      registered << name
    end
  end
end
