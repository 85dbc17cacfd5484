/**
 * Workspace toolset
 * =================
 * The index itself: status (how big, how healthy, how old) and reindex (full, or given paths).
 */
import { z } from 'zod';
import { cut, InvalidArgumentError, status } from '../../core/query';
import type { WorkspaceInfo } from '../../core/query';
import type { IndexReport } from '../../core/workspace';
import type { ToolContext } from '../context';
import { defineTool } from '../tool';
import type { Tool } from '../tool';
import { MAX_STRING, more, page } from './schemas';

const LIST_LIMIT = 20;

/** The status answer: the core query plus what only the workspace knows (failures, snapshot). */
export function statusAnswer(ctx: ToolContext): z.infer<typeof statusOut> {
  const s = ctx.ws.status();
  const info: WorkspaceInfo = { root: s.root, skipped: s.skipped, indexing: ctx.indexing };
  if (s.lastIndexedAt !== undefined) info.lastIndexedAt = s.lastIndexedAt;
  if (s.lastIndexMs !== undefined) info.durationMs = s.lastIndexMs;
  if (s.parseErrors.length > 0) info.parseErrors = { files: s.parseErrors.length, errors: s.parseErrors.reduce((n, p) => n + p.count, 0) };
  const out: z.infer<typeof statusOut> = { ...status(ctx.ws.graph, info), files: s.files };
  if (s.failed.length > 0) out.failed = cut(s.failed.map((f) => `${f.path}: ${f.error}`), LIST_LIMIT);
  if (s.resolveFaults.length > 0) out.resolveFaults = cut(s.resolveFaults.map((f) => `${f.path}: ${f.reason}`), LIST_LIMIT);
  if (s.resolveCuts.length > 0) out.resolveCuts = cut(s.resolveCuts.map((c) => `${c.path}: ${c.lookups} lookup(s) stopped at the resolver's bound`), LIST_LIMIT);
  if (s.configProblems.length > 0) out.configProblems = cut(s.configProblems.map((p) => `${p.path} ${p.message}`), LIST_LIMIT);
  if (s.snapshot) out.snapshot = s.snapshot;
  if (s.docs) {
    const { skipped, ...docs } = s.docs;
    out.docs = { ...docs, ...(skipped.length ? { skipped: cut(skipped.map((k) => `${k.path}: ${k.reason}`), LIST_LIMIT) } : {}) };
  }
  if (s.decisions) {
    const { byHeadings, ...d } = s.decisions;
    out.decisions = { ...d, ...(byHeadings.length ? { byHeadings: cut(byHeadings, LIST_LIMIT) } : {}) };
  }
  if (!s.lastIndexedAt && !ctx.indexing) out.hint = 'Nothing indexed yet: call reindex.';
  return out;
}

const statusOut = z.object({
  root: z.string(),
  indexedAt: z.string().optional(),
  durationMs: z.number().optional(),
  indexing: z.literal(true).optional().describe('An index is running; answers wait for it'),
  files: z.number().int(),
  nodes: z.number().int(),
  edges: z.number().int(),
  nodesByKind: z.record(z.string(), z.number()),
  edgesByKind: z.record(z.string(), z.number()),
  languages: z.record(z.string(), z.number()).optional(),
  calls: z.record(z.string(), z.number()).optional().describe('Call edges by confidence'),
  parseErrors: z.object({ files: z.number().int(), errors: z.number().int().optional(), worst: z.array(z.string()).optional() }).optional(),
  skipped: z.object({ total: z.number().int(), byReason: z.record(z.string(), z.number()), sample: z.array(z.string()) }).optional(),
  failed: page(z.string()).optional(),
  resolveFaults: page(z.string()).optional().describe('Files the resolver failed on (they keep their definitions, not their edges), with the reason'),
  resolveCuts: page(z.string()).optional().describe("Files where lookups stopped at the resolver's bound (template- or macro-heavy code): some of their calls have no edge"),
  configProblems: page(z.string()).optional().describe('Config files (go.mod, Cargo.toml, composer.json, a .csproj …) that could not be read or used: their files are resolved by folder'),
  snapshot: z.string().optional(),
  docs: z
    .object({
      documents: z.number().int(),
      chunks: z.number().int(),
      entities: z.number().int(),
      mentions: z.number().int(),
      relations: z.number().int(),
      queue: z.number().int().describe('Chunks waiting for an embedding'),
      vectors: z.number().int(),
      embeddings: z.string().optional().describe('The embedding provider in use; absent: lexical retrieval only'),
      lastFile: z.string().optional().describe('The last document read'),
      lastError: z.string().optional(),
      linkPending: z.literal(true).optional().describe('Restored after a restart and still being linked to the code in the background'),
      redactions: z.number().int().describe('Secrets replaced before anything was stored'),
      duplicateParagraphs: z.number().int().describe('Near-duplicate paragraphs indexed only once'),
      skipped: page(z.string()).optional(),
    })
    .optional()
    .describe('The docs index (docs_search): documents, chunks, entities, the embedding queue, the last file and error'),
  decisions: z
    .object({
      searched: z.string().describe('Where records were looked for'),
      folders: z.array(z.object({ folder: z.string(), records: z.number().int() })).describe('Folders that held records, with how many'),
      byHeadings: page(z.string()).optional().describe('Records found by their headings outside any record folder'),
      records: z.number().int(),
      instructionFiles: z.number().int(),
    })
    .optional()
    .describe('The decision graph: where records were looked for, which folders held them'),
  hint: z.string().optional(),
});

