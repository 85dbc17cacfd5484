package shop.model

import shop.util.slug
import shop.util.Log

class Line(val sku: String, val qty: Int, val unit: Money) : Priced {
//    ^^^^ definition class kt:src/main/kotlin/shop/model/Order:Line
    override fun price(): Money = unit.times(qty)
//               ^^^^^ definition method kt:src/main/kotlin/shop/model/Order:Line.price
//                                     ^^^^^ calls kt:src/main/kotlin/shop/model/Entity:Money.times

    fun label(): String = sku.slug()
//      ^^^^^ definition method kt:src/main/kotlin/shop/model/Order:Line.label
//                            ^^^^ calls kt:src/main/kotlin/shop/util/Text:slug
}

sealed class Status {
//           ^^^^^^ definition class kt:src/main/kotlin/shop/model/Order:Status
    object Open : Status()
//         ^^^^ definition class kt:src/main/kotlin/shop/model/Order:Status.Open
//                ^^^^^^ calls kt:src/main/kotlin/shop/model/Order:Status
    data class Paid(val receipt: String) : Status()
//             ^^^^ definition class kt:src/main/kotlin/shop/model/Order:Status.Paid
//                                         ^^^^^^ calls kt:src/main/kotlin/shop/model/Order:Status
    fun isFinal(): Boolean = this is Paid
//      ^^^^^^^ definition method kt:src/main/kotlin/shop/model/Order:Status.isFinal
}

enum class Channel(val code: String) {
//         ^^^^^^^ definition enum kt:src/main/kotlin/shop/model/Order:Channel
    WEB("w"),
    SHOP("s");

    fun label(): String = code.slug()
//      ^^^^^ definition method kt:src/main/kotlin/shop/model/Order:Channel.label
//                             ^^^^ calls kt:src/main/kotlin/shop/util/Text:slug
}

class Order(id: String, val customer: Customer) : Entity(id), Priced {
//    ^^^^^ definition class kt:src/main/kotlin/shop/model/Order:Order
//                                                ^^^^^^ calls kt:src/main/kotlin/shop/model/Entity:Entity
    private val lines = mutableListOf<Line>()
    var status: Status = Status.Open
    val channel = Channel.WEB

    constructor(customer: Customer) : this("new", customer) {
//^ calls kt:src/main/kotlin/shop/model/Order:Order
//  ^^^^^^^^^^^ definition method kt:src/main/kotlin/shop/model/Order:Order.constructor
        Log.info("anonymous order")
//          ^^^^ calls kt:src/main/kotlin/shop/util/Text:Log.info
    }

    fun add(sku: String, qty: Int): Line {
//      ^^^ definition method kt:src/main/kotlin/shop/model/Order:Order.add
        val line = Line(sku, qty, Money.of(1))
//                 ^^^^ calls kt:src/main/kotlin/shop/model/Order:Line
//                                      ^^ calls kt:src/main/kotlin/shop/model/Entity:Money.Companion.of
        lines.add(line)
        touch()
//      ^^^^^ calls kt:src/main/kotlin/shop/model/Order:Order.touch
        return line
    }

    override fun touch() {
//               ^^^^^ definition method kt:src/main/kotlin/shop/model/Order:Order.touch
        super.touch()
//            ^^^^^ calls kt:src/main/kotlin/shop/model/Entity:Entity.touch
        audit()
//      ^^^^^ calls kt:src/main/kotlin/shop/model/Order:Order.audit
    }

    private fun audit() {
//              ^^^^^ definition method kt:src/main/kotlin/shop/model/Order:Order.audit
        Log.info(describe())
//          ^^^^ calls kt:src/main/kotlin/shop/util/Text:Log.info
//               ^^^^^^^^ calls kt:src/main/kotlin/shop/model/Order:Order.describe
    }

    override fun describe(): String {
//               ^^^^^^^^ definition method kt:src/main/kotlin/shop/model/Order:Order.describe
        fun prefix(): String = customer.name.slug()
//          ^^^^^^ definition function kt:src/main/kotlin/shop/model/Order:Order.describe.prefix
//                                           ^^^^ calls kt:src/main/kotlin/shop/util/Text:slug
        return prefix() + channel.label()
//             ^^^^^^ calls kt:src/main/kotlin/shop/model/Order:Order.describe.prefix
//                                ^^^^^ calls kt:src/main/kotlin/shop/model/Order:Channel.label
    }

    override fun price(): Money {
//               ^^^^^ definition method kt:src/main/kotlin/shop/model/Order:Order.price
        var total = Money.ZERO
        for (line in lines) {
            total = total.add(line.price())
//                        ^^^ calls kt:src/main/kotlin/shop/model/Entity:Money.add
//                                 ^^^^^ calls kt:src/main/kotlin/shop/model/Order:Line.price
        }
        return total
    }

    fun pay(receipt: String) {
//      ^^^ definition method kt:src/main/kotlin/shop/model/Order:Order.pay
        status = Status.Paid(receipt)
//                      ^^^^ calls kt:src/main/kotlin/shop/model/Order:Status.Paid
        if (status.isFinal()) Log.info("paid")
//                 ^^^^^^^ calls kt:src/main/kotlin/shop/model/Order:Status.isFinal
//                                ^^^^ calls kt:src/main/kotlin/shop/util/Text:Log.info
    }
}

class Customer(val name: String) {
//    ^^^^^^^^ definition class kt:src/main/kotlin/shop/model/Order:Customer
    val home = Address("x")
//             ^^^^^^^ calls kt:src/main/kotlin/shop/model/Order:Customer.Address

    fun greet(): String = home.format()
//      ^^^^^ definition method kt:src/main/kotlin/shop/model/Order:Customer.greet
//                             ^^^^^^ calls kt:src/main/kotlin/shop/model/Order:Customer.Address.format

    class Address(val street: String) {
//        ^^^^^^^ definition class kt:src/main/kotlin/shop/model/Order:Customer.Address
        fun format(): String = street.slug()
//          ^^^^^^ definition method kt:src/main/kotlin/shop/model/Order:Customer.Address.format
//                                    ^^^^ calls kt:src/main/kotlin/shop/util/Text:slug
    }
}
