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

export const EXPLORER_VIEW = 'kgMemory.explorer';
export const SHOW_EXPLORER_COMMAND = 'kgMemory.showGraphExplorer';

export function registerExplorer(ctx: Ctx): void {
  ctx.pushExtCleanup(
    vscode.window.registerWebviewViewProvider(
      EXPLORER_VIEW,
      {
        resolveWebviewView(view) {
          const session = new ExplorerSession(ctx, view.webview);
          view.onDidDispose(() => session.dispose());
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
      const session = new ExplorerSession(ctx, p.webview);
      p.onDidDispose(() => {
        session.dispose();
        panel = undefined;
      });
    }),
  );
  ctx.pushExtCleanup({ dispose: () => panel?.dispose() });
}
