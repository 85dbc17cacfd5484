; Python facts
; ============
; Every node the Python extractor reads, in one query so the tree is walked once (a query pass
; costs about as much as the patterns in it together; eight passes cost three times one).
; Capture names say the role: `@definition.*`, `@binding.*`, `@bound`, `@import`, `@call`,
; `@return`, `@type`, `@reference`. extension/core/parse/python*.ts interpret the captured nodes.

; ---- Definitions ---------------------------------------------------------------------------

; The parts read later are captured here: fetching them node by node costs more than the query.
(class_definition
  name: (identifier) @definition.name
  superclasses: (_)? @definition.bases
  body: (_)? @definition.body) @definition.class

(function_definition
  name: (identifier) @definition.name
  parameters: (_)? @definition.params
  return_type: (_)? @definition.returns
  body: (_)? @definition.body) @definition.function

; `type X = ...` (Python 3.12)
(type_alias_statement
  left: (type (identifier) @definition.name)) @definition.alias

; Docstrings: a string statement opening the module or a def's body.
(module . (expression_statement . (string) @doc.module .))

([
  (function_definition body: (block . (expression_statement . (string) @doc.string .)))
  (class_definition body: (block . (expression_statement . (string) @doc.string .)))
] @doc.definition)

; Decorators: the span of a decorated def starts at its first decorator.
(decorated_definition
  definition: (_) @decorated.definition) @decorated

; ---- Bindings ------------------------------------------------------------------------------

; `x = v`, `x: T = v`, `x: T` (tuple targets are left out: their values cannot be split).
(assignment
  left: (identifier) @binding.name) @binding.assign

; `self.x = v`, `self.x: T = v`: a field when the object is the method's receiver.
(assignment
  left: (attribute
    object: (identifier) @binding.object
    attribute: (identifier) @binding.name)) @binding.member

; `with open(p) as f`.
(with_item
  value: (as_pattern
    .
    (_) @binding.value
    alias: (as_pattern_target (identifier) @binding.name))) @binding.with

; `for x in xs`: x is an element of xs (a "[]" segment).
(for_statement
  left: (identifier) @binding.name
  right: (_) @binding.value) @binding.for

