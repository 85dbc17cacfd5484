/** The layout worker's bundled source, inlined by esbuild.config.mjs (see graph/layout.ts). */
declare module 'virtual:layout-worker' {
  const source: string;
  export default source;
}
