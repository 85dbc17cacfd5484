/** The layout worker's bundled source, inlined by esbuild.config.mjs (see graph/layout.ts). */
declare module 'virtual:layout-worker' {
  const source: string;
  export default source;
}

/** ForceAtlas2's single iteration over its flat matrices (the package ships no type for it). */
declare module 'graphology-layout-forceatlas2/iterate.js' {
  export default function iterate(options: Record<string, unknown>, nodes: Float32Array, edges: Float32Array): void;
}
