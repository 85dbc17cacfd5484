/**
 * KG Memory for VS Code
 * =====================
 * activate() builds one Ctx, registers every part, and starts indexing in the background: start-up
 * is never blocked. Each part is a `register…(ctx)` in its own module.
 */
import * as vscode from 'vscode';
import { LANGUAGE_IDS_CONTEXT_KEY, VSCODE_LANGUAGE_IDS } from '../core/parse/languages';
import { registerChangesCommands } from './changes_commands';
import { registerCodeLens } from './codelens';
import { registerCommands } from './commands';
import { INDEX_SETTINGS } from './config';
import { Ctx } from './ctx';
import { registerDecisionDocs } from './decisions_docs';
import { explorerHighlights, registerExplorer } from './explorer';
import type { FolderIndex } from './folder_index';
import { registerHover } from './hover';
import { registerLlm } from './llm_commands';
import { registerMcpHost } from './mcp_host';
import { registerMemory } from './memory_commands';
import { registerStatusBar } from './status';
import { registerWatchers } from './watch';

/** What the extension exports: for other extensions and for its own integration tests. */
export interface KgMemoryApi {
  /** Resolves when every open folder has finished its current index. */
  whenIndexed(): Promise<void>;
  folders(): FolderIndex[];
  /** What each open explorer draws of the last highlight it was asked to show. */
  explorerHighlights(): { label: string; shown: number }[];
}

export function activate(extCtx: vscode.ExtensionContext): KgMemoryApi {
  const ctx = new Ctx(extCtx);
  running = ctx;
  try {
    // The editor commands' `when` clause (package.json) reads which languages are indexed from here.
    void vscode.commands.executeCommand('setContext', LANGUAGE_IDS_CONTEXT_KEY, VSCODE_LANGUAGE_IDS);
    registerStatusBar(ctx);
    registerCommands(ctx);
    registerChangesCommands(ctx);
    registerCodeLens(ctx);
    registerHover(ctx);
    registerDecisionDocs(ctx);
    registerWatchers(ctx);
    registerMcpHost(ctx);
    registerExplorer(ctx);
    registerMemory(ctx);
    registerLlm(ctx);
  } catch (err) {
    // VS Code does not show a notification when an extension fails to activate, so we do.
    void vscode.window.showErrorMessage(`KG Memory could not start: ${(err as Error).message}`);
    throw err;
  }
  let indexed = openAndIndex(ctx);
  ctx.pushExtCleanup(
    vscode.workspace.onDidChangeWorkspaceFolders(() => {
      indexed = indexed.then(() => openAndIndex(ctx));
    }),
  );
  ctx.pushExtCleanup(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (!INDEX_SETTINGS.some((s) => e.affectsConfiguration(s))) return;
      // What is indexed changed: every folder opens again with the new options and re-indexes.
      indexed = indexed.then(async () => {
        await ctx.closeFolders();
        await openAndIndex(ctx);
      });
    }),
  );
  return {
    whenIndexed: () => indexed,
    folders: () => ctx.allFolders(),
    explorerHighlights,
  };
}

/** Opens the folders not open yet and indexes them, one after another (two cores are shared). */
async function openAndIndex(ctx: Ctx): Promise<void> {
  const opened = await ctx.syncFolders();
  for (const folder of opened) await folder.index();
}

/** The running extension's context, for deactivate() (VS Code calls it with no arguments). */
let running: Ctx | undefined;

/** Waits for every folder's snapshot to be written, so the next start re-parses only what changed. */
export async function deactivate(): Promise<void> {
  const ctx = running;
  running = undefined;
  await ctx?.closeFolders();
}
