package store

import "example.com/shop/internal/money"

// Item is something for sale.
type Item struct {
	ID    string
	Price money.Amount
	Tags  []string
}

// Discounted is the item's price with a discount applied.
func (i Item) Discounted(pct int64) money.Amount {
	return money.Cents(int64(i.Price) * (100 - pct) / 100)
}
