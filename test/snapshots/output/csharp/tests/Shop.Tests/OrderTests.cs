using NUnit.Framework;
using Shop.Orders;

namespace Shop.Tests;

[TestFixture]
public class OrderTests
//           ^^^^^^^^^^ definition class cs:tests/Shop.Tests/OrderTests:OrderTests
{
    [Test]
    public void AddsLines()
//              ^^^^^^^^^ definition test cs:tests/Shop.Tests/OrderTests:OrderTests.AddsLines
//              ^^^^^^^^^ tests cs:src/Shop/Order:Order.AddLine
//              ^^^^^^^^^ tests cs:src/Shop/Order:Order.Order
//              ^^^^^^^^^ tests cs:src/Shop/OrderTotals:Order.Total
    {
        var order = new Order("o-2");
//                      ^^^^^ calls cs:src/Shop/Order:Order.Order
        order.AddLine("A", 1m);
//            ^^^^^^^ calls cs:src/Shop/Order:Order.AddLine
        Assert.That(order.Total().Amount, Is.EqualTo(1m));
//                        ^^^^^ calls cs:src/Shop/OrderTotals:Order.Total
    }

    [TestCase("x")]
    public void LabelsCustomers(string name) => Assert.That(new Customer { Name = name }.Label(), Is.EqualTo(name));
//              ^^^^^^^^^^^^^^^ definition test cs:tests/Shop.Tests/OrderTests:OrderTests.LabelsCustomers
//              ^^^^^^^^^^^^^^^ tests cs:src/Shop/Order:Customer
//              ^^^^^^^^^^^^^^^ tests cs:src/Shop/Order:Customer.Label
//                                                              ^^^^^^^^ calls cs:src/Shop/Order:Customer
//                                                                                       ^^^^^ calls cs:src/Shop/Order:Customer.Label
}

[Microsoft.VisualStudio.TestTools.UnitTesting.TestClass]
public class SlugTests
//           ^^^^^^^^^ definition class cs:tests/Shop.Tests/OrderTests:SlugTests
{
    [Microsoft.VisualStudio.TestTools.UnitTesting.TestMethod]
    public void Slugs() => "A".Slug();
//              ^^^^^ definition test cs:tests/Shop.Tests/OrderTests:SlugTests.Slugs
//              ^^^^^ tests cs:src/Shop/Util:Text.Slug
//                             ^^^^ calls cs:src/Shop/Util:Text.Slug
}
