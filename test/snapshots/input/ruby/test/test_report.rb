require 'minitest/autorun'
require 'shop'

class ReportTest < Minitest::Test
  def setup
    @report = Shop::Report.new(Shop::Inventory.new)
  end

  def test_lines
    assert_equal 2, @report.lines.size
  end

  test "csv header" do
    report = Shop::CsvReport.new(Shop::Inventory.empty)
    assert_equal ['name,price'], report.header
  end
end
