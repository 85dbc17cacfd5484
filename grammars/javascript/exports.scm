; JavaScript / JSX: export statements and CommonJS exports
; ========================================================
; Run over the program's direct children only (maxStartDepth 1): ES `export …` statements and the
; CommonJS forms `module.exports = …`, `module.exports.a = …`, `exports.a = …`.

(export_statement) @export

(expression_statement
  (assignment_expression
    left: (member_expression) @cjs.left
    right: (_) @cjs.right))
