require 'minitest/autorun'
require 'shop'

class ReportTest < Minitest::Test
//    ^^^^^^^^^^ definition class rb:test/test_report:ReportTest
  def setup
//    ^^^^^ definition method rb:test/test_report:ReportTest.setup
    @report = Shop::Report.new(Shop::Inventory.new)
//^ calls rb:lib/shop/inventory:Shop.Inventory.initialize
//^ calls rb:lib/shop/report:Shop.Report.initialize
  end

  def test_lines
//    ^^^^^^^^^^ definition test rb:test/test_report:ReportTest.test_lines
//    ^^^^^^^^^^ tests rb:lib/shop/report:Shop.Report.lines (inferred)
    assert_equal 2, @report.lines.size
//                          ^^^^^ calls rb:lib/shop/report:Shop.Report.lines (inferred)
  end

  test "csv header" do
//^ definition test rb:test/test_report:ReportTest.test_csv_header
//^ tests rb:lib/shop/inventory:Shop.Inventory.empty
//^ tests rb:lib/shop/report:Shop.CsvReport.header (inferred)
//^ tests rb:lib/shop/report:Shop.Report.initialize
    report = Shop::CsvReport.new(Shop::Inventory.empty)
//^ calls rb:lib/shop/report:Shop.Report.initialize
//                                               ^^^^^ calls rb:lib/shop/inventory:Shop.Inventory.empty
    assert_equal ['name,price'], report.header
//                                      ^^^^^^ calls rb:lib/shop/report:Shop.CsvReport.header (inferred)
  end
end
