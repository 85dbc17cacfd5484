; JavaScript / JSX: import statements
; ===================================
; Run over the program's direct children only (maxStartDepth 1). `require(...)` and `import(...)`
; anywhere in the code are calls, found by code.scm.

(import_statement) @import
