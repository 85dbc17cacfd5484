/**
 * Agent notes on definitions
 * ==========================
 * What the CodeLens and the hover say of the agent memories about a definition: "2 notes" (each
 * observation is a note) and, in the hover, the observations themselves under each memory's name.
 * The memories are in the graph as `memory` nodes with `about` edges (core/memory/code_nodes.ts),
 * so this reads the graph only, like every other lens and hover section.
 *
 * Also the other direction: the entity name a new note on a definition goes to, chosen so that
 * it links back to that definition and to nothing else.
 *
 * Pure: no VS Code here (memory_commands.ts holds the command, lens_model.ts and lens_hover.ts
 * the one-line hooks).
 */
import type { CodeGraph } from '../core/model/graph';
import { linkEntityName } from '../core/memory/links';
import { notesOn } from '../core/query/describe';
import type { Definition } from './graph_view';
import { escapeMarkdown } from './lens_hover';

export interface NotesLensLine {
  kind: 'notes';
  count: number;
  /** The node the notes are about (the lens opens its hover-like list). */
  id: string;
}

/** Observations listed per memory in the hover, the latest ones; the rest are counted. */
const HOVER_OBSERVATIONS = 5;
/** Memories listed in the hover. */
const HOVER_MEMORIES = 5;

/** The lens source of lens_model.ts (kgMemory.codeLens.notes). */
export const NOTES_SOURCE = {
  kind: 'notes' as const,
  enabled: (s: { notes?: boolean }): boolean => s.notes !== false,
  lines: (graph: CodeGraph, def: Definition): NotesLensLine[] => {
    const count = notesOn(graph, def.id);
    return count > 0 ? [{ kind: 'notes', count, id: def.id }] : [];
  },
};

/** "1 note", "2 notes". */
export function notesTitle(line: { count: number }): string {
  return line.count === 1 ? '1 note' : `${line.count} notes`;
}

export interface NoteView {
  /** The memory entity's name and type. */
  name: string;
  type: string;
  /** Its latest observations, oldest first. */
  observations: string[];
  /** Older observations left out. */
  more: number;
}

/** The memories about `id`, in a stable order (by name). */
export function notesAbout(graph: CodeGraph, id: string, perMemory = HOVER_OBSERVATIONS): NoteView[] {
  if (graph.edgeCount('about') === 0 || !graph.hasNode(id)) return [];
  const out: NoteView[] = [];
  graph.graph.forEachInEdge(id, (_k, e, source) => {
    const m = graph.node(source);
    if (e.kind !== 'about' || m?.memory === undefined) return;
    const all = m.memory.observations;
    out.push({ name: m.name, type: m.memory.entityType, observations: all.slice(-perMemory), more: Math.max(0, all.length - perMemory) });
  });
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The hover's notes section (Markdown), or '' when there are none. */
export function notesMarkdown(graph: CodeGraph, id: string): string {
  const notes = notesAbout(graph, id);
  if (notes.length === 0) return '';
  const total = notesOn(graph, id);
  // One block per memory: its name and type, then its observations as a list.
  const blocks = [`**${notesTitle({ count: total })}** (agent memory)`];
  for (const n of notes.slice(0, HOVER_MEMORIES)) {
    const head = `_${escapeMarkdown(n.name)}_ (${escapeMarkdown(n.type)})${n.more > 0 ? `, ${n.more} older not shown` : ''}`;
    blocks.push([head, ...n.observations.map((o) => `- ${escapeMarkdown(o)}`)].join('\n'));
  }
  if (notes.length > HOVER_MEMORIES) blocks.push(`and ${notes.length - HOVER_MEMORIES} more memories`);
  return `\n\n${blocks.join('\n\n')}`;
}

/**
 * The entity a note on `id` is written to: the first of its qualified name (`Cache.put`: a method
 * stays its own when another class gets a `put`), its name, its dotted `container.qualified` name
 * and its id that links back to exactly this node. The id always does.
 */
export function entityNameFor(graph: CodeGraph, id: string): string {
  const a = graph.node(id);
  if (a === undefined) return id;
  const candidates = [a.qualifiedName, a.name, a.path && a.qualifiedName ? `${a.path.replace(/\.[^./]+$/, '').replace(/\//g, '.')}.${a.qualifiedName}` : undefined];
  for (const name of candidates) {
    if (name === undefined || name === '') continue;
    const ids = linkEntityName(graph, name);
    if (ids.length === 1 && ids[0] === id) return name;
  }
  return id;
}
