/**
 * Memory file format
 * ==================
 * The official memory server's JSONL: one JSON object per line, `type` first, entities before
 * relations. We add fields of our own to the same lines (`id`, `createdAt`,
 * `observationsCreatedAt`); the official reader copies only the fields it knows, so it loads
 * our file, and ours loads its file (the extras are then simply absent).
 *
 * Reading never gives up on the whole file: a line that is not JSON, or not an entity or a
 * relation, is reported with its line number and the rest loads.
 */
import { entityId, MemoryGraph } from './graph';
import type { EntityRecord, RelationRecord } from './graph';

export interface LineProblem {
  /** 1-based line number in the file. */
  line: number;
  message: string;
}

export interface ParsedMemory {
  graph: MemoryGraph;
  problems: LineProblem[];
}

type Json = Record<string, unknown>;

const isString = (v: unknown): v is string => typeof v === 'string';
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);

function entityOf(item: Json): EntityRecord | string {
  if (!isString(item.name)) return 'an entity needs a string "name"';
  if (item.entityType !== undefined && !isString(item.entityType)) return `entity ${JSON.stringify(item.name)}: "entityType" must be a string`;
  if (item.observations !== undefined && !isStringArray(item.observations)) return `entity ${JSON.stringify(item.name)}: "observations" must be an array of strings`;
  const observations = (item.observations as string[] | undefined) ?? [];
  const times = Array.isArray(item.observationsCreatedAt) ? item.observationsCreatedAt : [];
  const record: EntityRecord = {
    name: item.name,
    entityType: (item.entityType as string | undefined) ?? '',
    observations: [...observations],
    id: isString(item.id) ? item.id : entityId(item.name),
    // A list that no longer lines up (edited by hand) says nothing reliable: drop it.
    observationsCreatedAt: observations.map((_o, i) => (times.length === observations.length && isString(times[i]) ? times[i] : null)),
  };
  if (isString(item.createdAt)) record.createdAt = item.createdAt;
  return record;
}

function relationOf(item: Json): RelationRecord | string {
  if (!isString(item.from) || !isString(item.to) || !isString(item.relationType)) return 'a relation needs string "from", "to" and "relationType"';
  const record: RelationRecord = { from: item.from, to: item.to, relationType: item.relationType };
  if (isString(item.createdAt)) record.createdAt = item.createdAt;
  return record;
}

/** Parses a memory file's text. Blank lines are skipped as the official reader skips them. */
export function parseMemory(text: string): ParsedMemory {
  const graph = new MemoryGraph();
  const problems: LineProblem[] = [];
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === '') return;
    let item: unknown;
    try {
      item = JSON.parse(line);
    } catch (err) {
      problems.push({ line: i + 1, message: `not JSON (${(err as Error).message})` });
      return;
    }
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      problems.push({ line: i + 1, message: 'not a JSON object' });
      return;
    }
    const obj = item as Json;
    const parsed = obj.type === 'entity' ? entityOf(obj) : obj.type === 'relation' ? relationOf(obj) : `unknown "type" ${JSON.stringify(obj.type)} (expected "entity" or "relation")`;
    if (typeof parsed === 'string') problems.push({ line: i + 1, message: parsed });
    else if (obj.type === 'entity') graph.putEntity(parsed as EntityRecord);
    else graph.putRelation(parsed as RelationRecord);
  });
  return { graph, problems };
}

function entityLine(e: EntityRecord): string {
  // The official fields first and in the official order, so a diff against its output is small.
  const line: Json = { type: 'entity', name: e.name, entityType: e.entityType, observations: e.observations, id: e.id };
  if (e.createdAt !== undefined) line.createdAt = e.createdAt;
  if (e.observationsCreatedAt.some((t) => t !== null)) line.observationsCreatedAt = e.observationsCreatedAt;
  return JSON.stringify(line);
}

function relationLine(r: RelationRecord): string {
  const line: Json = { type: 'relation', from: r.from, to: r.to, relationType: r.relationType };
  if (r.createdAt !== undefined) line.createdAt = r.createdAt;
  return JSON.stringify(line);
}

/** The file text: entities, then relations, one per line, with a final newline. */
export function serializeMemory(graph: MemoryGraph): string {
  const lines = [...graph.entities().map(entityLine), ...graph.relations().map(relationLine)];
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
