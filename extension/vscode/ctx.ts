/**
 * Extension context
 * =================
 * The one object activate() builds and every part receives: the log, the folders' graphs, and two
 * cleanup lists — for things that live as long as the extension, and for things that live as long
 * as the current set of folders (rebuilt when folders are added or removed).
 */
import * as vscode from 'vscode';
import { FolderIndex } from './folder_index';

export class Ctx implements vscode.Disposable {
  readonly log = vscode.window.createOutputChannel('KG Memory', { log: true });
  private readonly folders = new Map<string, FolderIndex>();
  private readonly extCleanup: vscode.Disposable[] = [this.log];
  private readonly folderCleanup = new Map<string, vscode.Disposable[]>();
  private readonly graphChanged = new vscode.EventEmitter<FolderIndex>();
  /** Any folder's graph changed (an index or an update finished). */
  readonly onDidChangeGraph = this.graphChanged.event;
  private readonly foldersChanged = new vscode.EventEmitter<void>();
  readonly onDidChangeFolders = this.foldersChanged.event;
  private disposed = false;

  constructor(readonly extCtx: vscode.ExtensionContext) {
    extCtx.subscriptions.push(this);
    this.extCleanup.push(this.graphChanged, this.foldersChanged);
  }

  /** Lives until the extension deactivates. */
  pushExtCleanup(d: vscode.Disposable): void {
    if (this.disposed) d.dispose();
    else this.extCleanup.push(d);
  }

  /** Lives as long as the folder stays open. */
  pushFolderCleanup(folder: FolderIndex, d: vscode.Disposable): void {
    const list = this.folderCleanup.get(folder.folder.uri.toString());
    if (!list || this.disposed) d.dispose();
    else list.push(d);
  }

  /** Tells whatever shows the graph that it changed outside an index (agent memory written). */
  fireGraphChanged(folder: FolderIndex): void {
    this.graphChanged.fire(folder);
  }

  allFolders(): FolderIndex[] {
    return [...this.folders.values()];
  }

  /** The folder holding this document or file, if it is indexed. */
  folderFor(uri: vscode.Uri): FolderIndex | undefined {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    return folder ? this.folders.get(folder.uri.toString()) : undefined;
  }

  /** The folder of the active editor, else the only or first folder. */
  activeFolder(): FolderIndex | undefined {
    const uri = vscode.window.activeTextEditor?.document.uri;
    return (uri && this.folderFor(uri)) ?? this.allFolders()[0];
  }

  /** Opens (or keeps) a FolderIndex for each open folder and closes the others. */
  async syncFolders(): Promise<FolderIndex[]> {
    const wanted = new Map((vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => [f.uri.toString(), f]));
    for (const [key, index] of this.folders) {
      if (wanted.has(key)) continue;
      this.folders.delete(key);
      for (const d of this.folderCleanup.get(key) ?? []) d.dispose();
      this.folderCleanup.delete(key);
      index.dispose();
    }
    const opened: FolderIndex[] = [];
    for (const [key, folder] of wanted) {
      if (this.folders.has(key)) continue;
      try {
        const index = await FolderIndex.open(folder, this.log);
        this.folders.set(key, index);
        this.folderCleanup.set(key, [index.onDidChange((f) => this.graphChanged.fire(f))]);
        opened.push(index);
      } catch (err) {
        this.log.error(`${folder.name}: cannot open: ${(err as Error).message}`);
      }
    }
    this.foldersChanged.fire();
    return opened;
  }

  /** Closes every folder (their snapshots are saved); syncFolders() opens them again. */
  async closeFolders(): Promise<void> {
    const closing: Promise<void>[] = [];
    for (const [key, index] of this.folders) {
      for (const d of this.folderCleanup.get(key) ?? []) d.dispose();
      this.folderCleanup.delete(key);
      closing.push(index.close());
    }
    this.folders.clear();
    await Promise.all(closing);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const list of this.folderCleanup.values()) for (const d of list) d.dispose();
    this.folderCleanup.clear();
    for (const index of this.folders.values()) index.dispose();
    this.folders.clear();
    for (const d of this.extCleanup.reverse()) d.dispose();
  }
}
