using Shop.Billing;
using Shop.Orders;
using Xunit;

namespace Shop.Tests
{
    public class InvoicerTests
//               ^^^^^^^^^^^^^ definition class cs:tests/Shop.Tests/InvoicerTests:InvoicerTests
    {
        [Fact]
        public void BillsTheTotalWithTax()
//                  ^^^^^^^^^^^^^^^^^^^^ definition test cs:tests/Shop.Tests/InvoicerTests:InvoicerTests.BillsTheTotalWithTax
//                  ^^^^^^^^^^^^^^^^^^^^ tests cs:src/Shop/Billing/Invoicer:Invoicer.Bill
//                  ^^^^^^^^^^^^^^^^^^^^ tests cs:src/Shop/Billing/Invoicer:Invoicer.Create
        {
            var order = NewOrder();
//                      ^^^^^^^^ calls cs:tests/Shop.Tests/InvoicerTests:InvoicerTests.NewOrder
            var money = Invoicer.Create().Bill(order);
//                               ^^^^^^ calls cs:src/Shop/Billing/Invoicer:Invoicer.Create
//                                        ^^^^ calls cs:src/Shop/Billing/Invoicer:Invoicer.Bill
            Assert.Equal(12m, money.Amount);
        }

        [Theory]
        [InlineData("a")]
        public void TaxIsFlat(string name)
//                  ^^^^^^^^^ definition test cs:tests/Shop.Tests/InvoicerTests:InvoicerTests.TaxIsFlat
//                  ^^^^^^^^^ tests cs:src/Shop/Billing/Invoicer:FlatTax
//                  ^^^^^^^^^ tests cs:src/Shop/Billing/Invoicer:FlatTax.RateFor
//                  ^^^^^^^^^ tests cs:src/Shop/Order:Customer
        {
            var tax = new FlatTax();
//                        ^^^^^^^ calls cs:src/Shop/Billing/Invoicer:FlatTax
            Assert.Equal(0.2m, tax.RateFor(new Customer { Name = name }));
//                                 ^^^^^^^ calls cs:src/Shop/Billing/Invoicer:FlatTax.RateFor
//                                             ^^^^^^^^ calls cs:src/Shop/Order:Customer
        }

        private static Order NewOrder()
//                           ^^^^^^^^ definition method cs:tests/Shop.Tests/InvoicerTests:InvoicerTests.NewOrder
        {
            var order = new Order("o-1");
//                          ^^^^^ calls cs:src/Shop/Order:Order.Order
            order.AddLine("SKU", 10m);
//                ^^^^^^^ calls cs:src/Shop/Order:Order.AddLine
            return order;
        }
    }
}
