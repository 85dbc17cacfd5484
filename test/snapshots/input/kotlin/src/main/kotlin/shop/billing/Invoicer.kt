package shop.billing

import shop.model.*
import shop.util.Log
import shop.util.isBlankish
import shop.util.secondOrNull

interface TaxTable {
    fun rateFor(customer: Customer): Int
}

class FlatTax : TaxTable {
    override fun rateFor(customer: Customer): Int = if (customer.name.isBlankish()) 0 else 20
}

class Invoicer private constructor(private val taxes: TaxTable) {
    fun bill(order: Order): Money {
        Log.info("bill")
        val total = order.price()
        val rate = taxes.rateFor(order.customer)
        return total.add(Money.of(rate))
    }

    fun second(orders: List<Order>): Order? = orders.secondOrNull()

    companion object {
        fun create(): Invoicer = Invoicer(FlatTax())
    }
}

fun billAll(orders: List<Order>): List<Money> {
    val invoicer = Invoicer.create()
    return orders.map { invoicer.bill(it) }
}
