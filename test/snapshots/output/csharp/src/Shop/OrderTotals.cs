using System.Linq;
using Shop.Models;

namespace Shop.Orders
{
    // The other part of Order: members of both parts see each other.
    public partial class Order
//                       ^^^^^ definition class cs:src/Shop/OrderTotals:Order
    {
        public Money Total()
//                   ^^^^^ definition method cs:src/Shop/OrderTotals:Order.Total
        {
            Money sum = new Money(0, "EUR");
//          ^^^^^ calls cs:src/Shop/Models:Money
            foreach (var line in _lines)
            {
                sum = sum.Add(line.Total());
//                        ^^^ calls cs:src/Shop/Models:Money.Add
//                                 ^^^^^ calls cs:src/Shop/Models:Line.Total
            }
            return sum;
        }

        private void Audit() => Log.Info(Describe());
//                   ^^^^^ definition method cs:src/Shop/OrderTotals:Order.Audit
//                                  ^^^^ calls cs:src/Shop/Util:Log.Info
//                                       ^^^^^^^^ calls cs:src/Shop/OrderTotals:Order.Describe

        private string Describe()
//                     ^^^^^^^^ definition method cs:src/Shop/OrderTotals:Order.Describe
        {
            string Prefix(string s) => s.Slug();
//                 ^^^^^^ definition function cs:src/Shop/OrderTotals:Order.Describe.Prefix
//                                       ^^^^ calls cs:src/Shop/Util:Text.Slug
            return Prefix(Id) + Buyer.Label() + Buyer.Home.Format();
//                 ^^^^^^ calls cs:src/Shop/OrderTotals:Order.Describe.Prefix
//                                    ^^^^^ calls cs:src/Shop/Order:Customer.Label
//                                                         ^^^^^^ calls cs:src/Shop/Order:Customer.Address.Format
        }
    }
}
