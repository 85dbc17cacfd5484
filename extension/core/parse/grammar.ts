/**
 * Grammar loading
 * ===============
 * Starts web-tree-sitter once, loads each language's grammar once, and compiles the `.scm` queries
 * kept in grammars/<language>/. Works from the source tree (tests, tsx) and from dist/ (the bundle,
 * where esbuild copied the .wasm files and the queries beside it).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Language, Parser, Query } from 'web-tree-sitter';
import type { LanguageId } from './facts';

const WASM_NAMES: Record<LanguageId, string> = {
  python: 'tree-sitter-python.wasm',
  typescript: 'tree-sitter-typescript.wasm',
  tsx: 'tree-sitter-tsx.wasm',
  javascript: 'tree-sitter-javascript.wasm',
};

/** Queries are shared by TS and TSX; JavaScript has its own folder. */
const QUERY_DIRS: Record<LanguageId, string> = {
  python: 'python',
  typescript: 'typescript',
  tsx: 'typescript',
  javascript: 'javascript',
};

export interface LoadedGrammar {
  language: Language;
  parser: Parser;
  /** Queries by file name without `.scm` (`definitions`, `calls`, ...). */
  queries: Map<string, Query>;
}

function firstExisting(candidates: string[]): string | undefined {
  return candidates.find((c) => existsSync(c));
}

/** dist/ (bundle) or the repository root (source), whichever holds the grammars. */
function assetRoots(): string[] {
  // __dirname is dist/ in the bundle and extension/core/parse in the source tree.
  return [join(__dirname, 'grammars'), join(__dirname, '..', '..', '..', 'grammars')];
}

function wasmPath(language: LanguageId): string {
  const name = WASM_NAMES[language];
  const fromDist = firstExisting(assetRoots().map((r) => join(r, name)));
  if (fromDist) return fromDist;
  return join(dirname(require.resolve('@vscode/tree-sitter-wasm/package.json')), 'wasm', name);
}

function queryDir(language: LanguageId): string {
  const dir = firstExisting(assetRoots().map((r) => join(r, QUERY_DIRS[language])));
  if (!dir) throw new Error(`kg-memory/grammar: no queries for ${language} (looked in ${assetRoots().join(', ')})`);
  return dir;
}

let initPromise: Promise<void> | undefined;
const grammars = new Map<LanguageId, Promise<LoadedGrammar>>();

function initOnce(): Promise<void> {
  if (!initPromise) {
    const runtimeWasm = firstExisting([join(__dirname, 'web-tree-sitter.wasm')]);
    initPromise = Parser.init(runtimeWasm ? { locateFile: () => runtimeWasm } : undefined).catch((err: unknown) => {
      // Let the next caller retry rather than caching a failure forever.
      initPromise = undefined;
      throw new Error('kg-memory/grammar: web-tree-sitter failed to start', { cause: err });
    });
  }
  return initPromise;
}

async function load(language: LanguageId): Promise<LoadedGrammar> {
  await initOnce();
  const lang = await Language.load(wasmPath(language));
  const parser = new Parser();
  parser.setLanguage(lang);
  const queries = new Map<string, Query>();
  const dir = queryDir(language);
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.scm')).sort()) {
    const text = readFileSync(join(dir, file), 'utf8');
    try {
      queries.set(file.slice(0, -4), new Query(lang, text));
    } catch (err) {
      throw new Error(`kg-memory/grammar: query ${QUERY_DIRS[language]}/${file} does not compile for ${language}`, { cause: err });
    }
  }
  return { language: lang, parser, queries };
}

export function loadGrammar(language: LanguageId): Promise<LoadedGrammar> {
  let p = grammars.get(language);
  if (!p) {
    p = load(language);
    p.catch(() => grammars.delete(language));
    grammars.set(language, p);
  }
  return p;
}

export function languageForPath(path: string): LanguageId | undefined {
  const dot = path.lastIndexOf('.');
  if (dot < 0) return undefined;
  switch (path.slice(dot + 1).toLowerCase()) {
    case 'py':
    case 'pyi':
      return 'python';
    case 'ts':
    case 'mts':
    case 'cts':
      return 'typescript';
    case 'tsx':
      return 'tsx';
    case 'js':
    case 'jsx':
    case 'mjs':
    case 'cjs':
      return 'javascript';
    default:
      return undefined;
  }
}
