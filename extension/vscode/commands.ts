/**
 * Commands
 * ========
 * The "KG Memory" commands of the palette and the editor's context menu, one factory
 * `(ctx) => handler` each, from one table, registered once. Every answer comes from a core query
 * over the graph in memory; a handler only picks the target, asks, and shows the answer in a
 * quick pick that navigates. Errors reach the user with the fix in the message.
 */
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import * as vscode from 'vscode';
import { callees, callers, impact, QueryError, search } from '../core/query';
import type { SearchItem } from '../core/query';
import { CLIENTS, configSnippet } from '../mcp/client_config';
import type { Client } from '../mcp/client_config';
import type { Ctx } from './ctx';
import type { FolderIndex } from './folder_index';
import { callEntries, impactEntries, impactSummary, itemName, searchEntries } from './pick_items';
import type { PickEntry } from './pick_items';
import { pickFolder, requireFolders, reveal, showEntries, toItems, UserError } from './quick_pick';
import { openStatusReport, registerStatusReport } from './status_report';
import { num } from './status_text';

type Handler = (...args: unknown[]) => unknown;

interface CommandSpec {
  /** As in package.json, for error messages. */
  title: string;
  make: (ctx: Ctx) => Handler;
}

/** Every command, by its id in package.json. */
const COMMANDS: Record<string, CommandSpec> = {
  'kgMemory.reindexWorkspace': { title: 'Reindex Workspace', make: reindexWorkspace },
  'kgMemory.reindexFile': { title: 'Reindex Current File', make: reindexFile },
  'kgMemory.showCallers': { title: 'Show Callers', make: (ctx) => () => showCalls(ctx, 'callers') },
  'kgMemory.showCallees': { title: 'Show Callees', make: (ctx) => () => showCalls(ctx, 'callees') },
  'kgMemory.showImpact': { title: 'Show Impact', make: showImpact },
  'kgMemory.findSymbol': { title: 'Find Symbol in Graph', make: findSymbol },
  'kgMemory.showStatus': { title: 'Show Status', make: () => openStatusReport },
  'kgMemory.copyMcpConfig': { title: 'Copy MCP Configuration', make: copyMcpConfig },
  'kgMemory.openLog': { title: 'Open Log', make: (ctx) => () => ctx.log.show() },
};

export function registerCommands(ctx: Ctx): void {
  registerStatusReport(ctx);
  for (const [id, spec] of Object.entries(COMMANDS)) {
    ctx.pushExtCleanup(vscode.commands.registerCommand(id, guard(ctx, spec.title, spec.make(ctx))));
  }
}

/** Runs a handler and turns what it throws into a message; unexpected errors also go to the log. */
function guard(ctx: Ctx, title: string, handler: Handler): Handler {
  return async (...args: unknown[]) => {
    try {
      return await handler(...args);
    } catch (err) {
      if (err instanceof UserError) {
        void vscode.window.showWarningMessage(err.message);
      } else if (err instanceof QueryError) {
        void vscode.window.showWarningMessage(`KG Memory: ${err.message}`);
      } else {
        ctx.log.error(`${title}: ${(err as Error).stack ?? String(err)}`);
        void vscode.window.showErrorMessage(`KG Memory: ${title} failed: ${(err as Error).message}. The log has the details.`, 'Open Log').then((pick) => {
          if (pick) ctx.log.show();
        });
      }
      return undefined;
    }
  };
}

// ---- indexing --------------------------------------------------------------------------------

function reindexWorkspace(ctx: Ctx): Handler {
  return async () => {
    const folders = requireFolders(ctx);
    let files = 0;
    const failed: string[] = [];
    // One folder after another: the folders share the parse workers.
    for (const folder of folders) {
      const report = await folder.index(true);
      if (report) files += report.files;
      else if (folder.state.kind === 'error') failed.push(folder.folder.name);
    }
    if (failed.length > 0) {
      throw new Error(`indexing ${failed.join(', ')} failed`);
    }
    vscode.window.setStatusBarMessage(`$(check) KG Memory: re-indexed ${num(files)} files in ${folders.length} folder${folders.length === 1 ? '' : 's'}`, 5000);
  };
}

