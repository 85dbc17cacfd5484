package shop

import kotlin.test.Test
import kotlin.test.assertEquals
import shop.billing.Invoicer
import shop.billing.billAll
import shop.model.Customer
import shop.model.Order

class InvoicerTest {
//    ^^^^^^^^^^^^ definition class kt:src/test/kotlin/shop/InvoicerTest:InvoicerTest
    private fun order(): Order {
//              ^^^^^ definition method kt:src/test/kotlin/shop/InvoicerTest:InvoicerTest.order
        val o = Order("1", Customer("Ann"))
//              ^^^^^ calls kt:src/main/kotlin/shop/model/Order:Order
//                         ^^^^^^^^ calls kt:src/main/kotlin/shop/model/Order:Customer
        o.add("a", 2)
//        ^^^ calls kt:src/main/kotlin/shop/model/Order:Order.add
        return o
    }

    @Test
    fun billsTheTotalWithTax() {
//      ^^^^^^^^^^^^^^^^^^^^ definition test kt:src/test/kotlin/shop/InvoicerTest:InvoicerTest.billsTheTotalWithTax
//      ^^^^^^^^^^^^^^^^^^^^ tests kt:src/main/kotlin/shop/billing/Invoicer:Invoicer.Companion.create
//      ^^^^^^^^^^^^^^^^^^^^ tests kt:src/main/kotlin/shop/billing/Invoicer:Invoicer.bill
        val invoicer = Invoicer.create()
//                              ^^^^^^ calls kt:src/main/kotlin/shop/billing/Invoicer:Invoicer.Companion.create
        assertEquals(220, invoicer.bill(order()).cents)
//                                 ^^^^ calls kt:src/main/kotlin/shop/billing/Invoicer:Invoicer.bill
//                                      ^^^^^ calls kt:src/test/kotlin/shop/InvoicerTest:InvoicerTest.order
    }

    @Test
    fun billsEveryOrder() {
//      ^^^^^^^^^^^^^^^ definition test kt:src/test/kotlin/shop/InvoicerTest:InvoicerTest.billsEveryOrder
//      ^^^^^^^^^^^^^^^ tests kt:src/main/kotlin/shop/billing/Invoicer:billAll
        assertEquals(1, billAll(listOf(order())).size)
//                      ^^^^^^^ calls kt:src/main/kotlin/shop/billing/Invoicer:billAll
//                                     ^^^^^ calls kt:src/test/kotlin/shop/InvoicerTest:InvoicerTest.order
    }
}
