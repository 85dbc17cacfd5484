; Ruby definitions
; ================
; The definitions the Ruby extractor reads (extension/core/parse/ruby.ts), at any depth: Ruby
; nests classes in modules, defs in `class << self`, `private def` in argument lists. The
; extractor walks the file once in source order and reads these nodes as definitions (the
; namespace, `private` and `module_function` state come from the walk). Capture names say the role.

(class name: (_) @name) @class
(module name: (_) @name) @module
(method name: (_) @name) @method
(singleton_method name: (_) @name) @singleton_method
