/**
 * Memory size limits
 * ==================
 * An answer is held to DEFAULT_BUDGET_CHARS of JSON whatever the file holds: one megabyte
 * observation must not turn every read_graph page into a megabyte. Writes refuse values no
 * answer could show (a clear error naming the field and the limit); values already in a file
 * (written by the official server, or before these limits) are cut in answers, and the cut
 * value says so.
 */
import type { EntityRecord, RelationRecord } from './graph';

/** A name, an entity type or a relation end: an identifier, not a document. */
export const MAX_NAME_CHARS = 1000;
/** A third of an answer, so a page always shows a few whole observations. */
export const MAX_OBSERVATION_CHARS = 20_000;
export const MAX_QUERY_CHARS = 1000;

export class MemoryInputTooLarge extends Error {
  constructor(what: string, length: number, max: number, hint: string) {
    super(`${what} has ${length} characters; the limit is ${max}. ${hint}`);
    this.name = 'MemoryInputTooLarge';
  }
}

const NAME_HINT = 'Use a short name and put the detail in observations.';
const OBSERVATION_HINT = 'Split it into several observations, or store a summary and where to find the rest.';

function checkName(what: string, value: string): void {
  if (value.length > MAX_NAME_CHARS) throw new MemoryInputTooLarge(what, value.length, MAX_NAME_CHARS, NAME_HINT);
}

function checkObservations(entity: string, observations: readonly string[]): void {
  for (const o of observations) {
    if (o.length > MAX_OBSERVATION_CHARS) throw new MemoryInputTooLarge(`An observation of "${entity.slice(0, 80)}"`, o.length, MAX_OBSERVATION_CHARS, OBSERVATION_HINT);
  }
}

export function checkEntitiesInput(entities: readonly { name: string; entityType: string; observations: readonly string[] }[]): void {
  for (const e of entities) {
    checkName('An entity name', e.name);
    checkName(`The entityType of "${e.name}"`, e.entityType);
    checkObservations(e.name, e.observations);
  }
}

export function checkObservationsInput(inputs: readonly { entityName: string; contents: readonly string[] }[]): void {
  for (const o of inputs) checkObservations(o.entityName, o.contents);
}

export function checkRelationsInput(relations: readonly { from: string; to: string; relationType: string }[]): void {
  for (const r of relations) {
    checkName('A relation\'s "from"', r.from);
    checkName('A relation\'s "to"', r.to);
    checkName('A relationType', r.relationType);
  }
}

export function checkQuery(query: string): void {
  if (query.length > MAX_QUERY_CHARS) throw new MemoryInputTooLarge('The query', query.length, MAX_QUERY_CHARS, 'Search for a few words.');
}

export function checkNames(names: readonly string[]): void {
  for (const n of names) checkName('A name', n);
}

/** `text` cut to `keep` characters, saying how much was left out. */
export function cutText(text: string, keep: number): string {
  if (text.length <= keep) return text;
  return `${text.slice(0, keep)}… [kg-memory: truncated, ${keep} of ${text.length} characters shown]`;
}

const jsonSize = (v: unknown): number => JSON.stringify(v).length + 1;

/**
 * The entity as it fits in `maxChars` of JSON: its longest observations cut to one length, the
 * largest that fits (found by bisection), and oversized names or types cut too. Unchanged when
 * it fits already.
 */
export function clipEntity(e: EntityRecord, maxChars: number): EntityRecord {
  if (jsonSize(e) <= maxChars) return e;
  const base: EntityRecord = { ...e, name: cutText(e.name, MAX_NAME_CHARS), entityType: cutText(e.entityType, MAX_NAME_CHARS) };
  const withCut = (keep: number): EntityRecord => ({ ...base, observations: e.observations.map((o) => cutText(o, keep)) });
  let lo = 0;
  let hi = Math.max(0, ...e.observations.map((o) => o.length));
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (jsonSize(withCut(mid)) <= maxChars) lo = mid;
    else hi = mid - 1;
  }
  return withCut(lo);
}

/** A relation with any oversized end or type cut (only a file written without our limits has them). */
export function clipRelation(r: RelationRecord): RelationRecord {
  if (r.from.length <= MAX_NAME_CHARS && r.to.length <= MAX_NAME_CHARS && r.relationType.length <= MAX_NAME_CHARS) return r;
  return { ...r, from: cutText(r.from, MAX_NAME_CHARS), to: cutText(r.to, MAX_NAME_CHARS), relationType: cutText(r.relationType, MAX_NAME_CHARS) };
}
