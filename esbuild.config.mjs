// Bundles every entry point and copies the tree-sitter grammars and queries beside them.
// tsc only type-checks (npm run typecheck); esbuild emits. The bench builds its child process
// with the same `bundle()`, so what it measures is what ships.
import * as esbuild from 'esbuild';
import { cpSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const ROOT = dirname(fileURLToPath(import.meta.url));
const GRAMMARS = ['tree-sitter-python.wasm', 'tree-sitter-typescript.wasm', 'tree-sitter-tsx.wasm', 'tree-sitter-javascript.wasm'];

// web-tree-sitter's ESM build asks for import.meta.url, which a CommonJS bundle lacks.
const importMetaShim = 'const importMetaUrl = require("node:url").pathToFileURL(__filename).href;';

/** @param {{ production?: boolean }} options */
function commonOptions({ production = false } = {}) {
  return {
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
    define: { 'import.meta.url': 'importMetaUrl' },
    banner: { js: importMetaShim },
  };
}

/** The parse worker always sits beside the bundles that start it. */
const WORKER = { in: 'extension/core/index/parse_worker.ts', out: 'parse_worker' };

/**
 * Builds `entries` ({in, out} pairs, `out` without extension) and the parse worker into `outdir`,
 * with the grammars beside them. Grammar binaries come from their npm packages; none is committed.
 */
export async function bundle(entries, outdir, options = {}) {
  const common = commonOptions(options);
  await Promise.all(
    [...entries, WORKER].map((e) =>
      esbuild.build({
        ...common,
        entryPoints: [resolve(ROOT, e.in)],
        outfile: join(outdir, `${e.out}.js`),
        ...(e.shebang ? { banner: { js: `#!/usr/bin/env node\n${importMetaShim}` } } : {}),
      }),
    ),
  );
  copyGrammars(outdir);
  copyOnnxRuntime(outdir);
}

/**
 * The graph explorer (webview/): one browser bundle (IIFE, its CSS beside it) for the VS Code
 * webview and for `kg-memory serve --ui`. The ForceAtlas2 worker is built first, in memory, and
 * inlined as a string (the `virtual:layout-worker` module): a webview can start a worker only from
 * a blob: URL, so the page builds one from this text.
 */
export async function bundleWebview(outdir, { production = false } = {}) {
  const browser = { bundle: true, platform: 'browser', target: 'es2022', minify: production, sourcemap: false, logLevel: 'warning', // React's production build always: its development checks make a 10k-node page measurably slower.
    define: { 'process.env.NODE_ENV': '"production"' } };
  const worker = await esbuild.build({ ...browser, entryPoints: [resolve(ROOT, 'webview/graph/layout_worker.ts')], format: 'iife', write: false, minify: true });
  const workerSource = worker.outputFiles[0].text;
  const inlineWorker = {
    name: 'layout-worker',
    setup(build) {
      build.onResolve({ filter: /^virtual:layout-worker$/ }, (args) => ({ path: args.path, namespace: 'layout-worker' }));
      build.onLoad({ filter: /.*/, namespace: 'layout-worker' }, () => ({ contents: `export default ${JSON.stringify(workerSource)};`, loader: 'js' }));
    },
  };
  await esbuild.build({
    ...browser,
    entryPoints: { explorer: resolve(ROOT, 'webview/index.tsx') },
    outdir: join(outdir, 'webview'),
    format: 'iife',
    jsx: 'automatic',
    tsconfig: resolve(ROOT, 'webview/tsconfig.json'),
    plugins: [inlineWorker],
  });
}

/**
 * onnxruntime-web's WASM runtime, for local ONNX embeddings (kgMemory.docs.embeddings.provider
 * "onnx"): it loads these two files at run time from `ort/` beside the bundle (ONNX_WASM_FILES).
 */
function copyOnnxRuntime(outdir) {
  const out = join(outdir, 'ort');
  mkdirSync(out, { recursive: true });
  const dist = dirname(require.resolve('onnxruntime-web'));
  for (const name of ['ort-wasm-simd-threaded.wasm', 'ort-wasm-simd-threaded.mjs']) cpSync(join(dist, name), join(out, name));
}

function copyGrammars(outdir) {
  const out = join(outdir, 'grammars');
  mkdirSync(out, { recursive: true });
  const wasmDir = join(dirname(require.resolve('@vscode/tree-sitter-wasm/package.json')), 'wasm');
  for (const name of GRAMMARS) cpSync(join(wasmDir, name), join(out, name));
  cpSync(join(dirname(require.resolve('web-tree-sitter')), 'web-tree-sitter.wasm'), join(outdir, 'web-tree-sitter.wasm'));
  for (const lang of readdirSync(join(ROOT, 'grammars'), { withFileTypes: true })) {
    if (lang.isDirectory()) cpSync(join(ROOT, 'grammars', lang.name), join(out, lang.name), { recursive: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const production = process.argv.includes('--production');
  await bundle(
    [
      { in: 'extension/cli/main.ts', out: 'cli', shebang: true },
      { in: 'extension/vscode/main.ts', out: 'extension' },
    ],
    join(ROOT, 'dist'),
    { production },
  );
  await bundleWebview(join(ROOT, 'dist'), { production });
}
