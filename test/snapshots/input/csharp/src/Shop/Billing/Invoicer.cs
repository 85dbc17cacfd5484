using Shop.Orders;
using static Shop.Util.Log;
using M = Shop.Models;

namespace Shop.Billing
{
    public interface IInvoicer
    {
        M.Money Bill(Order order);
    }

    public sealed class Invoicer : IInvoicer
    {
        private readonly ITaxTable _taxes;

        public Invoicer(ITaxTable taxes)
        {
            _taxes = taxes;
        }

        public M.Money Bill(Order order)
        {
            Info("billing " + order.Id);
            var total = order.Total();
            var rate = _taxes.RateFor(order.Buyer);
            return total.Add(new M.Money(total.Amount * rate, total.Currency));
        }

        public static Invoicer Create() => new Invoicer(new FlatTax());
    }

    public interface ITaxTable
    {
        decimal RateFor(Customer customer);
    }

    public class FlatTax : ITaxTable
    {
        public decimal RateFor(Customer customer) => customer.Name.IsBlank() ? 0m : 0.2m;
    }
}
