/**
 * Code toolset
 * ============
 * Finding and reading code: search, find_symbol, source, callers, callees, relate, path.
 * Each tool is a thin adapter: strict schema in, one core query, the query's JSON out.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { callees, callers, docsByWords, findSymbol, neighbors, search, shortestPath, source } from '../../core/query';
import type { SourceReader, SourceResult } from '../../core/query';
import type { Workspace } from '../../core/workspace';
import { defineTool } from '../tool';
import type { Tool } from '../tool';
import { checkTarget } from './targets';
import { depth, direction, edgeKinds, int, item, limit, more, nodeKinds, TARGET_HELP, target, text } from './schemas';
import { isModuleId } from '../../core/model/ids';

/** Reads through the workspace (never outside the root) and hashes as the indexer does. */
export function sourceReader(ws: Workspace): SourceReader {
  return {
    readFile: (path) => ws.readSource(path),
    hashOf: (content) => createHash('sha256').update(content, 'utf8').digest('hex'),
  };
}

const sourceOut = z.object({
  path: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  code: z.string(),
  more: more.describe('Lines of the definition left out past maxLines'),
  stale: z.literal(true).optional().describe('The file changed since it was indexed; reindex it'),
  note: z.string().optional(),
});

function sourceExcerpt(r: SourceResult): z.infer<typeof sourceOut> {
  const { path, start, end, code } = r;
  const out: z.infer<typeof sourceOut> = { path, start, end, code };
  if (r.more) out.more = r.more;
  if (r.stale) out.stale = true;
  if (r.note) out.note = r.note;
  return out;
}

const search_ = defineTool({
  name: 'search',
  title: 'Search the code graph',
  description:
    'Find files, classes, functions, methods, tests, packages, documents and doc entities by name, by word parts of snake_case/camelCase names, or by words of their doc line. ' +
    'Use it first when you know roughly what something is called but not where it lives. ' +
    'Returns ranked items {id, kind, name, loc: "path:line", match: exact|prefix|contains|words|doc}, "total" and "more" when the list was cut, ' +
    'and (without a kinds filter, or with doc in it) the best doc chunks {id, at: "path:start-end", section, snippet}; docs_search goes further. ' +
    'Pass an item\'s id to the other tools.',
  input: z.strictObject({
    query: text('query', 'Name, part of a name, or words (e.g. "send", "Client.send", "user cache")'),
    kinds: nodeKinds,
    limit: limit(200, 20),
  }),
  output: z.object({
    query: z.string(),
    total: z.number().int(),
    items: z.array(item.extend({ match: z.string() })),
    more,
    docs: z
      .array(z.object({ id: z.string(), at: z.string(), section: z.string().optional(), snippet: z.string(), score: z.number(), why: z.array(z.string()) }))
      .optional()
      .describe('Document chunks whose words match best (BM25)'),
  }),
  readOnly: true,
  positional: ['query'],
  run: (ctx, a) => {
    const found = search(ctx.ws.graph, a);
    if (a.kinds && !a.kinds.includes('doc')) return found;
    const docs = docsByWords(ctx.ws.docs, a.query);
    return docs.length ? { ...found, docs } : found;
  },
});

const symbolOut = item.extend({
  qn: z.string().optional(),
  span: z.string().optional().describe('startLine-endLine'),
  bases: z.array(z.string()).optional(),
  params: z.array(z.string()).optional(),
  returns: z.string().optional(),
  decorators: z.array(z.string()).optional(),
  async: z.literal(true).optional(),
  exported: z.literal(true).optional(),
  parent: item.optional(),
  source: sourceOut.optional(),
});

const SOURCE_FOR_FIRST = 3;

const findSymbol_ = defineTool({
  name: 'find_symbol',
  title: 'Look a symbol up',
  description:
    'Get the definition(s) a name may mean, with signature, doc line, span, bases, parameters, decorators and parent class; optionally with the source lines. ' +
    'Use it when you have a name, id or path:line and want to know exactly what it is before reading or changing it. ' +
    `${TARGET_HELP} Returns {total, items, more}; with includeSource the first ${SOURCE_FOR_FIRST} items carry {source: {path, start, end, code, stale?}}.`,
  input: z.strictObject({
    name: text('name', 'An id, dotted or bare name, path or path:line'),
    kinds: nodeKinds,
    limit: limit(50, 10),
    includeSource: z.boolean().optional().describe('Also return the definition lines of the first items (default false)'),
    maxLines: int('maxLines', 1, 400, 80, 'Longest source excerpt per item'),
  }),
  output: z.object({ total: z.number().int(), items: z.array(symbolOut), more }),
  readOnly: true,
  positional: ['name'],
  run: (ctx, a) => {
    const found = findSymbol(ctx.ws.graph, { name: checkTarget(ctx.ws, a.name), kinds: a.kinds, limit: a.limit });
    if (!a.includeSource) return found;
    const reader = sourceReader(ctx.ws);
    const items = found.items.map((it, i) => {
      if (i >= SOURCE_FOR_FIRST || isModuleId(it.id) || it.loc === undefined) return it;
      try {
        return { ...it, source: sourceExcerpt(source(ctx.ws.graph, { target: it.id, maxLines: a.maxLines ?? 80 }, reader)) };
      } catch {
        return it; // an unreadable file leaves the item without source; `source` says why
      }
    });
    return { ...found, items };
  },
});

