/**
 * Ask
 * ===
 * A question answered from the graph, and only from it. The context is the 10 nodes search ranks
 * highest (for the whole question and for each of its significant words), the top 5 expanded by
 * one hop, and doc chunks when a docs retriever is there; each goes to the model with its
 * properties (signature, docstring, decision sentence, rationale, definition, notes) and its
 * `path:line`. The model answers WHY → WHAT → WHERE and lists its Sources.
 *
 * The answer is checked before anyone sees it: a source that is not in the given context is
 * removed, and an answer left with no source is not an answer: it becomes "The graph does not
 * say." So does an empty context (no request is made) and a model that says it cannot tell.
 */
import type { CodeGraph } from '../model/graph';
import type { NodeAttributes } from '../model/types';
import { locOf } from '../query/describe';
import { search } from '../query/search';
import { answerBody, CITATION, resolveCitation, stripUnsupported } from './citations';
import { GroundedStream } from './grounded_stream';
import { metered, type LlmLedger } from './ledger';
import type { ChatProvider } from './provider';
import { significantWords } from './reconcile';
import type { DocsRetriever } from './sources';

export const NOT_SAID = 'The graph does not say.';
export const ASK_LIMITS = { nodes: 10, expand: 5, neighbours: 6, chunks: 5, itemChars: 900, contextChars: 14_000 } as const;

export interface ContextItem {
  /** What the answer cites: `path:line`, or `ADR-0003` for a record. */
  cite: string;
  id: string;
  kind: string;
  name: string;
  loc?: string;
  /** Lines this item covers, so `path:N` inside them counts as this item. */
  path?: string;
  startLine?: number;
  endLine?: number;
  text: string;
  /** search, hop (from a search hit), docs */
  via: 'search' | 'hop' | 'docs';
}

export interface AskSource {
  cite: string;
  id: string;
  loc?: string;
}

export interface AskAnswer {
  question: string;
  /** Markdown: Why, What, Where, then Sources; or NOT_SAID. */
  answer: string;
  grounded: boolean;
  sources: AskSource[];
  /** Citations the model made that were not in the context: removed from the answer. */
  removed: string[];
  context: { cite: string; id: string; via: string }[];
  model?: string;
  /** The body went out through onAnswerText while the model wrote it. */
  streamed?: boolean;
}

export interface AskOptions {
  provider: ChatProvider;
  ledger: LlmLedger;
  docs?: DocsRetriever;
  maxTokens?: number;
  signal?: AbortSignal;
  /**
   * The answer as it arrives, for a chat that shows it while the model writes: released only once
   * a supported citation has appeared, line by line, unsupported citations stripped, the Sources
   * section held back (see GroundedStream). `streamed` in the answer says whether any was.
   */
  onAnswerText?: (markdown: string) => void;
}

const weight = { exact: 6, prefix: 4, contains: 3, words: 2, doc: 1 } as const;
/** The words that make a question a question: searching for them finds noise. */
const QUESTION_WORDS = new Set(['why', 'how', 'what', 'where', 'when', 'which', 'who', 'whom', 'whose', 'does', 'did', 'doing', 'done', 'can', 'could', 'would', 'there', 'their', 'they', 'them', 'about', 'work', 'works', 'happen', 'happens', 'explain', 'tell']);
const SKIP_KINDS = new Set(['external', 'memory']);

