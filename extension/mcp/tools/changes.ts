/**
 * Changes tool
 * ============
 * `changes`: what a git diff touches (the working tree against HEAD, two refs, or the staged
 * changes), from core/changes. Git problems (not a repository, an unknown ref) are the
 * caller's to fix, so they come back as invalid_argument.
 */
import { z } from 'zod';
import { changes, GitError } from '../../core/changes';
import { InvalidArgumentError } from '../../core/query';
import { defineTool } from '../tool';
import type { Tool } from '../tool';
import { depth, item, limit, page, text } from './schemas';

const impactItem = item.extend({ depth: z.number().int(), conf: z.string().optional(), via: z.string().optional() });

const changes_ = defineTool({
  name: 'changes',
  title: 'What a change touches',
  description:
    'Before committing or reviewing: the files a git diff changes and the definitions whose lines it touches (added, modified, renamed, removed — a removed one is read from the base), ' +
    'each with its callers and dependents to a depth (default 2); the tests to run (direct first, then by how many changed definitions they reach); the decision records and instruction sections that govern them; ' +
    'record mentions the change makes stale (a removed or renamed symbol or file a record still names); the docs that mention them. ' +
    'Default: the working tree (staged and not) against HEAD; base/head compare two refs; staged compares the index with HEAD. Every item has path:line. ' +
    'Returns {base, head, counts, files, definitions, tests, decisions, stale, docs}, each list {items, more}.',
  input: z.strictObject({
    base: text('base', 'The ref to compare against (default HEAD)').optional(),
    head: text('head', 'A ref to compare (default: the working tree)').optional(),
    staged: z.boolean().optional().describe('Compare the staged changes (the index) with the base'),
    depth: depth(2, 'How many steps of callers and dependents to follow'),
    limit: limit(200, 20, 'Most items per list'),
  }),
  output: z.object({
    base: z.string(),
    head: z.string(),
    counts: z.object({
      files: z.number().int(), definitions: z.number().int(), callers: z.number().int(), tests: z.number().int(),
      decisions: z.number().int(), stale: z.number().int(), docs: z.number().int(),
    }),
    files: page(z.object({ path: z.string(), status: z.string(), oldPath: z.string().optional(), added: z.number().int(), removed: z.number().int() })),
    definitions: page(z.object({
      id: z.string().optional().describe('The graph node (absent for a removed definition)'),
      kind: z.string(),
      name: z.string(),
      change: z.string().describe('added | modified | renamed | removed'),
      loc: z.string().describe('path:line; for a removed definition, in the base'),
      was: z.object({ name: z.string(), loc: z.string() }).optional().describe('A renamed definition\'s old name and place'),
      callers: page(impactItem).optional(),
      dependents: page(impactItem).optional().describe('References and subclasses'),
    })),
    tests: page(item.extend({ how: z.string().describe('direct | container | transitive'), depth: z.number().int(), reaches: z.number().int().describe('How many changed definitions it reaches') })),
    decisions: page(item.extend({ title: z.string().optional(), status: z.string().optional(), governs: z.array(z.string()) })),
    stale: page(z.object({ source: z.string(), loc: z.string(), text: z.string(), because: z.string() })),
    docs: page(item.extend({ at: z.string().optional(), mentions: z.array(z.string()) })),
  }),
  readOnly: true,
  positional: [],
  run: async (ctx, a) => {
    try {
      return await changes(ctx.ws.graph, ctx.ws.root, a);
    } catch (err) {
      if (err instanceof GitError || err instanceof RangeError) throw new InvalidArgumentError(err.message);
      throw err;
    }
  },
});

export const changesTools: readonly Tool[] = [changes_];
