; TypeScript / TSX: export statements
; ===================================
; Run over the program's direct children only (maxStartDepth 1). The extractor reads each
; statement's parts: `export *`, `export * as ns`, `export { a as b } [from "m"]`, `export default x`,
; `export = x`; exported declarations are recognised from their own definition.

(export_statement) @export
