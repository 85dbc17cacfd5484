using System.Collections.Generic;
using Shop.Models;

namespace Shop.Orders
{
    public partial class Order : Entity
//                       ^^^^^ definition class cs:src/Shop/Order:Order
    {
        private readonly List<Line> _lines = new List<Line>();

        public Order(string id) : base(id)
//^ calls cs:src/Shop/Models:Entity.Entity
//             ^^^^^ definition method cs:src/Shop/Order:Order.Order
        {
            Status = Status.New;
        }

        public Status Status { get; private set; }
//             ^^^^^^ definition method cs:src/Shop/Order:Order.Status

        public Customer Buyer { get; set; }
//                      ^^^^^ definition method cs:src/Shop/Order:Order.Buyer

        public void AddLine(string sku, decimal amount)
//                  ^^^^^^^ definition method cs:src/Shop/Order:Order.AddLine
        {
            var line = new Line(sku, new Money(amount, "EUR"));
//                         ^^^^ calls cs:src/Shop/Models:Line.Line
//                                       ^^^^^ calls cs:src/Shop/Models:Money
            _lines.Add(line);
            Touch();
//          ^^^^^ calls cs:src/Shop/Order:Order.Touch
        }

        public override void Touch()
//                           ^^^^^ definition method cs:src/Shop/Order:Order.Touch
        {
            base.Touch();
//               ^^^^^ calls cs:src/Shop/Models:Entity.Touch
            Audit();
//          ^^^^^ calls cs:src/Shop/OrderTotals:Order.Audit
        }
    }

    public class Customer
//               ^^^^^^^^ definition class cs:src/Shop/Order:Customer
    {
        public string Name { get; set; }
//                    ^^^^ definition method cs:src/Shop/Order:Customer.Name

        public Address Home = new();
//             ^^^^^^^ calls cs:src/Shop/Order:Customer.Address

        public string Label() => Name.Slug();
//                    ^^^^^ definition method cs:src/Shop/Order:Customer.Label
//                                    ^^^^ calls cs:src/Shop/Util:Text.Slug

        public class Address
//                   ^^^^^^^ definition class cs:src/Shop/Order:Customer.Address
        {
            public string City { get; set; }
//                        ^^^^ definition method cs:src/Shop/Order:Customer.Address.City

            public string Format() => City.Slug();
//                        ^^^^^^ definition method cs:src/Shop/Order:Customer.Address.Format
//                                         ^^^^ calls cs:src/Shop/Util:Text.Slug
        }
    }
}