function reindexFile(ctx: Ctx): Handler {
  return async () => {
    const { folder, rel, editor } = activeFile(ctx, 'Reindex Current File');
    const report = await folder.update([editor.document.uri]);
    if (!report) throw new Error(`could not re-index ${rel}`);
    const symbols = folder.ws.graph.nodesInPath(rel).length;
    const note = editor.document.isDirty ? ' (as saved on disk: save to index your edits)' : '';
    if (symbols === 0) {
      throw new UserError(`KG Memory: ${rel} is not indexed: it is excluded (kgMemory.exclude, .gitignore), its language is switched off (kgMemory.languages), or it was skipped (KG Memory: Show Status says why).`);
    }
    vscode.window.setStatusBarMessage(`$(check) KG Memory: re-indexed ${rel}${note}`, 5000);
  };
}

// ---- the symbol at the cursor ----------------------------------------------------------------

interface ActiveFile {
  editor: vscode.TextEditor;
  folder: FolderIndex;
  rel: string;
}

function activeFile(ctx: Ctx, title: string): ActiveFile {
  const editor = vscode.window.activeTextEditor;
  if (!editor) throw new UserError(`KG Memory: open a Python, TypeScript or JavaScript file, then run ${title} again.`);
  const uri = editor.document.uri;
  const folder = ctx.folderFor(uri);
  const rel = folder?.relative(uri);
  if (!folder || rel === undefined) {
    const base = uri.path.slice(uri.path.lastIndexOf('/') + 1);
    throw new UserError(`KG Memory: ${base} is outside the workspace folders; add its folder to the workspace (File > Add Folder to Workspace) to index it.`);
  }
  return { editor, folder, rel };
}

interface CursorTarget extends ActiveFile {
  id: string;
  name: string;
}

/** The innermost symbol around the cursor (or the file, when `fileOk`), from the graph's line index. */
function symbolAtCursor(ctx: Ctx, title: string, fileOk: boolean): CursorTarget {
  const active = activeFile(ctx, title);
  const { editor, folder, rel } = active;
  const graph = folder.ws.graph;
  if (graph.nodesInPath(rel).length === 0) {
    if (folder.state.kind === 'indexing') throw new UserError(`KG Memory is still indexing ${folder.folder.name}; run ${title} again when the status bar shows it is ready.`);
    throw new UserError(`KG Memory: ${rel} is not in the graph. Save it or run KG Memory: Reindex Current File; if it stays out, KG Memory: Show Status says why it was skipped.`);
  }
  const line = editor.selection.active.line + 1;
  const id = graph.symbolAt(rel, line);
  const kind = id === undefined ? undefined : graph.node(id)?.kind;
  if (id === undefined || (!fileOk && kind === 'file')) {
    const dirty = editor.document.isDirty ? ' The file has unsaved edits: save it so the graph knows its lines.' : '';
    throw new UserError(`KG Memory: put the cursor inside a function, method or class (line ${line} of ${rel} is not in one), then run ${title} again.${dirty}`);
  }
  return { ...active, id, name: kind === 'file' ? rel : itemName({ id }) };
}

const NOT_FOLLOWED = 'calls through untyped parameters, getattr, dictionaries of functions and the like are not followed';

async function showCalls(ctx: Ctx, dir: 'callers' | 'callees'): Promise<void> {
  const title = dir === 'callers' ? 'Show Callers' : 'Show Callees';
  const t = symbolAtCursor(ctx, title, false);
  const result = (dir === 'callers' ? callers : callees)(t.folder.ws.graph, { target: t.id, depth: 3, limit: 200 });
  if (result.total === 0) {
    void vscode.window.showInformationMessage(`KG Memory: no ${dir} of ${t.name} in the graph (${NOT_FOLLOWED}).`);
    return;
  }
  const direct = result.levels.find((l) => l.depth === 1)?.items.length ?? 0;
  await showEntries(t.folder, callEntries(result, dir), {
    title: `${dir === 'callers' ? 'Callers of' : 'Called by'} ${t.name}: ${direct} direct, ${result.total} in all (depth 3)${result.recursive ? ', recursive' : ''}`,
  });
}

function showImpact(ctx: Ctx): Handler {
  return async () => {
    const t = symbolAtCursor(ctx, 'Show Impact', true);
    const result = impact(t.folder.ws.graph, { target: t.id, depth: 3, limit: 100 });
    const c = result.counts;
    if (c.callers + c.references + c.subclasses + c.importers + c.tests === 0) {
      void vscode.window.showInformationMessage(`KG Memory: nothing in the graph depends on ${t.name} (${NOT_FOLLOWED}).`);
      return;
    }
    await showEntries(t.folder, impactEntries(result), { title: `Impact of changing ${t.name}: ${impactSummary(result)}` });
  };
}

// ---- search ----------------------------------------------------------------------------------

interface FoundItem extends vscode.QuickPickItem {
  entry?: PickEntry;
  folder?: FolderIndex;
}

