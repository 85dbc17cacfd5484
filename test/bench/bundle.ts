/**
 * Bench bundle
 * ============
 * Builds the bench's child process with the project's own esbuild configuration (the same
 * `bundle()` that builds dist/), into test/bench/work/bundle/, with the parse worker and grammars
 * beside it: child measurements run production-shaped code, not tsx-compiled source.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT, WORK } from './util';

export const BUNDLE_DIR = join(WORK, 'bundle');
export const CHILD_JS = join(BUNDLE_DIR, 'child.js');

interface BuildConfig {
  bundle(entries: { in: string; out: string }[], outdir: string): Promise<void>;
}

export async function bundleChild(): Promise<string> {
  const config = (await import(pathToFileURL(join(REPO_ROOT, 'esbuild.config.mjs')).href)) as BuildConfig;
  await config.bundle([{ in: 'test/bench/child.ts', out: 'child' }], BUNDLE_DIR);
  return CHILD_JS;
}
