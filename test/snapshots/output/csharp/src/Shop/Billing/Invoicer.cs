using Shop.Orders;
using static Shop.Util.Log;
using M = Shop.Models;

namespace Shop.Billing
{
    public interface IInvoicer
//                   ^^^^^^^^^ definition interface cs:src/Shop/Billing/Invoicer:IInvoicer
    {
        M.Money Bill(Order order);
//              ^^^^ definition method cs:src/Shop/Billing/Invoicer:IInvoicer.Bill
    }

    public sealed class Invoicer : IInvoicer
//                      ^^^^^^^^ definition class cs:src/Shop/Billing/Invoicer:Invoicer
    {
        private readonly ITaxTable _taxes;

        public Invoicer(ITaxTable taxes)
//             ^^^^^^^^ definition method cs:src/Shop/Billing/Invoicer:Invoicer.Invoicer
        {
            _taxes = taxes;
        }

        public M.Money Bill(Order order)
//                     ^^^^ definition method cs:src/Shop/Billing/Invoicer:Invoicer.Bill
        {
            Info("billing " + order.Id);
//          ^^^^ calls cs:src/Shop/Util:Log.Info
            var total = order.Total();
//                            ^^^^^ calls cs:src/Shop/OrderTotals:Order.Total
            var rate = _taxes.RateFor(order.Buyer);
//                            ^^^^^^^ calls cs:src/Shop/Billing/Invoicer:ITaxTable.RateFor
            return total.Add(new M.Money(total.Amount * rate, total.Currency));
//                       ^^^ calls cs:src/Shop/Models:Money.Add
//                                 ^^^^^ calls cs:src/Shop/Models:Money
        }

        public static Invoicer Create() => new Invoicer(new FlatTax());
//                    ^^^^^^^^ calls cs:src/Shop/Billing/Invoicer:Invoicer.Invoicer
//                             ^^^^^^ definition method cs:src/Shop/Billing/Invoicer:Invoicer.Create
//                                                          ^^^^^^^ calls cs:src/Shop/Billing/Invoicer:FlatTax
    }

    public interface ITaxTable
//                   ^^^^^^^^^ definition interface cs:src/Shop/Billing/Invoicer:ITaxTable
    {
        decimal RateFor(Customer customer);
//              ^^^^^^^ definition method cs:src/Shop/Billing/Invoicer:ITaxTable.RateFor
    }

    public class FlatTax : ITaxTable
//               ^^^^^^^ definition class cs:src/Shop/Billing/Invoicer:FlatTax
    {
        public decimal RateFor(Customer customer) => customer.Name.IsBlank() ? 0m : 0.2m;
//                     ^^^^^^^ definition method cs:src/Shop/Billing/Invoicer:FlatTax.RateFor
//                                                                 ^^^^^^^ calls cs:src/Shop/Util:Text.IsBlank
    }
}
