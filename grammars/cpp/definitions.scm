; cpp definitions
; ===========
; The C/C++ extractor (extension/core/parse/cfamily*.ts) walks declarations itself: namespaces,
; linkage blocks, #if branches and class bodies nest, and a walk keeps the enclosing scope at hand.
; This query names the includes, for tools that read the query folder.

(preproc_include path: (_) @include)
