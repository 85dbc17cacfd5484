/**
 * Where "Open" may go
 * ===================
 * The explorer asks to open a node id; the path and line come from the folder's own graph, and
 * the file must resolve (symlinks followed) inside the folder's root. Pure and free of the vscode
 * module, so it is unit-tested directly.
 */
import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';

export interface OpenTarget {
  file: string;
  /** 1-based, as in the graph. */
  line: number;
}

/** The absolute path of `rel` if it lies inside `root` (after resolving symlinks), else undefined. */
export function insideRoot(root: string, rel: string): string | undefined {
  if (rel === '' || isAbsolute(rel) || rel.includes('\0')) return undefined;
  let realRoot: string;
  let real: string;
  try {
    realRoot = realpathSync(root);
    real = realpathSync(resolve(realRoot, rel));
  } catch {
    return undefined;
  }
  const r = relative(realRoot, real);
  return r !== '' && !r.startsWith('..') && !isAbsolute(r) ? real : undefined;
}

/** Where the node is defined, or why it cannot be opened. */
export function openTarget(root: string, node: { path?: string; line?: number; startLine?: number; kind: string } | undefined): OpenTarget | { error: string } {
  if (!node) return { error: 'That node is no longer in the graph.' };
  if (node.path === undefined || node.kind === 'module' || node.kind === 'external') return { error: 'It has no file to open.' };
  const file = insideRoot(root, node.path);
  if (!file) return { error: `${node.path} is not a file inside the workspace folder.` };
  return { file, line: Math.max(1, node.startLine ?? node.line ?? 1) };
}
