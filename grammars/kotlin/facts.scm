; Kotlin facts
; ============
; Every node the Kotlin extractor reads, in one query so the tree is walked once. Captures come
; back in document order, so a declaration is seen before what it contains; extension/core/parse/
; kotlin*.ts interpret them (the enclosing declaration of a node is found through its parents).

; ---- Package and imports -------------------------------------------------------------------

(package_header) @package
(import) @import

; ---- Declarations ---------------------------------------------------------------------------

; class, data/sealed/enum/value/annotation class, interface, fun interface
(class_declaration) @definition.type
; object Foo, companion object
(object_declaration) @definition.type
(companion_object) @definition.type
(type_alias) @definition.alias

(function_declaration) @definition.function
(secondary_constructor) @definition.function

; Properties: fields of a class, top-level variables, locals of a function.
(property_declaration) @property
; enum entries are constants of their enum
(enum_entry) @enum.entry

; ---- What bodies do ------------------------------------------------------------------------

(call_expression) @call
; `: this(…)` / `: super(…)` of a secondary constructor
(constructor_delegation_call) @delegation
; `class B : A(…)`: the header calls A's constructor
(delegation_specifier (constructor_invocation) @supercall)

; Locals: `for (x in xs)`, `catch (e: T)`.
(for_statement) @local.for
(catch_block) @local.catch
