// Package money holds amounts in cents.
package money

import "fmt"

// Amount is a sum in cents.
type Amount int64

// Cents makes an amount.
func Cents(n int64) Amount { return Amount(n) }

// Add sums two amounts.
func (a Amount) Add(b Amount) Amount { return a + b }

// String prints it.
func (a Amount) String() string { return fmt.Sprintf("%d.%02d", a/100, a%100) }

// Total sums amounts.
func Total(xs ...Amount) Amount {
	var t Amount
	for _, x := range xs {
		t = t.Add(x)
	}
	return t
}
