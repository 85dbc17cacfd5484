; Go definitions
; ==============
; The top-level declarations the Go extractor reads (extension/core/parse/go*.ts), found in one
; pass. Bodies (calls, locals) are walked by the extractor itself: Go's statement grammar is small
; and a walk keeps the enclosing definition at hand. Capture names say the role.

(source_file (package_clause (package_identifier) @package))
(source_file (import_declaration) @import)
(source_file (function_declaration) @function)
(source_file (method_declaration) @method)
(source_file (type_declaration) @type)
(source_file (const_declaration) @const)
(source_file (var_declaration) @var)
