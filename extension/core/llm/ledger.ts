/**
 * What was sent
 * =============
 * Every request the layer makes goes through `metered`, which counts it: requests, characters
 * sent and received, failures, per provider and per document. Status shows these numbers, so a
 * user can see exactly what left the process and for which file.
 */
import type { ChatProvider, ChatRequest, ChatResponse } from './provider';

export interface SentCounts {
  requests: number;
  failures: number;
  charsSent: number;
  charsReceived: number;
}

export interface LedgerSnapshot extends SentCounts {
  /** The provider and model of the last request. */
  lastProvider?: string;
  lastModel?: string;
  byProvider: Record<string, SentCounts>;
  /** Keyed by what the request was about: a document's path, `ask`, `reconcile`. */
  byDocument: Record<string, SentCounts>;
}

const zero = (): SentCounts => ({ requests: 0, failures: 0, charsSent: 0, charsReceived: 0 });

export class LlmLedger {
  private data: LedgerSnapshot = { ...zero(), byProvider: {}, byDocument: {} };

  constructor(initial?: LedgerSnapshot) {
    if (initial) this.data = structuredClone(initial);
  }

  record(provider: string, model: string | undefined, about: string, sent: number, received: number, failed: boolean): void {
    for (const c of [this.data, (this.data.byProvider[provider] ??= zero()), (this.data.byDocument[about] ??= zero())]) {
      c.requests++;
      c.charsSent += sent;
      c.charsReceived += received;
      if (failed) c.failures++;
    }
    this.data.lastProvider = provider;
    if (model) this.data.lastModel = model;
  }

  snapshot(): LedgerSnapshot {
    return structuredClone(this.data);
  }
}

/** The provider, counting every request in the ledger under `about`. */
export function metered(provider: ChatProvider, ledger: LlmLedger, about: string): ChatProvider {
  return {
    id: provider.id,
    async complete(request: ChatRequest): Promise<ChatResponse> {
      const sent = request.system.length + request.messages.reduce((n, m) => n + m.content.length, 0);
      try {
        const response = await provider.complete(request);
        ledger.record(provider.id, response.model, about, sent, response.text.length, false);
        return response;
      } catch (err) {
        ledger.record(provider.id, undefined, about, sent, 0, true);
        throw err;
      }
    },
  };
}