/** The context a question gets: search hits, their neighbours, doc chunks. Pure: no request. */
export async function gatherContext(graph: CodeGraph, question: string, docs?: DocsRetriever): Promise<ContextItem[]> {
  const score = new Map<string, number>();
  const add = (id: string, s: number): void => {
    score.set(id, (score.get(id) ?? 0) + s);
  };
  const words = [...significantWords(question)].filter((w) => !QUESTION_WORDS.has(w));
  if (question.trim() !== '') for (const item of search(graph, { query: question.slice(0, 200), limit: 20 }).items) add(item.id, 2 * weight[item.match]);
  for (const w of words.slice(0, 12)) {
    for (const item of search(graph, { query: w, limit: 20 }).items) add(item.id, weight[item.match]);
  }
  const ranked = [...score]
    .filter(([id]) => !SKIP_KINDS.has(graph.node(id)?.kind ?? 'external'))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, ASK_LIMITS.nodes)
    .map(([id]) => id);
  const items: ContextItem[] = [];
  const seen = new Set<string>();
  const push = (id: string, via: ContextItem['via']): void => {
    const a = graph.node(id);
    if (!a || seen.has(id) || SKIP_KINDS.has(a.kind)) return;
    seen.add(id);
    items.push(contextItem(id, a, via));
  };
  for (const id of ranked) push(id, 'search');
  for (const id of ranked.slice(0, ASK_LIMITS.expand)) {
    for (const n of neighbours(graph, id).slice(0, ASK_LIMITS.neighbours)) push(n, 'hop');
  }
  if (docs) {
    try {
      for (const c of (await docs.retrieve(question, ASK_LIMITS.chunks)).slice(0, ASK_LIMITS.chunks)) {
        if (seen.has(c.id)) continue;
        seen.add(c.id);
        items.push({ cite: `${c.path}:${c.startLine}`, id: c.id, kind: 'chunk', name: c.section ?? c.path, loc: `${c.path}:${c.startLine}`, path: c.path, startLine: c.startLine, endLine: c.endLine, text: clip(c.text), via: 'docs' });
      }
    } catch {
      // the docs are optional: the graph alone still grounds an answer
    }
  }
  let total = 0;
  return items.filter((i) => (total += i.text.length + 100) <= ASK_LIMITS.contextChars);
}

/** Neighbours over any edge, the reasoning kinds (decisions, records, concepts) first. */
function neighbours(graph: CodeGraph, id: string): string[] {
  const rank = (k: string | undefined): number => (k === 'decision' || k === 'adr' || k === 'trade_off' || k === 'concept' || k === 'config' ? 0 : k === 'doc' || k === 'entity' ? 1 : 2);
  const out = new Set<string>();
  graph.graph.forEachNeighbor(id, (n) => {
    if (n !== id) out.add(n);
  });
  return [...out].sort((a, b) => rank(graph.node(a)?.kind) - rank(graph.node(b)?.kind) || (a < b ? -1 : 1));
}

function clip(s: string, max: number = ASK_LIMITS.itemChars): string {
  const one = s.trim();
  return one.length <= max ? one : `${one.slice(0, max - 1)}…`;
}

function contextItem(id: string, a: NodeAttributes, via: ContextItem['via']): ContextItem {
  const lines: string[] = [];
  if (a.signature) lines.push(`signature: ${a.signature}`);
  if (a.doc && a.doc !== a.llm?.statement && a.doc !== a.llm?.definition) lines.push(`doc: ${a.doc}`);
  const d = a.decision;
  if (d?.title && a.kind !== 'concept') lines.push(`title: ${d.title}`);
  if (d?.status) lines.push(`status: ${d.status}`);
  if (d?.sentence) lines.push(`decision: ${d.sentence}`);
  if (d?.context) lines.push(`context: ${d.context}`);
  if (d?.consequences) lines.push(`consequences: ${d.consequences}`);
  if (d?.principles?.length) lines.push(`principles: ${d.principles.join('; ')}`);
  const l = a.llm;
  if (l?.statement) lines.push(`decision: ${l.statement}`);
  if (l?.rationale) lines.push(`rationale: ${l.rationale}`);
  if (l?.definition) lines.push(`definition: ${l.definition}${l.category ? ` (${l.category})` : ''}`);
  if (l?.chosen) lines.push(`chose ${l.chosen} over ${l.rejected ?? '?'}${l.reasoning ? `: ${l.reasoning}` : ''}`);
  if (l?.principles?.length) lines.push(`principles: ${l.principles.join('; ')}`);
  if (a.memory) lines.push(`notes: ${a.memory.observations.slice(0, 5).join(' | ')}`);
  const loc = locOf(a);
  const cite = a.kind === 'adr' && /^ADR-\d+$/.test(a.name) ? a.name : (loc ?? id);
  return {
    cite,
    id,
    kind: a.kind,
    name: a.qualifiedName ?? a.name,
    ...(loc ? { loc } : {}),
    ...(a.path !== undefined ? { path: a.path, startLine: a.startLine ?? a.line ?? 1, endLine: a.endLine ?? a.startLine ?? a.line ?? 1 } : {}),
    text: clip(lines.join('\n')),
    via,
  };
}

