/**
 * Grammar loading
 * ===============
 * Starts web-tree-sitter once, loads each language's grammar once, and compiles the `.scm` queries
 * kept in grammars/<language>/. Works from the source tree (tests, tsx) and from dist/ (the bundle,
 * where esbuild copied the .wasm files and the queries beside it).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Language, Parser, Query } from 'web-tree-sitter';
import type { LoadedGrammar } from './facts';
import { languageSpec, type LanguageId } from './languages';


function firstExisting(candidates: string[]): string | undefined {
  return candidates.find((c) => existsSync(c));
}

/** dist/ (bundle) or the repository root (source), whichever holds the grammars. */
function assetRoots(): string[] {
  // __dirname is dist/ in the bundle and extension/core/parse in the source tree.
  return [join(__dirname, 'grammars'), join(__dirname, '..', '..', '..', 'grammars')];
}

function wasmPath(language: LanguageId): string {
  const { npmPackage, wasm } = languageSpec(language).grammar;
  const fromDist = firstExisting(assetRoots().map((r) => join(r, basename(wasm))));
  if (fromDist) return fromDist;
  return join(dirname(require.resolve(`${npmPackage}/package.json`)), wasm);
}

function queryDir(language: LanguageId): string {
  const dir = firstExisting(assetRoots().map((r) => join(r, languageSpec(language).queries)));
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
      throw new Error(`kg-memory/grammar: query ${languageSpec(language).queries}/${file} does not compile for ${language}`, { cause: err });
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
