/**
 * Agent memory in the editor
 * ==========================
 * Each folder's memory (kgMemory.memory.file, default .kg-memory/memory.jsonl; MEMORY_FILE_PATH
 * wins, as for the official server) is the core's one AgentMemory of that workspace and file
 * (core/memory/workspace_memory.ts): the folder's MCP endpoint uses the same, so a note added
 * here is what the next MCP call reads, and a write through MCP shows on the lenses at once.
 *
 * The memory is tied to the folder's graph (memory nodes, `about` edges): every write of this
 * process and every change of the file on disk (another window, `kg-memory mcp` run by an agent,
 * a `git pull` of a shared file) is put into the graph, and the lenses and explorer are told.
 *
 * "KG Memory: Add Note to Symbol" (kgMemory.addNote) adds an observation to the entity named
 * after the symbol at the cursor (lens_notes.ts picks a name that links back to it), creating
 * the entity if needed. The "N notes" lens opens the notes in a quick pick, with "Add Note…".
 */
import { basename, dirname, isAbsolute, join } from 'node:path';
import * as vscode from 'vscode';
import type { AgentMemory } from '../core/memory';
import { detachMemory, syncMemoryNodes, workspaceMemory } from '../core/memory';
import type { Ctx } from './ctx';
import type { FolderIndex } from './folder_index';
import { indexedHash } from './graph_view';
import { lensServices } from './lens_commands';
import { entityNameFor, notesAbout, notesTitle } from './lens_notes';
import { UserError } from './quick_pick';

export const CMD_ADD_NOTE = 'kgMemory.addNote';
export const CMD_SHOW_NOTES = 'kgMemory.lens.showNotes';

export interface MemorySettings {
  enabled: boolean;
  file: string;
}

export function readMemorySettings(scope?: vscode.ConfigurationScope): MemorySettings {
  const c = vscode.workspace.getConfiguration('kgMemory', scope);
  return { enabled: c.get<boolean>('memory.enabled', true), file: c.get<string>('memory.file', '').trim() };
}

/** The folder's memory when kgMemory.memory.enabled; the same object its MCP endpoint uses. */
export function folderMemory(ctx: Ctx, folder: FolderIndex): Promise<AgentMemory> | undefined {
  const settings = readMemorySettings(folder.folder);
  if (!settings.enabled) return undefined;
  return workspaceMemory(folder.ws, {
    ...(settings.file ? { file: settings.file } : {}),
    log: (level, message) => ctx.log[level](`${folder.folder.name}: ${message}`),
  });
}

/** Brings the folder's memory nodes up to the memory and, when they changed, redraws what shows the graph. */
async function refresh(ctx: Ctx, folder: FolderIndex, memory: AgentMemory): Promise<void> {
  const before = folder.ws.graph.version;
  await syncMemoryNodes(folder.ws, memory);
  if (folder.ws.graph.version !== before) ctx.fireGraphChanged(folder);
}

export function registerMemory(ctx: Ctx): void {
  /** Per folder, what follows its memory now (a listener and a file watcher), until the folder closes or the settings change. */
  const attached = new Map<FolderIndex, vscode.Disposable[]>();
  const warn = (folder: FolderIndex) => (err: unknown) => ctx.log.warn(`${folder.folder.name}: memory: ${(err as Error).message}`);
  const attach = (folder: FolderIndex): void => {
    if (attached.has(folder)) return;
    const held: vscode.Disposable[] = [];
    attached.set(folder, held);
    const memory = folderMemory(ctx, folder);
    if (memory === undefined) return;
    void memory
      .then(async (m) => {
        if (attached.get(folder) !== held) return; // closed or re-attached meanwhile
        const unlisten = m.onChange(() => void refresh(ctx, folder, m).catch(warn(folder)));
        // Another process rewrites the file atomically (a rename): watch the name in its folder.
        const path = isAbsolute(m.path) ? m.path : join(folder.ws.root, m.path);
        const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(dirname(path)), basename(path)));
        const onDisk = (): void => void refresh(ctx, folder, m).catch(warn(folder));
        held.push(watcher, watcher.onDidChange(onDisk), watcher.onDidCreate(onDisk), watcher.onDidDelete(onDisk), { dispose: () => void unlisten() });
        await refresh(ctx, folder, m);
      })
      .catch(warn(folder));
  };
  const detach = (folder: FolderIndex): void => {
    for (const d of attached.get(folder) ?? []) d.dispose();
    attached.delete(folder);
  };
  const sync = (): void => {
    for (const folder of ctx.allFolders()) {
      if (attached.has(folder)) continue;
      attach(folder);
      ctx.pushFolderCleanup(folder, { dispose: () => detach(folder) });
    }
  };
  ctx.pushExtCleanup(ctx.onDidChangeFolders(sync));
  ctx.pushExtCleanup(
    vscode.workspace.onDidChangeConfiguration((e) => {
      for (const folder of ctx.allFolders()) {
        if (!e.affectsConfiguration('kgMemory.memory', folder.folder.uri)) continue;
        // Another file, or memory off: follow the new one (the endpoint restarts on its own, mcp_host.ts).
        detach(folder);
        if (!readMemorySettings(folder.folder).enabled) {
          detachMemory(folder.ws);
          ctx.fireGraphChanged(folder);
        }
        attach(folder);
      }
    }),
  );
  sync();
  ctx.pushExtCleanup(vscode.commands.registerCommand(CMD_ADD_NOTE, (text?: unknown, uri?: unknown, line?: unknown) => guarded(() => addNote(ctx, text, uri, line))));
  ctx.pushExtCleanup(vscode.commands.registerCommand(CMD_SHOW_NOTES, (uri: vscode.Uri, id: string) => guarded(() => showNotes(ctx, uri, id))));
}

