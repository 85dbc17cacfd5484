/**
 * Quick picks and navigation
 * ==========================
 * The small pieces of UI the commands share: which folder a command acts on, a quick pick of
 * entries that opens the chosen one at its line, and an error type whose message tells the fix.
 */
import * as vscode from 'vscode';
import type { Ctx } from './ctx';
import type { FolderIndex } from './folder_index';
import type { PickEntry } from './pick_items';

/** An error meant for the user as it stands: its message says what to do. */
export class UserError extends Error {
  override readonly name = 'UserError';
}

interface EntryItem extends vscode.QuickPickItem {
  entry?: PickEntry;
}

export function toItems(entries: readonly PickEntry[]): EntryItem[] {
  return entries.map((e): EntryItem => {
    if (e.separator) return { label: e.label, kind: vscode.QuickPickItemKind.Separator };
    const item: EntryItem = { label: e.label, entry: e };
    if (e.description) item.description = e.description;
    if (e.detail) item.detail = e.detail;
    return item;
  });
}

/** Every open folder; throws the message that says why there is none. */
export function requireFolders(ctx: Ctx): FolderIndex[] {
  const folders = ctx.allFolders();
  if (folders.length > 0) return folders;
  if ((vscode.workspace.workspaceFolders ?? []).some((f) => f.uri.scheme === 'file')) {
    throw new UserError('KG Memory is still opening the workspace folders; try again in a moment (the status bar shows when it is ready).');
  }
  throw new UserError('KG Memory needs a folder on disk: open one with File > Open Folder, then run the command again.');
}

/**
 * The folder a command acts on: the active editor's, else the only one, else the user's choice
 * (undefined when they dismiss the pick).
 */
export async function pickFolder(ctx: Ctx, purpose: string): Promise<FolderIndex | undefined> {
  const folders = requireFolders(ctx);
  const uri = vscode.window.activeTextEditor?.document.uri;
  const active = uri ? ctx.folderFor(uri) : undefined;
  if (active) return active;
  if (folders.length === 1) return folders[0];
  const chosen = await vscode.window.showQuickPick(
    folders.map((f) => ({ label: f.folder.name, description: f.folder.uri.fsPath, folder: f })),
    { title: `KG Memory: ${purpose}`, placeHolder: 'Which workspace folder?' },
  );
  return chosen?.folder;
}

/** Opens a folder's file at a 1-based line, cursor at the line's first character, centred. */
export async function reveal(folder: FolderIndex, path: string, line: number): Promise<void> {
  const uri = vscode.Uri.joinPath(folder.folder.uri, ...path.split('/'));
  const doc = await vscode.workspace.openTextDocument(uri);
  const l = Math.min(Math.max(line - 1, 0), Math.max(doc.lineCount - 1, 0));
  const at = new vscode.Position(l, doc.lineAt(l).firstNonWhitespaceCharacterIndex);
  await vscode.window.showTextDocument(doc, { selection: new vscode.Range(at, at), preview: true });
  vscode.window.activeTextEditor?.revealRange(new vscode.Range(at, at), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}

/** A quick pick of entries; choosing one opens it. Resolves with the chosen entry, if any. */
export async function showEntries(folder: FolderIndex, entries: readonly PickEntry[], options: { title: string; placeHolder?: string }): Promise<PickEntry | undefined> {
  const chosen = await vscode.window.showQuickPick(toItems(entries), {
    title: options.title,
    placeHolder: options.placeHolder ?? 'Type to filter; Enter opens the location',
    matchOnDescription: true,
    matchOnDetail: true,
  });
  const e = chosen?.entry;
  if (e?.path !== undefined) await reveal(folder, e.path, e.line ?? 1);
  return e;
}
