/**
 * Status bar
 * ==========
 * One item for the whole window: "indexing n/m" while any folder indexes, "ready" with the symbol
 * count, or an error; the tooltip has the counts per folder and the MCP endpoint. Clicking it opens
 * a quick pick with each folder's status and the main commands. Also gathers a folder's status
 * for the Show Status report.
 */
import * as vscode from 'vscode';
import { status } from '../core/query';
import type { StatusResult } from '../core/query';
import { readDiscovery } from '../mcp/discovery';
import type { Ctx } from './ctx';
import type { FolderIndex } from './folder_index';
import { folderLine, statusBarView } from './status_text';
import type { FolderSummary } from './status_text';

export const STATUS_MENU_COMMAND = 'kgMemory.statusMenu';

/**
 * The MCP endpoint the folder's discovery file (`.kg-memory/endpoint.json`) names, for display
 * only: nothing is sent to it. Read with the MCP host's own reader, so both trust it alike.
 */
export function mcpEndpointOf(folder: FolderIndex): string | undefined {
  const read = readDiscovery(folder.ws.root);
  if (!read.ok) return undefined;
  const { url, socket } = read.discovery;
  return socket !== undefined ? `${url} (Unix socket ${socket})` : url;
}

/**
 * A folder's status. `full` runs the core status query (a pass over the graph: languages, call
 * confidence, parse errors) and lists everything skipped; without it, only the counts the graph
 * keeps up to date, cheap enough for every progress tick.
 */
export function folderSummary(folder: FolderIndex, full: boolean): FolderSummary {
  const ws = folder.ws;
  const s = ws.status();
  const indexing = folder.state.kind === 'indexing';
  let result: StatusResult;
  if (full) {
    result = status(ws.graph, {
      root: s.root,
      skipped: s.skipped,
      indexing,
      ...(s.lastIndexedAt !== undefined ? { lastIndexedAt: s.lastIndexedAt } : {}),
      ...(s.lastIndexMs !== undefined ? { durationMs: s.lastIndexMs } : {}),
      ...(s.parseErrors.length > 0 ? { parseErrors: { files: s.parseErrors.length, errors: s.parseErrors.reduce((n, p) => n + p.count, 0) } } : {}),
    });
  } else {
    result = { root: s.root, ...ws.graph.stats(), ...(s.lastIndexedAt !== undefined ? { indexedAt: s.lastIndexedAt } : {}) };
  }
  const out: FolderSummary = { name: folder.folder.name, state: folder.state, status: result, files: s.files };
  if (full) {
    out.skipped = s.skipped;
    out.failed = s.failed;
    out.parseErrors = s.parseErrors;
    if (s.snapshot) out.snapshot = s.snapshot;
  }
  const endpoint = mcpEndpointOf(folder);
  if (endpoint) out.endpoint = endpoint;
  return out;
}

export function registerStatusBar(ctx: Ctx): void {
  const item = vscode.window.createStatusBarItem('kgMemory.status', vscode.StatusBarAlignment.Left, 10);
  item.name = 'KG Memory';
  item.command = STATUS_MENU_COMMAND;
  ctx.pushExtCleanup(item);

  let scheduled: ReturnType<typeof setTimeout> | undefined;
  const render = (): void => {
    scheduled = undefined;
    const folders = ctx.allFolders();
    if (folders.length === 0 && !(vscode.workspace.workspaceFolders ?? []).some((f) => f.uri.scheme === 'file')) {
      item.hide();
      return;
    }
    const view = statusBarView(folders.map((f) => folderSummary(f, false)));
    item.text = folders.length === 0 ? '$(sync~spin) KG Memory' : view.text;
    const tooltip = new vscode.MarkdownString(view.tooltip);
    tooltip.supportThemeIcons = true;
    item.tooltip = tooltip;
    item.backgroundColor = view.kind === 'error' ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
    item.show();
  };
  // Progress ticks come per file: redraw at most ten times a second.
  const refresh = (): void => {
    scheduled ??= setTimeout(render, 100);
  };
  ctx.pushExtCleanup({ dispose: () => scheduled !== undefined && clearTimeout(scheduled) });

  const followed = new WeakSet<FolderIndex>();
  ctx.pushExtCleanup(
    ctx.onDidChangeFolders(() => {
      for (const folder of ctx.allFolders()) {
        if (followed.has(folder)) continue;
        followed.add(folder);
        ctx.pushFolderCleanup(folder, folder.onDidChangeState(refresh));
      }
      refresh();
    }),
  );
  ctx.pushExtCleanup(ctx.onDidChangeGraph(refresh));
  render();

  ctx.pushExtCleanup(vscode.commands.registerCommand(STATUS_MENU_COMMAND, () => showStatusMenu(ctx)));
}

interface MenuItem extends vscode.QuickPickItem {
  run?: () => Thenable<unknown>;
}

/** The status quick pick: a line per folder (opens the full report), then the main commands. */
async function showStatusMenu(ctx: Ctx): Promise<void> {
  const folders = ctx.allFolders();
  const items: MenuItem[] = folders.map((f) => ({ ...folderLine(folderSummary(f, false)), run: () => vscode.commands.executeCommand('kgMemory.showStatus') }));
  if (folders.length === 0) items.push({ label: '$(info) No folder indexed yet', description: 'open a folder to build its graph' });
  items.push({ label: 'commands', kind: vscode.QuickPickItemKind.Separator });
  const commands: [string, string, string][] = [
    ['kgMemory.showStatus', '$(info) Show Status', 'files, counts by kind, parse errors, skipped files, MCP endpoint'],
    ['kgMemory.findSymbol', '$(search) Find Symbol in Graph', ''],
    ['kgMemory.reindexWorkspace', '$(refresh) Reindex Workspace', 'parse every file of every folder again'],
    ['kgMemory.copyMcpConfig', '$(copy) Copy MCP Configuration', 'for Claude Code, Cursor, Codex or VS Code'],
    ['kgMemory.openLog', '$(output) Open Log', ''],
  ];
  for (const [id, label, description] of commands) items.push({ label, description, run: () => vscode.commands.executeCommand(id) });
  const chosen = await vscode.window.showQuickPick(items, { title: 'KG Memory', placeHolder: 'Status per folder, and commands' });
  await chosen?.run?.();
}
