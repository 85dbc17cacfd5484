/**
 * Language registry
 * =================
 * Everything the house knows about a language, in one entry: its file extensions, the VS Code
 * language ids it serves, its tree-sitter grammar (the `.wasm` and the npm package that ships it),
 * its query folder under grammars/, its extractor, the prefix of its symbol ids and the resolver
 * family that resolves it. The walk, the parse pool, the extension's selectors and `when` clauses,
 * the settings' language enum (checked by test/unit/languages.test.ts) and esbuild's grammar copy
 * all read this table, so a new language is an entry here plus its own modules.
 *
 * Extractors load on first use (a `require` inside the entry: the worker threads run the source
 * without an ESM loader, and the bundle keeps each extractor's module init lazy), so reading the
 * table loads no extractor.
 */
import type { Extractor } from './facts';

/** Which resolver resolves a language's facts (core/resolve): languages of one family see each other's symbols. */
export type ResolverFamily = 'python' | 'ecmascript' | 'go' | 'csharp' | 'rust' | 'ruby' | 'php' | 'java' | 'kotlin' | 'cfamily';

interface LanguageEntry {
  /** The name `kgMemory.languages` (and `--languages`) uses for it: TSX is indexed with TypeScript. */
  readonly setting: string;
  /** File extensions without the dot, lower case. */
  readonly extensions: readonly string[];
  /** Whole base names of its files that have no extension (Ruby's `Rakefile`, `Gemfile`). */
  readonly fileNames?: readonly string[];
  /** VS Code language ids of its documents; the first is its Markdown fence language too. */
  readonly vscodeLanguageIds: readonly string[];
  /** The grammar: the npm package that ships it and the `.wasm` file's path inside that package. */
  readonly grammar: { readonly npmPackage: string; readonly wasm: string };
  /** Its `.scm` queries: grammars/<queries>/. */
  readonly queries: string;
  /** Loads its extractor on first use: query captures in, facts out (extract.ts). */
  readonly extractor: () => Extractor;
  /** Symbol ids start `<idPrefix>:` (model/ids.ts). */
  readonly idPrefix: string;
  readonly family: ResolverFamily;
  /** Its test files by base name (`test_x.py`, `x.test.ts`); folders named tests/ count for every language. */
  readonly testFile: RegExp;
  /** The base names a test file is named after (`test_api.py` → `api.py`), for the naming convention. */
  readonly testedFiles: (testBase: string) => string[];
  /** The project files its resolver reads, by base name; a `*` matches within the name (`tsconfig*.json`, `*.csproj`). */
  readonly configFiles?: readonly string[];
}

const VSCODE_WASM = '@vscode/tree-sitter-wasm';

const ECMASCRIPT_TEST_FILE = /\.(test|spec)\.[mc]?[jt]sx?$/;
const ECMASCRIPT_CONFIG_FILES = ['tsconfig*.json', 'jsconfig.json', 'package.json'];
function ecmascriptTestedFiles(base: string): string[] {
  const m = /^(.+)\.(test|spec)\.[mc]?[jt]sx?$/.exec(base);
  return m ? ['ts', 'tsx', 'js', 'jsx', 'mts', 'mjs'].map((e) => `${m[1]}.${e}`) : [];
}

// C/C++ tests: `foo_test.cc`, `test_foo.c`, `foo_unittest.cpp`, `FooTest.cpp`.
const CFAMILY_TEST_FILE = /^(test_.+|.+_(unit)?test|.+Tests?)\.(c|cc|cpp|cxx)$/;
const CFAMILY_CONFIG_FILES = ['compile_commands.json'];
function cfamilyTestedFiles(base: string): string[] {
  const m = /^test_(.+)\.(\w+)$/.exec(base) ?? /^(.+?)_(?:unit)?test\.(\w+)$/.exec(base) ?? /^(.+?)Tests?\.(\w+)$/.exec(base);
  return m ? [`${m[1]}.${m[2]}`, `${m[1]}.h`] : [];
}

/**
 * CommonJS's require, declared here rather than taken from Node's types: the webview's type check
 * reaches this file (through the facts' LanguageId) and must not need Node, nor every extractor.
 */
declare const require: (id: string) => unknown;
const pythonModule = (): { extractPython: Extractor } => require('./python') as { extractPython: Extractor };
const goModule = (): { extractGo: Extractor } => require('./go') as { extractGo: Extractor };
const typescriptModule = (): { extractTypeScript: Extractor } => require('./typescript') as { extractTypeScript: Extractor };
const rubyModule = (): { extractRuby: Extractor } => require('./ruby') as { extractRuby: Extractor };
const csharpModule = (): { extractCSharp: Extractor } => require('./csharp') as { extractCSharp: Extractor };
const rustModule = (): { extractRust: Extractor } => require('./rust') as { extractRust: Extractor };
const phpModule = (): { extractPhp: Extractor } => require('./php') as { extractPhp: Extractor };
const javaModule = (): { extractJava: Extractor } => require('./java') as { extractJava: Extractor };
const kotlinModule = (): { extractKotlin: Extractor } => require('./kotlin') as { extractKotlin: Extractor };
const cfamilyModule = (): { extractCFamily: Extractor } => require('./cfamily') as { extractCFamily: Extractor };

