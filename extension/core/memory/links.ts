/**
 * Memory ↔ code links
 * ===================
 * An entity whose name names a code node (a node id, a file or folder path, `path:line`, a
 * dotted or qualified name such as `app.api.Client.send`, or the exact name of a class or
 * function, or an ADR such as `ADR-0003`) is `about` that node. Links are computed against the
 * CodeGraph, not stored in the file: they follow renames of the code at the next index, and the
 * memory file stays in the official format. MemoryNodes (code_nodes.ts) puts them in the graph.
 *
 * `notesAbout` is the query the hosts build on ("2 notes" in a code answer, the hover and
 * CodeLens in VS Code): the entities about one node.
 */
import type { CodeGraph } from '../model/graph';
import type { NodeKind } from '../model/types';
import { NODE_KINDS } from '../model/kinds';
import { matchTarget } from '../query/target';
import type { EntityRecord, MemoryGraph } from './graph';

/** A bare name linking to more nodes than this says too little to link any. */
const MAX_BARE_NAME_LINKS = 3;
const BARE_NAME_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>(['class', 'function', 'method', 'interface', 'adr']);
/** Everything an entity can be about: any node but another memory. */
const LINKABLE = NODE_KINDS.filter((k) => k !== 'memory');

/** The code nodes an entity name is about (none when it names nothing, or too many things). */
export function linkEntityName(code: CodeGraph, name: string): string[] {
  if (name.trim() === '' || name.length > 500) return [];
  const { ids, by } = matchTarget(code, name, { kinds: LINKABLE });
  if (ids.length === 0 || by === undefined) return [];
  if (by !== 'name') return ids.slice(0, MAX_BARE_NAME_LINKS);
  // A bare word ("User", "send") links only to same-case classes and functions, and only when few.
  const exact = ids.filter((id) => {
    const n = code.node(id);
    return n !== undefined && n.name === name && BARE_NAME_KINDS.has(n.kind);
  });
  return exact.length <= MAX_BARE_NAME_LINKS ? exact : [];
}

/**
 * Links of every entity, cached until either graph changes. One instance per (memory, code)
 * pair; hosts keep it next to the store.
 */
export class MemoryLinks {
  private key = '';
  private memory: MemoryGraph | undefined;
  private code: CodeGraph | undefined;
  private byEntity = new Map<string, string[]>();
  private byNode = new Map<string, string[]>();

  private refresh(memory: MemoryGraph, code: CodeGraph): void {
    const key = `${memory.version}|${code.version}`;
    if (this.memory === memory && this.code === code && this.key === key) return;
    this.memory = memory;
    this.code = code;
    this.key = key;
    this.byEntity = new Map();
    this.byNode = new Map();
    for (const e of memory.entities()) {
      const ids = linkEntityName(code, e.name);
      if (ids.length === 0) continue;
      this.byEntity.set(e.name, ids);
      for (const id of ids) {
        const list = this.byNode.get(id) ?? [];
        list.push(e.name);
        this.byNode.set(id, list);
      }
    }
  }

  /** The code node ids an entity is `about`. */
  about(memory: MemoryGraph, code: CodeGraph, entityName: string): string[] {
    this.refresh(memory, code);
    return this.byEntity.get(entityName) ?? [];
  }

  /** The entities about a code node, in graph order. */
  notesAbout(memory: MemoryGraph, code: CodeGraph, nodeId: string): EntityRecord[] {
    this.refresh(memory, code);
    return (this.byNode.get(nodeId) ?? []).map((n) => memory.entity(n)).filter((e): e is EntityRecord => e !== undefined);
  }

  /** How many entities are about each linked node (for "2 notes" in code answers and CodeLens). */
  noteCounts(memory: MemoryGraph, code: CodeGraph): Map<string, number> {
    this.refresh(memory, code);
    return new Map([...this.byNode].map(([id, names]) => [id, names.length]));
  }
}
