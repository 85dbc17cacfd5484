/**
 * Per-file facts
 * ==============
 * What one file says about itself, before anything is resolved. Facts are plain JSON, a pure
 * function of (path, content), so they are cached by content hash and can be computed in a worker.
 * The resolver (core/resolve) turns the facts of all files into graph edges.
 *
 * Lines are 1-based. Paths are workspace-relative with forward slashes.
 */

import type { Language, Parser, Query, Tree } from 'web-tree-sitter';
import type { LanguageId } from './languages';

export type { LanguageId } from './languages';

export type { SymbolKind } from '../model/kinds';
import type { SymbolKind } from '../model/kinds';

/**
 * An access path as written in the source, one segment per member access.
 *   `self.client.send`   → ["self", "client", "send"]
 *   `make().run`         → ["make()", "run"]        a segment ending in "()" is the result of calling it
 *   `super().save`       → ["super()", "save"]      (Python)
 *   `super.save`         → ["super", "save"]        (TypeScript/JavaScript)
 *   `new Foo().bar`      → ["Foo()", "bar"]         `new X` is written as a call of X
 *   `a[0].b`             → ["a", "[]", "b"]          an index is an element of what precedes it
 *   `"str".join`         → ["?", "join"]            anything not a plain name/member/call/index becomes "?"
 *   `for x in self.items` → x: ["self", "items", "[]"]  a "[]" segment is an element of what precedes it
 *                                                    (for/for-of targets, comprehensions, indexing)
 *   `const { a }: Opts = …` → a: [":Opts", "a"]      a first segment ":T" is an instance of the type T
 */
export type Chain = string[];

export interface ParamFact {
  name: string;
  /** Type annotation text as written (`Optional["Client"]`, `Client | None`, `Foo<T>`). */
  type?: string;
  /** Default value text, trimmed to 80 chars. */
  default?: string;
  /** TS constructor parameter property (`constructor(private c: Client)`) → becomes a field. */
  isProperty?: boolean;
  /** `*args`, `**kwargs`, `...rest`. */
  isRest?: boolean;
  /** C#: the `this` parameter of an extension method (`static void Foo(this T x)`). Kotlin: the receiver of an extension function (`fun T.foo()`), a first parameter named `this`. */
  isThis?: boolean;
}

/**
 * Something a scope knows about a name, used to type receivers.
 * `x = Foo()` → { name: "x", value: ["Foo()"] }
 * `x: Foo = ...` / `const x: Foo` → { name: "x", type: "Foo" }
 * `x = y.z` → { name: "x", value: ["y", "z"] }
 * For class fields the name is the field name (`self.x = Foo()` inside a method → field "x" of the class).
 */
export interface BindingFact {
  name: string;
  type?: string;
  value?: Chain;
  line: number;
  /** Go: `_, b := f()` binds b to f's result number 1 (0-based); absent = the first. */
  result?: number;
  /** Go: the last line of the block the name is declared in, when that ends before its function does (a type-switch case, an `if`). */
  until?: number;
}

