using Shop.Billing;
using Shop.Orders;
using Xunit;

namespace Shop.Tests
{
    public class InvoicerTests
    {
        [Fact]
        public void BillsTheTotalWithTax()
        {
            var order = NewOrder();
            var money = Invoicer.Create().Bill(order);
            Assert.Equal(12m, money.Amount);
        }

        [Theory]
        [InlineData("a")]
        public void TaxIsFlat(string name)
        {
            var tax = new FlatTax();
            Assert.Equal(0.2m, tax.RateFor(new Customer { Name = name }));
        }

        private static Order NewOrder()
        {
            var order = new Order("o-1");
            order.AddLine("SKU", 10m);
            return order;
        }
    }
}
