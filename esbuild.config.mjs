// Bundles every entry point into dist/ and copies the tree-sitter grammars and queries beside them.
// tsc only type-checks (npm run typecheck); esbuild emits.
import * as esbuild from 'esbuild';
import { cpSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  // vscode is provided by the host. The grammar package is only looked up when running from source.
  external: ['vscode', '@vscode/tree-sitter-wasm/package.json'],
  // ESM builds first: jsonc-parser's UMD build hides its requires from the bundler.
  mainFields: ['module', 'main'],
  // web-tree-sitter's ESM build asks for import.meta.url, which a CommonJS bundle lacks.
  define: { 'import.meta.url': 'importMetaUrl' },
};
const importMetaShim = 'const importMetaUrl = require("node:url").pathToFileURL(__filename).href;';

const entries = [
  { entryPoints: ['extension/cli/main.ts'], outfile: 'dist/cli.js', banner: { js: `#!/usr/bin/env node\n${importMetaShim}` } },
  { entryPoints: ['extension/core/index/parse_worker.ts'], outfile: 'dist/parse_worker.js', banner: { js: importMetaShim } },
];

function copyGrammars() {
  const out = 'dist/grammars';
  mkdirSync(out, { recursive: true });
  // Grammar binaries come from their npm packages at build time; none is committed.
  const wasmDir = join(dirname(require.resolve('@vscode/tree-sitter-wasm/package.json')), 'wasm');
  for (const name of ['tree-sitter-python.wasm', 'tree-sitter-typescript.wasm', 'tree-sitter-tsx.wasm', 'tree-sitter-javascript.wasm']) {
    cpSync(join(wasmDir, name), join(out, name));
  }
  cpSync(join(dirname(require.resolve('web-tree-sitter')), 'web-tree-sitter.wasm'), 'dist/web-tree-sitter.wasm');
  for (const lang of readdirSync('grammars', { withFileTypes: true })) {
    if (lang.isDirectory()) cpSync(join('grammars', lang.name), join(out, lang.name), { recursive: true });
  }
}

if (watch) {
  for (const e of entries) await (await esbuild.context({ ...common, ...e })).watch();
} else {
  await Promise.all(entries.map((e) => esbuild.build({ ...common, ...e })));
}
copyGrammars();