export interface SymbolFact {
  kind: SymbolKind;
  name: string;
  /**
   * Dotted path inside the file, unique per file: `Client`, `Client.send`, `Outer.Inner.m`.
   * Tests from `describe("a") / it("b")` blocks use " > ": `a > b`.
   * Named definitions nested in functions are symbols of their own, under the enclosing one
   * (`make_decorator.decorator.wrapper`, `outer.Local.go`, `suite > case.helper`), up to the caps of
   * parse/nesting.ts; anonymous lambdas and arrow callbacks are not, their calls are the enclosing symbol's.
   * `const f = () => {}` / `const f = function () {}` in a module, a function body or as a class field are functions/methods.
   * jest/vitest/mocha: `describe` and `it`/`test` blocks are both kind "test"; `it` blocks have the describe as parent.
   * pytest/unittest: `test_*` functions and test methods are kind "test"; their class stays a "class".
   */
  qualifiedName: string;
  /** qualifiedName of the enclosing class or function (methods, nested definitions), if any. */
  parent?: string;
  /** Line of the name (or of the definition keyword for anonymous ones). */
  line: number;
  /** Full span, decorators included. */
  startLine: number;
  endLine: number;
  /** The head of the definition on one line, body left out: `def send(self, msg: str) -> bool`. ≤ 200 chars. */
  signature: string;
  /** First non-empty line of the docstring / JSDoc. */
  doc?: string;
  decorators?: string[];
  /** Base class expressions as written (`Base`, `mod.Base`, `Generic[T]`). */
  bases?: string[];
  /** TypeScript `implements` clauses as written. */
  implements?: string[];
  params?: ParamFact[];
  returnType?: string;
  /**
   * Chains of `return <expr>` values of a function when they are a call or a name (`return Foo()` → ["Foo()"]),
   * used to infer a return type when no annotation exists. At most 3.
   */
  returns?: Chain[];
  exported: boolean;
  isAsync?: boolean;
  isStatic?: boolean; // @staticmethod / TS static
  isClassMethod?: boolean; // @classmethod
  isAbstract?: boolean;
  /** Ruby: the modules a class or module `extend`s (`extend M`, `extend self`): their instance methods are its singleton methods. */
  singletonBases?: string[];
  /**
   * C#: the namespace a type is declared in (`A.B`; block and file-scoped namespaces), absent in the global one.
   * PHP: the namespace of a class, interface, trait, enum, function or constant (`App\Model`), absent in the global one.
   * Kotlin: the package of a top-level declaration.
   */
  namespace?: string;
  /** PHP: the traits a class, trait or enum uses (`use A, B;` in its body), as written; resolved as inherits. */
  mixins?: string[];
  /**
   * C/C++: a declaration without a body (a prototype, a method declared in its class, an `extern`
   * variable). Its definition elsewhere is the same entity: calls resolve to the definition when
   * the workspace has one.
   */
  declaration?: boolean;
  /** Local names typed inside this function (params are in `params`, not here). */
  locals?: BindingFact[];
  /** Java: the type parameters of a generic class or method with their first bound (`<T extends Item>` → { name: T, bound: Item }). */
  typeParameters?: { name: string; bound?: string }[];
  /** Class only: fields from class bodies, annotated attributes, `self.x = ...`, `this.x = ...`, ctor param properties. */
  fields?: BindingFact[];
  /** Rust: a method of an `impl` block: the block's self type as written (`Version`, `crate::Version`, `Foo<T>`). */
  implFor?: string;
  /** Rust: the trait of the `impl Trait for Type` block a method is in, as written (`Display`, `fmt::Debug`). */
  implTrait?: string;
  /** Rust: the generic parameters and where clause of that `impl` block (`<'a, T> where T: ToKey + ?Sized`). */
  implGenerics?: string;
  /** Rust: the inline `mod` path the item is declared in (`tests`, `a.b`); absent for the file's own module. */
  inlineModule?: string;
}

export interface ImportFact {
  /** As written: `os.path`, `.models`, `..util.helpers`, `./cache`, `react`, `@scope/pkg/sub`. */
  module: string;
  line: number;
  /** qualifiedName of the enclosing symbol when the import is not at module level. */
  scope?: string;
  /**
   * What the import binds locally:
   *  - `import a.b.c`          → [{ imported: "*module*", local: "a", path: "a" }]  (binds the top package)
   *  - `import a.b as c`       → [{ imported: "*module*", local: "c" }]
   *  - `from m import x as y`  → [{ imported: "x", local: "y" }]
   *  - `import X from "m"`     → [{ imported: "default", local: "X" }]
   *  - `import * as ns from`   → [{ imported: "*module*", local: "ns" }]
   *  - `import {a as b} from`  → [{ imported: "a", local: "b" }]
   *  - `const x = require("m")`→ [{ imported: "*module*", local: "x" }]; `const {a} = require("m")` → [{ imported: "a", local: "a" }]
   *  - `import "m"` / `import m.n` with no binding used → []
   */
  names: { imported: string; local: string }[];
  /** `from m import *` (Python). */
  star?: boolean;
  /** `import type` (TS) — still an import edge, never a call target. */
  typeOnly?: boolean;
  /** `import("m")` / conditional require: dynamic. */
  dynamic?: boolean;
  /** C# `using static A.B;`: the members of type A.B are in scope (star is set too). Java `import static a.B.m` / `import static a.B.*`: `module` is the class, the names its members. */
  isStatic?: boolean;
  /** C# `global using`: in scope in every file of the project. */
  global?: boolean;
  /**
   * Rust `mod x;` (`file`: the child module's file, x.rs or x/mod.rs), `mod x { … }` (`inline`) or
   * `extern crate x as y;` (`extern`): module is the child's (crate's) name, names binds it. Rust
   * `use` facts have module = the full path as written (`crate::parse::Error`, `core::fmt` for
   * `use core::fmt::{self}`), one fact per leaf.
   */
  rustMod?: 'file' | 'inline' | 'extern';
  /** PHP `use function A\f;` / `use const A\C;` (a class or namespace import leaves it out). */
  symbolKind?: 'function' | 'constant';
}

