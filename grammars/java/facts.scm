; Java facts
; ==========
; Every node the Java extractor reads, in one query so the tree is walked once. Capture names say
; the role; extension/core/parse/java*.ts interpret the captured nodes in document order, keeping
; a stack of the enclosing definitions by their spans.

(package_declaration) @package
(import_declaration) @import

; ---- Definitions (named) ---------------------------------------------------------------------
[
  (class_declaration)
  (interface_declaration)
  (enum_declaration)
  (record_declaration)
  (annotation_type_declaration)
] @type

[
  (method_declaration)
  (constructor_declaration)
  (compact_constructor_declaration)
  (annotation_type_element_declaration)
] @method

; ---- Anonymous class bodies: transparent, but their members shadow the enclosing class's -------
(object_creation_expression (class_body) @anonymous)
(enum_constant body: (class_body) @anonymous)

; ---- Typed names ------------------------------------------------------------------------------
(field_declaration) @field
(constant_declaration) @field
(enum_constant) @constant
(local_variable_declaration) @local
(enhanced_for_statement) @for
(catch_formal_parameter) @catch
(resource type: (_)) @resource
(lambda_expression parameters: (formal_parameters (formal_parameter) @lambda.param))
(instanceof_expression name: (identifier)) @pattern
(type_pattern) @pattern

; ---- Calls ----------------------------------------------------------------------------------
(method_invocation) @call
(object_creation_expression) @new
(explicit_constructor_invocation) @ctor