const ENTRIES = {
  python: {
    setting: 'python',
    extensions: ['py', 'pyi'],
    vscodeLanguageIds: ['python'],
    grammar: { npmPackage: VSCODE_WASM, wasm: 'wasm/tree-sitter-python.wasm' },
    queries: 'python',
    extractor: () => pythonModule().extractPython,
    idPrefix: 'py',
    family: 'python',
    testFile: /^(test_.*|.*_test|conftest)\.py$/,
    testedFiles: (base) => {
      const m = /^test_(.+)\.py$/.exec(base) ?? /^(.+)_test\.py$/.exec(base);
      return m ? [`${m[1]}.py`] : [];
    },
  },
  typescript: {
    setting: 'typescript',
    extensions: ['ts', 'mts', 'cts'],
    vscodeLanguageIds: ['typescript'],
    grammar: { npmPackage: VSCODE_WASM, wasm: 'wasm/tree-sitter-typescript.wasm' },
    queries: 'typescript',
    extractor: () => typescriptModule().extractTypeScript,
    idPrefix: 'ts',
    family: 'ecmascript',
    testFile: ECMASCRIPT_TEST_FILE,
    testedFiles: ecmascriptTestedFiles,
    configFiles: ECMASCRIPT_CONFIG_FILES,
  },
  tsx: {
    setting: 'typescript',
    extensions: ['tsx'],
    vscodeLanguageIds: ['typescriptreact'],
    grammar: { npmPackage: VSCODE_WASM, wasm: 'wasm/tree-sitter-tsx.wasm' },
    // Queries are shared by TS and TSX.
    queries: 'typescript',
    extractor: () => typescriptModule().extractTypeScript,
    idPrefix: 'ts',
    family: 'ecmascript',
    testFile: ECMASCRIPT_TEST_FILE,
    testedFiles: ecmascriptTestedFiles,
    configFiles: ECMASCRIPT_CONFIG_FILES,
  },
  javascript: {
    setting: 'javascript',
    extensions: ['js', 'jsx', 'mjs', 'cjs'],
    vscodeLanguageIds: ['javascript', 'javascriptreact'],
    grammar: { npmPackage: VSCODE_WASM, wasm: 'wasm/tree-sitter-javascript.wasm' },
    queries: 'javascript',
    extractor: () => typescriptModule().extractTypeScript,
    idPrefix: 'js',
    family: 'ecmascript',
    testFile: ECMASCRIPT_TEST_FILE,
    testedFiles: ecmascriptTestedFiles,
    configFiles: ECMASCRIPT_CONFIG_FILES,
  },
  go: {
    setting: 'go',
    extensions: ['go'],
    vscodeLanguageIds: ['go'],
    grammar: { npmPackage: VSCODE_WASM, wasm: 'wasm/tree-sitter-go.wasm' },
    queries: 'go',
    extractor: () => goModule().extractGo,
    idPrefix: 'go',
    family: 'go',
    testFile: /_test\.go$/,
    testedFiles: (base) => {
      const m = /^(.+)_test\.go$/.exec(base);
      return m ? [`${m[1]}.go`] : [];
    },
    configFiles: ['go.mod', 'go.work'],
  },
  csharp: {
    setting: 'csharp',
    extensions: ['cs'],
    vscodeLanguageIds: ['csharp'],
    grammar: { npmPackage: VSCODE_WASM, wasm: 'wasm/tree-sitter-c-sharp.wasm' },
    queries: 'csharp',
    extractor: () => csharpModule().extractCSharp,
    idPrefix: 'cs',
    family: 'csharp',
    // xUnit/NUnit/MSTest projects name test classes `FooTests.cs` / `FooTest.cs`.
    testFile: /^.+Tests?\.cs$/,
    testedFiles: (base) => {
      const m = /^(.+?)Tests?\.cs$/.exec(base);
      return m ? [`${m[1]}.cs`] : [];
    },
    configFiles: ['*.csproj'],
  },
  rust: {
    setting: 'rust',
    extensions: ['rs'],
    vscodeLanguageIds: ['rust'],
    grammar: { npmPackage: VSCODE_WASM, wasm: 'wasm/tree-sitter-rust.wasm' },
    queries: 'rust',
    extractor: () => rustModule().extractRust,
    idPrefix: 'rs',
    family: 'rust',
    // Rust tests live in the file they test (`#[cfg(test)] mod tests`) or under tests/ (a test path already).
    testFile: /^$/,
    testedFiles: () => [],
    configFiles: ['Cargo.toml'],
  },
  ruby: {
    setting: 'ruby',
    extensions: ['rb', 'rake', 'gemspec'],
    fileNames: ['Rakefile', 'Gemfile'],
    vscodeLanguageIds: ['ruby'],
    grammar: { npmPackage: VSCODE_WASM, wasm: 'wasm/tree-sitter-ruby.wasm' },
    queries: 'ruby',
    extractor: () => rubyModule().extractRuby,
    idPrefix: 'rb',
    family: 'ruby',
    // RSpec's `x_spec.rb`, Minitest's `test_x.rb` / `x_test.rb`.
    testFile: /^(.+_spec|test_.+|.+_test)\.rb$/,
    testedFiles: (base) => {
      const m = /^(.+)_(spec|test)\.rb$/.exec(base) ?? /^test_(.+)\.rb$/.exec(base);
      return m ? [`${m[1]}.rb`] : [];
    },
    // The Gemfile's gem list names the third-party gems a `require` reaches.
    configFiles: ['Gemfile'],
  },
  php: {
    setting: 'php',
    extensions: ['php'],
    vscodeLanguageIds: ['php'],
    grammar: { npmPackage: VSCODE_WASM, wasm: 'wasm/tree-sitter-php.wasm' },
    queries: 'php',
    extractor: () => phpModule().extractPhp,
    idPrefix: 'php',
    family: 'php',
    // PHPUnit names test classes `FooTest.php`.
    testFile: /^.+Test\.php$/,
    testedFiles: (base) => {
      const m = /^(.+?)Test\.php$/.exec(base);
      return m ? [`${m[1]}.php`] : [];
    },
    // Composer's autoload map (PSR-4 prefixes → folders).
    configFiles: ['composer.json'],
  },
  java: {
    setting: 'java',
    extensions: ['java'],
    vscodeLanguageIds: ['java'],
    grammar: { npmPackage: VSCODE_WASM, wasm: 'wasm/tree-sitter-java.wasm' },
    queries: 'java',
    extractor: () => javaModule().extractJava,
    idPrefix: 'java',
    family: 'java',
    // JUnit's and Maven Surefire's defaults: FooTest, TestFoo, FooTests, FooIT, FooTestCase.
    testFile: /^(Test.*|.*(Test|Tests|IT|TestCase))\.java$/,
    testedFiles: (base) => {
      const m = /^(.+?)(Test|Tests|IT|TestCase)\.java$/.exec(base) ?? /^Test(.+)\.java$/.exec(base);
      return m ? [`${m[1]}.java`] : [];
    },
    configFiles: ['pom.xml', 'build.gradle', 'build.gradle.kts', 'settings.gradle', 'settings.gradle.kts'],
  },
  kotlin: {
    setting: 'kotlin',
    extensions: ['kt', 'kts'],
    vscodeLanguageIds: ['kotlin'],
    grammar: { npmPackage: '@tree-sitter-grammars/tree-sitter-kotlin', wasm: 'tree-sitter-kotlin.wasm' },
    queries: 'kotlin',
    extractor: () => kotlinModule().extractKotlin,
    idPrefix: 'kt',
    family: 'kotlin',
    // JUnit / kotlin.test classes are named `FooTest.kt` / `FooTests.kt`.
    testFile: /^.+Tests?\.kts?$/,
    testedFiles: (base) => {
      const m = /^(.+?)Tests?\.kts?$/.exec(base);
      return m ? [`${m[1]}.kt`] : [];
    },
  },
  c: {
    setting: 'c',
    extensions: ['c'],
    vscodeLanguageIds: ['c'],
    grammar: { npmPackage: 'tree-sitter-c', wasm: 'tree-sitter-c.wasm' },
    queries: 'c',
    extractor: () => cfamilyModule().extractCFamily,
    idPrefix: 'c',
    family: 'cfamily',
    testFile: CFAMILY_TEST_FILE,
    testedFiles: cfamilyTestedFiles,
    configFiles: CFAMILY_CONFIG_FILES,
  },
  // Headers are read with the C++ grammar, which reads C declarations too (see parse/cfamily.ts).
  cpp: {
    setting: 'cpp',
    extensions: ['cc', 'cpp', 'cxx', 'hpp', 'hh', 'hxx', 'h'],
    vscodeLanguageIds: ['cpp'],
    grammar: { npmPackage: VSCODE_WASM, wasm: 'wasm/tree-sitter-cpp.wasm' },
    queries: 'cpp',
    extractor: () => cfamilyModule().extractCFamily,
    idPrefix: 'cpp',
    family: 'cfamily',
    testFile: CFAMILY_TEST_FILE,
    testedFiles: cfamilyTestedFiles,
    configFiles: CFAMILY_CONFIG_FILES,
  },
} as const satisfies Record<string, LanguageEntry>;

