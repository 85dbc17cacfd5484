/**
 * Agent memory package
 * ====================
 * The memory knowledge graph (official MCP memory server format and operations), its crash-safe
 * store, ranked and bounded reads, and its links to the code graph. Exported by name.
 */
export { AgentMemory } from './agent_memory';
export type { AgentMemoryOptions, EntityView, GraphView, RelationView } from './agent_memory';
export { parseMemory, serializeMemory } from './format';
export type { LineProblem, ParsedMemory } from './format';
export { EntityNotFoundError, entityId, MemoryGraph } from './graph';
export type { Entity, EntityRecord, ObservationDeletion, ObservationInput, Relation, RelationRecord } from './graph';
export { linkEntityName, MemoryLinks } from './links';
export { MEMORY_FILE_NAME, resolveMemoryLocation } from './location';
export type { MemoryLocation, MemoryLocationOptions } from './location';
export { LockTimeoutError, withFileLock } from './lock';
export type { LockOptions } from './lock';
export { DEFAULT_BUDGET_CHARS, MAX_LIMIT, pageGraph, pageSearch, rankEntity, searchEntities } from './search';
export type { GraphPage, LeftOut, PageOptions } from './search';
export { MemoryStore } from './store';
export type { MemoryHealth, MemoryLog, MemoryStoreOptions } from './store';
export { MemoryNodes } from './code_nodes';
export type { MemoryEntitySummary, MemoryNodesSummary } from './code_nodes';
export { detachMemory, syncMemoryNodes, workspaceMemory } from './workspace_memory';
export type { WorkspaceMemoryOptions } from './workspace_memory';
