package shop.model

import shop.util.Log

/** Something with an id. */
abstract class Entity(val id: String) {
    private var touched = 0

    open fun touch() {
        touched++
        Log.info("touch $id")
    }

    abstract fun describe(): String
}

interface Priced {
    fun price(): Money
}

data class Money(val cents: Long) {
    fun add(other: Money): Money = Money(cents + other.cents)

    fun times(n: Int): Money = Money(cents * n)

    companion object {
        val ZERO = Money(0)
        fun of(units: Int): Money = Money(units * 100L)
    }
}
