package shop.model

import shop.util.Log

/** Something with an id. */
abstract class Entity(val id: String) {
//             ^^^^^^ definition class kt:src/main/kotlin/shop/model/Entity:Entity
    private var touched = 0

    open fun touch() {
//           ^^^^^ definition method kt:src/main/kotlin/shop/model/Entity:Entity.touch
        touched++
        Log.info("touch $id")
//          ^^^^ calls kt:src/main/kotlin/shop/util/Text:Log.info
    }

    abstract fun describe(): String
//               ^^^^^^^^ definition method kt:src/main/kotlin/shop/model/Entity:Entity.describe
}

interface Priced {
//        ^^^^^^ definition interface kt:src/main/kotlin/shop/model/Entity:Priced
    fun price(): Money
//      ^^^^^ definition method kt:src/main/kotlin/shop/model/Entity:Priced.price
}

data class Money(val cents: Long) {
//         ^^^^^ definition class kt:src/main/kotlin/shop/model/Entity:Money
    fun add(other: Money): Money = Money(cents + other.cents)
//      ^^^ definition method kt:src/main/kotlin/shop/model/Entity:Money.add
//                 ^^^^^ calls kt:src/main/kotlin/shop/model/Entity:Money

    fun times(n: Int): Money = Money(cents * n)
//      ^^^^^ definition method kt:src/main/kotlin/shop/model/Entity:Money.times
//                     ^^^^^ calls kt:src/main/kotlin/shop/model/Entity:Money

    companion object {
//^ definition class kt:src/main/kotlin/shop/model/Entity:Money.Companion
        val ZERO = Money(0)
//                 ^^^^^ calls kt:src/main/kotlin/shop/model/Entity:Money
        fun of(units: Int): Money = Money(units * 100L)
//          ^^ definition method kt:src/main/kotlin/shop/model/Entity:Money.Companion.of
//                          ^^^^^ calls kt:src/main/kotlin/shop/model/Entity:Money
    }
}
