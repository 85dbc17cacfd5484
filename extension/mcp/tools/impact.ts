/**
 * Impact toolset
 * ==============
 * What depends on what and what a change touches: dependencies, dependents, impact,
 * tests_for, file_context.
 */
import { z } from 'zod';
import { dependencies, dependents, fileContext, impact, testsFor } from '../../core/query';
import { defineTool } from '../tool';
import type { Tool } from '../tool';
import { fileDecisionsOut } from './decisions';
import { checkTarget } from './targets';
import { depth, item, limit, more, page, TARGET_HELP, target } from './schemas';

const depItem = item.extend({
  depth: z.number().int(),
  at: z.string().optional().describe('Import lines "l1,l2", in the importing file'),
  typeOnly: z.literal(true).optional(),
  via: z.string().optional(),
});

const dependencies_ = defineTool({
  name: 'dependencies',
  title: 'What a file or module depends on',
  description:
    'List the workspace files/modules and the external packages a file (or a folder module) imports, to a depth, with the import lines. ' +
    'A symbol stands for its file. Use it to learn what a file needs before moving or reusing it. ' +
    `${TARGET_HELP} Returns {target, internal: {items, more}, externals?: {items, more}}.`,
  input: z.strictObject({
    target: target('A file path, module:dir, or any symbol (its file is used)'),
    depth: depth(1),
    limit: limit(200, 50, 'Most items per list'),
    externals: z.boolean().optional().describe('Also list external packages (default true)'),
  }),
  output: z.object({ target: item, internal: page(depItem), externals: page(depItem).optional() }),
  readOnly: true,
  positional: ['target'],
  run: (ctx, a) => dependencies(ctx.ws.graph, { ...a, target: checkTarget(ctx.ws, a.target) }),
});

const dependents_ = defineTool({
  name: 'dependents',
  title: 'What imports a file or module',
  description:
    'List the workspace files (or folder modules) that import a file or module, to a depth, with the import lines. A symbol stands for its file. ' +
    'Use it before renaming or deleting a file. ' +
    `${TARGET_HELP} Returns {target, internal: {items, more}}.`,
  input: z.strictObject({ target: target('A file path, module:dir, or any symbol (its file is used)'), depth: depth(1), limit: limit(200, 50) }),
  output: z.object({ target: item, internal: page(depItem) }),
  readOnly: true,
  positional: ['target'],
  run: (ctx, a) => dependents(ctx.ws.graph, { ...a, target: checkTarget(ctx.ws, a.target) }),
});

const impactItem = item.extend({
  depth: z.number().int(),
  conf: z.string().optional().describe('inferred | name | convention; absent means resolved'),
  via: z.string().optional(),
});

const impact_ = defineTool({
  name: 'impact',
  title: 'What a change may break',
  description:
    'Before changing a symbol or file, list what may break: transitive callers, references, subclasses/implementers, importers (for files and modules), ' +
    'the tests to run and the files touched, to a depth (default 3). ' +
    `${TARGET_HELP} Returns {target, depth, counts: {callers, references, subclasses, importers, tests, files}, callers, references, subclasses, importers, tests: {items, more}, files: {items: [path], more}}.`,
  input: z.strictObject({ target: target(), depth: depth(3), limit: limit(100, 30, 'Most items per list') }),
  output: z.object({
    target: item,
    depth: z.number().int(),
    counts: z.object({
      callers: z.number().int(), references: z.number().int(), subclasses: z.number().int(),
      importers: z.number().int(), tests: z.number().int(), files: z.number().int(),
    }),
    callers: page(impactItem),
    references: page(impactItem),
    subclasses: page(impactItem),
    importers: page(impactItem),
    tests: page(impactItem),
    files: page(z.string()),
  }),
  readOnly: true,
  positional: ['target'],
  run: (ctx, a) => impact(ctx.ws.graph, { ...a, target: checkTarget(ctx.ws, a.target) }),
});

const testItem = item.extend({
  how: z.string().describe('direct | container | transitive'),
  depth: z.number().int(),
  conf: z.string().optional(),
  convention: z.literal(true).optional().describe('Linked only by a naming convention'),
  via: z.string().optional(),
});

const testsFor_ = defineTool({
  name: 'tests_for',
  title: 'Tests that exercise this',
  description:
    'List the tests that exercise a symbol or file: directly, through its class or file, or transitively (a test calling something that calls it), ' +
    'with the weakest confidence on the chain, and the test files to run. Use it after a change to pick the tests to run. ' +
    `${TARGET_HELP} Returns {target, total, items: [{id, kind, loc, how, depth, conf}], more, files: {items: [path], more}}.`,
  input: z.strictObject({ target: target(), depth: depth(3, 'Longest chain from a test to the target'), limit: limit(200, 50) }),
  output: z.object({ target: item, total: z.number().int(), items: z.array(testItem), more, files: page(z.string()) }),
  readOnly: true,
  positional: ['target'],
  run: (ctx, a) => testsFor(ctx.ws.graph, { ...a, target: checkTarget(ctx.ws, a.target) }),
});

const linkItem = item.extend({ at: z.string().optional() });
const noteItem = z.object({
  id: z.string().describe('The memory entity\'s id (mem:...); open_nodes takes its name'),
  name: z.string(),
  type: z.string(),
  obs: z.array(z.string()).describe('Its latest observations, oldest first'),
  moreObs: z.number().int().optional().describe('Older observations left out'),
  about: z.string().optional().describe('The symbol it is about, when not the file'),
});
const classEntry = item.extend({ bases: z.array(z.string()).optional(), members: page(item).optional() });

const fileContext_ = defineTool({
  name: 'file_context',
  title: 'One file at a glance',
  description:
    'A compact picture of one file: its classes with members, functions (with signatures and doc lines), other symbols, what it imports, ' +
    'who imports it, the tests that exercise it, the agent memories (notes) about it or its symbols, and the documents that mention them. Use it instead of reading a file you are about to edit for the first time. ' +
    `${TARGET_HELP} A symbol stands for its file. Empty sections are left out.`,
  input: z.strictObject({ target: target('A file path (or any symbol in the file)'), limit: limit(200, 40, 'Most items per section') }),
  output: z.object({
    file: item.extend({ lang: z.string().optional(), lines: z.number().int().optional(), parseErrors: z.number().int().optional() }),
    classes: page(classEntry).optional(),
    functions: page(item).optional(),
    other: page(item).optional(),
    imports: z.object({ files: page(linkItem).optional(), externals: page(item).optional() }).optional(),
    importers: page(linkItem).optional(),
    tests: page(testItem).optional(),
    decisions: fileDecisionsOut.optional(),
    notes: page(noteItem).optional(),
    docs: page(item.extend({ at: z.string().optional().describe('Lines of the document that mention it'), symbols: z.array(z.string()).optional().describe('Symbols of this file it mentions') }))
      .optional()
      .describe('Documents (READMEs, design notes, runbooks...) that mention the file or its symbols; docs_search reads them'),
  }),
  readOnly: true,
  positional: ['target'],
  run: (ctx, a) => fileContext(ctx.ws.graph, { ...a, target: checkTarget(ctx.ws, a.target) }),
});

export const impactTools: readonly Tool[] = [dependencies_, dependents_, impact_, testsFor_, fileContext_];
