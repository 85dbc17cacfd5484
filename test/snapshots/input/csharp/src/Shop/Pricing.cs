using System;
using Shop.Models;

namespace Shop.Pricing
{
    // Overloads are told apart by arity and argument types; a static constructor is never `new`'s target.
    public class PriceList
    {
        static PriceList() { Defaults = new PriceList(); }

        public static PriceList Defaults { get; private set; }

        public Func<decimal, decimal> Rounding { get; set; }

        public PriceList() : this(0m) { }

        public PriceList(decimal floor) { Floor = floor; }

        public decimal Floor { get; }

        public Money Price(string sku) => Price(sku, 1);

        public Money Price(string sku, int qty) => Price(new Money(Floor * qty, sku));

        public Money Price(Money m) => m;

        // Invoking a delegate-typed property calls no declaration.
        public decimal Round(decimal d) => Rounding(d);
    }
}