const TIER_ORDER: Record<SearchItem['match'], number> = { exact: 0, prefix: 1, contains: 2, words: 3, doc: 4 };

/** Searches every folder (a name is looked for across the workspace), best matches first. */
function searchAll(folders: readonly FolderIndex[], query: string): FoundItem[] {
  const multi = folders.length > 1;
  const found: { tier: number; rank: number; items: FoundItem[] }[] = [];
  for (const folder of folders) {
    const result = search(folder.ws.graph, { query, limit: 50 });
    const entries = searchEntries(result, multi ? folder.folder.name : undefined);
    result.items.forEach((item, rank) => {
      const items = toItems([entries[rank]!]).map((i): FoundItem => ({ ...i, folder, alwaysShow: true }));
      found.push({ tier: TIER_ORDER[item.match], rank, items });
    });
    if (result.more) found.push({ tier: 99, rank: 0, items: toItems([entries[entries.length - 1]!]).map((i) => ({ ...i, alwaysShow: true })) });
  }
  found.sort((a, b) => a.tier - b.tier || a.rank - b.rank);
  return found.flatMap((f) => f.items);
}

function findSymbol(ctx: Ctx): Handler {
  return async () => {
    const folders = requireFolders(ctx);
    const editor = vscode.window.activeTextEditor;
    let initial = '';
    if (editor) {
      const sel = editor.selection;
      const range = sel.isEmpty ? editor.document.getWordRangeAtPosition(sel.active) : sel;
      const text = range ? editor.document.getText(range).trim() : '';
      if (text.length > 0 && text.length < 100 && !text.includes('\n')) initial = text;
    }

    const qp = vscode.window.createQuickPick<FoundItem>();
    qp.title = 'KG Memory: Find Symbol in Graph';
    qp.placeholder = 'A name, part of a name (camelCase and snake_case words) or words of a doc line';
    qp.matchOnDescription = true;
    qp.matchOnDetail = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = (value: string): void => {
      const q = value.trim();
      qp.items = q ? searchAll(folders, q) : [];
      if (q && qp.items.length === 0) qp.items = [{ label: `$(info) Nothing in the graph matches "${q}"`, alwaysShow: true }];
    };
    qp.onDidChangeValue((value) => {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => update(value), 80);
    });
    const chosen = await new Promise<FoundItem | undefined>((resolve) => {
      qp.onDidAccept(() => resolve(qp.selectedItems[0]));
      qp.onDidHide(() => resolve(undefined));
      qp.value = initial;
      update(initial);
      qp.show();
    });
    if (timer !== undefined) clearTimeout(timer);
    qp.dispose();
    if (chosen?.folder && chosen.entry?.path !== undefined) await reveal(chosen.folder, chosen.entry.path, chosen.entry.line ?? 1);
  };
}

// ---- MCP configuration -----------------------------------------------------------------------

const CLIENT_LABELS: Record<Client, string> = { claude: 'Claude Code', cursor: 'Cursor', codex: 'Codex', vscode: 'VS Code', opencode: 'opencode' };

/** `kg-memory` when it is on the PATH, else the CLI this extension ships, run by node. */
function cliCommand(extensionPath: string): string | string[] {
  const names = process.platform === 'win32' ? ['kg-memory.cmd', 'kg-memory.exe'] : ['kg-memory'];
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && names.some((n) => existsSync(join(dir, n)))) return 'kg-memory';
  }
  return ['node', join(extensionPath, 'dist', 'cli.js')];
}

function copyMcpConfig(ctx: Ctx): Handler {
  return async () => {
    const folder = await pickFolder(ctx, 'Copy MCP Configuration');
    if (!folder) return;
    const pick = await vscode.window.showQuickPick(
      CLIENTS.map((c) => ({ label: CLIENT_LABELS[c], client: c })),
      { title: `KG Memory: MCP configuration for ${folder.folder.name}`, placeHolder: 'Which client?' },
    );
    if (!pick) return;
    const command = cliCommand(ctx.extCtx.extensionPath);
    const snippet = configSnippet(pick.client, folder.ws.root, command);
    await vscode.env.clipboard.writeText(snippet.text);
    const shipped = Array.isArray(command) ? ' It runs the CLI inside this extension, whose path changes when the extension updates: copy it again then, or `npm i -g` kg-memory.' : '';
    void vscode.window.showInformationMessage(`KG Memory: copied the ${pick.label} configuration. ${snippet.where}.${shipped}`);
    ctx.log.info(`copied the ${pick.label} MCP configuration for ${folder.ws.root}`);
  };
}