const source_ = defineTool({
  name: 'source',
  title: 'Read a definition',
  description:
    'Return exactly the lines of one definition (class, function, method, test) or a whole file, read from disk now. ' +
    'Use it instead of reading a whole file when you need one definition. ' +
    `${TARGET_HELP} Returns {id, kind, name, loc, path, start, end, code, more?}; "stale": true with a note when the file changed since it was indexed (call reindex). ` +
    'Only files inside the workspace root can be read.',
  input: z.strictObject({ target: target(), maxLines: int('maxLines', 1, 2000, 200, 'Longest excerpt; the rest is counted in "more"') }),
  output: item.extend(sourceOut.shape),
  readOnly: true,
  positional: ['target'],
  run: (ctx, a) => source(ctx.ws.graph, { target: checkTarget(ctx.ws, a.target), maxLines: a.maxLines ?? 200 }, sourceReader(ctx.ws)),
});

const callItem = item.extend({
  at: z.string().optional().describe('Call-site lines "l1,l2", in the calling side\'s file'),
  conf: z.string().optional().describe('inferred | name (a guess by name) | convention; absent means resolved'),
  via: z.string().optional().describe('The node of the previous level it was reached from'),
});
const callsOut = z.object({
  target: item,
  total: z.number().int(),
  levels: z.array(z.object({ depth: z.number().int(), items: z.array(callItem) })),
  more,
  recursive: z.literal(true).optional(),
});
const callsIn = z.strictObject({ target: target('The function or method'), depth: depth(1), limit: limit(200, 50) });

const callers_ = defineTool({
  name: 'callers',
  title: 'Who calls this',
  description:
    'List the functions, methods, tests and files that call a function or method, to a depth (1 = direct callers), with the call-site lines and how sure each edge is. ' +
    'Use it before changing a signature or behaviour. For everything that may break (references, subclasses, tests) use impact. ' +
    `${TARGET_HELP} Returns {target, total, levels: [{depth, items: [{id, kind, loc, at: "lines in the caller's file", conf}]}], more}.`,
  input: callsIn,
  output: callsOut,
  readOnly: true,
  positional: ['target'],
  readsDocs: false,
  run: (ctx, a) => callers(ctx.ws.graph, { ...a, target: checkTarget(ctx.ws, a.target) }),
});

const callees_ = defineTool({
  name: 'callees',
  title: 'What this calls',
  description:
    'List what a function or method calls, to a depth (1 = direct calls), with the call-site lines and how sure each edge is. ' +
    'Use it to understand what a function relies on before reading its body. ' +
    `${TARGET_HELP} Returns {target, total, levels: [{depth, items}], more}.`,
  input: callsIn,
  output: callsOut,
  readOnly: true,
  positional: ['target'],
  readsDocs: false,
  run: (ctx, a) => callees(ctx.ws.graph, { ...a, target: checkTarget(ctx.ws, a.target) }),
});

const relate_ = defineTool({
  name: 'relate',
  title: 'Neighbourhood of a node',
  description:
    'Walk the graph around a node over chosen edge kinds (contains, imports, calls, inherits, implements, method_of, depends_on, tests, references), ' +
    'forward, backward or both, to depth 5. Use it for questions the narrower tools do not cover: what a class contains, what inherits from it, what references a constant. ' +
    `${TARGET_HELP} Returns {target, total, items: [{id, kind, name, loc, depth, edge, dir: in|out, from?}], more}.`,
  input: z.strictObject({ target: target(), edges: edgeKinds, direction: direction('both'), depth: depth(1), limit: limit(200, 50) }),
  output: z.object({
    target: item,
    total: z.number().int(),
    items: z.array(item.extend({ depth: z.number().int(), edge: z.string(), dir: z.string(), from: z.string().optional() })),
    more,
  }),
  readOnly: true,
  positional: ['target'],
  run: (ctx, a) => neighbors(ctx.ws.graph, { ...a, target: checkTarget(ctx.ws, a.target) }),
});

const path_ = defineTool({
  name: 'path',
  title: 'How two nodes connect',
  description:
    'Find the shortest chain of edges from one node to another over chosen edge kinds, e.g. how a request handler reaches the database call ' +
    '(edges: ["calls"]) or how one file comes to import another (edges: ["imports"]). Edges are followed forward by default. ' +
    `${TARGET_HELP} Returns {from, to, found, length, steps: [{id, kind, name, loc, edge, dir}]}.`,
  input: z.strictObject({
    from: text('from', 'Where the chain starts (id, name, path or path:line)'),
    to: text('to', 'Where the chain ends (id, name, path or path:line)'),
    edges: edgeKinds,
    direction: direction('out'),
    maxDepth: int('maxDepth', 1, 12, 8, 'Longest chain searched'),
  }),
  output: z.object({
    from: item,
    to: item,
    found: z.boolean(),
    length: z.number().int().optional(),
    steps: z.array(item.extend({ edge: z.string().optional(), dir: z.string().optional() })).optional(),
  }),
  readOnly: true,
  positional: ['from', 'to'],
  run: (ctx, a) => shortestPath(ctx.ws.graph, { ...a, from: checkTarget(ctx.ws, a.from), to: checkTarget(ctx.ws, a.to) }),
});

export const codeTools: readonly Tool[] = [search_, findSymbol_, source_, callers_, callees_, relate_, path_];
