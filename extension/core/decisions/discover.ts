/**
 * Finding decision documents
 * ==========================
 * Instruction files are fixed paths. Records, by default, are found two ways:
 *   by path     a Markdown file named with 3 to 8 leading digits or a date, in a folder whose name
 *               says it holds records (adr, decisions, architecture-decision-records), at any
 *               depth, or up to three levels below one (teams file records by year or area);
 *   by content  any other Markdown file whose headings are a record's (record_shape.ts).
 * Both look only at the files the workspace walk listed, so finding records costs no walk of its
 * own. Configured folders replace the default rule: those folders are listed and only files
 * matching the name pattern in them are records.
 *
 * Whether a path is a record by path is a question about the path alone; by content, about the
 * file's head as it is now. An update and a full index ask the same questions, so they agree.
 */
import { readdirSync, statSync, type Dirent } from 'node:fs';
import { posix } from 'node:path';
import type { WorkspaceFs } from '../index/workspace_fs';
import { RECORD_FOLDER, type DecisionConfig } from './config';

const MAX_DEPTH = 3;
export const MAX_DECISION_BYTES = 1024 * 1024;

export type DocumentKind = 'adr' | 'instructions';

/** Names that are never records, whatever their headings: a template has all of them. */
const NOT_RECORD = /template|^(?:readme|index|changelog|changes|history|contributing|code_of_conduct|security|license|authors|summary|toc)\.(?:md|markdown)$/i;
const MARKDOWN = /\.(?:md|markdown)$/i;
/** A record under a test or fixture folder belongs to a test project, not to this one (the default rule only). */
const TEST_FOLDER = /(?:^|\/)(?:tests?|__tests__|spec|fixtures|testdata|test-data|integration-tests|e2e)\//i;

/** What a root-relative path is to the decision graph by its path alone, or undefined. */
export function documentKind(config: DecisionConfig, rel: string): DocumentKind | undefined {
  if (config.instructionFiles.includes(rel)) return 'instructions';
  const base = posix.basename(rel);
  if (!config.filenamePattern.test(base) || NOT_RECORD.test(base)) return undefined;
  return recordFolderOf(config, rel) !== undefined ? 'adr' : undefined;
}

/** The record folder a path lies in (configured, or named like one within MAX_DEPTH levels up), or undefined. */
export function recordFolderOf(config: DecisionConfig, rel: string): string | undefined {
  if (config.adrFolders) {
    for (const folder of config.adrFolders) {
      if (!rel.startsWith(`${folder}/`)) continue;
      const depth = rel.slice(folder.length + 1).split('/').length - 1;
      if (depth <= MAX_DEPTH) return folder;
    }
    return undefined;
  }
  if (TEST_FOLDER.test(rel)) return undefined;
  const parts = rel.split('/');
  for (let i = parts.length - 2; i >= 0 && parts.length - 2 - i <= MAX_DEPTH; i--) {
    if (RECORD_FOLDER.test(parts[i]!)) return parts.slice(0, i + 1).join('/');
  }
  return undefined;
}

/** Whether the walk should list this path for the decision graph (Markdown may be a record by its headings). */
export function wantsListing(config: DecisionConfig, rel: string): boolean {
  return documentKind(config, rel) !== undefined || (config.byHeadings && MARKDOWN.test(rel));
}

/** Whether a file's headings decide whether it is a record: Markdown the path rule did not claim. */
export function mayBeRecordByHeadings(config: DecisionConfig, rel: string): boolean {
  return config.byHeadings && MARKDOWN.test(rel) && !NOT_RECORD.test(posix.basename(rel)) && !TEST_FOLDER.test(rel) && documentKind(config, rel) === undefined;
}

/**
 * The instruction files and the records by path on disk now, root-relative and sorted: from
 * `listed` (the walk's files) under the default rule, by listing the configured folders
 * otherwise. Files the workspace guard refuses (a symlink out of the root, a FIFO) are left out,
 * with the reason in `refused`.
 */
export function discoverDocuments(fs: WorkspaceFs, config: DecisionConfig, refused: Map<string, string>, listed: readonly string[]): string[] {
  const found = new Set<string>();
  const consider = (rel: string): void => {
    const check = fs.stat(rel);
    if (check.ok) {
      if (check.size <= MAX_DECISION_BYTES) found.add(rel);
    } else if (!check.missing) refused.set(rel, check.reason);
  };
  for (const rel of config.instructionFiles) consider(rel);
  if (config.adrFolders) for (const folder of config.adrFolders) listFolder(fs, folder, 0, config, consider, refused);
  else for (const rel of listed) if (documentKind(config, rel) === 'adr') consider(rel);
  return [...found].sort();
}

/**
 * Without a walk (a restart from a snapshot that predates the record list): the Markdown under
 * the root's and docs/'s or doc/'s record folders, a few levels down. Cheap: it lists folders
 * only where records are expected.
 */
export function listLikelyRecords(fs: WorkspaceFs, config: DecisionConfig, refused: Map<string, string>): string[] {
  const out: string[] = [];
  const collect = (rel: string): void => {
    if (MARKDOWN.test(rel)) out.push(rel);
  };
  const roots = config.adrFolders ?? ['', 'docs', 'doc'];
  for (const root of roots) listFolder(fs, root, 0, config, collect, refused, config.adrFolders === undefined);
  return out.sort();
}

function listFolder(
  fs: WorkspaceFs,
  dir: string,
  depth: number,
  config: DecisionConfig,
  consider: (rel: string) => void,
  refused: Map<string, string>,
  /** Only descend into record folders (and docs/ folders below the start). */
  seeking = false,
): void {
  const where = fs.resolve(dir);
  if (!where.ok) {
    if (!where.missing) refused.set(dir, where.reason);
    return; // no such folder
  }
  let entries: Dirent[];
  try {
    entries = readdirSync(where.real, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    // A link is judged by where it leads: a folder inside the root is listed, anything outside refused.
    const isDir = entry.isDirectory() || (entry.isSymbolicLink() && isFolder(fs, rel, refused));
    if (isDir) {
      if (depth >= MAX_DEPTH) continue;
      if (!seeking) listFolder(fs, rel, depth + 1, config, consider, refused);
      else if (RECORD_FOLDER.test(entry.name)) listFolder(fs, rel, 0, config, consider, refused);
      else if (dir !== '') listFolder(fs, rel, depth + 1, config, consider, refused, true);
    } else if (!seeking && (config.adrFolders === undefined || documentKind(config, rel) === 'adr')) consider(rel);
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
