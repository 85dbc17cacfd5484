/**
 * Finding decision documents
 * ==========================
 * Records are the files matching the name pattern in the configured ADR folders (and their
 * subfolders, a few levels down: some teams file records by year or area); instruction files are
 * the configured paths. Both are fixed lists of places, not a walk of the workspace, so whether a
 * path is a decision document is a question about the path alone: an update and a full index
 * always agree on it.
 */
import { readdirSync, statSync, type Dirent } from 'node:fs';
import { posix } from 'node:path';
import type { WorkspaceFs } from '../index/workspace_fs';
import type { DecisionConfig } from './config';

const MAX_DEPTH = 3;
export const MAX_DECISION_BYTES = 1024 * 1024;

export type DocumentKind = 'adr' | 'instructions';

/** What a root-relative path is to the decision graph, or undefined. */
export function documentKind(config: DecisionConfig, rel: string): DocumentKind | undefined {
  if (config.instructionFiles.includes(rel)) return 'instructions';
  if (!config.filenamePattern.test(posix.basename(rel))) return undefined;
  for (const folder of config.adrFolders) {
    if (!rel.startsWith(`${folder}/`)) continue;
    const depth = rel.slice(folder.length + 1).split('/').length - 1;
    if (depth <= MAX_DEPTH) return 'adr';
  }
  return undefined;
}

/**
 * Every decision document on disk now, root-relative and sorted. Records and instruction files
 * that cannot be read through the workspace guard (a symlink out of the root, a FIFO) are left
 * out, with the reason in `refused`.
 */
export function discoverDocuments(fs: WorkspaceFs, config: DecisionConfig, refused: Map<string, string>): string[] {
  const found = new Set<string>();
  const consider = (rel: string): void => {
    const check = fs.stat(rel);
    if (check.ok) {
      if (check.size <= MAX_DECISION_BYTES) found.add(rel);
    } else if (!check.missing) refused.set(rel, check.reason);
  };
  for (const rel of config.instructionFiles) consider(rel);
  for (const folder of config.adrFolders) listFolder(fs, folder, 0, config, consider, refused);
  return [...found].sort();
}

function listFolder(fs: WorkspaceFs, dir: string, depth: number, config: DecisionConfig, consider: (rel: string) => void, refused: Map<string, string>): void {
  const where = fs.resolve(dir);
  if (!where.ok) {
    if (!where.missing) refused.set(dir, where.reason);
    return; // no such folder: most of the default ones are absent
  }
  let entries: Dirent[];
  try {
    entries = readdirSync(where.real, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const rel = `${dir}/${entry.name}`;
    // A link is judged by where it leads: a folder inside the root is listed, anything outside refused.
    const isDir = entry.isDirectory() || (entry.isSymbolicLink() && isFolder(fs, rel, refused));
    if (isDir) {
      if (depth < MAX_DEPTH) listFolder(fs, rel, depth + 1, config, consider, refused);
    } else if (documentKind(config, rel) === 'adr') consider(rel);
  }
}

function isFolder(fs: WorkspaceFs, rel: string, refused: Map<string, string>): boolean {
  const where = fs.resolve(rel);
  if (!where.ok) {
    if (!where.missing) refused.set(rel, where.reason);
    return false;
  }
  try {
    return statSync(where.real).isDirectory();
  } catch {
    return false;
  }
}
