; PHP facts
; =========
; Every node the PHP extractor reads, in one query so the tree is walked once. Captures come back
; in document order, so a declaration is seen before what it contains; extension/core/parse/
; php*.ts interpret them (the enclosing declaration of a node is found through its parents).

; ---- Declarations ---------------------------------------------------------------------------

[
  (class_declaration)
  (interface_declaration)
  (trait_declaration)
  (enum_declaration)
] @definition.type

[
  (method_declaration)
  (function_definition)
] @definition.function

; Members of a type body: traits used, properties, constants, enum cases.
(declaration_list (use_declaration) @mixin)
(enum_declaration_list (use_declaration) @mixin)
(property_declaration) @property
(const_declaration) @constant
(enum_case) @enum.case

; ---- Namespaces and imports ----------------------------------------------------------------

(namespace_use_declaration) @use

; ---- What bodies do ------------------------------------------------------------------------

(function_call_expression) @call.function
[
  (member_call_expression)
  (nullsafe_member_call_expression)
] @call.member
(scoped_call_expression) @call.scoped
(object_creation_expression) @new

; Locals: `$x = …`, `foreach (… as $v)`, `catch (T $e)`, closures' typed parameters.
(assignment_expression) @assign
(foreach_statement) @foreach
(catch_clause) @catch
[
  (anonymous_function)
  (arrow_function)
] @closure
(return_statement) @return

; Names of classes outside declarations: `$x instanceof Foo`, `Foo::CONST`, `Foo::class`.
(binary_expression) @binary
(class_constant_access_expression) @class.constant
