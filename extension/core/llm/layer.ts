/**
 * The LLM layer
 * =============
 * The one object a host holds for the optional LLM layer of a workspace: its settings, the
 * cache, the ledger of what was sent, and the three operations (extract, reconcile, ask). It is
 * off unless the settings turn it on; while off, `resolve` never asks a provider factory for
 * anything and every operation refuses before a request is built, so nothing leaves the process.
 *
 * Providers are chosen per call, because the best one may belong to the caller: MCP sampling is
 * the connected client's model, reachable only from inside that client's tool call. The host
 * passes what it has; the order of preference is sampling, vscode.lm, then the endpoint.
 */
import type { Workspace } from '../workspace';
import { ask, type AskAnswer } from './ask';
import { LlmCache } from './cache';
import { extractSources, type ExtractionRun, type ExtractionSource } from './extract';
import { LlmLedger, type LedgerSnapshot } from './ledger';
import type { ChatProvider } from './provider';
import { LlmError, pickProvider } from './provider';
import { OpenAiChatProvider } from './providers/openai';
import { reconcileWithModel, type ReconcileRun } from './reconcile';
import { endpointConfigured, type LlmSettings } from './settings';
import { adrSources, docSources, docsPorts, type DocSectionSource, type DocsRetriever } from './sources';

type Factory = () => ChatProvider | undefined | Promise<ChatProvider | undefined>;

export interface LlmLayerOptions {
  settings: LlmSettings;
  /** The endpoint's key (from the environment variable the settings name, or SecretStorage). */
  apiKey?: string;
  /** Keep the cache in `<root>/.kg-memory/llm-cache.json` (default true). */
  persist?: boolean;
  /** The docs index, when there is one (default: the workspace's `docs` index, through docsPorts). */
  docs?: () => Partial<DocSectionSource & DocsRetriever> | undefined;
  /** Why the layer is off although the setting is on (an untrusted workspace). */
  blockedBy?: string;
  log?: (level: 'info' | 'warn', message: string) => void;
}

export interface LlmStatus {
  enabled: boolean;
  /** Why it is off. */
  off?: string;
  /** The provider of the last request (sampling, vscode-lm, endpoint), when one was made. */
  provider?: string;
  model?: string;
  endpoint: { baseUrl: string; model: string; key: string; usable: boolean };
  sent: LedgerSnapshot;
  cache: { extractions: number; pairs: number; discarded?: string };
  graph: { decisions: number; tradeOffs: number; concepts: number; sources: number };
}

export interface ExtractReport extends Omit<ExtractionRun, 'results'> {
  provider: string;
  sources: number;
  decisions: number;
  concepts: number;
  tradeOffs: number;
  nodes: number;
  edges: number;
}

export class LlmLayer {
  readonly cache: LlmCache;
  readonly ledger: LlmLedger;
  private endpointProvider: ChatProvider | undefined;

  constructor(
    private readonly ws: Workspace,
    private readonly options: LlmLayerOptions,
  ) {
    const warn = (m: string): void => options.log?.('warn', m);
    this.cache = options.persist === false ? new LlmCache(undefined) : LlmCache.forRoot(ws.root, warn);
    this.ledger = new LlmLedger(this.cache.sent);
  }

  get enabled(): boolean {
    return this.options.settings.enabled && this.options.blockedBy === undefined;
  }

  /** Why the layer is off, in words that say how to turn it on; undefined when on. */
  get offReason(): string | undefined {
    if (this.options.blockedBy) return this.options.blockedBy;
    if (!this.options.settings.enabled) return 'the LLM layer is off: set kgMemory.llm.enabled (VS Code) or KG_LLM_ENABLED=true (CLI, MCP server) to turn it on';
    return undefined;
  }

  /** The OpenAI-compatible endpoint, when the layer is on and it is configured. */
  endpoint(): ChatProvider | undefined {
    if (!this.enabled || !endpointConfigured(this.options.settings, this.options.apiKey)) return undefined;
    const s = this.options.settings;
    this.endpointProvider ??= new OpenAiChatProvider({
      baseUrl: s.baseUrl,
      model: s.model,
      timeoutMs: s.timeoutMs,
      retries: s.retries,
      keyHint: `set ${s.apiKeyEnv}${this.options.apiKey ? ' to a valid key' : ''}`,
      ...(this.options.apiKey ? { apiKey: this.options.apiKey } : {}),
    });
    return this.endpointProvider;
  }

  /** The provider to use: the first of sampling, vscode.lm, endpoint. Throws when off or none is on offer. */
  async resolve(offered: { sampling?: Factory; vscodeLm?: Factory } = {}): Promise<ChatProvider> {
    const off = this.offReason;
    if (off) throw new LlmError('disabled', off);
    const provider = await pickProvider({ ...offered, endpoint: () => this.endpoint() });
    if (!provider) {
      throw new LlmError(
        'unavailable',
        `no language model to use: the MCP client offers no sampling and no endpoint is configured; set KG_LLM_BASE_URL (e.g. http://127.0.0.1:11434 for Ollama) and KG_LLM_MODEL, or ${this.options.settings.apiKeyEnv} for ${this.options.settings.baseUrl}`,
      );
    }
    return provider;
  }