const SYSTEM = [
  'You answer questions about one software project using ONLY the numbered context items you are given (nodes of its knowledge graph and passages of its docs).',
  'Answer in Markdown with three short parts, in this order: **Why** (the reasons and decisions), **What** (what it is or does), **Where** (files and symbols).',
  'Cite every claim with the source of the item it comes from, in square brackets, exactly as given after "source:" (e.g. [src/app/cache.py:12] or [ADR-0003]).',
  'End with a line "Sources:" followed by one "- <source>" line per source you used.',
  `Never cite anything that is not in the context. If the context does not answer the question, reply exactly: ${NOT_SAID}`,
].join('\n');

function contextPrompt(question: string, items: readonly ContextItem[]): string {
  const blocks = items.map((c, i) => `[${i + 1}] ${c.kind} ${c.name} (source: ${c.cite})${c.text ? `\n${c.text}` : ''}`);
  return `Context:\n\n${blocks.join('\n\n')}\n\nQuestion: ${question}`;
}


/**
 * The checked answer: citations outside the context removed, the Sources section rebuilt from
 * what remains; no valid source at all → NOT_SAID.
 */
export function checkAnswer(text: string, items: readonly ContextItem[]): { answer: string; sources: AskSource[]; removed: string[]; grounded: boolean } {
  const notSaid = { answer: NOT_SAID, sources: [], grounded: false };
  if (/the graph does not say/i.test(text) || items.length === 0) return { ...notSaid, removed: [] };
  const body = answerBody(text);
  const sources = new Map<string, AskSource>();
  const removed = new Set<string>();
  const visit = (cite: string): boolean => {
    const item = resolveCitation(cite, items);
    if (!item) {
      removed.add(cite);
      return false;
    }
    if (!sources.has(item.cite)) sources.set(item.cite, { cite: item.cite, id: item.id, ...(item.loc ? { loc: item.loc } : {}) });
    return true;
  };
  for (const m of text.matchAll(CITATION)) visit(m[0]);
  const cleaned = stripUnsupported(body, items).trimEnd();
  if (sources.size === 0) return { ...notSaid, removed: [...removed] };
  const list = [...sources.values()].map((s) => `- ${s.cite}`).join('\n');
  return { answer: `${cleaned}\n\nSources:\n${list}`, sources: [...sources.values()], removed: [...removed], grounded: true };
}

export async function ask(graph: CodeGraph, question: string, options: AskOptions): Promise<AskAnswer> {
  const items = await gatherContext(graph, question, options.docs);
  const context = items.map((i) => ({ cite: i.cite, id: i.id, via: i.via }));
  if (items.length === 0) return { question, answer: NOT_SAID, grounded: false, sources: [], removed: [], context };
  const provider = metered(options.provider, options.ledger, 'ask');
  const live = options.onAnswerText ? new GroundedStream(items, options.onAnswerText) : undefined;
  const response = await provider.complete({
    system: SYSTEM,
    messages: [{ role: 'user', content: contextPrompt(question, items) }],
    maxTokens: options.maxTokens ?? 1200,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(live ? { onText: (delta: string) => live.push(delta) } : {}),
  });
  const checked = checkAnswer(response.text, items);
  const streamed = live?.end(response.text, checked.grounded) ?? false;
  return { question, ...checked, context, model: `${options.provider.id}:${response.model}`, ...(streamed ? { streamed } : {}) };
}
