/**
 * Memory toolset
 * ==============
 * The official MCP memory server's contract, served beside the code tools: the nine tools with
 * its names, input schemas, output shapes, annotations and error texts, and the
 * `memory://knowledge-graph` resource with update notifications. A prompt written for
 * `@modelcontextprotocol/server-memory` works unchanged.
 *
 * What we add stays inside what the official shapes allow: optional `limit`/`offset` inputs on
 * read_graph, search_nodes and open_nodes, and optional extra fields in answers (an entity's `id`,
 * `createdAt`, `observationsCreatedAt`, `about`; a page's `more`; file `warnings`). Nothing the
 * official answers is renamed, removed or retyped.
 *
 * The toolset is on by default; `--no-memory`, `KG_MEMORY_MEMORY=off` or `configureMemory`
 * turn it off. One AgentMemory per ToolContext (per process): HTTP builds a server per request,
 * and every one of them must share the single writer.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SubscribeRequestSchema, UnsubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { MAX_LIMIT, syncMemoryNodes, workspaceMemory } from '../../core/memory';
import type { AgentMemory, MemoryLog } from '../../core/memory';
import { perContext, type ToolContext } from '../context';

export const MEMORY_RESOURCE_URI = 'memory://knowledge-graph';
export const MEMORY_TOOL_NAMES = [
  'create_entities',
  'create_relations',
  'add_observations',
  'delete_entities',
  'delete_observations',
  'delete_relations',
  'read_graph',
  'search_nodes',
  'open_nodes',
] as const;

export interface MemoryToolsetOptions {
  /** Serve the memory tools (default: on, unless KG_MEMORY_MEMORY=off). */
  enabled?: boolean;
  /** The memory file when MEMORY_FILE_PATH is not set; relative to the root. */
  file?: string;
  log?: MemoryLog;
}

interface MemoryState {
  options: MemoryToolsetOptions;
  memory?: Promise<AgentMemory>;
}

const stateOf = perContext<MemoryState>(() => ({ options: {} }));

/** Sets the toolset's options for every server built on this context (call before serving). */
export function configureMemory(ctx: ToolContext, options: MemoryToolsetOptions): void {
  stateOf(ctx).options = { ...stateOf(ctx).options, ...options };
}

export function memoryEnabled(ctx: ToolContext, env: NodeJS.ProcessEnv = process.env): boolean {
  const set = stateOf(ctx).options.enabled;
  if (set !== undefined) return set;
  return !/^(off|false|0|no)$/i.test(env.KG_MEMORY_MEMORY?.trim() ?? '');
}

const stderrLog: MemoryLog = (level, message) => {
  if (level === 'warn' || level === 'error') process.stderr.write(`kg-memory ${level}: ${message}\n`);
};

/**
 * The context's memory, opened on first use (so a server that never uses it reads nothing). The
 * workspace's one memory on that file (core/memory/workspace_memory.ts): the editor's hover and
 * commands share it. From then on every code tool call first brings the graph's memory nodes
 * up to date, so "2 notes" and file_context follow writes made anywhere.
 */
export function memoryFor(ctx: ToolContext): Promise<AgentMemory> {
  const state = stateOf(ctx);
  if (!state.memory) {
    state.memory = workspaceMemory(ctx.ws, { ...(state.options.file ? { file: state.options.file } : {}), log: state.options.log ?? stderrLog });
    const memory = state.memory;
    memory.catch(() => undefined); // a failed open is reported by the call that awaits it, never as unhandled
    ctx.onFresh(async () => syncMemoryNodes(ctx.ws, await memory));
  }
  return state.memory;
}

// ---- schemas: the official ones, plus optional fields of ours ------------------------------------

const EntityInput = z.object({
  name: z.string().describe('The name of the entity'),
  entityType: z.string().describe('The type of the entity'),
  observations: z.array(z.string()).describe('An array of observation contents associated with the entity'),
});

const RelationInput = z.object({
  from: z.string().describe('The name of the entity where the relation starts'),
  to: z.string().describe('The name of the entity where the relation ends'),
  relationType: z.string().describe('The type of the relation'),
});

