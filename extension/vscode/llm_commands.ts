/**
 * The LLM layer's commands
 * ========================
 * "KG Memory: Ask" (kgMemory.ask): a question in an input box, answered from the active folder's
 * graph, shown as a Markdown preview whose sources open the file at the line. "KG Memory:
 * Extract Decisions from Prose" (kgMemory.llm.extract) and "KG Memory: Set LLM API Key"
 * (kgMemory.llm.setApiKey, kept in SecretStorage). All of them say how to turn the layer on
 * while it is off (kgMemory.llm.enabled, a trusted workspace).
 */
import * as vscode from 'vscode';
import { LlmError } from '../core/llm/provider';
import type { Ctx } from './ctx';
import type { FolderIndex } from './folder_index';
import { registerChatParticipant } from './llm_chat';
import { editorProvider, folderLayer, readLlmSettings, SECRET_KEY } from './llm_provider';
import { answerMarkdown } from './llm_render';

export const CMD_ASK = 'kgMemory.ask';
export const CMD_EXTRACT = 'kgMemory.llm.extract';
export const CMD_SET_KEY = 'kgMemory.llm.setApiKey';

/** An error as the user should see it: off → a hint with a button to the setting. Never waits for the user. */
function showError(err: unknown): void {
  if (err instanceof LlmError && err.code === 'disabled') {
    void vscode.window.showInformationMessage(`KG Memory: ${err.message}`, 'Open Settings').then((pick) => {
      if (pick) void vscode.commands.executeCommand('workbench.action.openSettings', 'kgMemory.llm');
    });
    return;
  }
  void vscode.window.showErrorMessage(`KG Memory: ${(err as Error).message.replace(/^kg-memory\/llm: /, '')}`);
}

function folderOrSay(ctx: Ctx): FolderIndex | undefined {
  const folder = ctx.activeFolder();
  if (!folder) void vscode.window.showInformationMessage('KG Memory: open a folder first.');
  return folder;
}

export function registerLlm(ctx: Ctx): void {
  ctx.pushExtCleanup(
    vscode.commands.registerCommand(CMD_ASK, async (question?: string) => {
      const folder = folderOrSay(ctx);
      if (!folder) return;
      try {
        const layer = await folderLayer(ctx, folder.ws, folder.folder);
        if (!layer.enabled) throw new LlmError('disabled', layer.offReason ?? 'the LLM layer is off');
        const q = typeof question === 'string' && question.trim() ? question : await vscode.window.showInputBox({ title: 'KG Memory: Ask', prompt: 'A question about this workspace, answered from its knowledge graph', placeHolder: 'Why do payments go through one gateway?' });
        if (!q?.trim()) return;
        const answer = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'KG Memory: asking the graph…', cancellable: true }, async (_p, token) => {
          const abort = new AbortController();
          token.onCancellationRequested(() => abort.abort());
          await folder.ws.settled();
          return layer.ask(await editorProvider(layer), q, { signal: abort.signal });
        });
        const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: `# ${q.replace(/\n/g, ' ')}\n\n${answerMarkdown(folder.ws.root, answer)}\n` });
        await vscode.commands.executeCommand('markdown.showPreview', doc.uri);
        return answer;
      } catch (err) {
        showError(err);
        return undefined;
      }
    }),
  );

  ctx.pushExtCleanup(
    vscode.commands.registerCommand(CMD_EXTRACT, async () => {
      const folder = folderOrSay(ctx);
      if (!folder) return;
      try {
        const layer = await folderLayer(ctx, folder.ws, folder.folder);
        if (!layer.enabled) throw new LlmError('disabled', layer.offReason ?? 'the LLM layer is off');
        const report = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'KG Memory: extracting decisions from prose…', cancellable: true }, async (_p, token) => {
          const abort = new AbortController();
          token.onCancellationRequested(() => abort.abort());
          const provider = await editorProvider(layer);
          const extracted = await layer.extract(provider, { signal: abort.signal });
          const reconciled = await layer.reconcile(provider, { signal: abort.signal });
          return { extracted, reconciled };
        });
        ctx.fireGraphChanged(folder);
        const { extracted: e, reconciled: r } = report;
        ctx.log.info(`${folder.folder.name}: LLM extraction: ${JSON.stringify({ ...e, reconcile: { ...r, matches: r.matches.length } })}`);
        void vscode.window.showInformationMessage(
          `KG Memory: ${e.decisions} decision(s), ${e.concepts} concept(s), ${e.tradeOffs} trade-off(s) from ${e.sources} source(s) (${e.requests} sent, ${e.cacheHits} from the cache${e.failed.length ? `, ${e.failed.length} failed` : ''}); ${r.matches.length} same-meaning link(s).`,
        );
      } catch (err) {
        showError(err);
      }
    }),
  );

  ctx.pushExtCleanup(
    vscode.commands.registerCommand(CMD_SET_KEY, async () => {
      const key = await vscode.window.showInputBox({ title: 'KG Memory: LLM API Key', prompt: 'The key of the OpenAI-compatible endpoint (kgMemory.llm.baseUrl). Kept in VS Code\'s secret storage; empty removes it.', password: true, ignoreFocusOut: true });
      if (key === undefined) return;
      if (key.trim() === '') await ctx.extCtx.secrets.delete(SECRET_KEY);
      else await ctx.extCtx.secrets.store(SECRET_KEY, key.trim());
      void vscode.window.showInformationMessage(key.trim() ? 'KG Memory: API key stored.' : 'KG Memory: API key removed.');
    }),
  );

  // What earlier extractions found comes back from the cache (nothing is sent) once a folder's graph is there.
  const restored = new WeakSet<FolderIndex>();
  ctx.pushExtCleanup(
    ctx.onDidChangeGraph((folder) => {
      if (restored.has(folder) || !readLlmSettings(folder.folder).enabled) return;
      restored.add(folder);
      void folderLayer(ctx, folder.ws, folder.folder)
        .then(() => {
          if (folder.ws.llm.extractions().length) ctx.fireGraphChanged(folder);
        })
        .catch((err: unknown) => ctx.log.warn(`${folder.folder.name}: LLM cache not restored: ${(err as Error).message}`));
    }),
  );
  ctx.pushExtCleanup(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration('kgMemory.llm')) return;
      // Off now: the extracted nodes leave the graph; on again: they come back from the cache.
      for (const folder of ctx.allFolders()) {
        void folderLayer(ctx, folder.ws, folder.folder).then(() => ctx.fireGraphChanged(folder));
      }
    }),
  );

  registerChatParticipant(ctx);
}
