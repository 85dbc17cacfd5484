; C# facts
; ========
; Every node the C# extractor reads, in one query so the tree is walked once. Captures come back
; in document order, so a declaration is seen before what it contains; extension/core/parse/
; csharp*.ts interpret them (the enclosing declaration of a node is found through its parents).

; ---- Declarations ---------------------------------------------------------------------------

[
  (class_declaration)
  (struct_declaration)
  (interface_declaration)
  (enum_declaration)
  (record_declaration)
  (delegate_declaration)
] @definition.type

[
  (method_declaration)
  (constructor_declaration)
  (destructor_declaration)
  (property_declaration)
  (indexer_declaration)
  (operator_declaration)
  (conversion_operator_declaration)
  (event_declaration)
  (local_function_statement)
] @definition.member

; Fields and events of a type body: typed members a receiver chain walks through.
[
  (field_declaration)
  (event_field_declaration)
] @field

; ---- Conditional compilation ----------------------------------------------------------------

; `#define X` before the code, then `#if X … #elif … #else … #endif`: branches the compiler skips are no code.
(preproc_define) @preproc.define
(preproc_undef) @preproc.undef
(preproc_if) @preproc.if

; ---- Namespaces and usings -----------------------------------------------------------------

(file_scoped_namespace_declaration) @namespace.file
(namespace_declaration) @namespace.block
(using_directive) @using

; ---- What bodies do ------------------------------------------------------------------------

(invocation_expression) @call
(object_creation_expression) @new
(implicit_object_creation_expression) @new.implicit
(constructor_initializer) @initializer
(primary_constructor_base_type) @initializer.primary

; Locals: `T x = …`, `var x = …`, `foreach (T x in …)`, `x is T t`, `catch (T e)`, `out T x`.
(variable_declaration) @local
(foreach_statement) @local.foreach
(declaration_pattern) @local.pattern
(catch_declaration) @local.catch
(declaration_expression) @local.declaration
