using NUnit.Framework;
using Shop.Orders;

namespace Shop.Tests;

[TestFixture]
public class OrderTests
{
    [Test]
    public void AddsLines()
    {
        var order = new Order("o-2");
        order.AddLine("A", 1m);
        Assert.That(order.Total().Amount, Is.EqualTo(1m));
    }

    [TestCase("x")]
    public void LabelsCustomers(string name) => Assert.That(new Customer { Name = name }.Label(), Is.EqualTo(name));
}

[Microsoft.VisualStudio.TestTools.UnitTesting.TestClass]
public class SlugTests
{
    [Microsoft.VisualStudio.TestTools.UnitTesting.TestMethod]
    public void Slugs() => "A".Slug();
}
