/**
 * Node and edge kinds
 * ===================
 * The graph's vocabulary, written once as `as const` arrays; the types are derived from them.
 * The MCP schemas, the query options, the protocol and the explorer's styles are derived from
 * these arrays too, so a new kind is added here and the compiler names every place that must
 * say something about it (the explorer's style table is a `Record<NodeKind, KindStyle>`).
 */

/** What a definition in a source file is (parse/facts.ts). */
export const SYMBOL_KINDS = [
  'class',
  'interface',
  'enum',
  'function',
  'method',
  'test',
  'variable', // module-level variable (`x = ...`, `let x`, `export const x = ...` that is not a function)
  'constant', // module-level UPPER_CASE python name or TS `const` that is not a function/class
  'type', // type alias
] as const;
export type SymbolKind = (typeof SYMBOL_KINDS)[number];

/** The code's containers: files, folders (modules, packages) and third-party packages. */
export const CONTAINER_KINDS = ['file', 'module', 'external'] as const;
export type ContainerKind = (typeof CONTAINER_KINDS)[number];

/** The decision graph's nodes (extension/core/decisions): records, instruction sections, concepts. */
export const DECISION_NODE_KINDS = ['adr', 'config', 'concept'] as const;
export type DecisionNodeKind = (typeof DECISION_NODE_KINDS)[number];

/** An agent-memory entity (extension/core/memory), projected into the graph by MemoryNodes. */
export const MEMORY_NODE_KINDS = ['memory'] as const;
export type MemoryNodeKind = (typeof MEMORY_NODE_KINDS)[number];

/** The docs GraphRAG's nodes (extension/core/docs): documents and the entities they mention. */
export const DOCS_NODE_KINDS = ['doc', 'entity'] as const;
export type DocsNodeKind = (typeof DOCS_NODE_KINDS)[number];

/** Nodes the optional LLM layer extracts from prose (extension/core/llm). */
export const LLM_NODE_KINDS = ['decision', 'trade_off'] as const;
export type LlmNodeKind = (typeof LLM_NODE_KINDS)[number];

export const NODE_KINDS = [...CONTAINER_KINDS, ...SYMBOL_KINDS, ...DECISION_NODE_KINDS, ...MEMORY_NODE_KINDS, ...DOCS_NODE_KINDS, ...LLM_NODE_KINDS] as const;
export type NodeKind = (typeof NODE_KINDS)[number];

/** The code's own edges, made by the resolver from the facts. */
export const CODE_EDGE_KINDS = [
  'contains', // module → module/file, file → top-level symbol, class → nested class
  'imports', // file → file | external
  'calls', // symbol|file → symbol
  'inherits', // class → class (or external)
  'implements', // TS class → interface
  'method_of', // method → class
  'depends_on', // module → module (aggregated from imports)
  'tests', // test → what it exercises
  'references', // symbol|file → symbol, a use that is not a call; adr → adr, a mention of another record
] as const;

/** The decision graph's edges. */
export const DECISION_EDGE_KINDS = [
  'governs', // adr|config → file|module|symbol named in a code span or link
  'defines', // adr|config → concept
  'supersedes', // adr → the adr it replaces
  'same_as', // concept → concept|code node, reconciled as one thing (never merged)
  'related_to', // concept → concept, a weaker (fuzzy) match
] as const;

/** Edges only the projections make (docs, memory, the LLM layer). */
export const DERIVED_EDGE_KIND_LIST = [
  'about', // memory → the code node or adr its entity's name names
  'mentions', // doc → code node | adr | entity it names
  'uses', // entity|code → entity|code, from a sentence pattern in the docs
  'part_of',
  'integrates_with',
  'configured_via',
  'owned_by',
  'requires', // entity|code → entity|code: a depends_on relation read from the docs, kept apart from the code's own depends_on
  'precedes', // numbered steps
  'cites', // See also
  'decided_in', // decision → the adr or doc it was extracted from (llm)
  'considered', // adr|doc → trade_off (llm)
] as const;

export const EDGE_KINDS = [...CODE_EDGE_KINDS, ...DECISION_EDGE_KINDS, ...DERIVED_EDGE_KIND_LIST] as const;
export type EdgeKind = (typeof EDGE_KINDS)[number];

/**
 * Nodes that projections derive from the code and the documents (docs, memory, the LLM layer),
 * and the edge kinds only they make. What they read of the graph must not depend on them: a
 * projection linked before another (or after it, on the next update) would see a different graph.
 */
export const DERIVED_NODE_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>([...MEMORY_NODE_KINDS, ...DOCS_NODE_KINDS, ...LLM_NODE_KINDS]);
export const DERIVED_EDGE_KINDS: ReadonlySet<EdgeKind> = new Set<EdgeKind>(DERIVED_EDGE_KIND_LIST);

const NODE_KIND_SET: ReadonlySet<string> = new Set(NODE_KINDS);
const EDGE_KIND_SET: ReadonlySet<string> = new Set(EDGE_KINDS);

export const isNodeKind = (s: string): s is NodeKind => NODE_KIND_SET.has(s);
export const isEdgeKind = (s: string): s is EdgeKind => EDGE_KIND_SET.has(s);
