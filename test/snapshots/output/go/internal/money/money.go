// Package money holds amounts in cents.
package money

import "fmt"

// Amount is a sum in cents.
type Amount int64
//   ^^^^^^ definition type go:internal/money/money:Amount

// Cents makes an amount.
func Cents(n int64) Amount { return Amount(n) }
//   ^^^^^ definition function go:internal/money/money:Cents

// Add sums two amounts.
func (a Amount) Add(b Amount) Amount { return a + b }
//              ^^^ definition method go:internal/money/money:Amount.Add

// String prints it.
func (a Amount) String() string { return fmt.Sprintf("%d.%02d", a/100, a%100) }
//              ^^^^^^ definition method go:internal/money/money:Amount.String

// Total sums amounts.
func Total(xs ...Amount) Amount {
//   ^^^^^ definition function go:internal/money/money:Total
	var t Amount
	for _, x := range xs {
		t = t.Add(x)
//      ^^^ calls go:internal/money/money:Amount.Add
	}
	return t
}
