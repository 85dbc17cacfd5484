package shop.util

fun String.slug(): String = lowercase().replace(' ', '-')
//         ^^^^ definition function kt:src/main/kotlin/shop/util/Text:slug

fun String.isBlankish(): Boolean = trim().isEmpty()
//         ^^^^^^^^^^ definition function kt:src/main/kotlin/shop/util/Text:isBlankish

fun <T> List<T>.secondOrNull(): T? = if (size > 1) this[1] else null
//              ^^^^^^^^^^^^ definition function kt:src/main/kotlin/shop/util/Text:secondOrNull

object Log {
//     ^^^ definition class kt:src/main/kotlin/shop/util/Text:Log
    private val lines = mutableListOf<String>()

    fun info(message: String) {
//      ^^^^ definition method kt:src/main/kotlin/shop/util/Text:Log.info
        write("INFO", message)
//      ^^^^^ calls kt:src/main/kotlin/shop/util/Text:Log.write
    }

    private fun write(level: String, message: String) {
//              ^^^^^ definition method kt:src/main/kotlin/shop/util/Text:Log.write
        lines.add("$level $message")
    }
}

const val VERSION = "1"
//        ^^^^^^^ definition constant kt:src/main/kotlin/shop/util/Text:VERSION