/** A re-export (TS/JS). Python re-exports are just imports in `__init__.py` (plus `__all__`). */
export interface ExportFact {
  /** `export * from "m"` → { module: "m", star: true }; `export { a as b } from "m"` → names. */
  module?: string;
  star?: boolean;
  /** `export * as ns from "m"` → star with `as`: names = [{ imported: "*module*", exported: "ns" }] */
  names?: { imported: string; exported: string }[];
  line: number;
}

export interface CallFact {
  /** qualifiedName of the innermost enclosing named definition (method, function, nested function, test), or undefined at module level. */
  caller?: string;
  callee: Chain;
  line: number;
  /** `new Foo()` in TS/JS and Java (Java: the callee is the type's segments, `new a.B<T>()` → [a, B]). */
  isNew?: boolean;
  /**
   * C#: the arguments as chains (`?` when not one), to pick an overload by arity and argument types. Java too (literals as `:int`, `:String`, lambdas `?λ`), and C/C++ (literals as `:char*`, `:int`, `:double`, `:bool`).
   * Rust: those of a path call (`Ord::cmp(self, rhs)` → [["self"], ["rhs"]]), whose first picks the impl of `Trait::m(x)`.
   */
  args?: Chain[];
  /** Java: the call sits in an anonymous class body extending this type (as written): its members are looked up first. */
  anonymousBase?: string;
}

/** A use of a name that is not a call: a function passed as a value, a type annotation, a base in isinstance... */
export interface ReferenceFact {
  from?: string; // enclosing symbol qualifiedName, undefined at module level
  chain: Chain;
  line: number;
  /** true when it appears in a type position (annotation, `implements`, generic argument). */
  isType?: boolean;
}

export interface FileFacts {
  /** Bump when the shape or the extraction changes: cached facts of another version are re-extracted. */
  version: number;
  path: string;
  language: LanguageId;
  /** sha256 hex of the content. */
  hash: string;
  lines: number;
  /** Count of ERROR/MISSING nodes in the syntax tree; what parsed is still extracted. */
  parseErrors: number;
  /** First error lines, at most 5. */
  errorLines?: number[];
  /** First line of the module docstring / file header comment. */
  doc?: string;
  symbols: SymbolFact[];
  imports: ImportFact[];
  exports: ExportFact[];
  calls: CallFact[];
  references: ReferenceFact[];
  /** Module-level bindings (`client = Client()`, `const api = new Api()`), to type receivers at module scope. */
  bindings: BindingFact[];
  /** Python `__all__` when it is a literal list of strings. */
  all?: string[];
  /** TS/JS `export default <name>` / `export = name` → the local name it exports, or the symbol qualifiedName. */
  defaultExport?: string;
  /** Go: the package clause's name (`server`, `server_test`): files of one folder with the same name are one package. Java: the `package` declaration's dotted name (absent: the default package). */
  package?: string;
  /** Go: the file's build constraints (`//go:build windows`, `_windows.go`) leave it out of a default linux/amd64 build. */
  buildExcluded?: boolean;
  /** A generated file (`// Code generated … DO NOT EDIT.` before the package clause, Go's convention): indexed, but marked. */
  generated?: boolean;
}

export const FACTS_VERSION = 15;

// ---- the extractor contract ----------------------------------------------------------------------

/** A language's grammar as grammar.ts loads it: the parser and the compiled queries. */
export interface LoadedGrammar {
  language: Language;
  parser: Parser;
  /** Queries by file name without `.scm` (`definitions`, `calls`, ...). */
  queries: Map<string, Query>;
}

/** What a language's extractor fills in; extract.ts sets the envelope (version, hash, errors). */
export type ExtractedFacts = Omit<FileFacts, 'version' | 'path' | 'language' | 'hash' | 'lines' | 'parseErrors' | 'errorLines'>;

/**
 * The one shape every language's extractor has: the parsed tree and the language's compiled
 * queries (grammars/<language>/*.scm) in, the facts schema above out. Pure: no file system,
 * no other file's facts (resolution is core/resolve's job). The language's rules stay in its own
 * modules; the registry (languages.ts) names the extractor.
 */
export type Extractor = (input: ExtractorInput) => ExtractedFacts;

export interface ExtractorInput {
  tree: Tree;
  source: string;
  path: string;
  language: LanguageId;
  grammar: LoadedGrammar;
}
