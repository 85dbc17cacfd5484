/**
 * Agent memory
 * ============
 * What a host holds: the memory file's location, its store and its links to the code graph, and
 * the official operations answering in the official shapes plus our extra fields (an entity's
 * `id`, `createdAt`, `observationsCreatedAt` and the code nodes it is `about`). The MCP toolset
 * and, later, the VS Code hover and commands call these; none of them touch the file.
 */
import type { CodeGraph } from '../model/graph';
import type { MemoryEntitySummary } from './code_nodes';
import type { Entity, EntityRecord, MemoryGraph, ObservationDeletion, ObservationInput, Relation, RelationRecord } from './graph';
import { resolveMemoryLocation } from './location';
import type { MemoryLocation, MemoryLocationOptions } from './location';
import { MemoryLinks } from './links';
import { checkEntitiesInput, checkNames, cutText, checkObservationsInput, checkQuery, checkRelationsInput } from './limits';
import { DEFAULT_BUDGET_CHARS, pageGraph, pageOpen, pageSearch } from './search';
import type { GraphPage, LeftOut, PageOptions } from './search';
import { MemoryStore } from './store';
import type { MemoryHealth, MemoryStoreOptions } from './store';

/** An entity as answered: the official fields first, then ours (all optional in the schema). */
export interface EntityView extends Entity {
  id: string;
  createdAt?: string;
  observationsCreatedAt?: (string | null)[];
  /** Code node ids this entity is about (see links.ts). */
  about?: string[];
}

export interface RelationView extends Relation {
  createdAt?: string;
}

export interface GraphView {
  entities: EntityView[];
  relations: RelationView[];
  more?: LeftOut;
  /** Unreadable lines of the memory file, by number (the rest loaded). */
  warnings?: string[];
}

/** Unreadable lines listed by number in an answer; the rest are counted. */
const MAX_WARNINGS = 20;

export interface AgentMemoryOptions extends MemoryStoreOptions {
  /** The code graph to link entities to; called on each answer so it is always the current one. */
  codeGraph?: () => CodeGraph | undefined;
}

export class AgentMemory {
  private readonly links = new MemoryLinks();
  private synced: { graph: MemoryGraph; version: number } | undefined;

  constructor(
    readonly store: MemoryStore,
    readonly location: MemoryLocation,
    private readonly codeGraph: () => CodeGraph | undefined = () => undefined,
  ) {}

  /** Finds the file (migrating a legacy memory.json) and opens a store on it. Reads nothing yet. */
  static async open(where: MemoryLocationOptions, options: AgentMemoryOptions = {}): Promise<AgentMemory> {
    const location = await resolveMemoryLocation(where);
    if (location.migratedFrom) options.log?.('info', `memory: migrated ${location.migratedFrom} to ${location.path}`);
    if (location.note) options.log?.('warn', `memory: ${location.note}`);
    return new AgentMemory(new MemoryStore(location.path, options), location, options.codeGraph);
  }

  get path(): string {
    return this.store.path;
  }

  health(): MemoryHealth {
    return this.store.health();
  }

  onChange(listener: () => void): () => void {
    return this.store.onChange(listener);
  }

  private view(e: EntityRecord, about: (name: string) => string[]): EntityView {
    const v: EntityView = { name: e.name, entityType: e.entityType, observations: [...e.observations], id: e.id };
    if (e.createdAt !== undefined) v.createdAt = e.createdAt;
    if (e.observationsCreatedAt.some((t) => t !== null)) v.observationsCreatedAt = [...e.observationsCreatedAt];
    const ids = about(e.name);
    if (ids.length > 0) v.about = ids;
    return v;
  }

  private relationView(r: RelationRecord): RelationView {
    return r.createdAt === undefined ? { from: r.from, to: r.to, relationType: r.relationType } : { ...r };
  }

  private warnings(): string[] | undefined {
    const h = this.store.health();
    if (h.problems.length === 0) return undefined;
    const where = h.backup ? ` (the file as it was is kept in ${h.backup})` : '';
    const shown = h.problems.slice(0, MAX_WARNINGS).map((p) => `${h.path}:${p.line}: ${cutText(p.message, 200)}; left out${where}`);
    if (h.problems.length > MAX_WARNINGS) shown.push(`${h.path}: ${h.problems.length - MAX_WARNINGS} more unreadable line(s)`);
    return shown;
  }

