/**
 * LSA: embeddings trained on the workspace itself
 * ===============================================
 * Latent semantic analysis needs no model file and no network: a TF-IDF matrix over the chunks'
 * terms (the code-aware tokenizer's identifier sub-words and prose words), reduced to ~128
 * dimensions by a truncated SVD. Terms that occur in the same chunks end up near each other, so a
 * question can match a passage that uses a related word.
 *
 * The SVD is a randomized one (Halko, Martinsson & Tropp 2011), written here because no installed
 * package does sparse truncated SVD in JavaScript (ml-matrix-style libraries are dense: a 50k ×
 * 20k TF-IDF matrix would not fit). With A the n × m chunk-by-term matrix (sparse rows):
 *   Y = A·Ω (Ω Gaussian, m × l, l = dims + 10), two power iterations (Y ← A·Aᵀ·Y, re-orthonormalised),
 *   Q = orth(Y); Bᵀ = Aᵀ·Q (m × l); the small l × l matrix B·Bᵀ's eigenvectors (Jacobi) give
 *   B's left singular vectors U_B and values σ; V = Bᵀ·U_B·Σ⁻¹ (m × dims).
 * A text's vector is Vᵀ·tfidf(text), L2-normalised: chunks land on their rows of U·Σ, queries fold
 * in the same way. Cost: O(nnz·l) per pass plus O(m·l²), about a second at 50k chunks.
 *
 * It would be the embedded default only if it measurably beat BM25 alone; on the retrieval test set
 * (docs_retrieval_quality.test.ts) it does not: fused with BM25 it ties recall@5 (0.983) with a
 * lower MRR (0.870 vs 0.891) at the default chunk size and loses both with small chunks (0.913 /
 * 0.864 vs 0.921 / 0.902). BM25 stays the default; LSA remains available as a provider.
 */
import type { EmbeddingProvider } from './embeddings';
import { tokenize } from './tokenize';

export interface LsaOptions {
  /** Latent dimensions (default 128; fewer when the corpus is smaller). */
  dims?: number;
  /** Seed of the random projection: the same corpus and seed give the same model. */
  seed?: number;
  /** Terms in fewer chunks than this are dropped (default 2: a term seen once relates nothing). */
  minDf?: number;
  /** At most this many terms, the most frequent by document frequency (default 30 000). */
  maxTerms?: number;
  powerIterations?: number;
}

export interface LsaModel {
  dims: number;
  /** term → row of `basis` */
  terms: Map<string, number>;
  idf: Float32Array;
  /** V: terms × dims, row-major. */
  basis: Float32Array;
  /** The singular values, largest first. */
  sigma: Float32Array;
}

