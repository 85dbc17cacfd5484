/**
 * Docs toolset
 * ============
 * The project's prose (READMEs, design notes, runbooks, specs, HTML/PDF/DOCX under docs/) as
 * retrievable knowledge linked to the code: hybrid search with provenance (docs_search, the
 * issue's hybrid_query), entities by name (entity_lookup), one entity or symbol explained from
 * the docs (explain_entity), and ingest_docs for files the include globs do not cover. Thin
 * adapters over core/query/docs.ts; the docs' status is part of the status tool.
 */
import { z } from 'zod';
import { docsSearch, entityLookup, explainEntity } from '../../core/query';
import { defineTool } from '../tool';
import type { Tool } from '../tool';
import { int, item, limit, MAX_STRING, more, page, text } from './schemas';

const RELATIONS = ['uses', 'depends_on', 'part_of', 'integrates_with', 'configured_via', 'owned_by', 'precedes', 'cites', 'calls', 'inherits', 'implements', 'method_of', 'governs', 'same_as'] as const;

const tags = z
  .array(z.string().min(1).max(64, { error: 'a tag is at most 64 characters' }))
  .max(20, { error: 'at most 20 tags' });

const chunkItem = z.object({
  id: z.string(),
  at: z.string().describe('path:startLine-endLine of the chunk'),
  section: z.string().optional().describe('The heading it sits under'),
  snippet: z.string(),
  score: z.number(),
  why: z.array(z.string()).describe('Why it was selected: lexical/vector rank, or the entity it mentions and how many hops away'),
});

const docsSearch_ = defineTool({
  name: 'docs_search',
  title: 'Search the docs',
  description:
    'Hybrid retrieval over the project\'s documents (Markdown, text, HTML, PDF, DOCX): lexical BM25 (and vectors when an embedding model is configured), ' +
    'then the entities and code those chunks mention, expanded over relations read from the prose (uses, depends_on, part_of...), re-ranked. ' +
    'Use it for "how/why/what is" questions whose answer is in prose, not in code. Returns {chunks: [{id, at: "path:start-end", section, snippet, score, why}], ' +
    'entities: [{id, name, score, why}], edges}. Read a chunk\'s lines with any file reader.',
  input: z.strictObject({
    query: text('query', 'A question or keywords ("how are retries configured", "RateLimiter")'),
    k: int('k', 1, 50, 8, 'How many chunks'),
    hops: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional().describe('How far to expand over entity relations (0–2, default 1)'),
    relations: z.array(z.enum(RELATIONS)).min(1).optional().describe('Only expand over these relations'),
    tags: tags.optional().describe('Only documents carrying one of these tags (ingest_docs)'),
  }),
  output: z.object({
    query: z.string(),
    chunks: z.array(chunkItem),
    entities: z.array(item.extend({ score: z.number(), why: z.array(z.string()) })),
    edges: z.array(z.object({ source: z.string(), target: z.string(), kind: z.string() })),
    note: z.string().optional(),
  }),
  readOnly: true,
  positional: ['query'],
  run: (ctx, a) => docsSearch(ctx.ws.graph, ctx.ws.docs, a),
});

const entityItem = item.extend({
  type: z.string().optional().describe('term, api, version, id, standard... for entities from the docs'),
  aliases: z.array(z.string()).optional(),
  mentions: z.number().int().describe('How many chunks mention it'),
  docs: z.number().int().describe('How many documents mention it'),
});

const entityLookup_ = defineTool({
  name: 'entity_lookup',
  title: 'Find an entity of the docs',
  description:
    'Entities the documents mention (their own vocabulary: components, services, standards, versions, terms) and code nodes they name, by name or alias. ' +
    'Returns {items: [{id, name, type, aliases, mentions, docs}], more}. Pass an id to explain_entity.',
  input: z.strictObject({
    query: text('query', 'A name or alias'),
    type: text('type', 'Only this entity type (term, api, version, id, standard) or node kind (class, function...)').optional(),
    limit: limit(200, 20),
  }),
  output: page(entityItem),
  readOnly: true,
  positional: ['query'],
  run: (ctx, a) => entityLookup(ctx.ws.graph, ctx.ws.docs, a),
});

const relationItem: z.ZodType = z.lazy(() =>
  z.object({
    kind: z.string(),
    dir: z.enum(['out', 'in']),
    other: item,
    confidence: z.number(),
    evidence: z.string().describe('path:line of the sentence it was read from'),
    next: z.array(relationItem).optional(),
  }),
);

const explainEntity_ = defineTool({
  name: 'explain_entity',
  title: 'What the docs say about something',
  description:
    'One entity or code node as the documents describe it: its definition, aliases, the relations read from the prose (with confidence and the ' +
    'path:line they were read from), and the passages that mention it. hops: 2 also lists the relations of its neighbours.',
  input: z.strictObject({
    target: text('target', 'An entity id (entity:...), an entity name or alias, or a code node (id, name, path)'),
    hops: int('hops', 1, 2, 1, 'Relation depth'),
    limit: limit(200, 20),
  }),
  output: z.object({
    entity: entityItem.extend({ definition: z.string().optional() }),
    relations: page(relationItem).optional(),
    sources: page(z.object({ at: z.string(), chunk: z.string(), snippet: z.string(), confidence: z.number() })).optional(),
  }),
  readOnly: true,
  positional: ['target'],
  run: (ctx, a) => explainEntity(ctx.ws.graph, ctx.ws.docs, a),
});

const ingestDocs_ = defineTool({
  name: 'ingest_docs',
  title: 'Add documents',
  description:
    'Read documents (or folders of them) inside the workspace into the docs index, also ones the include globs do not cover, and keep them current. ' +
    'tags label them for docs_search. skip_if_seen leaves documents whose content is already indexed alone. Paths outside the workspace are refused. ' +
    'Returns {ingested: [{path, chunks}], skipped: [{path, reason}]}.',
  input: z.strictObject({
    paths: z
      .array(z.string().min(1).max(MAX_STRING, { error: `each path must be at most ${MAX_STRING} characters` }))
      .min(1)
      .max(1000, { error: 'at most 1000 paths; pass a folder instead' })
      .describe('Files or folders, root-relative or absolute, inside the workspace'),
    tags: tags.optional(),
    skip_if_seen: z.boolean().optional().describe('Skip documents already indexed with the same content (default true)'),
  }),
  output: z.object({
    ingested: z.array(z.object({ path: z.string(), chunks: z.number().int() })),
    skipped: z.array(z.object({ path: z.string(), reason: z.string() })),
    more,
  }),
  readOnly: false,
  positional: ['paths'],
  run: async (ctx, a) => {
    const report = await ctx.ws.ingestDocs(a.paths, { ...(a.tags ? { tags: a.tags } : {}), skipIfSeen: a.skip_if_seen ?? true });
    await ctx.ws.save();
    return report;
  },
});

export const docsTools: readonly Tool[] = [docsSearch_, entityLookup_, explainEntity_, ingestDocs_];
