/**
 * Extraction
 * ==========
 * One request per ADR or doc section: the model reads the prose and returns its decisions
 * (statement, rationale, confidence, the symbols implementing it), concepts (name, definition,
 * category), trade-offs (chosen, rejected, reasoning), principles and the file paths it names.
 * Each item is validated on its own: a bad item is dropped and counted, the rest of the batch
 * stays. Results are cached by a hash of the content, so an unchanged document is never sent
 * twice, and requests run at most `concurrency` at a time.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { LlmCache } from './cache';
import { parseJsonObject } from './json';
import { metered, type LlmLedger } from './ledger';
import { mapLimit } from './limit';
import type { ChatProvider, JsonSchemaSpec } from './provider';
import { LlmError } from './provider';

/** Bumps when the prompt or the item shapes change: cached results of an older prompt are not reused. */
export const EXTRACTION_VERSION = 1;
/** A document longer than this is cut (and says so): one request stays within any model's context. */
export const MAX_SOURCE_CHARS = 24_000;

export const CONCEPT_CATEGORIES = ['algorithm', 'pattern', 'principle', 'term'] as const;

const text = (max: number) => z.string().trim().min(1).max(max);

export const DecisionItem = z.object({
  statement: text(1000),
  rationale: z.string().trim().max(2000).optional(),
  confidence: z.number().min(0).max(1).default(0.5),
  symbols: z.array(text(200)).max(20).optional(),
});
export const ConceptItem = z.object({ name: text(120), definition: text(1000), category: z.enum(CONCEPT_CATEGORIES) });
export const TradeOffItem = z.object({ chosen: text(300), rejected: text(300), reasoning: z.string().trim().max(2000).default('') });
const Principle = text(500);
const FilePath = text(300);

export type ExtractedDecision = z.infer<typeof DecisionItem>;
export type ExtractedConcept = z.infer<typeof ConceptItem>;
export type ExtractedTradeOff = z.infer<typeof TradeOffItem>;

export interface Extraction {
  decisions: ExtractedDecision[];
  concepts: ExtractedConcept[];
  tradeOffs: ExtractedTradeOff[];
  principles: string[];
  files: string[];
}

/** One ADR, or one section of a document. */
export interface ExtractionSource {
  /** The graph node the results hang from: `adr:<path>` or `doc:<path>`. */
  nodeId: string;
  kind: 'adr' | 'doc';
  path: string;
  /** 1-based line of the section in its file. */
  startLine: number;
  title: string;
  text: string;
}

export interface SourceExtraction {
  nodeId: string;
  kind: 'adr' | 'doc';
  path: string;
  startLine: number;
  /** sha256 of the text (hex): results hold only while the text is unchanged. */
  hash: string;
  extraction: Extraction;
  dropped: number;
  model: string;
  cached: boolean;
}

export interface ExtractionRun {
  results: SourceExtraction[];
  failed: { path: string; startLine: number; error: string }[];
  /** Requests made (cache hits make none). */
  requests: number;
  cacheHits: number;
  /** Items dropped by validation, over every source. */
  dropped: number;
}

export interface ExtractOptions {
  provider: ChatProvider;
  cache: LlmCache;
  ledger: LlmLedger;
  /** Requests in flight at once (default 5). */
  concurrency?: number;
  /** Ignore the cache and send again. */
  force?: boolean;
  /** Use the cache only: a miss is skipped, nothing is sent (restoring the graph at start-up). */
  cacheOnly?: boolean;
  maxTokens?: number;
  signal?: AbortSignal;
}

export const EXTRACTION_SCHEMA: JsonSchemaSpec = {
  name: 'kg_memory_extraction',
  schema: {
    type: 'object',
    properties: {
      decisions: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            statement: { type: 'string' },
            rationale: { type: 'string' },
            confidence: { type: 'number', minimum: 0, maximum: 1 },
            symbols: { type: 'array', items: { type: 'string' } },
          },
          required: ['statement', 'confidence'],
        },
      },
      concepts: {
        type: 'array',
        items: {
          type: 'object',
          properties: { name: { type: 'string' }, definition: { type: 'string' }, category: { type: 'string', enum: [...CONCEPT_CATEGORIES] } },
          required: ['name', 'definition', 'category'],
        },
      },
      tradeOffs: {
        type: 'array',
        items: { type: 'object', properties: { chosen: { type: 'string' }, rejected: { type: 'string' }, reasoning: { type: 'string' } }, required: ['chosen', 'rejected', 'reasoning'] },
      },
      principles: { type: 'array', items: { type: 'string' } },
      files: { type: 'array', items: { type: 'string' } },
    },
    required: ['decisions', 'concepts', 'tradeOffs', 'principles', 'files'],
  },
};