export function trainLsa(texts: readonly string[], options: LsaOptions = {}): LsaModel {
  const n = texts.length;
  const minDf = options.minDf ?? 2;
  const maxTerms = options.maxTerms ?? 30_000;
  const docs = texts.map((t) => termCounts(t));
  const df = new Map<string, number>();
  for (const d of docs) for (const t of d.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const vocabulary = [...df]
    .filter(([, c]) => c >= minDf && c < n) // a term in every chunk separates nothing
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, maxTerms);
  const terms = new Map<string, number>();
  const idf = new Float32Array(vocabulary.length);
  vocabulary.forEach(([t, c], i) => {
    terms.set(t, i);
    idf[i] = Math.log(n / c);
  });
  const m = vocabulary.length;
  const l = Math.max(1, Math.min((options.dims ?? 128) + 10, n, m));
  const dims = Math.max(1, Math.min(options.dims ?? 128, l));
  if (m === 0 || n === 0) return { dims: 1, terms, idf, basis: new Float32Array(0), sigma: new Float32Array(1) };

  // The chunk-by-term TF-IDF matrix, rows L2-normalised, in CSR form.
  const rowPtr = new Int32Array(n + 1);
  const cols: number[] = [];
  const vals: number[] = [];
  docs.forEach((counts, d) => {
    const row = weigh(counts, terms, idf);
    for (const [t, v] of row) {
      cols.push(t);
      vals.push(v);
    }
    rowPtr[d + 1] = cols.length;
  });
  const A = { n, m, rowPtr, cols: Int32Array.from(cols), vals: Float64Array.from(vals) };

  const random = gaussian(options.seed ?? 0x5eed);
  const omega = new Float64Array(m * l);
  for (let i = 0; i < omega.length; i++) omega[i] = random();
  let Y = mulA(A, omega, l);
  orthonormalise(Y, n, l);
  for (let it = 0; it < (options.powerIterations ?? 2); it++) {
    const Z = mulAt(A, Y, l);
    orthonormalise(Z, m, l);
    Y = mulA(A, Z, l);
    orthonormalise(Y, n, l);
  }
  const Bt = mulAt(A, Y, l); // m × l
  const G = new Float64Array(l * l);
  for (let t = 0; t < m; t++) {
    const base = t * l;
    for (let i = 0; i < l; i++) {
      const x = Bt[base + i]!;
      if (x === 0) continue;
      for (let j = i; j < l; j++) G[i * l + j]! += x * Bt[base + j]!;
    }
  }
  for (let i = 0; i < l; i++) for (let j = 0; j < i; j++) G[i * l + j] = G[j * l + i]!;
  const { values, vectors } = jacobiEigen(G, l);
  const order = [...values.keys()].sort((a, b) => values[b]! - values[a]!).slice(0, dims);
  const sigma = Float32Array.from(order, (i) => Math.sqrt(Math.max(0, values[i]!)));
  const basis = new Float32Array(m * dims);
  order.forEach((e, c) => {
    const s = sigma[c]! > 1e-12 ? 1 / sigma[c]! : 0;
    for (let t = 0; t < m; t++) {
      let sum = 0;
      for (let i = 0; i < l; i++) sum += Bt[t * l + i]! * vectors[i * l + e]!;
      basis[t * dims + c] = sum * s;
    }
  });
  return { dims, terms, idf, basis, sigma };
}

/** A text's LSA vector (unit length; zero when it shares no term with the model). */
export function lsaEmbed(model: LsaModel, text: string): Float32Array {
  const out = new Float32Array(model.dims);
  for (const [t, v] of weigh(termCounts(text), model.terms, model.idf)) {
    const base = t * model.dims;
    for (let c = 0; c < model.dims; c++) out[c]! += v * model.basis[base + c]!;
  }
  let sq = 0;
  for (const x of out) sq += x * x;
  if (sq > 0) {
    const inv = 1 / Math.sqrt(sq);
    for (let c = 0; c < out.length; c++) out[c]! *= inv;
  }
  return out;
}

/** An EmbeddingProvider over a trained model: synchronous work, so no batching or retries. */
export function lsaEmbeddings(model: LsaModel): EmbeddingProvider {
  return {
    id: `lsa:${model.dims}:${model.terms.size}`,
    embed: async (texts) => texts.map((t) => lsaEmbed(model, t)),
  };
}

function termCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of tokenize(text)) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts;
}

/** Sublinear tf × idf over the model's terms, L2-normalised. */
function weigh(counts: Map<string, number>, terms: Map<string, number>, idf: Float32Array): [number, number][] {
  const row: [number, number][] = [];
  let sq = 0;
  for (const [term, tf] of counts) {
    const t = terms.get(term);
    if (t === undefined) continue;
    const v = (1 + Math.log(tf)) * idf[t]!;
    row.push([t, v]);
    sq += v * v;
  }
  const inv = sq > 0 ? 1 / Math.sqrt(sq) : 0;
  for (const r of row) r[1] *= inv;
  return row;
}

interface Csr {
  n: number;
  m: number;
  rowPtr: Int32Array;
  cols: Int32Array;
  vals: Float64Array;
}

