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
export type ResolverFamily = 'python' | 'ecmascript';

interface LanguageEntry {
  /** The name `kgMemory.languages` (and `--languages`) uses for it: TSX is indexed with TypeScript. */
  readonly setting: string;
  /** File extensions without the dot, lower case. */
  readonly extensions: readonly string[];
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
}

const VSCODE_WASM = '@vscode/tree-sitter-wasm';

/**
 * CommonJS's require, declared here rather than taken from Node's types: the webview's type check
 * reaches this file (through the facts' LanguageId) and must not need Node, nor every extractor.
 */
declare const require: (id: string) => unknown;
const pythonModule = (): { extractPython: Extractor } => require('./python') as { extractPython: Extractor };
const typescriptModule = (): { extractTypeScript: Extractor } => require('./typescript') as { extractTypeScript: Extractor };

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

export const isLanguageId = (s: string): s is LanguageId => BY_ID.has(s);

export function languageSpec(id: LanguageId): LanguageSpec {
  return BY_ID.get(id)!;
}

/** The language a file is indexed as, by its extension; undefined for files no language reads. */
export function languageForPath(path: string): LanguageId | undefined {
  const dot = path.lastIndexOf('.');
  if (dot < 0) return undefined;
  return BY_EXTENSION.get(path.slice(dot + 1).toLowerCase())?.id;
}

/** Every source extension, without dots. */
export const SOURCE_EXTENSIONS: readonly string[] = LANGUAGES.flatMap((l) => l.extensions);

/** The values `kgMemory.languages` accepts, in registry order. */
export const LANGUAGE_SETTINGS: readonly LanguageSetting[] = [...new Set(LANGUAGES.map((l) => l.setting))];

/** The languages a list of setting values indexes (`typescript` brings TSX along). */
export function languagesForSettings(settings: readonly string[]): LanguageId[] {
  return LANGUAGES.filter((l) => settings.includes(l.setting)).map((l) => l.id);
}

/** The VS Code language ids of every indexed language (CodeLens and hover selectors). */
export const VSCODE_LANGUAGE_IDS: readonly string[] = LANGUAGES.flatMap((l) => l.vscodeLanguageIds);

/** The `when` clause of the editor commands: the editor shows a document of an indexed language. */
export const EDITOR_WHEN_CLAUSE = `editorLangId =~ /^(${VSCODE_LANGUAGE_IDS.join('|')})$/`;

/** The Markdown fence language of a language's code (hover). */
export const fenceLanguage = (id: LanguageId): string => languageSpec(id).vscodeLanguageIds[0] ?? '';
