/**
 * Tool table
 * ==========
 * Every tool, in the order an agent should consider them. Both the MCP server and
 * `kg-memory query` read this list.
 */
import type { Tool } from '../tool';
import { codeTools } from './code';
import { decisionTools } from './decisions';
import { docsTools } from './docs';
import { changesTools } from './changes';
import { impactTools } from './impact';
import { workspaceTools } from './workspace';

export const TOOLS: readonly Tool[] = [...codeTools, ...impactTools, ...changesTools, ...decisionTools, ...docsTools, ...workspaceTools];

// The memory toolset is registered on its own (official annotations, errors and a resource).
export { configureMemory, memoryEnabled, memoryFor, MEMORY_RESOURCE_URI, MEMORY_TOOL_NAMES, registerMemoryToolset } from './memory';
export type { MemoryToolsetOptions } from './memory';

export function findTool(name: string): Tool | undefined {
  return TOOLS.find((t) => t.name === name);
}
