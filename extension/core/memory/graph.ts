/**
 * Memory graph
 * ============
 * The agent-memory knowledge graph in memory: entities (name, type, observations) and relations
 * (from, to, type), with the operations of the official MCP memory server and its exact results.
 * Every operation checks its input before it changes anything, so a failed call (an observation
 * for a missing entity) leaves the graph as it was: the store relies on this to batch writes.
 *
 * What we keep beyond the official contract: a stable id per entity, the creation time of
 * entities, observations and relations. They ride along as extra fields the official server
 * ignores when it reads our file (see format.ts).
 */
import { createHash } from 'node:crypto';
import { memoryNodeId } from '../model/ids';

export interface Entity {
  name: string;
  entityType: string;
  observations: string[];
}

export interface Relation {
  from: string;
  to: string;
  relationType: string;
}

export interface EntityRecord extends Entity {
  /** `mem:` + a hash of the name: stable across restarts, rewrites by the official server and machines. */
  id: string;
  /** ISO time; absent when the entity came from a file that did not say (written by the official server). */
  createdAt?: string;
  /** Parallel to `observations`: when each was added, or null when unknown. */
  observationsCreatedAt: (string | null)[];
}

export interface RelationRecord extends Relation {
  createdAt?: string;
}

export interface ObservationInput {
  entityName: string;
  contents: string[];
}

export interface ObservationDeletion {
  entityName: string;
  observations: string[];
}

/** The error the official server raises for add_observations on a missing entity (same text). */
export class EntityNotFoundError extends Error {
  constructor(readonly entityName: string) {
    super(`Entity with name ${entityName} not found`);
    this.name = 'EntityNotFoundError';
  }
}

/** The stable id of an entity name. A hash, not a counter, so the official server cannot lose it. */
export function entityId(name: string): string {
  return memoryNodeId(createHash('sha256').update(name).digest('hex').slice(0, 16));
}

export function relationKey(r: Relation): string {
  return JSON.stringify([r.from, r.to, r.relationType]);
}

export class MemoryGraph {
  private readonly byName = new Map<string, EntityRecord>();
  private readonly relationsByKey = new Map<string, RelationRecord>();
  private _version = 0;

  /** Bumped by every change, so caches over the graph (links, search) know when to rebuild. */
  get version(): number {
    return this._version;
  }

  /** Entities in creation (file) order. */
  entities(): EntityRecord[] {
    return [...this.byName.values()];
  }

  relations(): RelationRecord[] {
    return [...this.relationsByKey.values()];
  }

  entity(name: string): EntityRecord | undefined {
    return this.byName.get(name);
  }

  get entityCount(): number {
    return this.byName.size;
  }

  get relationCount(): number {
    return this.relationsByKey.size;
  }

  /** Loads a record as read from a file: a repeated name merges its observations (nothing is dropped). */
  putEntity(record: EntityRecord): void {
    const existing = this.byName.get(record.name);
    if (!existing) {
      this.byName.set(record.name, record);
    } else {
      record.observations.forEach((o, i) => {
        if (existing.observations.includes(o)) return;
        existing.observations.push(o);
        existing.observationsCreatedAt.push(record.observationsCreatedAt[i] ?? null);
      });
    }
    this._version++;
  }

  putRelation(record: RelationRecord): void {
    const key = relationKey(record);
    if (!this.relationsByKey.has(key)) this.relationsByKey.set(key, record);
    this._version++;
  }

  // ---- the official operations ---------------------------------------------------------------

  /** create_entities: the entities that were new (a name already present, or repeated in the call, is skipped). */
  createEntities(entities: readonly Entity[], now: string): Entity[] {
    const created: Entity[] = [];
    for (const e of entities) {
      if (this.byName.has(e.name)) continue;
      // Repeated observations in one entity would be repeated forever: keep the first.
      const observations = [...new Set(e.observations)];
      this.byName.set(e.name, {
        name: e.name,
        entityType: e.entityType,
        observations,
        id: entityId(e.name),
        createdAt: now,
        observationsCreatedAt: observations.map(() => now),
      });
      created.push({ name: e.name, entityType: e.entityType, observations: [...observations] });
    }
    if (created.length > 0) this._version++;
    return created;
  }

  /** create_relations: the relations that were new. Endpoints need not exist, as in the official server. */
  createRelations(relations: readonly Relation[], now: string): Relation[] {
    const created: Relation[] = [];
    for (const r of relations) {
      const key = relationKey(r);
      if (this.relationsByKey.has(key)) continue;
      this.relationsByKey.set(key, { from: r.from, to: r.to, relationType: r.relationType, createdAt: now });
      created.push({ from: r.from, to: r.to, relationType: r.relationType });
    }
    if (created.length > 0) this._version++;
    return created;
  }

  /** add_observations: all or nothing; a missing entity fails the whole call with the official error. */
  addObservations(inputs: readonly ObservationInput[], now: string): { entityName: string; addedObservations: string[] }[] {
    for (const o of inputs) if (!this.byName.has(o.entityName)) throw new EntityNotFoundError(o.entityName);
    const results = inputs.map((o) => {
      const entity = this.byName.get(o.entityName) as EntityRecord;
      const added: string[] = [];
      for (const content of o.contents) {
        if (entity.observations.includes(content)) continue;
        entity.observations.push(content);
        entity.observationsCreatedAt.push(now);
        added.push(content);
      }
      return { entityName: o.entityName, addedObservations: added };
    });
    this._version++;
    return results;
  }

  /** delete_entities: the entities and every relation from or to them; unknown names are ignored. */
  deleteEntities(names: readonly string[]): void {
    const gone = new Set(names);
    for (const name of gone) this.byName.delete(name);
    for (const [key, r] of this.relationsByKey) if (gone.has(r.from) || gone.has(r.to)) this.relationsByKey.delete(key);
    this._version++;
  }

  /** delete_observations: unknown entities and observations are ignored. */
  deleteObservations(deletions: readonly ObservationDeletion[]): void {
    for (const d of deletions) {
      const entity = this.byName.get(d.entityName);
      if (!entity) continue;
      const drop = new Set(d.observations);
      const keep = entity.observations.map((o, i) => ({ o, at: entity.observationsCreatedAt[i] ?? null })).filter((x) => !drop.has(x.o));
      entity.observations = keep.map((x) => x.o);
      entity.observationsCreatedAt = keep.map((x) => x.at);
    }
    this._version++;
  }

  deleteRelations(relations: readonly Relation[]): void {
    for (const r of relations) this.relationsByKey.delete(relationKey(r));
    this._version++;
  }

  /** open_nodes: the named entities (in graph order) and every relation touching one of them. */
  openNodes(names: readonly string[]): { entities: EntityRecord[]; relations: RelationRecord[] } {
    const wanted = new Set(names);
    const entities = this.entities().filter((e) => wanted.has(e.name));
    return { entities, relations: this.relationsTouching(new Set(entities.map((e) => e.name))) };
  }

  relationsTouching(names: ReadonlySet<string>): RelationRecord[] {
    return this.relations().filter((r) => names.has(r.from) || names.has(r.to));
  }
}
