/**
 * Finding decision documents
 * ==========================
 * Records are the files matching the name pattern in the configured ADR folders (and their
 * subfolders, a few levels down: some teams file records by year or area); instruction files are
 * the configured paths. Both are fixed lists of places, not a walk of the workspace, so whether a
 * path is a decision document is a question about the path alone: an update and a full index
 * always agree on it.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import type { DecisionConfig } from './config';

const MAX_DEPTH = 3;
const MAX_BYTES = 1024 * 1024;

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

/** Every decision document on disk now, root-relative and sorted. */
export function discoverDocuments(root: string, config: DecisionConfig): string[] {
  const found = new Set<string>();
  for (const rel of config.instructionFiles) if (isSmallFile(join(root, rel))) found.add(rel);
  for (const folder of config.adrFolders) listFolder(root, folder, 0, config, found);
  return [...found].sort();
}

function listFolder(root: string, dir: string, depth: number, config: DecisionConfig, found: Set<string>): void {
  let names: string[];
  try {
    names = readdirSync(join(root, dir));
  } catch {
    return; // no such folder: most of the default ones are absent
  }
  for (const name of names.sort()) {
    if (name.startsWith('.') || name === 'node_modules') continue;
    const rel = `${dir}/${name}`;
    const abs = join(root, rel);
    let st: ReturnType<typeof statSync>;
    try {
      st = statSync(abs);
    } catch {
      continue;
    }
    if (st.isDirectory()) {
      if (depth < MAX_DEPTH) listFolder(root, rel, depth + 1, config, found);
    } else if (st.isFile() && st.size <= MAX_BYTES && documentKind(config, rel) === 'adr') found.add(rel);
  }
}

export function isSmallFile(abs: string): boolean {
  try {
    const st = statSync(abs);
    return st.isFile() && st.size <= MAX_BYTES;
  } catch {
    return false;
  }
}
