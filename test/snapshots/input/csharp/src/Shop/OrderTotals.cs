using System.Linq;
using Shop.Models;

namespace Shop.Orders
{
    // The other part of Order: members of both parts see each other.
    public partial class Order
    {
        public Money Total()
        {
            Money sum = new Money(0, "EUR");
            foreach (var line in _lines)
            {
                sum = sum.Add(line.Total());
            }
            return sum;
        }

        private void Audit() => Log.Info(Describe());

        private string Describe()
        {
            string Prefix(string s) => s.Slug();
            return Prefix(Id) + Buyer.Label() + Buyer.Home.Format();
        }
    }
}
