using System.Collections.Generic;
using Shop.Models;

namespace Shop.Orders
{
    public partial class Order : Entity
    {
        private readonly List<Line> _lines = new List<Line>();

        public Order(string id) : base(id)
        {
            Status = Status.New;
        }

        public Status Status { get; private set; }

        public Customer Buyer { get; set; }

        public void AddLine(string sku, decimal amount)
        {
            var line = new Line(sku, new Money(amount, "EUR"));
            _lines.Add(line);
            Touch();
        }

        public override void Touch()
        {
            base.Touch();
            Audit();
        }
    }

    public class Customer
    {
        public string Name { get; set; }

        public Address Home = new();

        public string Label() => Name.Slug();

        public class Address
        {
            public string City { get; set; }

            public string Format() => City.Slug();
        }
    }
}