const EntityOutput = EntityInput.extend({
  id: z.string().optional().describe('kg-memory: stable id of the entity (mem: + hash of its name)'),
  createdAt: z.string().optional().describe('kg-memory: when the entity was created (ISO 8601)'),
  observationsCreatedAt: z.array(z.string().nullable()).optional().describe('kg-memory: when each observation was added, parallel to observations (null: unknown)'),
  about: z.array(z.string()).optional().describe('kg-memory: ids of the code nodes this entity is about (pass them to the code tools)'),
});

const RelationOutput = RelationInput.extend({
  createdAt: z.string().optional().describe('kg-memory: when the relation was created (ISO 8601)'),
});

const More = z
  .object({ entities: z.number().int(), relations: z.number().int(), nextOffset: z.number().int() })
  .optional()
  .describe('kg-memory: what this answer left out, and the offset of the next page');

const GraphOutput = {
  entities: z.array(EntityOutput),
  relations: z.array(RelationOutput),
  more: More,
  warnings: z.array(z.string()).optional().describe('kg-memory: unreadable lines of the memory file, by number'),
};

const Paging = {
  limit: z.number().int().min(1).max(MAX_LIMIT).optional().describe('kg-memory: at most this many items (answers are also held to 60,000 characters of JSON, about 15k tokens; a value too long for that is cut and says so)'),
  offset: z.number().int().min(0).optional().describe('kg-memory: skip this many items (the nextOffset of a previous answer)'),
};

const Done = { success: z.boolean(), message: z.string() };

const WRITE = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
const DELETE = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false };
const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

// Text carries what the official text carries (arrays for the create/add tools), as compact JSON.
const answer = (text: unknown, structured: Record<string, unknown>): CallToolResult => ({
  content: [{ type: 'text', text: typeof text === 'string' ? text : JSON.stringify(text) }],
  structuredContent: structured,
});

