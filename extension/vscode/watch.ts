/**
 * Following the disk
 * ==================
 * Saves and file-system events become batched `update()`s of the folder they belong to: a save
 * re-indexes that file (a source, or a decision document: a record or an instruction file); a
 * watcher per folder catches creates, deletes, renames and changes made
 * outside the editor (git checkout, formatters). Everything goes through one UpdateBatcher per
 * folder, so a branch switch is one update and a save plus its watcher echo is one entry.
 */
import * as vscode from 'vscode';
import { foldersOf, isSkippedPath, isWatchedFile, UpdateBatcher, WATCH_GLOB } from './batch';
import type { Ctx } from './ctx';
import type { FolderIndex } from './folder_index';

/** What a decision document can be named (records are .md, instruction files .md or .cursorrules). */
/** Decision documents and prose documents (the docs index's formats); each index says which are its own. */
const DOC_GLOB = '**/{*.md,*.markdown,*.mdx,*.txt,*.rst,*.html,*.htm,*.xhtml,*.pdf,*.docx,.cursorrules}';

/** A save is a person waiting for the lenses: a short quiet time, enough to merge a "save all". */
const SAVE_QUIET_MS = 40;

export function registerWatchers(ctx: Ctx): void {
  const watched = new WeakMap<FolderIndex, UpdateBatcher<vscode.Uri>>();

  const attach = (): void => {
    for (const folder of ctx.allFolders()) {
      if (watched.has(folder)) continue;
      watched.set(folder, watchFolder(ctx, folder));
    }
  };
  ctx.pushExtCleanup(ctx.onDidChangeFolders(attach));
  attach();

  ctx.pushExtCleanup(
    vscode.workspace.onDidSaveTextDocument((doc) => {
      if (doc.uri.scheme !== 'file') return;
      const folder = ctx.folderFor(doc.uri);
      const rel = folder?.relative(doc.uri);
      if (!folder || rel === undefined || isSkippedPath(rel) || !follows(folder, rel) || !(isWatchedFile(rel) || isDocument(folder, rel))) return;
      watched.get(folder)?.add(doc.uri, SAVE_QUIET_MS);
    }),
  );
}

/**
 * Whether an event for this path matters: the workspace's file filter (excludes, .gitignore,
 * include globs, virtualenvs) lets it in, it is indexed now (an edited .gitignore: update()
 * takes it out), or it is a decision document. Core's update() applies the same filter; this
 * spares it the events.
 */
function follows(folder: FolderIndex, rel: string): boolean {
  if (folder.ws.decisions.isDocument(rel)) return true; // records and instruction files are found by their own rule
  return folder.ws.filter.excluded(rel) === undefined || folder.ws.facts(rel) !== undefined || folder.ws.docs.facts(rel) !== undefined;
}

/** A decision document or a prose document of this folder. */
function isDocument(folder: FolderIndex, rel: string): boolean {
  return folder.ws.decisions.isDocument(rel) || folder.ws.docs.isDocument(rel);
}

/** The watchers and the batcher of one folder; they live as long as the folder stays open. */
function watchFolder(ctx: Ctx, folder: FolderIndex): UpdateBatcher<vscode.Uri> {
  const log = ctx.log;
  const name = folder.folder.name;
  const batcher = new UpdateBatcher<vscode.Uri>(
    (uri) => uri.fsPath,
    async (uris) => {
      const started = Date.now();
      const report = await folder.update(uris);
      if (report) log.debug(`${name}: update of ${uris.length} path(s): ${report.parsed} parsed, ${report.removed} removed in ${Date.now() - started} ms`);
    },
  );
  ctx.pushFolderCleanup(folder, batcher);

  const rel = (uri: vscode.Uri): string | undefined => {
    const r = folder.relative(uri);
    return r === undefined || isSkippedPath(r) || !follows(folder, r) ? undefined : r;
  };
  const onFile = (uri: vscode.Uri): void => {
    const r = rel(uri);
    if (r !== undefined && isWatchedFile(r)) batcher.add(uri);
  };

  // Sources and the config files that change resolution: every kind of event.
  const files = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder.folder, WATCH_GLOB));
  ctx.pushFolderCleanup(folder, files);
  ctx.pushFolderCleanup(folder, files.onDidCreate(onFile));
  ctx.pushFolderCleanup(folder, files.onDidChange(onFile));
  ctx.pushFolderCleanup(folder, files.onDidDelete(onFile));

  // Decision documents (records, instruction files) and prose documents: their indexes re-read and re-link them.
  const onDoc = (uri: vscode.Uri): void => {
    const r = rel(uri);
    if (r !== undefined && isDocument(folder, r)) batcher.add(uri);
  };
  const docs = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder.folder, DOC_GLOB));
  ctx.pushFolderCleanup(folder, docs);
  ctx.pushFolderCleanup(folder, docs.onDidCreate(onDoc));
  ctx.pushFolderCleanup(folder, docs.onDidChange(onDoc));
  ctx.pushFolderCleanup(folder, docs.onDidDelete(onDoc));

  // A folder created or deleted arrives as one event for the folder, which the glob above does
  // not match: a second watcher sees those (changes to folders mean nothing, so none are asked for).
  const dirs = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder.folder, '**/*'), false, true, false);
  ctx.pushFolderCleanup(folder, dirs);
  let indexedDirs: { version: number; dirs: Set<string> } | undefined;
  ctx.pushFolderCleanup(
    folder,
    dirs.onDidDelete((uri) => {
      const r = rel(uri);
      if (r === undefined || isWatchedFile(r)) return;
      // Only folders that held indexed files matter; core expands a folder to those files.
      const graph = folder.ws.graph;
      if (indexedDirs?.version !== graph.version) indexedDirs = { version: graph.version, dirs: foldersOf(graph.paths()) };
      if (indexedDirs.dirs.has(r)) batcher.add(uri);
    }),
  );
  ctx.pushFolderCleanup(
    folder,
    dirs.onDidCreate((uri) => {
      const r = rel(uri);
      if (r === undefined || isWatchedFile(r)) return;
      void addFolder(uri, batcher, log);
    }),
  );

  log.debug(`${name}: watching ${WATCH_GLOB}`);
  return batcher;
}

/** A folder created (or moved in) as one event: its sources join the batch. */
async function addFolder(uri: vscode.Uri, batcher: UpdateBatcher<vscode.Uri>, log: vscode.LogOutputChannel): Promise<void> {
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.type !== vscode.FileType.Directory) return;
    const found = await vscode.workspace.findFiles(new vscode.RelativePattern(uri, WATCH_GLOB), '**/{node_modules,.git,.kg-memory}/**');
    log.debug(`${uri.fsPath}: new folder with ${found.length} source file(s)`);
    for (const f of found) batcher.add(f);
  } catch {
    // Gone again before we looked: its delete event follows.
  }
}