; `for k, v in d.items()`: v is a value of d; `for i, x in enumerate(xs)`: x is an element of xs.
(for_statement
  left: (pattern_list . (identifier) . (identifier) @binding.name .)
  right: (call
    function: (attribute attribute: (identifier) @binding.items))
  (#eq? @binding.items "items")) @binding.pairs

(for_statement
  left: (pattern_list . (identifier) . (identifier) @binding.name .)
  right: (call
    function: (identifier) @binding.enumerate
    arguments: (argument_list . (_) @binding.value))
  (#eq? @binding.enumerate "enumerate")) @binding.pairs

; `[p.total() for p in self.lines]`: p is an element of self.lines, as in a for statement.
(for_in_clause
  left: (identifier) @binding.name
  right: (_) @binding.value) @binding.for

; `except NotFound as e`: e is an instance of the exception class.
(except_clause
  value: (as_pattern
    .
    (_) @binding.value
    alias: (as_pattern_target (identifier) @binding.name))) @binding.except

; `__all__ += [...]`.
(augmented_assignment
  left: (identifier) @binding.name
  right: (_) @binding.value
  (#eq? @binding.name "__all__")) @binding.extend

; PEP 257 attribute docstring: a string statement right after a module-level `x = ...`.
(module
  (expression_statement (assignment left: (identifier)) @vardoc.assign)
  .
  (expression_statement . (string) @vardoc.string .))

; ---- Names bound in a function (references to them are local) ------------------------------
; Plain assignments come from the bindings above.

(parameters (identifier) @bound)
(lambda_parameters (identifier) @bound)
(typed_parameter . (identifier) @bound)
(default_parameter name: (identifier) @bound)
(typed_default_parameter name: (identifier) @bound)
(list_splat_pattern (identifier) @bound)
(dictionary_splat_pattern (identifier) @bound)
(for_statement left: (identifier) @bound)
(for_in_clause left: (identifier) @bound)
(pattern_list (identifier) @bound)
(tuple_pattern (identifier) @bound)
(list_pattern (identifier) @bound)
(as_pattern_target (identifier) @bound)
(as_pattern_target (tuple (identifier) @bound))
(named_expression name: (identifier) @bound)

; `global x`: x stays the module's.
(global_statement (identifier) @global)

; ---- Imports -------------------------------------------------------------------------------
; `from __future__ import ...` is a compiler switch (future_import_statement), not an import.

(import_statement) @import
(import_from_statement) @import

; ---- Narrowing -----------------------------------------------------------------------------
; `isinstance(x, T)` narrows x to T where a checker would: inside `if`/`elif`, after
; `if not isinstance(x, T): return`/`raise`, after `assert isinstance(x, T)` (python_narrowing.ts).

(if_statement
  condition: (call
    function: (identifier) @narrow.fn
    arguments: (argument_list . (identifier) @narrow.name . (_) @narrow.type .))
  consequence: (block) @narrow.body
  (#eq? @narrow.fn "isinstance"))

(elif_clause
  condition: (call
    function: (identifier) @narrow.fn
    arguments: (argument_list . (identifier) @narrow.name . (_) @narrow.type .))
  consequence: (block) @narrow.body
  (#eq? @narrow.fn "isinstance"))

(if_statement
  condition: (not_operator
    argument: (call
      function: (identifier) @narrow.fn
      arguments: (argument_list . (identifier) @narrow.name . (_) @narrow.type .)))
  consequence: (block) @narrow.exit
  (#eq? @narrow.fn "isinstance")) @narrow.after

(assert_statement
  .
  (call
    function: (identifier) @narrow.fn
    arguments: (argument_list . (identifier) @narrow.name . (_) @narrow.type .))
  (#eq? @narrow.fn "isinstance")) @narrow.after

; ---- Calls and returns ---------------------------------------------------------------------

; The callee of every call; it starts where the call starts.
(call function: (_) @call)

; Returned values that can name a type: a call, a name, a member chain.
(return_statement
  [(call) (identifier) (attribute) (await) (parenthesized_expression)] @return)

; ---- Annotations ---------------------------------------------------------------------------
; Outermost annotation nodes; the names inside are read by python_uses.ts.

(typed_parameter type: (type) @type)
(typed_default_parameter type: (type) @type)
(function_definition return_type: (type) @type)
(assignment type: (type) @type)
(type_alias_statement right: (type) @type)

; ---- Value references ----------------------------------------------------------------------
; Names and member chains used as values without being called: arguments, right-hand sides,
; returned/yielded values, container items, operands, conditions, defaults, decorators, exceptions.

(argument_list [(identifier) (attribute)] @reference)
(keyword_argument value: [(identifier) (attribute)] @reference)
(list_splat [(identifier) (attribute)] @reference)
(dictionary_splat [(identifier) (attribute)] @reference)
(assignment right: [(identifier) (attribute)] @reference)
(augmented_assignment right: [(identifier) (attribute)] @reference)
(named_expression value: [(identifier) (attribute)] @reference)
(return_statement [(identifier) (attribute)] @reference)
(yield [(identifier) (attribute)] @reference)
(await [(identifier) (attribute)] @reference)
(expression_list [(identifier) (attribute)] @reference)
(list [(identifier) (attribute)] @reference)
(tuple [(identifier) (attribute)] @reference)
(set [(identifier) (attribute)] @reference)
(pair key: [(identifier) (attribute)] @reference)
(pair value: [(identifier) (attribute)] @reference)
(parenthesized_expression [(identifier) (attribute)] @reference)
(subscript value: [(identifier) (attribute)] @reference)
(subscript subscript: [(identifier) (attribute)] @reference)
(default_parameter value: [(identifier) (attribute)] @reference)
(typed_default_parameter value: [(identifier) (attribute)] @reference)
(decorator [(identifier) (attribute)] @reference)
(except_clause [(identifier) (attribute)] @reference)
(as_pattern . [(identifier) (attribute)] @reference)
(raise_statement [(identifier) (attribute)] @reference)
(with_item value: [(identifier) (attribute)] @reference)
(for_statement right: [(identifier) (attribute)] @reference)
(for_in_clause right: [(identifier) (attribute)] @reference)
(if_clause [(identifier) (attribute)] @reference)
(if_statement condition: [(identifier) (attribute)] @reference)
(elif_clause condition: [(identifier) (attribute)] @reference)
(while_statement condition: [(identifier) (attribute)] @reference)
(assert_statement [(identifier) (attribute)] @reference)
(boolean_operator [(identifier) (attribute)] @reference)
(not_operator argument: [(identifier) (attribute)] @reference)
(unary_operator argument: [(identifier) (attribute)] @reference)
(binary_operator [(identifier) (attribute)] @reference)
(comparison_operator [(identifier) (attribute)] @reference)
(conditional_expression [(identifier) (attribute)] @reference)
(interpolation expression: [(identifier) (attribute)] @reference)
(lambda body: [(identifier) (attribute)] @reference)

; Positional superclasses are the class's `bases`, not references.
(class_definition
  superclasses: (argument_list [(identifier) (attribute)] @reference.base))
