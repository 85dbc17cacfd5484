using System;
using Shop.Models;

namespace Shop.Pricing
{
    // Overloads are told apart by arity and argument types; a static constructor is never `new`'s target.
    public class PriceList
//               ^^^^^^^^^ definition class cs:src/Shop/Pricing:PriceList
    {
        static PriceList() { Defaults = new PriceList(); }
//             ^^^^^^^^^ calls cs:src/Shop/Pricing:PriceList.PriceList#2
//             ^^^^^^^^^ definition method cs:src/Shop/Pricing:PriceList.PriceList

        public static PriceList Defaults { get; private set; }
//                              ^^^^^^^^ definition method cs:src/Shop/Pricing:PriceList.Defaults

        public Func<decimal, decimal> Rounding { get; set; }
//                                    ^^^^^^^^ definition method cs:src/Shop/Pricing:PriceList.Rounding

        public PriceList() : this(0m) { }
//             ^^^^^^^^^ calls cs:src/Shop/Pricing:PriceList.PriceList#3
//             ^^^^^^^^^ definition method cs:src/Shop/Pricing:PriceList.PriceList#2

        public PriceList(decimal floor) { Floor = floor; }
//             ^^^^^^^^^ definition method cs:src/Shop/Pricing:PriceList.PriceList#3

        public decimal Floor { get; }
//                     ^^^^^ definition method cs:src/Shop/Pricing:PriceList.Floor

        public Money Price(string sku) => Price(sku, 1);
//                   ^^^^^ calls cs:src/Shop/Pricing:PriceList.Price#2
//                   ^^^^^ definition method cs:src/Shop/Pricing:PriceList.Price

        public Money Price(string sku, int qty) => Price(new Money(Floor * qty, sku));
//             ^^^^^ calls cs:src/Shop/Models:Money
//                   ^^^^^ calls cs:src/Shop/Pricing:PriceList.Price#3
//                   ^^^^^ definition method cs:src/Shop/Pricing:PriceList.Price#2

        public Money Price(Money m) => m;
//                   ^^^^^ definition method cs:src/Shop/Pricing:PriceList.Price#3

        // Invoking a delegate-typed property calls no declaration.
        public decimal Round(decimal d) => Rounding(d);
//                     ^^^^^ definition method cs:src/Shop/Pricing:PriceList.Round
    }
}
