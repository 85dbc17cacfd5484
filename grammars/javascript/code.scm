; JavaScript / JSX: what lies below the top level, in one pass
; =============================================================
; Definitions, scopes, local names, fields, returns, calls and references for the JS extractor,
; with the capture names of grammars/typescript/code.scm (the interpreting code is shared).
; Every query run walks the whole tree, so they share this one query.

;; ---- definitions --------------------------------------------------------------------------
(class_declaration name: (_) @name.def) @def.class
(function_declaration) @def.function
(generator_function_declaration) @def.function
(method_definition) @def.method
(field_definition value: (_)? @field.value) @def.field
(variable_declarator name: (_) @var.name value: (_)? @var.value) @def.var

; `export default function () {}`, `export default () => …`, `export default class {}`
(export_statement
  value: [(function_expression) (arrow_function) (generator_function) (class)] @def.default)

;; ---- function-like scopes that are not definitions by themselves -----------------------------
(arrow_function) @scope.fn
(function_expression) @scope.fn
(generator_function) @scope.fn
(class) @scope.fn

;; ---- local names: parameters, catch / for-of bindings ----------------------------------------
(formal_parameters
  [(identifier) (assignment_pattern) (rest_pattern) (object_pattern) (array_pattern)] @local.name)
(arrow_function parameter: (identifier) @local.name)
(catch_clause parameter: (_) @local.name)
; The statement too: `for (const x of xs)` types x as an element of xs.
(for_in_statement left: (_) @local.name) @loop

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
; Test blocks (describe/it/test) are calls too: their callee text is recognised by the extractor.
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
(field_definition value: [(identifier) (member_expression)] @ref.value)
(arrow_function body: [(identifier) (member_expression)] @ref.value)
(decorator [(identifier) (member_expression)] @ref.value)

; JSX: <Button />, <Foo.Bar>, onClick={handler}
(jsx_opening_element name: (_) @ref.jsx)
(jsx_self_closing_element name: (_) @ref.jsx)
(jsx_expression [(identifier) (member_expression)] @ref.value)
