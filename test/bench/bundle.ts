/**
 * Bench bundle
 * ============
 * Builds the bench's child process the way dist/cli.js is built (esbuild, one CommonJS file for
 * Node 20) into test/bench/work/bundle/, with the parse worker, the tree-sitter grammars and
 * queries beside it, so child measurements run production-shaped code, not tsx-compiled source.
 * Two packages are pinned to the build that bundles as CommonJS: jsonc-parser's ESM build (its UMD
 * build hides its requires from esbuild) and web-tree-sitter's .cjs (its ESM build needs import.meta.url).
 */
import { build, type BuildOptions } from 'esbuild';
import { cpSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { REPO_ROOT, WORK } from './util';

export const BUNDLE_DIR = join(WORK, 'bundle');
export const CHILD_JS = join(BUNDLE_DIR, 'child.js');

export async function bundleChild(): Promise<string> {
  mkdirSync(join(BUNDLE_DIR, 'grammars'), { recursive: true });
  const common: BuildOptions = { bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'error', external: ['vscode'] };
  const alias = {
    'jsonc-parser': join(dirname(require.resolve('jsonc-parser/package.json')), 'lib/esm/main.js'),
    'web-tree-sitter': join(dirname(require.resolve('web-tree-sitter')), 'web-tree-sitter.cjs'),
  };
  await Promise.all([
    build({ ...common, alias, entryPoints: [join(REPO_ROOT, 'test/bench/child.ts')], outfile: CHILD_JS }),
    build({ ...common, alias, entryPoints: [join(REPO_ROOT, 'extension/core/index/parse_worker.ts')], outfile: join(BUNDLE_DIR, 'parse_worker.js') }),
  ]);
  const wasmDir = join(dirname(require.resolve('@vscode/tree-sitter-wasm/package.json')), 'wasm');
  for (const name of readdirSync(wasmDir)) {
    if (/^tree-sitter-(python|typescript|tsx|javascript)\.wasm$/.test(name)) cpSync(join(wasmDir, name), join(BUNDLE_DIR, 'grammars', name));
  }
  cpSync(join(dirname(require.resolve('web-tree-sitter')), 'web-tree-sitter.wasm'), join(BUNDLE_DIR, 'web-tree-sitter.wasm'));
  const queries = join(REPO_ROOT, 'grammars');
  for (const lang of readdirSync(queries, { withFileTypes: true })) {
    if (lang.isDirectory()) cpSync(join(queries, lang.name), join(BUNDLE_DIR, 'grammars', lang.name), { recursive: true });
  }
  return CHILD_JS;
}
