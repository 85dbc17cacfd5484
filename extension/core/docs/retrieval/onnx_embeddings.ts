/**
 * Local ONNX sentence embeddings
 * ==============================
 * A sentence-transformer (or EmbeddingGemma) export the user already has in a folder:
 * `model.onnx` (or `onnx/model.onnx`) beside `tokenizer.json`. Nothing is downloaded. The model
 * runs in onnxruntime-web's WebAssembly build (no native addon, so the same code runs in VS Code,
 * the CLI and any platform), one thread, and @huggingface/tokenizers reads tokenizer.json.
 * Token vectors are mean-pooled over the attention mask and L2-normalised; a model whose output is
 * already pooled (`sentence_embedding`, 2-D) is used as is.
 *
 * The runtime loads `ort-wasm-simd-threaded.mjs` and `.wasm` from `wasmPaths`: from source that is
 * node_modules/onnxruntime-web/dist; a bundle must ship those two files and say where (see
 * ONNX_WASM_FILES).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { InferenceSession, Tensor } from 'onnxruntime-web';
import { EmbeddingError, normalise } from './embeddings';
import type { EmbeddingProvider } from './embeddings';

export interface OnnxEmbeddingsOptions {
  /** The folder holding model.onnx (or onnx/model.onnx) and tokenizer.json. */
  folder: string;
  /** Tokens per text; longer texts are cut (default: tokenizer_config's model_max_length, at most 512). */
  maxTokens?: number;
  /** Texts per run (default 16). */
  batchSize?: number;
  /** Where onnxruntime-web's .wasm and .mjs live: a folder, a file: URL or an http(s) URL (default: the package's dist from source, `<bundle dir>/ort/` in a bundle). */
  wasmPaths?: string;
}

/** What a bundle must copy beside itself (into an `ort/` folder, or wherever `wasmPaths` points). */
export const ONNX_WASM_FILES = ['ort-wasm-simd-threaded.wasm', 'ort-wasm-simd-threaded.mjs'] as const;

const KNOWN_INPUTS = new Set(['input_ids', 'attention_mask', 'token_type_ids']);

interface TokenizerLike {
  encode(text: string): { ids: number[]; attention_mask: number[] };
  token_to_id(token: string): number | undefined;
}

interface Loaded {
  session: InferenceSession;
  tokenizer: TokenizerLike;
  ort: typeof import('onnxruntime-web');
  inputs: { name: string; type: 'int64' | 'int32' }[];
  output: string;
  padId: number;
  maxTokens: number;
}

/** The files of a model folder, or an EmbeddingError saying what is missing. Exported for status and tests. */
export function locateOnnxModel(folder: string): { model: string; tokenizer: string; tokenizerConfig?: string } {
  const root = resolve(folder);
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    throw new EmbeddingError('config', `onnx embeddings: the folder ${root} does not exist; point the setting at a folder holding model.onnx and tokenizer.json`);
  }
  const model = [join(root, 'model.onnx'), join(root, 'onnx', 'model.onnx')].find((p) => existsSync(p));
  if (!model) throw new EmbeddingError('config', `onnx embeddings: no model.onnx in ${root} (looked for model.onnx and onnx/model.onnx)`);
  const tokenizer = [join(root, 'tokenizer.json'), join(dirname(model), 'tokenizer.json')].find((p) => existsSync(p));
  if (!tokenizer) throw new EmbeddingError('config', `onnx embeddings: no tokenizer.json in ${root}; sentence-transformer exports ship one beside the model`);
  const config = join(dirname(tokenizer), 'tokenizer_config.json');
  return { model, tokenizer, ...(existsSync(config) ? { tokenizerConfig: config } : {}) };
}

/** The folder holding onnxruntime-web's WebAssembly files: from source the package's dist, in a bundle `ort/` beside it. */
function defaultWasmFolder(): string {
  try {
    return dirname(require.resolve('onnxruntime-web'));
  } catch {
    return join(__dirname, 'ort');
  }
}

/**
 * `wasmPaths` as onnxruntime-web wants it: a URL prefix ending in `/` (a file: URL, so that
 * Windows drive paths import too). Missing files are a configuration error, said plainly, not a
 * "no available backend" from deep inside the runtime.
 */
function wasmPrefix(given: string | undefined): string {
  const folder = given === undefined ? defaultWasmFolder() : given.startsWith('file:') ? fileURLToPath(given) : /^[a-z]+:\/\//i.test(given) ? undefined : given;
  if (folder === undefined) return given!.endsWith('/') ? given! : `${given}/`;
  const missing = ONNX_WASM_FILES.filter((f) => !existsSync(join(folder, f)));
  if (missing.length > 0) {
    throw new EmbeddingError('config', `onnx embeddings: onnxruntime-web's ${missing.join(' and ')} are missing from ${folder}; copy them there from node_modules/onnxruntime-web/dist`);
  }
  return `${pathToFileURL(folder).href}/`;
}