async function guarded<T>(fn: () => Promise<T>): Promise<T | undefined> {
  try {
    return await fn();
  } catch (err) {
    void vscode.window.showWarningMessage(err instanceof UserError ? err.message : `KG Memory: ${(err as Error).message}`);
    return undefined;
  }
}

interface NoteTarget {
  folder: FolderIndex;
  id: string;
}

/** The definition around `line` (0-based, the editor's current text) of the document, mapped to the indexed lines. */
function targetAt(ctx: Ctx, doc: vscode.TextDocument, line: number): NoteTarget {
  const folder = ctx.folderFor(doc.uri);
  const rel = folder?.relative(doc.uri);
  if (folder === undefined || rel === undefined) throw new UserError('KG Memory: this file is outside the workspace folders; notes go on indexed symbols.');
  const graph = folder.ws.graph;
  if (graph.nodesInPath(rel).length === 0) throw new UserError(`KG Memory: ${rel} is not in the graph yet; save it (or wait for the index), then add the note again.`);
  const old = lensServices(ctx).docs.mapFor(doc, indexedHash(graph, rel))?.toOld(line);
  const id = old === undefined ? undefined : graph.symbolAt(rel, old.line + 1);
  if (id === undefined || graph.node(id)?.kind === 'file') {
    throw new UserError(`KG Memory: put the cursor inside a function, method or class (line ${line + 1} of ${rel} is not in one, or it was added since the last save), then run Add Note to Symbol again.`);
  }
  return { folder, id };
}

/**
 * Adds `text` (asked for when not given) as an observation of the entity named after the symbol at
 * the cursor (or at `uri`:`line`, 0-based), creating the entity first if needed. Returns the entity name.
 */
async function addNote(ctx: Ctx, text: unknown, uri: unknown, line: unknown): Promise<string | undefined> {
  let doc: vscode.TextDocument;
  let at: number;
  if (uri instanceof vscode.Uri || typeof uri === 'string') {
    doc = await vscode.workspace.openTextDocument(typeof uri === 'string' ? vscode.Uri.parse(uri) : uri);
    at = typeof line === 'number' ? line : 0;
  } else {
    const editor = vscode.window.activeTextEditor;
    if (editor === undefined) throw new UserError('KG Memory: open a Python, TypeScript or JavaScript file and put the cursor in a symbol, then run Add Note to Symbol again.');
    doc = editor.document;
    at = editor.selection.active.line;
  }
  const target = targetAt(ctx, doc, at);
  const memoryP = folderMemory(ctx, target.folder);
  if (memoryP === undefined) throw new UserError('KG Memory: agent memory is off (kgMemory.memory.enabled); turn it on to add notes.');
  const graph = target.folder.ws.graph;
  const name = entityNameFor(graph, target.id);
  const node = graph.node(target.id);
  const note =
    typeof text === 'string' && text.trim() !== ''
      ? text.trim()
      : (await vscode.window.showInputBox({ title: `Add a note to ${name}`, prompt: 'What should an agent (or a teammate) know about it? Stored in the agent memory.', ignoreFocusOut: true }))?.trim();
  if (!note) return undefined;
  const memory = await memoryP;
  // Create (a no-op when it exists, even if another process just made it), then add: nothing is lost.
  await memory.createEntities([{ name, entityType: node?.kind ?? 'symbol', observations: [] }]);
  await memory.addObservations([{ entityName: name, contents: [note] }]);
  await refresh(ctx, target.folder, memory);
  vscode.window.setStatusBarMessage(`$(note) KG Memory: note added to ${name}`, 4000);
  return name;
}

/** The lens's quick pick: the notes about the definition, and "Add Note…". */
async function showNotes(ctx: Ctx, uri: vscode.Uri, id: string): Promise<void> {
  const folder = ctx.folderFor(uri);
  if (folder === undefined) return;
  const notes = notesAbout(folder.ws.graph, id, Number.MAX_SAFE_INTEGER);
  const add: vscode.QuickPickItem = { label: '$(add) Add Note…', alwaysShow: true };
  const items: vscode.QuickPickItem[] = [add];
  for (const n of notes) {
    items.push({ label: `${n.name} (${n.type})`, kind: vscode.QuickPickItemKind.Separator });
    for (const o of n.observations) items.push({ label: o });
  }
  const total = notes.reduce((s, n) => s + Math.max(1, n.observations.length), 0);
  const pick = await vscode.window.showQuickPick(items, { title: `${notesTitle({ count: total })} about ${folder.ws.graph.node(id)?.name ?? id}`, matchOnDescription: true });
  if (pick !== add) return;
  const a = folder.ws.graph.node(id);
  const doc = await vscode.workspace.openTextDocument(uri);
  const line = lensServices(ctx).docs.mapFor(doc, indexedHash(folder.ws.graph, a?.path ?? ''))?.toCurrent((a?.line ?? a?.startLine ?? 1) - 1)?.line ?? 0;
  await addNote(ctx, undefined, uri, line);
}
