/**
 * Filters and presets
 * ===================
 * What is visible: a set of node kinds and a set of edge kinds. Presets are named levels of
 * detail (modules and files; symbols; decisions; docs; everything). Pure functions over plain
 * sets, so the reducers and the tests share them.
 */

export type PresetId = 'architecture' | 'calls' | 'decisions' | 'docs' | 'everything';

export interface Preset {
  id: PresetId;
  label: string;
  /** undefined: every kind present in the graph. */
  nodes?: readonly string[];
  edges?: readonly string[];
  /** Nodes of other kinds shown too when an edge of one of these kinds joins them to a shown node (the code a doc mentions). */
  via?: readonly string[];
}

/** The docs GraphRAG's edges between docs, entities and code. */
const DOC_EDGES = ['mentions', 'uses', 'part_of', 'integrates_with', 'configured_via', 'owned_by', 'requires', 'precedes', 'cites'];

export const PRESETS: readonly Preset[] = [
  { id: 'architecture', label: 'Architecture', nodes: ['module', 'file', 'external'], edges: ['contains', 'imports', 'depends_on'] },
  { id: 'calls', label: 'Call graph', nodes: ['function', 'method', 'class', 'test'], edges: ['calls', 'tests'] },
  {
    id: 'decisions',
    label: 'Decisions',
    nodes: ['adr', 'decision', 'trade_off', 'concept', 'config', 'file', 'module'],
    edges: ['governs', 'defines', 'references', 'supersedes', 'decided_in', 'considered', 'same_as', 'related_to'],
  },
  { id: 'docs', label: 'Docs', nodes: ['doc', 'entity'], edges: DOC_EDGES, via: ['mentions'] },
  { id: 'everything', label: 'Everything' },
];

export interface FilterState {
  preset: PresetId | 'custom';
  nodeKinds: ReadonlySet<string>;
  edgeKinds: ReadonlySet<string>;
  /** Files, and folders, whose symbols are shown whatever the node kinds (expand on demand). */
  expanded: ReadonlySet<string>;
  /** See Preset.via; empty unless the preset has it. */
  via: ReadonlySet<string>;
}

export function applyPreset(id: PresetId, present: { nodes: readonly string[]; edges: readonly string[] }, expanded: ReadonlySet<string> = new Set()): FilterState {
  const p = PRESETS.find((x) => x.id === id) ?? PRESETS[PRESETS.length - 1];
  return {
    preset: p!.id,
    nodeKinds: new Set(p!.nodes ?? present.nodes),
    edgeKinds: new Set(p!.edges ?? present.edges),
    expanded,
    via: new Set(p!.via ?? []),
  };
}

/**
 * Above this many nodes a graph opens at the architecture level: a real repository's whole graph
 * (psf/requests: 1.1k nodes) is one disc of dots, its folders and files are its shape.
 */
export const EVERYTHING_MAX = 300;

/** The preset a graph opens with: Everything when it is small, else Architecture. */
export function initialPreset(nodeCount: number, largeGraph: number): PresetId {
  return nodeCount > Math.min(largeGraph, EVERYTHING_MAX) ? 'architecture' : 'everything';
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

/** Shows the symbols of a file or folder (the same state when they are shown already). */
export function expandPath(f: FilterState, path: string): FilterState {
  return f.expanded.has(path) ? f : { ...f, expanded: new Set([...f.expanded, path]) };
}

/** Is the path, or a folder above it, expanded? */
export function isExpanded(expanded: ReadonlySet<string>, path: string): boolean {
  if (expanded.size === 0) return false;
  if (expanded.has(path) || expanded.has('')) return true;
  for (let i = path.lastIndexOf('/'); i > 0; i = path.lastIndexOf('/', i - 1)) if (expanded.has(path.slice(0, i))) return true;
  return false;
}

/** Is a node of this kind and path shown by the filters (focus, search and `via` aside)? */
export function nodePasses(f: FilterState, kind: string, path: string | undefined): boolean {
  if (f.nodeKinds.has(kind)) return true;
  return path !== undefined && kind !== 'module' && isExpanded(f.expanded, path);
}
