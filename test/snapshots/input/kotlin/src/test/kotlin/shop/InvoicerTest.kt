package shop

import kotlin.test.Test
import kotlin.test.assertEquals
import shop.billing.Invoicer
import shop.billing.billAll
import shop.model.Customer
import shop.model.Order

class InvoicerTest {
    private fun order(): Order {
        val o = Order("1", Customer("Ann"))
        o.add("a", 2)
        return o
    }

    @Test
    fun billsTheTotalWithTax() {
        val invoicer = Invoicer.create()
        assertEquals(220, invoicer.bill(order()).cents)
    }

    @Test
    fun billsEveryOrder() {
        assertEquals(1, billAll(listOf(order())).size)
    }
}
