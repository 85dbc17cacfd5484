/**
 * Tool definition
 * ===============
 * One host-independent shape for a tool: name, description, strict zod input and output
 * schemas, and `run`. The MCP server registers these; `kg-memory query` calls them through
 * `callTool`, so both surfaces share validation, freshness and error bodies.
 */
import { z } from 'zod';
import { QueryError } from '../core/query';
import type { Item } from '../core/query';
import type { ToolContext } from './context';

export type ErrorCode = 'not_found' | 'ambiguous' | 'invalid_argument' | 'internal';

/** The JSON body of every failed call. */
export interface ErrorBody {
  error: ErrorCode;
  message: string;
  candidates?: Item[];
  more?: number;
  suggestions?: Item[];
}

export type Json = Record<string, unknown>;

export interface ToolSpec<I extends z.ZodObject, O extends z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  /** Everything but reindex. */
  readOnly: boolean;
  /** Input fields filled by the CLI's positional arguments, in order. */
  positional: readonly string[];
  /** Wait for a current graph first (default true; status reports instead of waiting). */
  needsFresh?: boolean;
  /**
   * Whether the answer can read the docs' side of the graph (default true): then documents
   * restored and not linked yet are linked first. A tool that reads only code edges says false.
   */
  readsDocs?: boolean;
  run(ctx: ToolContext, args: z.infer<I>): Promise<z.infer<O>> | z.infer<O>;
}

export type CallOutcome = { ok: true; result: Json } | { ok: false; error: ErrorBody };

/** A tool with its types erased, so a list of them can be registered or dispatched. */
export interface Tool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly input: z.ZodObject;
  readonly output: z.ZodObject;
  readonly readOnly: boolean;
  readonly positional: readonly string[];
  call(ctx: ToolContext, args: unknown): Promise<CallOutcome>;
  /** `call` for arguments the input schema has already parsed (the MCP server and the direct path parse them first). */
  callParsed(ctx: ToolContext, args: unknown): Promise<CallOutcome>;
}

/** Every answer read while a newer graph was being built says so (ToolContext.fresh). */
const indexingField = z
  .object({ behind: z.literal(true), asOf: z.string().optional(), note: z.string() })
  .optional()
  .describe('Present when the answer comes from the last complete graph while an index runs: a newer graph is on its way.');
const BEHIND_NOTE = 'answered from the last complete graph; an index is running and a newer graph is on its way';

export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(spec: ToolSpec<I, O>): Tool {
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    input: spec.input,
    output: spec.output.extend({ indexing: indexingField }),
    readOnly: spec.readOnly,
    positional: spec.positional,
    call(ctx, args) {
      const parsed = spec.input.safeParse(args ?? {});
      if (!parsed.success) return Promise.resolve({ ok: false, error: { error: 'invalid_argument', message: describeIssues(spec.name, parsed.error) } });
      return this.callParsed(ctx, parsed.data);
    },
    async callParsed(ctx, args) {
      try {
        const freshness = spec.needsFresh !== false ? await ctx.fresh({ docs: spec.readsDocs !== false }) : undefined;
        const result = (await spec.run(ctx, args as z.infer<I>)) as Json;
        if (freshness?.behind) result.indexing = { behind: true, ...(freshness.asOf !== undefined ? { asOf: freshness.asOf } : {}), note: BEHIND_NOTE };
        return { ok: true, result };
      } catch (err) {
        return { ok: false, error: errorBody(err) };
      }
    },
  };
}

/** The JSON error of a thrown value: query errors keep their code and candidates. */
export function errorBody(err: unknown): ErrorBody {
  if (err instanceof QueryError) return err.toJSON();
  const message = err instanceof Error ? err.message : String(err);
  return { error: 'internal', message: `kg-memory: ${message}` };
}

/** zod issues as one line per problem, naming the field: `depth: depth must be at most 5 …`. */
export function describeIssues(tool: string, error: z.ZodError): string {
  const lines = error.issues.map((i) => {
    if (i.code === 'unrecognized_keys') return `unknown argument(s) ${i.keys.map((k) => JSON.stringify(k)).join(', ')}`;
    const field = i.path.length > 0 ? i.path.join('.') : '(arguments)';
    return `${field}: ${i.message}`;
  });
  return `${tool}: invalid arguments: ${lines.join('; ')}`;
}
