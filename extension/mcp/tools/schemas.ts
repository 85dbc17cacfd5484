/**
 * Shared tool schemas
 * ===================
 * The zod pieces every toolset uses: capped strings (hostile input stops at the schema),
 * bounded integers with messages that say the allowed range, kind lists, and the output
 * shapes of an item and of a cut list.
 */
import { z } from 'zod';
import { EDGE_KINDS, NODE_KINDS } from '../../core/model/kinds';

/** Longest string any tool accepts; ids, names and paths are far shorter. */
export const MAX_STRING = 2000;

export const TARGET_HELP =
  'A target is any of: a node id as other tools return it (py:app.api:Client.send, ts:src/util/cache:Cache.put, ' +
  'file:src/a.py, module:src/app, ext:requests); a dotted or qualified name (app.api.Client.send, Client.send); ' +
  'a bare name (send); a root-relative path (src/a.py); or path:line (src/a.py:42, the innermost definition there). ' +
  'When a target is ambiguous the error lists candidates with ids and locations: call again with one id.';

export function text(name: string, what: string): z.ZodString {
  return z
    .string({ error: `${name} must be a string: ${what}` })
    .trim()
    .min(1, { error: `${name} must not be empty: ${what}` })
    .max(MAX_STRING, { error: `${name} is longer than ${MAX_STRING} characters; pass an id, name or path:line instead` })
    .describe(what);
}

export const target = (what = 'The node to ask about. See the tool description for the forms accepted.'): z.ZodString => text('target', what);

export function int(name: string, min: number, max: number, dflt: number, what: string): z.ZodOptional<z.ZodNumber> {
  return z
    .number({ error: `${name} must be an integer from ${min} to ${max}` })
    .int({ error: `${name} must be an integer from ${min} to ${max}` })
    .min(min, { error: `${name} must be at least ${min}` })
    .max(max, { error: `${name} must be at most ${max}; ask again with a smaller ${name}` })
    .optional()
    .describe(`${what} (${min}–${max}, default ${dflt})`);
}

export const depth = (dflt: number, what = 'How many steps to follow'): z.ZodOptional<z.ZodNumber> => int('depth', 1, 5, dflt, what);
export const limit = (max: number, dflt: number, what = 'Most items returned; the rest are counted in "more"'): z.ZodOptional<z.ZodNumber> =>
  int('limit', 1, max, dflt, what);

export const nodeKinds = z
  .array(z.enum(NODE_KINDS), { error: `kinds must be a list of: ${NODE_KINDS.join(', ')}` })
  .min(1)
  .max(NODE_KINDS.length)
  .optional()
  .describe('Only nodes of these kinds');

export const edgeKinds = z
  .array(z.enum(EDGE_KINDS), { error: `edges must be a list of: ${EDGE_KINDS.join(', ')}` })
  .min(1)
  .max(EDGE_KINDS.length)
  .optional()
  .describe('Only follow these edge kinds (default: all)');

export const direction = (dflt: string): z.ZodOptional<z.ZodEnum<{ in: 'in'; out: 'out'; both: 'both' }>> =>
  z.enum(['in', 'out', 'both']).optional().describe(`out follows edges forward (X calls/imports/contains Y), in backward, both either way (default ${dflt})`);

// ---- outputs ---------------------------------------------------------------------------------

export const item = z.object({
  id: z.string().describe('Pass it back as a target. Its prefix says file:, module: or ext: (package); its tail is the name'),
  kind: z.string().optional().describe('class, function, method, test...; left out when the id prefix says it'),
  name: z.string().optional().describe('left out when the id ends with it'),
  loc: z.string().optional().describe('path:line (a folder path for modules; absent for external packages)'),
  sig: z.string().optional(),
  doc: z.string().optional(),
  notes: z.number().int().optional().describe('How many agent notes (memory observations) are about it; file_context lists them'),
});

export function page<T extends z.ZodType>(of: T): z.ZodObject<{ items: z.ZodArray<T>; more: z.ZodOptional<z.ZodNumber> }> {
  return z.object({ items: z.array(of), more: z.number().int().optional().describe('How many more were found but left out') });
}

export const more = z.number().int().optional().describe('How many more were found but left out');