export type LanguageId = keyof typeof ENTRIES;
/** A value of the `kgMemory.languages` setting. */
export type LanguageSetting = (typeof ENTRIES)[LanguageId]['setting'];

export interface LanguageSpec extends LanguageEntry {
  readonly id: LanguageId;
  readonly setting: LanguageSetting;
}

export const LANGUAGES: readonly LanguageSpec[] = (Object.keys(ENTRIES) as LanguageId[]).map((id) => ({ id, ...ENTRIES[id] }));

const BY_ID = new Map<string, LanguageSpec>(LANGUAGES.map((l) => [l.id, l]));
const BY_EXTENSION = new Map<string, LanguageSpec>(LANGUAGES.flatMap((l) => l.extensions.map((e) => [e, l] as const)));
const BY_FILE_NAME = new Map<string, LanguageSpec>(LANGUAGES.flatMap((l) => (l.fileNames ?? []).map((n) => [n, l] as const)));

export const isLanguageId = (s: string): s is LanguageId => BY_ID.has(s);

export function languageSpec(id: LanguageId): LanguageSpec {
  return BY_ID.get(id)!;
}

/** The language a file is indexed as, by its extension; undefined for files no language reads. */
export function languageForPath(path: string): LanguageId | undefined {
  const named = BY_FILE_NAME.get(path.slice(path.lastIndexOf('/') + 1));
  if (named) return named.id;
  const dot = path.lastIndexOf('.');
  if (dot < 0) return undefined;
  return BY_EXTENSION.get(path.slice(dot + 1).toLowerCase())?.id;
}