/** Registers the nine tools and the resource on `server`; changes notify subscribed clients. */
export function registerMemoryToolset(server: McpServer, ctx: ToolContext): void {
  void memoryFor(ctx); // opens nothing on disk yet; links the code tools to the memory
  const subscribed = new Set<string>();
  let unlisten: (() => void) | undefined;
  const memory = async (): Promise<AgentMemory> => {
    const m = await memoryFor(ctx);
    // Listen once per server, from its first use: changes made by other servers of this
    // process (HTTP) and by other processes reach this client's subscription too.
    unlisten ??= m.onChange(() => {
      if (subscribed.has(MEMORY_RESOURCE_URI)) void server.server.sendResourceUpdated({ uri: MEMORY_RESOURCE_URI }).catch(() => undefined);
    });
    return m;
  };
  const previousClose = server.server.onclose;
  server.server.onclose = () => {
    unlisten?.();
    previousClose?.();
  };

  server.registerTool(
    'create_entities',
    { title: 'Create Entities', description: 'Create multiple new entities in the knowledge graph', inputSchema: { entities: z.array(EntityInput) }, outputSchema: { entities: z.array(EntityOutput) }, annotations: WRITE },
    async ({ entities }) => {
      const created = await (await memory()).createEntities(entities);
      return answer(created, { entities: created });
    },
  );

  server.registerTool(
    'create_relations',
    {
      title: 'Create Relations',
      description: 'Create multiple new relations between entities in the knowledge graph. Relations should be in active voice',
      inputSchema: { relations: z.array(RelationInput) },
      outputSchema: { relations: z.array(RelationOutput) },
      annotations: WRITE,
    },
    async ({ relations }) => {
      const created = await (await memory()).createRelations(relations);
      return answer(created, { relations: created });
    },
  );

  server.registerTool(
    'add_observations',
    {
      title: 'Add Observations',
      description: 'Add new observations to existing entities in the knowledge graph',
      inputSchema: {
        observations: z.array(
          z.object({
            entityName: z.string().describe('The name of the entity to add the observations to'),
            contents: z.array(z.string()).describe('An array of observation contents to add'),
          }),
        ),
      },
      outputSchema: { results: z.array(z.object({ entityName: z.string(), addedObservations: z.array(z.string()) })) },
      annotations: WRITE,
    },
    // A missing entity throws "Entity with name X not found": the SDK turns it into the same
    // isError result the official server gives.
    async ({ observations }) => {
      const results = await (await memory()).addObservations(observations);
      return answer(results, { results });
    },
  );

  server.registerTool(
    'delete_entities',
    {
      title: 'Delete Entities',
      description: 'Delete multiple entities and their associated relations from the knowledge graph',
      inputSchema: { entityNames: z.array(z.string()).describe('An array of entity names to delete') },
      outputSchema: Done,
      annotations: DELETE,
    },
    async ({ entityNames }) => {
      await (await memory()).deleteEntities(entityNames);
      return answer('Entities deleted successfully', { success: true, message: 'Entities deleted successfully' });
    },
  );

  server.registerTool(
    'delete_observations',
    {
      title: 'Delete Observations',
      description: 'Delete specific observations from entities in the knowledge graph',
      inputSchema: {
        deletions: z.array(
          z.object({
            entityName: z.string().describe('The name of the entity containing the observations'),
            observations: z.array(z.string()).describe('An array of observations to delete'),
          }),
        ),
      },
      outputSchema: Done,
      annotations: DELETE,
    },
    async ({ deletions }) => {
      await (await memory()).deleteObservations(deletions);
      return answer('Observations deleted successfully', { success: true, message: 'Observations deleted successfully' });
    },
  );

  server.registerTool(
    'delete_relations',
    {
      title: 'Delete Relations',
      description: 'Delete multiple relations from the knowledge graph',
      inputSchema: { relations: z.array(RelationInput).describe('An array of relations to delete') },
      outputSchema: Done,
      annotations: DELETE,
    },
    async ({ relations }) => {
      await (await memory()).deleteRelations(relations);
      return answer('Relations deleted successfully', { success: true, message: 'Relations deleted successfully' });
    },
  );

  server.registerTool(
    'read_graph',
    {
      title: 'Read Graph',
      description:
        'Read the entire knowledge graph. Large graphs come in pages (entities, then relations): "more" says what was left out and the offset to pass next.',
      inputSchema: Paging,
      outputSchema: GraphOutput,
      annotations: READ,
    },
    async ({ limit, offset }) => {
      const graph = await (await memory()).readGraph({ ...(limit !== undefined ? { limit } : {}), ...(offset !== undefined ? { offset } : {}) });
      return answer(graph, { ...graph });
    },
  );

  server.registerTool(
    'search_nodes',
    {
      title: 'Search Nodes',
      description:
        'Search for nodes in the knowledge graph based on a query. Best matches first: name before type before observation, exact before prefix before substring.',
      inputSchema: { query: z.string().describe('The search query to match against entity names, types, and observation content'), ...Paging },
      outputSchema: GraphOutput,
      annotations: READ,
    },
    async ({ query, limit, offset }) => {
      const graph = await (await memory()).searchNodes(query, { ...(limit !== undefined ? { limit } : {}), ...(offset !== undefined ? { offset } : {}) });
      return answer(graph, { ...graph });
    },
  );

  server.registerTool(
    'open_nodes',
    {
      title: 'Open Nodes',
      description: 'Open specific nodes in the knowledge graph by their names',
      inputSchema: { names: z.array(z.string()).describe('An array of entity names to retrieve'), ...Paging },
      outputSchema: GraphOutput,
      annotations: READ,
    },
    async ({ names, limit, offset }) => {
      const graph = await (await memory()).openNodes(names, { ...(limit !== undefined ? { limit } : {}), ...(offset !== undefined ? { offset } : {}) });
      return answer(graph, { ...graph });
    },
  );

  server.registerResource(
    'knowledge-graph',
    MEMORY_RESOURCE_URI,
    { title: 'Knowledge Graph', description: 'The full knowledge graph with all entities and relations', mimeType: 'application/json' },
    async (uri) => {
      const graph = await (await memory()).wholeGraph();
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(graph) }] };
    },
  );

  server.server.registerCapabilities({ resources: { subscribe: true } });
  server.server.setRequestHandler(SubscribeRequestSchema, async (request) => {
    subscribed.add(request.params.uri);
    await memory();
    return {};
  });
  server.server.setRequestHandler(UnsubscribeRequestSchema, async (request) => {
    subscribed.delete(request.params.uri);
    return {};
  });
}