export function onnxEmbeddings(options: OnnxEmbeddingsOptions): EmbeddingProvider {
  const files = locateOnnxModel(options.folder);
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? 16));
  let loading: Promise<Loaded> | undefined;

  async function load(): Promise<Loaded> {
    const readJson = (path: string): object => {
      try {
        return JSON.parse(readFileSync(path, 'utf8')) as object;
      } catch (err) {
        throw new EmbeddingError('model', `onnx embeddings: ${path} is not readable JSON (${(err as Error).message})`, { cause: err });
      }
    };
    const tokenizerJson = readJson(files.tokenizer);
    const tokenizerConfig = files.tokenizerConfig ? readJson(files.tokenizerConfig) : {};
    const { Tokenizer } = await import('@huggingface/tokenizers');
    let tokenizer: TokenizerLike;
    try {
      tokenizer = new Tokenizer(tokenizerJson, tokenizerConfig);
      tokenizer.encode('probe');
    } catch (err) {
      throw new EmbeddingError('model', `onnx embeddings: ${files.tokenizer} is not a tokenizer this runtime reads (${(err as Error).message})`, { cause: err });
    }
    const ort = await import('onnxruntime-web');
    ort.env.wasm.numThreads = 1;
    ort.env.wasm.wasmPaths = wasmPrefix(options.wasmPaths);
    let session: InferenceSession;
    try {
      session = await ort.InferenceSession.create(readFileSync(files.model));
    } catch (err) {
      throw new EmbeddingError('model', `onnx embeddings: ${files.model} cannot be loaded (${(err as Error).message ?? err}); is it an ONNX export?`, { cause: err });
    }
    const inputs: Loaded['inputs'] = [];
    for (const meta of session.inputMetadata) {
      if (!KNOWN_INPUTS.has(meta.name)) {
        throw new EmbeddingError('model', `onnx embeddings: ${files.model} wants an input "${meta.name}"; a sentence-embedding model takes input_ids, attention_mask and token_type_ids`);
      }
      const type = meta.isTensor ? meta.type : undefined;
      if (type !== 'int64' && type !== 'int32') throw new EmbeddingError('model', `onnx embeddings: input ${meta.name} is ${String(type)}, expected int64 or int32 token ids`);
      inputs.push({ name: meta.name, type });
    }
    if (!inputs.some((i) => i.name === 'input_ids')) throw new EmbeddingError('model', `onnx embeddings: ${files.model} has no input_ids input`);
    const outputs = session.outputNames;
    const output = ['sentence_embedding', 'last_hidden_state', 'token_embeddings'].find((n) => outputs.includes(n)) ?? outputs[0];
    if (!output) throw new EmbeddingError('model', `onnx embeddings: ${files.model} has no output`);
    const configMax = Number((tokenizerConfig as { model_max_length?: unknown }).model_max_length);
    const maxTokens = options.maxTokens ?? (Number.isFinite(configMax) && configMax > 0 ? Math.min(configMax, 512) : 512);
    const padToken = (tokenizerConfig as { pad_token?: unknown }).pad_token;
    const padId = (typeof padToken === 'string' ? tokenizer.token_to_id(padToken) : undefined) ?? tokenizer.token_to_id('[PAD]') ?? tokenizer.token_to_id('<pad>') ?? 0;
    return { session, tokenizer, ort, inputs, output, padId, maxTokens };
  }

  async function run(loaded: Loaded, texts: readonly string[]): Promise<Float32Array[]> {
    const encoded = texts.map((t) => {
      const e = loaded.tokenizer.encode(t);
      let ids = e.ids;
      // Cut long texts, keeping the closing special token (a [SEP] or </s>) the post-processor added.
      if (ids.length > loaded.maxTokens) ids = [...ids.slice(0, loaded.maxTokens - 1), ids[ids.length - 1]!];
      return ids;
    });
    const seq = Math.max(1, ...encoded.map((ids) => ids.length));
    const batch = encoded.length;
    const feeds: Record<string, Tensor> = {};
    for (const input of loaded.inputs) {
      const values = input.type === 'int64' ? new BigInt64Array(batch * seq) : new Int32Array(batch * seq);
      encoded.forEach((ids, b) => {
        for (let i = 0; i < seq; i++) {
          const v = input.name === 'input_ids' ? (i < ids.length ? ids[i]! : loaded.padId) : input.name === 'attention_mask' ? (i < ids.length ? 1 : 0) : 0;
          if (values instanceof BigInt64Array) values[b * seq + i] = BigInt(v);
          else values[b * seq + i] = v;
        }
      });
      feeds[input.name] = new loaded.ort.Tensor(input.type, values, [batch, seq]);
    }
    let result: InferenceSession.ReturnType;
    try {
      result = await loaded.session.run(feeds);
    } catch (err) {
      throw new EmbeddingError('model', `onnx embeddings: the model failed to run (${(err as Error).message ?? err})`, { cause: err });
    }
    const out = result[loaded.output]!;
    const data = out.data;
    if (!(data instanceof Float32Array)) throw new EmbeddingError('model', `onnx embeddings: output ${loaded.output} is ${out.type}, expected float32`);
    const dims = out.dims;
    if (dims.length === 2 && dims[0] === batch) {
      const dim = dims[1]!;
      return encoded.map((_, b) => normalise(data.slice(b * dim, (b + 1) * dim)));
    }
    if (dims.length === 3 && dims[0] === batch && dims[1] === seq) {
      const dim = dims[2]!;
      return encoded.map((ids, b) => {
        const v = new Float32Array(dim);
        const n = Math.max(1, ids.length);
        for (let i = 0; i < ids.length; i++) {
          const base = (b * seq + i) * dim;
          for (let d = 0; d < dim; d++) v[d]! += data[base + d]!;
        }
        for (let d = 0; d < dim; d++) v[d]! /= n;
        return normalise(v);
      });
    }
    throw new EmbeddingError('model', `onnx embeddings: output ${loaded.output} has shape [${dims.join(', ')}]; expected [batch, dim] or [batch, tokens, dim]`);
  }

  return {
    id: `onnx:${resolve(options.folder)}`,
    async embed(texts, signal) {
      if (!loading) {
        loading = load();
        // A failed load is not cached: the user may fix the folder and try again.
        loading.catch(() => (loading = undefined));
      }
      const loaded = await loading;
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += batchSize) {
        if (signal?.aborted) throw new EmbeddingError('aborted', 'onnx embeddings: cancelled', { cause: signal.reason });
        out.push(...(await run(loaded, texts.slice(i, i + batchSize))));
      }
      return out;
    },
  };
}
