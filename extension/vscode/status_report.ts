/**
 * Status report
 * =============
 * Show Status opens a read-only markdown document (`kg-memory:` scheme) in the markdown preview:
 * everything the index knows per folder. Read-only, so closing it never asks to save; it
 * follows the graph, so an open preview stays current.
 */
import * as vscode from 'vscode';
import type { Ctx } from './ctx';
import { folderSummary } from './status';
import { statusMarkdown } from './status_text';

export const STATUS_URI = vscode.Uri.from({ scheme: 'kg-memory', path: '/KG Memory Status.md' });

export function registerStatusReport(ctx: Ctx): void {
  const changed = new vscode.EventEmitter<vscode.Uri>();
  ctx.pushExtCleanup(changed);
  ctx.pushExtCleanup(
    vscode.workspace.registerTextDocumentContentProvider(STATUS_URI.scheme, {
      onDidChange: changed.event,
      provideTextDocumentContent: () => statusMarkdown(ctx.allFolders().map((f) => folderSummary(f, true))),
    }),
  );
  // Only while the report is open: the full status is a pass over the graph.
  let pending: ReturnType<typeof setTimeout> | undefined;
  const refresh = (): void => {
    if (pending !== undefined || !vscode.workspace.textDocuments.some((d) => d.uri.toString() === STATUS_URI.toString())) return;
    pending = setTimeout(() => {
      pending = undefined;
      changed.fire(STATUS_URI);
    }, 500);
  };
  ctx.pushExtCleanup({ dispose: () => pending !== undefined && clearTimeout(pending) });
  ctx.pushExtCleanup(ctx.onDidChangeGraph(refresh));
  ctx.pushExtCleanup(ctx.onDidChangeFolders(refresh));
}

/** Opens the report in the markdown preview, or as text where there is no preview. */
export async function openStatusReport(): Promise<void> {
  const doc = await vscode.workspace.openTextDocument(STATUS_URI);
  try {
    await vscode.commands.executeCommand('markdown.showPreview', doc.uri);
  } catch {
    await vscode.window.showTextDocument(doc, { preview: true });
  }
}
