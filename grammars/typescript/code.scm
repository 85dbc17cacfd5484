; TypeScript / TSX: what lies below the top level, in one pass
; =============================================================
; Definitions, scopes, local names, fields, returns, calls and references for the TS extractor.
; Every query run walks the whole tree (~1.5 ms per 1,000 lines), so they share this one query.
; Capture names are read by extension/core/parse/typescript_*.ts; grammars/javascript uses the same.
; Must compile for both the TypeScript and the TSX grammar (so no jsx_* node names here).

;; ---- definitions --------------------------------------------------------------------------
(class_declaration name: (_) @name.def) @def.class
(abstract_class_declaration name: (_) @name.def) @def.class
(interface_declaration name: (_) @name.def) @def.interface
(enum_declaration) @def.enum
(type_alias_declaration name: (_) @name.def) @def.type
(function_declaration) @def.function
(generator_function_declaration) @def.function
(function_signature) @def.signature
(class_body (method_signature) @def.signature)
; Interface members: method signatures are methods of the interface, property signatures its fields
; (a language server resolves `store.persist()` on a `Store` to the interface's declaration).
(interface_body (method_signature) @def.signature)
(interface_body (property_signature) @def.field)
(method_definition) @def.method
(abstract_method_signature) @def.method
(public_field_definition value: (_)? @field.value) @def.field
(variable_declarator name: (_) @var.name type: (_)? @var.type value: (_)? @var.value) @def.var
(internal_module) @def.namespace
(module) @def.namespace

; `export default function () {}`, `export default () => …`, `export default class {}`
(export_statement
  value: [(function_expression) (arrow_function) (generator_function) (class)] @def.default)

;; ---- function-like scopes that are not definitions by themselves -----------------------------
(arrow_function) @scope.fn
(function_expression) @scope.fn
(generator_function) @scope.fn
(class) @scope.fn

;; ---- local names: parameters, catch / for-of bindings, type parameters -------------------------
(required_parameter pattern: (_) @local.name)
(optional_parameter pattern: (_) @local.name)
(arrow_function parameter: (identifier) @local.name)
(catch_clause parameter: (_) @local.name)
; The statement too: `for (const x of xs)` types x as an element of xs.
(for_in_statement left: (_) @local.name) @loop
(type_parameter name: (type_identifier) @local.typeparam)
(infer_type (type_identifier) @local.typeparam)
(mapped_type_clause name: (type_identifier) @local.typeparam)

;; ---- `this.x = …` (class fields) and `return …` ---------------------------------------------
(assignment_expression
  left: (member_expression object: (this) property: (_) @this.name)
  right: (_) @this.value)
(return_statement (_) @return.value)

;; ---- `x instanceof C` narrows x to C: in the if's block, after `if (!(x instanceof C)) return`, right of `&&`
(if_statement
  condition: (parenthesized_expression
    (binary_expression left: (identifier) @narrow.name operator: "instanceof" right: [(identifier) (member_expression)] @narrow.type))
  consequence: (_) @narrow.body)
(if_statement
  condition: (parenthesized_expression
    (unary_expression operator: "!" argument: (parenthesized_expression
      (binary_expression left: (identifier) @narrow.name operator: "instanceof" right: [(identifier) (member_expression)] @narrow.type))))
  consequence: (_) @narrow.exit) @narrow.after
(binary_expression
  left: (binary_expression left: (identifier) @narrow.name operator: "instanceof" right: [(identifier) (member_expression)] @narrow.type)
  operator: "&&"
  right: (_) @narrow.body)

;; ---- calls -----------------------------------------------------------------------------------
; Test blocks (describe/it/test) are calls too: their callee text is recognised by the extractor,
; which is cheaper than a separate pattern with a predicate over every call.
(call_expression function: (_) @call.callee arguments: (arguments))
; A tagged template (_`code`, sql`…`) calls its tag, as the checker counts it.
(call_expression function: (_) @call.callee arguments: (template_string))
(new_expression constructor: (_) @new.callee)

;; ---- references: names used as values without being called ------------------------------------
(arguments [(identifier) (member_expression)] @ref.value)
(assignment_expression right: [(identifier) (member_expression)] @ref.value)
(variable_declarator value: [(identifier) (member_expression)] @ref.value)
(return_statement [(identifier) (member_expression)] @ref.value)
(pair value: [(identifier) (member_expression)] @ref.value)
(array [(identifier) (member_expression)] @ref.value)
(shorthand_property_identifier) @ref.value
(binary_expression operator: "instanceof" right: [(identifier) (member_expression)] @ref.value)
(public_field_definition value: [(identifier) (member_expression)] @ref.value)
(arrow_function body: [(identifier) (member_expression)] @ref.value)
(decorator [(identifier) (member_expression)] @ref.value)

; JSX, written without jsx_* node names so that the TypeScript grammar compiles it too:
; an element is the only node with a "<" token and a `name` field; `{expr}` only exists in JSX.
(_ "<" name: [(identifier) (member_expression) (nested_identifier)] @ref.jsx)
(_ "{" . [(identifier) (member_expression)] @ref.value . "}")

; types
(type_identifier) @ref.type
(nested_type_identifier) @ref.type.nested
(type_query [(identifier) (member_expression)] @ref.typeof)
