module Shop
  class Report
    def initialize(inventory)
      @inventory = inventory
    end

    def print_all
      lines.each { |l| puts l }
    end

    def lines
      header + body
    end

    private

    def header
      ["Report (#{Shop.config.currency})"]
    end

    def body
      return ['(empty)'] if @inventory.empty?
      @inventory.items.map(&:to_s)
    end
  end

  class CsvReport < Report
    def lines
      super.map { |l| l.tr(':', ',') }
    end

    def header
      ['name,price']
    end
  end
end
