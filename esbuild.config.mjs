// Bundles every entry point and copies the tree-sitter grammars and queries beside them.
// tsc only type-checks (npm run typecheck); esbuild emits. The bench builds its child process
// with the same `bundle()`, so what it measures is what ships.
import * as esbuild from 'esbuild';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const ROOT = dirname(fileURLToPath(import.meta.url));

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
  await copyGrammars(outdir);
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

/**
 * The language registry (extension/core/parse/languages.ts), read by compiling that one file: its
 * own imports stay external and are never loaded (the extractors load on first use).
 */
async function languageRegistry() {
  const only = { name: 'registry-only', setup: (b) => b.onResolve({ filter: /.*/ }, (a) => (a.kind === 'entry-point' ? undefined : { path: a.path, external: true })) };
  const out = await esbuild.build({ entryPoints: [resolve(ROOT, 'extension/core/parse/languages.ts')], bundle: true, platform: 'node', format: 'cjs', write: false, plugins: [only], logLevel: 'warning' });
  const mod = { exports: {} };
  new Function('module', 'exports', 'require', out.outputFiles[0].text)(mod, mod.exports, require);
  return mod.exports.LANGUAGES;
}

async function copyGrammars(outdir) {
  const out = join(outdir, 'grammars');
  mkdirSync(out, { recursive: true });
  for (const { grammar } of await languageRegistry()) {
    cpSync(join(dirname(require.resolve(`${grammar.npmPackage}/package.json`)), grammar.wasm), join(out, basename(grammar.wasm)));
  }
  cpSync(join(dirname(require.resolve('web-tree-sitter')), 'web-tree-sitter.wasm'), join(outdir, 'web-tree-sitter.wasm'));
  for (const lang of readdirSync(join(ROOT, 'grammars'), { withFileTypes: true })) {
    if (lang.isDirectory()) cpSync(join(ROOT, 'grammars', lang.name), join(out, lang.name), { recursive: true });
  }
}

/**
 * The shipped CLI and extension: one ESM build with code splitting, so that the two share their
 * chunks (one copy of the engine in the .vsix) and a command loads only what it imports. pdf.js,
 * mammoth, parse5, onnxruntime, the LLM layer, the MCP SDK and the explorer's server sit in chunks
 * that `import()` reaches when a document, a model or a command needs them: `--help` loads a few kB.
 * dist/cli.js and dist/extension.js stay CommonJS launchers (the bin, and VS Code's `main`), each a
 * line that imports its ESM entry.
 */
export async function bundleApp(outdir, { production = false } = {}) {
  await esbuild.build({
    ...esmOptions({ production }),
    entryPoints: { cli: resolve(ROOT, 'extension/cli/main.ts'), extension: resolve(ROOT, 'extension/vscode/main.ts') },
    outdir,
  });
  writeFileSync(join(outdir, 'cli.js'), '#!/usr/bin/env node\n// The ESM build (cli.mjs and its chunks) is the CLI; this file is the bin that starts it.\nimport("./cli.mjs");\n');
  chmodSync(join(outdir, 'cli.js'), 0o755);
  writeFileSync(
    join(outdir, 'extension.js'),
    [
      '// VS Code requires `main` as CommonJS; the extension itself is the ESM build (extension.mjs and its chunks).',
      'const load = () => import("./extension.mjs");',
      'exports.activate = (context) => load().then((m) => m.activate(context));',
      'exports.deactivate = () => load().then((m) => m.deactivate());',
      '',
    ].join('\n'),
  );
  await bundle([], outdir, { production });
}

/**
 * ESM output for Node. The banner gives every chunk what bundled CommonJS code and our own
 * `__dirname` lookups expect: `require` (node builtins, `require.resolve`), `__filename`, and
 * `__dirname` as the folder of the bundle (dist/, also from dist/chunks/). `vscode` is not a file:
 * the extension host hands it to `require`, so it is read through the banner's require.
 */
function esmOptions({ production = false } = {}) {
  const banner = [
    'import { createRequire as __kgCreateRequire } from "node:module";',
    'import { basename as __kgBasename, dirname as __kgDirname } from "node:path";',
    'import { fileURLToPath as __kgFileURLToPath } from "node:url";',
    'const require = __kgCreateRequire(import.meta.url);',
    'const __filename = __kgFileURLToPath(import.meta.url);',
    'const __dirname = __kgBasename(__kgDirname(__filename)) === "chunks" ? __kgDirname(__kgDirname(__filename)) : __kgDirname(__filename);',
  ].join(' ');
  const vscodeFromRequire = {
    name: 'vscode-from-require',
    setup(build) {
      build.onResolve({ filter: /^vscode$/ }, () => ({ path: 'vscode', namespace: 'vscode-host' }));
      build.onLoad({ filter: /.*/, namespace: 'vscode-host' }, () => ({ contents: 'module.exports = require("node:module").createRequire(__filename)("vscode");', loader: 'js' }));
    },
  };
  return {
    bundle: true,
    platform: 'node',
    format: 'esm',
    splitting: true,
    target: 'node20',
    sourcemap: !production,
    minify: production,
    logLevel: 'warning',
    external: ['@vscode/tree-sitter-wasm/package.json'],
    mainFields: ['module', 'main'],
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    banner: { js: banner },
    plugins: [vscodeFromRequire],
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const production = process.argv.includes('--production');
  const dist = join(ROOT, 'dist');
  rmSync(join(dist, 'chunks'), { recursive: true, force: true });
  // A production build writes no source maps; one left by a development build would ship in the
  // .vsix (vsce keeps whatever `!dist/**` re-includes, whatever .vscodeignore says after it).
  if (production && existsSync(dist)) for (const name of readdirSync(dist, { recursive: true })) if (String(name).endsWith('.map')) rmSync(join(dist, String(name)), { force: true });
  await bundleApp(dist, { production });
  await bundleWebview(dist, { production });
}
