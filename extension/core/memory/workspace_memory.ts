/**
 * A workspace's memory
 * ====================
 * One AgentMemory per (workspace, file) in a process, whoever asks first: the MCP toolset, the
 * code tools' freshness check, the VS Code hover and commands. Sharing it keeps the store's
 * single writer single, and a note added from the editor is what the next MCP call reads.
 *
 * The memory is tied to the workspace's graph here: every change of the memory (a write of this
 * process, or a file another process rewrote, noticed on the next read) is put into the graph's
 * memory nodes (code_nodes.ts). Only the file asked for last feeds the graph: a setting that
 * moves the file (or `detachMemory`, memory switched off) leaves the old one's notes out.
 */
import { stateDir } from '../index/state_dir';
import type { Workspace } from '../workspace';
import { AgentMemory } from './agent_memory';
import type { MemoryLog } from './store';

export interface WorkspaceMemoryOptions {
  /** The memory file when MEMORY_FILE_PATH is not set; relative to the root. */
  file?: string;
  log?: MemoryLog;
}

const opened = new WeakMap<Workspace, Map<string, Promise<AgentMemory>>>();
/** The file key whose memory feeds the workspace's graph (absent: none does). */
const active = new WeakMap<Workspace, string>();
const keyOf = new WeakMap<AgentMemory, string>();

/** The workspace's memory on that file, opened (and tied to the graph) on first use. Reads nothing yet. */
export function workspaceMemory(ws: Workspace, options: WorkspaceMemoryOptions = {}): Promise<AgentMemory> {
  let byFile = opened.get(ws);
  if (!byFile) {
    byFile = new Map();
    opened.set(ws, byFile);
  }
  const key = options.file?.trim() ?? '';
  active.set(ws, key);
  let memory = byFile.get(key);
  if (!memory) {
    memory = AgentMemory.open(
      { root: ws.root, stateDir: stateDir(ws.root), ...(key ? { file: key } : {}) },
      { ...(options.log ? { log: options.log } : {}), codeGraph: () => ws.graph },
    ).then((m) => {
      keyOf.set(m, key);
      m.onChange(() => void syncMemoryNodes(ws, m).catch((err: unknown) => options.log?.('warn', `memory: not linked to the graph: ${(err as Error).message}`)));
      return m;
    });
    byFile.set(key, memory);
  }
  return memory;
}

/** Brings the graph's memory nodes up to the memory (re-reading the file if another process changed it). */
export async function syncMemoryNodes(ws: Workspace, memory: AgentMemory): Promise<void> {
  if (active.get(ws) !== keyOf.get(memory)) return;
  const wasActive = activeMemory.get(ws) === memory;
  activeMemory.set(ws, memory);
  // Another file fed the graph until now: read this one whole, changed or not.
  const entities = wasActive ? await memory.changedEntities() : await memory.changedEntities(true);
  if (entities && active.get(ws) === keyOf.get(memory)) ws.memory.set(ws.graph, entities);
}

const activeMemory = new WeakMap<Workspace, AgentMemory>();

/** No memory feeds the workspace's graph any more (memory switched off): its memory nodes go. */
export function detachMemory(ws: Workspace): void {
  active.delete(ws);
  activeMemory.delete(ws);
  ws.memory.set(ws.graph, []);
}