/** A (n × m, sparse) · X (m × l, row-major) → n × l. */
function mulA(A: Csr, X: Float64Array, l: number): Float64Array {
  const Y = new Float64Array(A.n * l);
  for (let d = 0; d < A.n; d++) {
    const yb = d * l;
    for (let p = A.rowPtr[d]!; p < A.rowPtr[d + 1]!; p++) {
      const v = A.vals[p]!;
      const xb = A.cols[p]! * l;
      for (let j = 0; j < l; j++) Y[yb + j]! += v * X[xb + j]!;
    }
  }
  return Y;
}

/** Aᵀ (m × n) · Y (n × l, row-major) → m × l. */
function mulAt(A: Csr, Y: Float64Array, l: number): Float64Array {
  const Z = new Float64Array(A.m * l);
  for (let d = 0; d < A.n; d++) {
    const yb = d * l;
    for (let p = A.rowPtr[d]!; p < A.rowPtr[d + 1]!; p++) {
      const v = A.vals[p]!;
      const zb = A.cols[p]! * l;
      for (let j = 0; j < l; j++) Z[zb + j]! += v * Y[yb + j]!;
    }
  }
  return Z;
}

/** Modified Gram–Schmidt on the l columns of a rows × l row-major matrix; a dependent column becomes zero. */
function orthonormalise(M: Float64Array, rows: number, l: number): void {
  for (let j = 0; j < l; j++) {
    for (let i = 0; i < j; i++) {
      let dot = 0;
      for (let r = 0; r < rows; r++) dot += M[r * l + i]! * M[r * l + j]!;
      if (dot === 0) continue;
      for (let r = 0; r < rows; r++) M[r * l + j]! -= dot * M[r * l + i]!;
    }
    let sq = 0;
    for (let r = 0; r < rows; r++) sq += M[r * l + j]! ** 2;
    const inv = sq > 1e-20 ? 1 / Math.sqrt(sq) : 0;
    for (let r = 0; r < rows; r++) M[r * l + j]! *= inv;
  }
}

/** Cyclic Jacobi eigen-decomposition of a symmetric l × l matrix: eigenvalues and eigenvectors as columns. */
export function jacobiEigen(S: Float64Array, l: number, sweeps = 30): { values: Float64Array; vectors: Float64Array } {
  const a = Float64Array.from(S);
  const v = new Float64Array(l * l);
  for (let i = 0; i < l; i++) v[i * l + i] = 1;
  for (let sweep = 0; sweep < sweeps; sweep++) {
    let off = 0;
    for (let p = 0; p < l; p++) for (let q = p + 1; q < l; q++) off += a[p * l + q]! ** 2;
    if (off < 1e-22) break;
    for (let p = 0; p < l; p++) {
      for (let q = p + 1; q < l; q++) {
        const apq = a[p * l + q]!;
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (a[q * l + q]! - a[p * l + p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < l; k++) {
          const akp = a[k * l + p]!;
          const akq = a[k * l + q]!;
          a[k * l + p] = c * akp - s * akq;
          a[k * l + q] = s * akp + c * akq;
        }
        for (let k = 0; k < l; k++) {
          const apk = a[p * l + k]!;
          const aqk = a[q * l + k]!;
          a[p * l + k] = c * apk - s * aqk;
          a[q * l + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < l; k++) {
          const vkp = v[k * l + p]!;
          const vkq = v[k * l + q]!;
          v[k * l + p] = c * vkp - s * vkq;
          v[k * l + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const values = new Float64Array(l);
  for (let i = 0; i < l; i++) values[i] = a[i * l + i]!;
  return { values, vectors: v };
}

/** A seeded standard-normal generator (mulberry32 + Box–Muller): the same seed, the same model. */
function gaussian(seed: number): () => number {
  let s = seed >>> 0;
  const uniform = (): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => {
    const u = Math.max(uniform(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * uniform());
  };
}
