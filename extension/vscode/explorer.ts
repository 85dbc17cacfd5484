/**
 * The graph explorer in VS Code
 * =============================
 * A webview view in its own activity-bar container, and the command "KG Memory: Show Graph
 * Explorer" that opens the same explorer as an editor panel (one at a time: the command reveals
 * it if open). Each webview gets its own ExplorerSession, disposed with it.
 */
import * as vscode from 'vscode';
import type { Ctx } from './ctx';
import { answerQuery } from '../protocol/explorer_host';
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
  for (const [command, kind] of [[CALLERS_IN_GRAPH, 'callers'], [IMPACT_IN_GRAPH, 'impact']] as const) {
    ctx.pushExtCleanup(vscode.commands.registerCommand(command, () => askAtCursor(ctx, kind)));
  }
}

export const CALLERS_IN_GRAPH = 'kgMemory.showCallersInGraph';
export const IMPACT_IN_GRAPH = 'kgMemory.showImpactInGraph';

/**
 * Callers or impact of the symbol under the cursor (impact: or of the file), highlighted in the
 * explorer with the tests to run: the core queries MCP's tools use (protocol/explorer_host.ts).
 */
async function askAtCursor(ctx: Ctx, kind: 'callers' | 'impact'): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  const folder = editor ? ctx.allFolders().find((f) => f.relative(editor.document.uri) !== undefined) : undefined;
  const rel = editor && folder ? folder.relative(editor.document.uri) : undefined;
  if (!editor || !folder || rel === undefined) {
    void vscode.window.showWarningMessage('KG Memory: open a file of an indexed folder and put the cursor in a symbol.');
    return;
  }
  const id = folder.ws.graph.symbolAt(rel, editor.selection.active.line + 1);
  if (id === undefined || (kind === 'callers' && folder.ws.graph.node(id)?.kind === 'file')) {
    void vscode.window.showWarningMessage('KG Memory: put the cursor inside a function, method or class first.');
    return;
  }
  const a = answerQuery(folder.ws.graph, { kind, id });
  if (a.ids.length <= 1) {
    void vscode.window.showInformationMessage(`KG Memory: ${a.message ?? `nothing found for ${a.label}`}.`);
    return;
  }
  await highlightInExplorer(folder, a.tests.length > 0 ? `${a.label} (${a.tests.length} tests to run)` : a.label, a.ids);
}
