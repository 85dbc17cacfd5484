package shop.util

fun String.slug(): String = lowercase().replace(' ', '-')

fun String.isBlankish(): Boolean = trim().isEmpty()

fun <T> List<T>.secondOrNull(): T? = if (size > 1) this[1] else null

object Log {
    private val lines = mutableListOf<String>()

    fun info(message: String) {
        write("INFO", message)
    }

    private fun write(level: String, message: String) {
        lines.add("$level $message")
    }
}

const val VERSION = "1"
