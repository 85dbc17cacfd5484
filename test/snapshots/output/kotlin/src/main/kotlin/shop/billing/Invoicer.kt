package shop.billing

import shop.model.*
import shop.util.Log
import shop.util.isBlankish
import shop.util.secondOrNull

interface TaxTable {
//        ^^^^^^^^ definition interface kt:src/main/kotlin/shop/billing/Invoicer:TaxTable
    fun rateFor(customer: Customer): Int
//      ^^^^^^^ definition method kt:src/main/kotlin/shop/billing/Invoicer:TaxTable.rateFor
}

class FlatTax : TaxTable {
//    ^^^^^^^ definition class kt:src/main/kotlin/shop/billing/Invoicer:FlatTax
    override fun rateFor(customer: Customer): Int = if (customer.name.isBlankish()) 0 else 20
//               ^^^^^^^ definition method kt:src/main/kotlin/shop/billing/Invoicer:FlatTax.rateFor
//                                                                    ^^^^^^^^^^ calls kt:src/main/kotlin/shop/util/Text:isBlankish
}

class Invoicer private constructor(private val taxes: TaxTable) {
//    ^^^^^^^^ definition class kt:src/main/kotlin/shop/billing/Invoicer:Invoicer
    fun bill(order: Order): Money {
//      ^^^^ definition method kt:src/main/kotlin/shop/billing/Invoicer:Invoicer.bill
        Log.info("bill")
//          ^^^^ calls kt:src/main/kotlin/shop/util/Text:Log.info
        val total = order.price()
//                        ^^^^^ calls kt:src/main/kotlin/shop/model/Order:Order.price
        val rate = taxes.rateFor(order.customer)
//                       ^^^^^^^ calls kt:src/main/kotlin/shop/billing/Invoicer:TaxTable.rateFor
        return total.add(Money.of(rate))
//                   ^^^ calls kt:src/main/kotlin/shop/model/Entity:Money.add
//                             ^^ calls kt:src/main/kotlin/shop/model/Entity:Money.Companion.of
    }

    fun second(orders: List<Order>): Order? = orders.secondOrNull()
//      ^^^^^^ definition method kt:src/main/kotlin/shop/billing/Invoicer:Invoicer.second
//                                                   ^^^^^^^^^^^^ calls kt:src/main/kotlin/shop/util/Text:secondOrNull

    companion object {
//^ definition class kt:src/main/kotlin/shop/billing/Invoicer:Invoicer.Companion
        fun create(): Invoicer = Invoicer(FlatTax())
//          ^^^^^^ definition method kt:src/main/kotlin/shop/billing/Invoicer:Invoicer.Companion.create
//                    ^^^^^^^^ calls kt:src/main/kotlin/shop/billing/Invoicer:Invoicer
//                                        ^^^^^^^ calls kt:src/main/kotlin/shop/billing/Invoicer:FlatTax
    }
}

fun billAll(orders: List<Order>): List<Money> {
//  ^^^^^^^ definition function kt:src/main/kotlin/shop/billing/Invoicer:billAll
    val invoicer = Invoicer.create()
//                          ^^^^^^ calls kt:src/main/kotlin/shop/billing/Invoicer:Invoicer.Companion.create
    return orders.map { invoicer.bill(it) }
//                               ^^^^ calls kt:src/main/kotlin/shop/billing/Invoicer:Invoicer.bill
}
