; Rust facts
; ==========
; Every node the Rust extractor reads, in one query so the tree is walked once. Captures come
; back in document order; extension/core/parse/rust.ts sweeps them with a stack of the open
; items, so each node knows the item, impl block and inline module it is in.
; Capture names say the role: `@item.*` definitions and scopes, `@use`, `@let`, `@for`,
; `@iflet`, `@closure`, `@call`, `@macro`.

; ---- Items (and the scopes they open) ----------------------------------------------------

(function_item) @item.fn
(function_signature_item) @item.fn
(struct_item) @item.struct
(union_item) @item.struct
(enum_item) @item.enum
(trait_item) @item.trait
(impl_item) @item.impl
(mod_item) @item.mod
(const_item) @item.const
(static_item) @item.static
(type_item) @item.type
(macro_definition) @item.macro

; ---- Imports -----------------------------------------------------------------------------

(use_declaration) @use
(extern_crate_declaration) @extern

; ---- Bindings that type receivers ----------------------------------------------------------

(let_declaration) @let
(for_expression) @for
(let_condition) @iflet
(closure_expression) @closure

; ---- Uses ----------------------------------------------------------------------------------

(call_expression) @call
(macro_invocation) @macro
