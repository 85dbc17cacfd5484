/**
 * @kg in VS Code's chat
 * =====================
 * A chat participant that answers from the active folder's knowledge graph with the model the
 * user picked in the chat (or another vscode.lm model, or the endpoint): progress while the
 * graph is searched, then the answer streamed as the model writes it, but only from the first
 * line that cites what the graph holds, a line at a time, with unsupported citations taken out
 * (core/llm/grounded_stream.ts); then the checked sources, each a clickable anchor and a
 * reference. An answer that never cites the graph is never shown: "The graph does not say."
 */
import * as vscode from 'vscode';
import { LlmError } from '../core/llm/provider';
import type { Ctx } from './ctx';
import { editorProvider, folderLayer } from './llm_provider';
import { answerMarkdown, placeOf } from './llm_render';

export const CHAT_PARTICIPANT_ID = 'kg-memory.kg';

export function registerChatParticipant(ctx: Ctx): void {
  // Older hosts and some forks have no chat API: the command still works.
  if (typeof vscode.chat?.createChatParticipant !== 'function') return;
  const handler: vscode.ChatRequestHandler = async (request, _context, stream, token) => {
    const folder = ctx.activeFolder();
    if (!folder) {
      stream.markdown('Open a folder first: @kg answers from its knowledge graph.');
      return {};
    }
    try {
      const layer = await folderLayer(ctx, folder.ws, folder.folder);
      if (!layer.enabled) {
        stream.markdown(`${layer.offReason ?? 'The LLM layer is off.'}`);
        stream.button({ command: 'workbench.action.openSettings', arguments: ['kgMemory.llm'], title: 'Open Settings' });
        return {};
      }
      stream.progress('Searching the knowledge graph…');
      await folder.ws.settled();
      const abort = new AbortController();
      token.onCancellationRequested(() => abort.abort());
      const provider = await editorProvider(layer, request.model);
      stream.progress(`Asking ${provider.id === 'vscode-lm' ? request.model.name : provider.id} with what the graph holds…`);
      const answer = await layer.ask(provider, request.prompt, { signal: abort.signal, onAnswerText: (md) => stream.markdown(md) });
      if (!answer.streamed) {
        const [body] = answerMarkdown(folder.ws.root, answer).split(/\n\n\*\*Sources\*\*\n/);
        stream.markdown(body ?? answer.answer);
      }
      if (answer.sources.length) {
        stream.markdown('\n\n**Sources**\n\n');
        for (const s of answer.sources) {
          const place = placeOf(folder.ws.root, s);
          if (!place) {
            stream.markdown(`- ${s.cite}\n`);
            continue;
          }
          const location = new vscode.Location(vscode.Uri.file(place.file), new vscode.Position(Math.max(0, place.line - 1), 0));
          stream.markdown('- ');
          stream.anchor(location, s.cite);
          stream.markdown('\n');
          stream.reference(location);
        }
      }
      return { metadata: { grounded: answer.grounded, removed: answer.removed } };
    } catch (err) {
      if (token.isCancellationRequested) return {};
      const message = err instanceof LlmError ? err.message.replace(/^kg-memory\/llm: /, '') : (err as Error).message;
      return { errorDetails: { message } };
    }
  };
  const participant = vscode.chat.createChatParticipant(CHAT_PARTICIPANT_ID, handler);
  participant.iconPath = new vscode.ThemeIcon('type-hierarchy');
  ctx.pushExtCleanup(participant);
}