/** Every source extension, without dots. */
export const SOURCE_EXTENSIONS: readonly string[] = LANGUAGES.flatMap((l) => l.extensions);

/** Source files known by their whole name (Rakefile, Gemfile). */
export const SOURCE_FILE_NAMES: readonly string[] = LANGUAGES.flatMap((l) => l.fileNames ?? []);

/** The values `kgMemory.languages` accepts, in registry order. */
export const LANGUAGE_SETTINGS: readonly LanguageSetting[] = [...new Set(LANGUAGES.map((l) => l.setting))];

/** The languages a list of setting values indexes (`typescript` brings TSX along). */
export function languagesForSettings(settings: readonly string[]): LanguageId[] {
  return LANGUAGES.filter((l) => settings.includes(l.setting)).map((l) => l.id);
}

/** The VS Code language ids of every indexed language (CodeLens and hover selectors). */
export const VSCODE_LANGUAGE_IDS: readonly string[] = LANGUAGES.flatMap((l) => l.vscodeLanguageIds);

/**
 * The context key the extension sets to VSCODE_LANGUAGE_IDS on activation, and the `when` clause of
 * the editor commands that reads it: package.json names no language, so a new language changes
 * nothing there.
 */
export const LANGUAGE_IDS_CONTEXT_KEY = 'kgMemory.languageIds';
export const EDITOR_WHEN_CLAUSE = `editorLangId in ${LANGUAGE_IDS_CONTEXT_KEY}`;

/** The Markdown fence language of a language's code (hover). */
export const fenceLanguage = (id: LanguageId): string => languageSpec(id).vscodeLanguageIds[0] ?? '';

/** Project files some language's resolver reads (tsconfig.json, go.mod …), by base name. */
/** Every config file name pattern (a `*` matches within a name), for the editor's file watcher. */
export const CONFIG_FILE_PATTERNS: readonly string[] = [...new Set(LANGUAGES.flatMap((l) => l.configFiles ?? []))];
const CONFIG_FILE_RE = new RegExp(`^(${CONFIG_FILE_PATTERNS.map((g) => g.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')).join('|')})$`);
export const isConfigFileName = (base: string): boolean => CONFIG_FILE_RE.test(base);

/**
 * A file of tests or test support (`tests/`, `test_x.py`, `conftest.py`, `x.test.ts`, `__tests__/`):
 * what is defined there is a helper, not code under test. Read off the path alone, so that the
 * answer depends on nothing another file says.
 */
export function isTestPath(path: string): boolean {
  if (/(^|\/)(tests?|__tests__|spec|specs)\//.test(path)) return true;
  const language = languageForPath(path);
  return language !== undefined && languageSpec(language).testFile.test(path.slice(path.lastIndexOf('/') + 1));
}
