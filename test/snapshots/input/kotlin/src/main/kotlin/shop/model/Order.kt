package shop.model

import shop.util.slug
import shop.util.Log

class Line(val sku: String, val qty: Int, val unit: Money) : Priced {
    override fun price(): Money = unit.times(qty)

    fun label(): String = sku.slug()
}

sealed class Status {
    object Open : Status()
    data class Paid(val receipt: String) : Status()
    fun isFinal(): Boolean = this is Paid
}

enum class Channel(val code: String) {
    WEB("w"),
    SHOP("s");

    fun label(): String = code.slug()
}

class Order(id: String, val customer: Customer) : Entity(id), Priced {
    private val lines = mutableListOf<Line>()
    var status: Status = Status.Open
    val channel = Channel.WEB

    constructor(customer: Customer) : this("new", customer) {
        Log.info("anonymous order")
    }

    fun add(sku: String, qty: Int): Line {
        val line = Line(sku, qty, Money.of(1))
        lines.add(line)
        touch()
        return line
    }

    override fun touch() {
        super.touch()
        audit()
    }

    private fun audit() {
        Log.info(describe())
    }

    override fun describe(): String {
        fun prefix(): String = customer.name.slug()
        return prefix() + channel.label()
    }

    override fun price(): Money {
        var total = Money.ZERO
        for (line in lines) {
            total = total.add(line.price())
        }
        return total
    }

    fun pay(receipt: String) {
        status = Status.Paid(receipt)
        if (status.isFinal()) Log.info("paid")
    }
}

class Customer(val name: String) {
    val home = Address("x")

    fun greet(): String = home.format()

    class Address(val street: String) {
        fun format(): String = street.slug()
    }
}
