module Shop
//     ^^^^ definition class rb:lib/shop/report:Shop
  class Report
//      ^^^^^^ definition class rb:lib/shop/report:Shop.Report
    def initialize(inventory)
//      ^^^^^^^^^^ definition method rb:lib/shop/report:Shop.Report.initialize
      @inventory = inventory
    end

    def print_all
//      ^^^^^^^^^ definition method rb:lib/shop/report:Shop.Report.print_all
      lines.each { |l| puts l }
//    ^^^^^ calls rb:lib/shop/report:Shop.Report.lines
    end

    def lines
//      ^^^^^ definition method rb:lib/shop/report:Shop.Report.lines
      header + body
//    ^^^^^^ calls rb:lib/shop/report:Shop.Report.header
//             ^^^^ calls rb:lib/shop/report:Shop.Report.body
    end

    private

    def header
//      ^^^^^^ definition method rb:lib/shop/report:Shop.Report.header
      ["Report (#{Shop.config.currency})"]
//                     ^^^^^^ calls rb:lib/shop:Shop.config
//                            ^^^^^^^^ calls rb:lib/shop:Shop.Config.currency (inferred)
    end

    def body
//      ^^^^ definition method rb:lib/shop/report:Shop.Report.body
      return ['(empty)'] if @inventory.empty?
      @inventory.items.map(&:to_s)
    end
  end

  class CsvReport < Report
//      ^^^^^^^^^ definition class rb:lib/shop/report:Shop.CsvReport
    def lines
//      ^^^^^ definition method rb:lib/shop/report:Shop.CsvReport.lines
      super.map { |l| l.tr(':', ',') }
//^ calls rb:lib/shop/report:Shop.Report.lines
    end

    def header
//      ^^^^^^ definition method rb:lib/shop/report:Shop.CsvReport.header
      ['name,price']
    end
  end
end
