/**
 * The LLM layer in VS Code: settings and providers
 * ================================================
 * `kgMemory.llm.*` settings (off by default), the endpoint's key from SecretStorage or the
 * environment variable the settings name (never from a settings file), and VS Code's language
 * models (`vscode.lm`) as a provider: the user's own models, with VS Code's consent prompt. A
 * workspace that is not trusted keeps the layer off whatever the setting says.
 *
 * One LlmLayer per open folder's workspace (its cache and its ledger of what was sent).
 */
import * as vscode from 'vscode';
import { LlmLayer } from '../core/llm/layer';
import type { ChatProvider, ChatRequest, ChatResponse } from '../core/llm/provider';
import { LlmError } from '../core/llm/provider';
import { DEFAULT_LLM_SETTINGS, type LlmSettings } from '../core/llm/settings';
import type { Workspace } from '../core/workspace';
import type { Ctx } from './ctx';

/** Why the layer stays off in Restricted Mode. */
export const UNTRUSTED_REASON = 'the LLM layer needs a trusted workspace: it sends text from this folder to a language model';

/** Where SecretStorage keeps the endpoint's key. */
export const SECRET_KEY = 'kgMemory.llm.apiKey';

export function readLlmSettings(scope?: vscode.ConfigurationScope): LlmSettings {
  const c = vscode.workspace.getConfiguration('kgMemory', scope);
  const d = DEFAULT_LLM_SETTINGS;
  return {
    ...d,
    enabled: c.get<boolean>('llm.enabled', false),
    baseUrl: c.get<string>('llm.baseUrl', d.baseUrl).trim() || d.baseUrl,
    model: c.get<string>('llm.model', d.model).trim() || d.model,
    apiKeyEnv: c.get<string>('llm.apiKeyEnv', d.apiKeyEnv).trim() || d.apiKeyEnv,
    concurrency: Math.min(32, Math.max(1, c.get<number>('llm.concurrency', d.concurrency))),
  };
}

interface Held {
  layer: LlmLayer;
  /** The settings and key it was made with: a change makes a new one. */
  stamp: string;
}

const layers = new WeakMap<Workspace, Held>();

/** The folder's layer, current with the settings, the trust and the stored key. */
export async function folderLayer(ctx: Ctx, ws: Workspace, scope?: vscode.ConfigurationScope): Promise<LlmLayer> {
  const settings = readLlmSettings(scope);
  const apiKey = (await ctx.extCtx.secrets.get(SECRET_KEY)) ?? process.env[settings.apiKeyEnv];
  const blockedBy = vscode.workspace.isTrusted ? undefined : UNTRUSTED_REASON;
  const stamp = JSON.stringify([settings, apiKey ?? '', blockedBy ?? '']);
  const held = layers.get(ws);
  if (held?.stamp === stamp) return held.layer;
  const layer = new LlmLayer(ws, {
    settings,
    ...(apiKey ? { apiKey } : {}),
    ...(blockedBy ? { blockedBy } : {}),
    log: (level, message) => ctx.log[level](message),
  });
  layers.set(ws, { layer, stamp });
  if (layer.enabled) await layer.restore();
  else if (ws.llm.extractions().length) ws.llm.set(ws.graph, []); // turned off: its nodes leave the graph too
  return layer;
}

/** A VS Code language model as a ChatProvider; `model` undefined picks the first on offer. */
export async function vscodeLmProvider(model?: vscode.LanguageModelChat): Promise<ChatProvider | undefined> {
  const chosen = model ?? (await vscode.lm.selectChatModels())[0];
  if (!chosen) return undefined;
  return {
    id: 'vscode-lm',
    async complete(request: ChatRequest): Promise<ChatResponse> {
      // No system role in vscode.lm: the instructions open the first user message.
      const schema = request.jsonSchema ? `\n\nReply with JSON only, following this JSON schema:\n${JSON.stringify(request.jsonSchema.schema)}` : '';
      const messages = [
        vscode.LanguageModelChatMessage.User(request.system + schema),
        ...request.messages.map((m) => (m.role === 'user' ? vscode.LanguageModelChatMessage.User(m.content) : vscode.LanguageModelChatMessage.Assistant(m.content))),
      ];
      const cts = new vscode.CancellationTokenSource();
      const onAbort = (): void => cts.cancel();
      request.signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const response = await chosen.sendRequest(messages, { justification: 'KG Memory sends parts of this workspace\'s knowledge graph to answer from it.' }, cts.token);
        let text = '';
        for await (const part of response.text) {
          text += part;
          request.onText?.(part);
        }
        return { text, model: `${chosen.vendor}/${chosen.id}` };
      } catch (err) {
        if (request.signal?.aborted) throw new LlmError('aborted', 'kg-memory/llm: cancelled');
        const reason = err instanceof vscode.LanguageModelError ? `${err.code}: ${err.message}` : (err as Error).message;
        throw new LlmError('unavailable', `kg-memory/llm: the VS Code language model ${chosen.name} did not answer (${reason})`);
      } finally {
        request.signal?.removeEventListener('abort', onAbort);
        cts.dispose();
      }
    },
  };
}

/** The provider for an editor request: a chat's own model first, else any vscode.lm model, else the endpoint. */
export function editorProvider(layer: LlmLayer, model?: vscode.LanguageModelChat): Promise<ChatProvider> {
  return layer.resolve({ vscodeLm: () => vscodeLmProvider(model) });
}