const SYSTEM = [
  'You extract the reasoning from one architecture decision record or documentation section of a software project.',
  'Reply with one JSON object only, no prose, with these keys:',
  '- "decisions": [{"statement": the decision in one sentence, "rationale": why, "confidence": 0-1 how clearly the text states it, "symbols": code names (classes, functions) the text says implement it}]',
  '- "concepts": [{"name", "definition": one sentence, "category": one of "algorithm", "pattern", "principle", "term"}]',
  '- "tradeOffs": [{"chosen": the option taken, "rejected": an option not taken, "reasoning": why}]',
  '- "principles": short guiding rules the text states',
  '- "files": file or folder paths the text names, as written',
  'Use only what the text says; leave a list empty rather than guess. Do not invent file paths or symbols.',
].join('\n');

export function hashContent(s: string): string {
  return createHash('sha256').update(s, 'utf8').digest('hex');
}

/** Validates each item on its own; what fails is dropped and counted. */
export function parseExtraction(raw: Record<string, unknown>): { extraction: Extraction; dropped: number } {
  let dropped = 0;
  const list = <T>(value: unknown, schema: z.ZodType<T>): T[] => {
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      dropped++;
      return [];
    }
    const out: T[] = [];
    for (const item of value) {
      const r = schema.safeParse(item);
      if (r.success) out.push(r.data);
      else dropped++;
    }
    return out;
  };
  const extraction: Extraction = {
    decisions: list(raw.decisions, DecisionItem),
    concepts: list(raw.concepts, ConceptItem),
    tradeOffs: list(raw.tradeOffs ?? raw.trade_offs, TradeOffItem),
    principles: [...new Set(list(raw.principles, Principle))],
    files: [...new Set(list(raw.files, FilePath))],
  };
  return { extraction, dropped };
}

function userPrompt(source: ExtractionSource): string {
  const cut = source.text.length > MAX_SOURCE_CHARS;
  const body = cut ? `${source.text.slice(0, MAX_SOURCE_CHARS)}\n[… cut at ${MAX_SOURCE_CHARS} characters]` : source.text;
  return `${source.kind === 'adr' ? 'Decision record' : 'Documentation section'}: ${source.path}${source.startLine > 1 ? `:${source.startLine}` : ''} — ${source.title}\n\n${body}`;
}

function cacheKey(source: ExtractionSource): string {
  return hashContent(`extract ${EXTRACTION_VERSION}\n${source.kind}\n${source.title}\n${source.text}`);
}

/** Extracts every source (cache first), at most `concurrency` requests at a time. */
export async function extractSources(sources: readonly ExtractionSource[], options: ExtractOptions): Promise<ExtractionRun> {
  const run: ExtractionRun = { results: [], failed: [], requests: 0, cacheHits: 0, dropped: 0 };
  const outcomes = await mapLimit(sources, options.concurrency ?? 5, async (source) => {
    const key = cacheKey(source);
    const base = { nodeId: source.nodeId, kind: source.kind, path: source.path, startLine: source.startLine, hash: hashContent(source.text) };
    const hit = options.force ? undefined : options.cache.extraction(key);
    if (hit) {
      run.cacheHits++;
      // Re-validated: a hand-edited cache cannot put a bad item in the graph.
      const { extraction, dropped } = parseExtraction((hit.items ?? {}) as Record<string, unknown>);
      return { ok: true as const, result: { ...base, extraction, dropped: hit.dropped + dropped, model: hit.model, cached: true } };
    }
    if (options.cacheOnly) return { ok: 'skip' as const };
    if (options.signal?.aborted) return { ok: false as const, error: 'cancelled' };
    run.requests++;
    try {
      const provider = metered(options.provider, options.ledger, source.path);
      const response = await provider.complete({
        system: SYSTEM,
        messages: [{ role: 'user', content: userPrompt(source) }],
        maxTokens: options.maxTokens ?? 2000,
        jsonSchema: EXTRACTION_SCHEMA,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      const raw = parseJsonObject(response.text);
      if (!raw) throw new LlmError('bad_response', `the model's answer for ${source.path} is not a JSON object: ${JSON.stringify(response.text.slice(0, 80))}`);
      const { extraction, dropped } = parseExtraction(raw);
      options.cache.setExtraction(key, { model: `${options.provider.id}:${response.model}`, items: extraction, dropped });
      return { ok: true as const, result: { ...base, extraction, dropped, model: `${options.provider.id}:${response.model}`, cached: false } };
    } catch (err) {
      return { ok: false as const, error: (err as Error).message };
    }
  });
  outcomes.forEach((o, i) => {
    const s = sources[i]!;
    if (o.ok === 'skip') return;
    if (o.ok) {
      run.results.push(o.result);
      run.dropped += o.result.dropped;
    } else run.failed.push({ path: s.path, startLine: s.startLine, error: o.error });
  });
  return run;
}