  async createEntities(entities: readonly Entity[]): Promise<EntityView[]> {
    checkEntitiesInput(entities);
    return this.store.write((g, now) => {
      const created = g.createEntities(entities, now);
      return created.map((c) => this.view(g.entity(c.name) as EntityRecord, (n) => this.aboutIn(g, n)));
    });
  }

  async createRelations(relations: readonly Relation[]): Promise<RelationView[]> {
    checkRelationsInput(relations);
    return this.store.write((g, now) => g.createRelations(relations, now));
  }

  async addObservations(observations: readonly ObservationInput[]): Promise<{ entityName: string; addedObservations: string[] }[]> {
    checkObservationsInput(observations);
    return this.store.write((g, now) => g.addObservations(observations, now));
  }

  deleteEntities(names: readonly string[]): Promise<void> {
    return this.store.write((g) => g.deleteEntities(names));
  }

  deleteObservations(deletions: readonly ObservationDeletion[]): Promise<void> {
    return this.store.write((g) => g.deleteObservations(deletions));
  }

  deleteRelations(relations: readonly Relation[]): Promise<void> {
    return this.store.write((g) => g.deleteRelations(relations));
  }

  readGraph(page: PageOptions = {}): Promise<GraphView> {
    return this.store.read((g) => this.bounded(g, page, (p) => pageGraph(g, p)));
  }

  async searchNodes(query: string, page: PageOptions = {}): Promise<GraphView> {
    checkQuery(query);
    return this.store.read((g) => this.bounded(g, page, (p) => pageSearch(g, query, p)));
  }

  async openNodes(names: readonly string[], page: PageOptions = {}): Promise<GraphView> {
    checkNames(names);
    return this.store.read((g) => this.bounded(g, page, (p) => pageOpen(g, names, p)));
  }

  /** The whole graph, unpaged (the `memory://knowledge-graph` resource). */
  wholeGraph(): Promise<GraphView> {
    return this.store.read((g) => this.graphView({ entities: g.entities(), relations: g.relations() }, (n) => this.aboutIn(g, n)));
  }

  /** The entities about one code node: the "notes about node X" query of the hosts. */
  notesAbout(nodeId: string): Promise<EntityView[]> {
    return this.store.read((g) => {
      const code = this.codeGraph();
      if (!code) return [];
      return this.links.notesAbout(g, code, nodeId).map((e) => this.view(e, (n) => this.aboutIn(g, n)));
    });
  }

  /** Notes per linked code node id. */
  noteCounts(): Promise<Map<string, number>> {
    return this.store.read((g) => {
      const code = this.codeGraph();
      return code ? this.links.noteCounts(g, code) : new Map<string, number>();
    });
  }

  /**
   * The entities as the code graph's memory nodes need them (code_nodes.ts), or undefined when
   * they have not changed since the last call. Sees this process's acknowledged writes and re-reads
   * a file another process changed (store.readNow: one stat when nothing is queued).
   */
  changedEntities(always = false): Promise<MemoryEntitySummary[] | undefined> {
    return this.store.readNow((g) => {
      if (!always && this.synced?.graph === g && this.synced.version === g.version) return undefined;
      this.synced = { graph: g, version: g.version };
      return g.entities().map((e) => ({ id: e.id, name: e.name, entityType: e.entityType, observations: [...e.observations] }));
    });
  }

  private aboutIn(g: Parameters<MemoryLinks['about']>[0], name: string): string[] {
    const code = this.codeGraph();
    return code ? this.links.about(g, code, name) : [];
  }

  /**
   * A page whose whole answer (views, `about` ids, warnings) is at most the budget in JSON: the
   * page is taken again with a smaller budget until it fits, so the cap holds whatever the file.
   */
  private bounded(g: MemoryGraph, page: PageOptions, pageAt: (p: PageOptions) => GraphPage): GraphView {
    const cap = page.budgetChars ?? DEFAULT_BUDGET_CHARS;
    let budget = cap;
    for (;;) {
      const view = this.graphView(pageAt({ ...page, budgetChars: budget }), (n) => this.aboutIn(g, n));
      const size = JSON.stringify(view).length;
      if (size <= cap || budget < 1000) return view;
      budget = Math.floor((budget * cap) / size) - 200;
    }
  }

  private graphView(page: { entities: EntityRecord[]; relations: RelationRecord[]; more?: LeftOut }, about: (name: string) => string[]): GraphView {
    const out: GraphView = { entities: page.entities.map((e) => this.view(e, about)), relations: page.relations.map((r) => this.relationView(r)) };
    if (page.more) out.more = page.more;
    const warnings = this.warnings();
    if (warnings) out.warnings = warnings;
    return out;
  }
}