  private docs(): Partial<DocSectionSource & DocsRetriever> | undefined {
    if (this.options.docs) return this.options.docs();
    // The workspace's docs index, when it has one: used through the two ports of sources.ts.
    return docsPorts((this.ws as unknown as { docs?: unknown }).docs, () => this.ws.graph);
  }

  /** The ADRs, then the doc sections (when a docs index offers them). */
  sources(includeDocs = true): ExtractionSource[] {
    const out = adrSources(this.ws.root, this.ws.decisions);
    const docs = this.docs();
    if (includeDocs && typeof docs?.sections === 'function') {
      try {
        out.push(...docSources(docs as DocSectionSource, (path) => this.ws.decisions.isDocument(path)));
      } catch (err) {
        this.options.log?.('warn', `doc sections not read for extraction: ${(err as Error).message}`);
      }
    }
    return out;
  }

  /** Puts what the cache already holds in the graph; sends nothing (works while the layer is off too). */
  async restore(): Promise<number> {
    const run = await extractSources(this.sources(), { provider: NO_PROVIDER, cache: this.cache, ledger: this.ledger, cacheOnly: true });
    if (run.results.length) this.ws.llm.set(this.ws.graph, run.results);
    return run.results.length;
  }

  async extract(provider: ChatProvider, options: { force?: boolean; docs?: boolean; signal?: AbortSignal } = {}): Promise<ExtractReport> {
    if (!this.enabled) throw new LlmError('disabled', this.offReason ?? 'off');
    const sources = this.sources(options.docs !== false);
    const run = await extractSources(sources, {
      provider,
      cache: this.cache,
      ledger: this.ledger,
      concurrency: this.options.settings.concurrency,
      ...(options.force ? { force: true } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const summary = this.ws.llm.set(this.ws.graph, run.results);
    this.persist();
    const { results, ...rest } = run;
    const count = (k: 'decisions' | 'concepts' | 'tradeOffs'): number => results.reduce((n, r) => n + r.extraction[k].length, 0);
    return { ...rest, provider: provider.id, sources: sources.length, decisions: count('decisions'), concepts: count('concepts'), tradeOffs: count('tradeOffs'), ...summary };
  }

  async reconcile(provider: ChatProvider, options: { signal?: AbortSignal } = {}): Promise<Omit<ReconcileRun, 'clusters'> & { clusters: number }> {
    if (!this.enabled) throw new LlmError('disabled', this.offReason ?? 'off');
    const run = await reconcileWithModel(this.ws.graph, { provider, cache: this.cache, ledger: this.ledger, concurrency: Math.min(5, this.options.settings.concurrency), ...(options.signal ? { signal: options.signal } : {}) });
    this.ws.llm.setMatches(this.ws.graph, run.matches, run.clusters);
    this.persist();
    return { ...run, clusters: new Set(run.clusters.values()).size };
  }

  async ask(provider: ChatProvider, question: string, options: { signal?: AbortSignal; onAnswerText?: (markdown: string) => void } = {}): Promise<AskAnswer> {
    if (!this.enabled) throw new LlmError('disabled', this.offReason ?? 'off');
    const docs = this.docs();
    try {
      return await ask(this.ws.graph, question, {
        provider,
        ledger: this.ledger,
        ...(typeof docs?.retrieve === 'function' ? { docs: docs as DocsRetriever } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.onAnswerText ? { onAnswerText: options.onAnswerText } : {}),
      });
    } finally {
      this.persist();
    }
  }

  status(): LlmStatus {
    const s = this.options.settings;
    const sent = this.ledger.snapshot();
    const counts = { decisions: 0, tradeOffs: 0, concepts: 0 };
    this.ws.graph.graph.forEachNode((_id, a) => {
      if (a.kind === 'decision') counts.decisions++;
      else if (a.kind === 'trade_off') counts.tradeOffs++;
      else if (a.kind === 'concept' && a.llm) counts.concepts++;
    });
    const off = this.offReason;
    return {
      enabled: this.enabled,
      ...(off ? { off } : {}),
      ...(sent.lastProvider ? { provider: sent.lastProvider } : {}),
      ...(sent.lastModel ? { model: sent.lastModel } : {}),
      endpoint: { baseUrl: s.baseUrl, model: s.model, key: this.options.apiKey ? `set (${s.apiKeyEnv})` : `not set (${s.apiKeyEnv})`, usable: endpointConfigured(s, this.options.apiKey) },
      sent,
      cache: { ...this.cache.size, ...(this.cache.discarded ? { discarded: this.cache.discarded } : {}) },
      graph: { ...counts, sources: this.ws.llm.extractions().length },
    };
  }

  private persist(): void {
    this.cache.setSent(this.ledger.snapshot());
    try {
      this.cache.save();
    } catch (err) {
      this.options.log?.('warn', `LLM cache not written: ${(err as Error).message}`);
    }
  }
}

const NO_PROVIDER: ChatProvider = {
  id: 'none',
  complete: () => Promise.reject(new LlmError('disabled', 'kg-memory/llm: restoring from the cache sends nothing')),
};