const status_ = defineTool({
  name: 'status',
  title: 'Index status',
  description:
    'How big and how healthy the code graph is: files, nodes and edges by kind, languages, call edges by confidence, files with parse errors, ' +
    'files skipped (with reasons), files that failed, when the last index ran, and the docs index (documents, chunks, entities, embedding queue, last error). Use it when answers look incomplete, or to check the index is current. ' +
    'Does not wait for a running index; says "indexing": true instead.',
  input: z.strictObject({}),
  output: statusOut,
  readOnly: true,
  positional: [],
  needsFresh: false,
  // Counts as they are: a status bar asks at start-up, and that must not link the documents.
  readsDocs: false,
  run: (ctx) => statusAnswer(ctx),
});

const reindexOut = z.object({
  files: z.number().int(),
  parsed: z.number().int(),
  unchanged: z.number().int(),
  removed: z.number().int(),
  resolved: z.number().int(),
  durationMs: z.number(),
  skipped: page(z.string()),
  failed: page(z.string()),
  more,
});

export function reindexAnswer(r: IndexReport): z.infer<typeof reindexOut> {
  return {
    files: r.files,
    parsed: r.parsed,
    unchanged: r.unchanged,
    removed: r.removed,
    resolved: r.resolved,
    durationMs: r.durationMs,
    skipped: cut(r.skipped.map((s) => `${s.path}: ${s.reason}`), LIST_LIMIT),
    failed: cut(r.failed.map((f) => `${f.path}: ${f.error}`), LIST_LIMIT),
  };
}

const reindex_ = defineTool({
  name: 'reindex',
  title: 'Re-index the workspace',
  description:
    'Bring the graph up to date with the files on disk. Queries already re-check changed files every few seconds, so call this only after ' +
    'large changes (branch switch, generated code), when status reports problems, or with "paths" right after editing files to be certain. ' +
    'full: true re-parses every file. Returns {files, parsed, unchanged, removed, resolved, durationMs, skipped, failed}.',
  input: z.strictObject({
    full: z.boolean().optional().describe('Re-parse every file, ignoring what is known (default false: only changed files)'),
    paths: z
      .array(z.string().min(1).max(MAX_STRING, { error: `each path must be at most ${MAX_STRING} characters` }))
      .min(1)
      .max(1000, { error: 'at most 1000 paths; for more, reindex without paths' })
      .optional()
      .describe('Only these files (root-relative or absolute; deleted ones are removed from the graph)'),
  }),
  output: reindexOut,
  readOnly: false,
  positional: ['paths'],
  needsFresh: false,
  run: async (ctx, a) => {
    if (a.paths && a.full) throw new InvalidArgumentError('reindex: pass either full or paths, not both');
    if (a.paths) {
      const report = await ctx.ws.update(a.paths);
      await ctx.ws.save();
      return reindexAnswer(report);
    }
    const report = await ctx.refresh(a.full ?? false);
    if (!report) throw new Error('indexing failed; see the server log (stderr) for the reason');
    return reindexAnswer(report);
  },
});

export const workspaceTools: readonly Tool[] = [status_, reindex_];
