/**
 * Filters and presets
 * ===================
 * What is visible: a set of node kinds and a set of edge kinds. Presets are named levels of
 * detail (modules and files; symbols; decisions; everything). Pure functions over plain sets, so
 * the reducers and the tests share them.
 */

export type PresetId = 'architecture' | 'calls' | 'decisions' | 'everything';

export interface Preset {
  id: PresetId;
  label: string;
  /** undefined: every kind present in the graph. */
  nodes?: readonly string[];
  edges?: readonly string[];
}

export const PRESETS: readonly Preset[] = [
  { id: 'architecture', label: 'Architecture', nodes: ['module', 'file', 'external'], edges: ['contains', 'imports', 'depends_on'] },
  { id: 'calls', label: 'Call graph', nodes: ['function', 'method', 'class', 'test'], edges: ['calls', 'tests'] },
  { id: 'decisions', label: 'Decisions', nodes: ['adr', 'concept', 'config', 'file', 'module'], edges: ['governs', 'defines', 'references'] },
  { id: 'everything', label: 'Everything' },
];

export interface FilterState {
  preset: PresetId | 'custom';
  nodeKinds: ReadonlySet<string>;
  edgeKinds: ReadonlySet<string>;
  /** Files whose symbols are shown whatever the node kinds (expand on demand in a large graph). */
  expanded: ReadonlySet<string>;
}

export function applyPreset(id: PresetId, present: { nodes: readonly string[]; edges: readonly string[] }): FilterState {
  const p = PRESETS.find((x) => x.id === id) ?? PRESETS[PRESETS.length - 1];
  return {
    preset: p.id,
    nodeKinds: new Set(p.nodes ?? present.nodes),
    edgeKinds: new Set(p.edges ?? present.edges),
    expanded: new Set(),
  };
}

/** The preset a graph opens with: Everything, or Architecture when it is too big to draw whole. */
export function initialPreset(nodeCount: number, largeGraph: number): PresetId {
  return nodeCount > largeGraph ? 'architecture' : 'everything';
}

function toggled(set: ReadonlySet<string>, key: string): Set<string> {
  const next = new Set(set);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}

export function toggleNodeKind(f: FilterState, kind: string): FilterState {
  return { ...f, preset: 'custom', nodeKinds: toggled(f.nodeKinds, kind) };
}

export function toggleEdgeKind(f: FilterState, kind: string): FilterState {
  return { ...f, preset: 'custom', edgeKinds: toggled(f.edgeKinds, kind) };
}

export function toggleExpanded(f: FilterState, path: string): FilterState {
  return { ...f, expanded: toggled(f.expanded, path) };
}

/** Is a node of this kind and path shown by the filters (focus and search aside)? */
export function nodePasses(f: FilterState, kind: string, path: string | undefined): boolean {
  if (f.nodeKinds.has(kind)) return true;
  return path !== undefined && f.expanded.has(path) && kind !== 'module';
}
