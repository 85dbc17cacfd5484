/**
 * Decision toolset
 * ================
 * The "why" beside the "what": which architecture decisions and instruction sections govern a
 * symbol or file (decisions_for), what one record touches (decision), and the records with their
 * status and reach, optionally only the stale ones (decisions). Thin adapters over
 * core/query/decisions.ts.
 */
import { z } from 'zod';
import { decisionTouches, governingDecisions, listDecisions } from '../../core/query';
import { defineTool } from '../tool';
import type { Tool } from '../tool';
import { checkTarget } from './targets';
import { item, limit, page, TARGET_HELP, target, text } from './schemas';

const decisionItem = item.extend({
  title: z.string().optional(),
  status: z.string().optional().describe('proposed, accepted, superseded, deprecated... as the record says'),
  decision: z.string().optional().describe('The decision in a sentence'),
  supersededBy: z.array(z.string()).optional(),
});

const governingItem = decisionItem.extend({
  via: z.enum(['direct', 'class', 'file', 'folder']).describe('direct: the target is named; else an enclosing class, its file or a folder above is'),
  through: z.string().optional().describe('The enclosing node that is named'),
  score: z.number().optional().describe('How sure the link is, 0–1; below 0.9 it was matched by name or shared among candidates'),
  at: z.string().optional().describe('Lines of the decision document that name it'),
});

const mention = z.object({
  text: z.string(),
  line: z.number().int(),
  col: z.number().int(),
  endLine: z.number().int(),
  endCol: z.number().int(),
  reason: z.string(),
});

const conceptItem = item.extend({ sameAs: z.array(item).optional(), related: z.array(item).optional() });

/** The decisions part of file_context. */
export const fileDecisionsOut = z
  .object({
    governedBy: page(governingItem.extend({ symbols: z.array(z.string()).optional().describe('Symbols of the file it names') })).optional(),
    concepts: page(conceptItem).optional(),
  })
  .describe('Decision records and instruction sections governing the file, a folder above it or a symbol in it, and the concepts they define');

const decisionsFor_ = defineTool({
  name: 'decisions_for',
  title: 'Decisions governing code',
  description:
    'Which architecture decision records (ADRs) and instruction-file sections (CLAUDE.md, AGENTS.md...) govern a symbol, file or folder: ' +
    'those naming it directly, or naming its class, its file or a folder above it. Read them before changing the code. ' +
    `${TARGET_HELP} Returns {target, decisions: {items: [{id, name: "ADR-0003", title, status, decision, via, through?, score, at}], more}}.`,
  input: z.strictObject({ target: target('A symbol, file or folder'), limit: limit(200, 20) }),
  output: z.object({ target: item, decisions: page(governingItem) }),
  readOnly: true,
  positional: ['target'],
  run: (ctx, a) => governingDecisions(ctx.ws.graph, { ...a, target: checkTarget(ctx.ws, a.target) }),
});

const decision_ = defineTool({
  name: 'decision',
  title: 'What a decision touches',
  description:
    'One architecture decision record (ADR-0003, 3, its path or id) or instruction section: its status, date, decision, context and ' +
    'consequences; the files, folders and symbols it governs (with how sure each link is); the concepts it defines and what they are ' +
    'reconciled with; the records it references and supersedes; and its mentions that no longer resolve (renamed or moved code).',
  input: z.strictObject({ target: text('target', 'ADR-0003, 3, docs/adr/0003-x.md, or a decision node id'), limit: limit(500, 50, 'Most governed items listed') }),
  output: z.object({
    decision: decisionItem.extend({
      date: z.string().optional(),
      context: z.string().optional(),
      consequences: z.string().optional(),
      principles: z.array(z.string()).optional(),
    }),
    governs: page(item.extend({ score: z.number().optional(), at: z.string().optional(), conf: z.string().optional() })).optional(),
    concepts: page(conceptItem).optional(),
    references: z.array(item).optional(),
    referencedBy: z.array(item).optional(),
    supersedes: z.array(item).optional(),
    unresolved: z.array(mention).optional(),
  }),
  readOnly: true,
  positional: ['target'],
  run: (ctx, a) => decisionTouches(ctx.ws.graph, a),
});

const decisions_ = defineTool({
  name: 'decisions',
  title: 'List decisions',
  description:
    'The architecture decision records of the workspace with status, title, decision sentence, how many files and symbols each governs ' +
    'and how many of its mentions no longer resolve. stale: true lists only those with unresolved mentions (decisions that may be out of date).',
  input: z.strictObject({
    status: text('status', 'Only records with this status (accepted, proposed, superseded...)').optional(),
    stale: z.boolean().optional().describe('Only records whose mentions no longer all resolve'),
    instructions: z.boolean().optional().describe('Also list instruction-file sections (default false)'),
    limit: limit(500, 50),
  }),
  output: page(decisionItem.extend({ governs: z.number().int(), unresolved: z.number().int().optional() })),
  readOnly: true,
  positional: [],
  run: (ctx, a) => listDecisions(ctx.ws.graph, a),
});

export const decisionTools: readonly Tool[] = [decisionsFor_, decision_, decisions_];
