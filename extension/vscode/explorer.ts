/**
 * The graph explorer in VS Code
 * =============================
 * A webview view in its own activity-bar container, and the command "KG Memory: Show Graph
 * Explorer" that opens the same explorer as an editor panel (one at a time: the command reveals
 * it if open). Each webview gets its own ExplorerSession, disposed with it.
 */
import * as vscode from 'vscode';
import type { Ctx } from './ctx';
import { ExplorerSession } from './explorer_session';
import type { FolderIndex } from './folder_index';

/** The live explorers (the sidebar view and the panel), for commands that show something in them. */
const sessions = new Set<ExplorerSession>();

function track(session: ExplorerSession): ExplorerSession {
  sessions.add(session);
  return session;
}

/**
 * Highlights nodes of a folder's graph in the explorers that show that folder; opens the panel
 * when none does. Returns the sessions asked (their `lastHighlight` is the webview's answer).
 */
export async function highlightInExplorer(folder: FolderIndex, label: string, ids: readonly string[]): Promise<ExplorerSession[]> {
  let showing = [...sessions].filter((s) => s.shownFolder === folder);
  if (showing.length === 0) {
    await vscode.commands.executeCommand(SHOW_EXPLORER_COMMAND);
    // A new panel shows the active folder once its page is ready; the highlight waits for that.
    showing = [...sessions].filter((s) => s.shownFolder === folder || s.shownFolder === undefined);
  }
  for (const s of showing) s.highlight(label, ids);
  return showing;
}

/** What the explorers answered to the last highlight (for the extension-host tests). */
export const explorerHighlights = (): { label: string; shown: number }[] => [...sessions].flatMap((s) => (s.lastHighlight ? [s.lastHighlight] : []));

export const EXPLORER_VIEW = 'kgMemory.explorer';
export const SHOW_EXPLORER_COMMAND = 'kgMemory.showGraphExplorer';

export function registerExplorer(ctx: Ctx): void {
  ctx.pushExtCleanup(
    vscode.window.registerWebviewViewProvider(
      EXPLORER_VIEW,
      {
        resolveWebviewView(view) {
          const session = track(new ExplorerSession(ctx, view.webview, 'sidebar'));
          view.onDidDispose(() => {
            sessions.delete(session);
            session.dispose();
          });
        },
      },
      // The layout and camera survive switching away from the view.
      { webviewOptions: { retainContextWhenHidden: true } },
    ),
  );
  let panel: vscode.WebviewPanel | undefined;
  ctx.pushExtCleanup(
    vscode.commands.registerCommand(SHOW_EXPLORER_COMMAND, () => {
      if (panel) {
        panel.reveal();
        return;
      }
      const p = (panel = vscode.window.createWebviewPanel('kgMemory.explorerPanel', 'KG Memory Graph', vscode.ViewColumn.Active, { retainContextWhenHidden: true }));
      const session = track(new ExplorerSession(ctx, p.webview, 'panel'));
      p.onDidDispose(() => {
        sessions.delete(session);
        session.dispose();
        panel = undefined;
      });
    }),
  );
  ctx.pushExtCleanup({ dispose: () => panel?.dispose() });
}
