/**
 * Graph model
 * ===========
 * Node and edge kinds, their attributes, and the id scheme. Every surface (MCP, CLI, VS Code,
 * explorer) reads the graph through these types.
 *
 * Ids are stable and readable so an agent can pass them back:
 *   file:src/app/api.py            a file
 *   module:src/app                 a folder (Python package or TS/JS folder)
 *   py:app.api:Client.send         a Python symbol: dotted module, then the qualified name
 *   ts:src/util/cache:Cache.put    a TS/TSX symbol: path without extension, then the qualified name
 *   js:lib/index:main              a JS symbol
 *   ext:numpy, ext:@scope/pkg      a third-party package
 *   adr:docs/adr/0003-use-x.md     an architecture decision record (decisions/)
 *   config:CLAUDE.md#testing       a level-2 section of an instruction file
 *   concept:docs/adr/0003-use-x.md#caching   a concept a record or section defines
 *   mem:3f9a0c1d2b4e5f60           an agent-memory entity (memory/), `mem:` + a hash of its name
 *   doc:docs/guide.md              a prose document (docs/): Markdown, text, HTML, PDF, DOCX
 *   entity:rate-limiter            an entity mined from the docs that names no code node (docs/)
 *   decision:5e1c…, trade_off:9a0b…  extracted by the LLM layer (llm/), ids from a hash of their content
 */
import type { LanguageId, SymbolKind } from '../parse/facts';

/** The decision graph's nodes (extension/core/decisions): records, instruction sections, concepts. */
export type DecisionNodeKind = 'adr' | 'config' | 'concept';

/** An agent-memory entity (extension/core/memory), projected into the graph by MemoryNodes. */
export type MemoryNodeKind = 'memory';

/** The docs GraphRAG's nodes (extension/core/docs): documents and the entities they mention. */
export type DocsNodeKind = 'doc' | 'entity';

/** Nodes the optional LLM layer extracts from prose (extension/core/llm). */
export type LlmNodeKind = 'decision' | 'trade_off';

export type NodeKind = 'file' | 'module' | 'external' | SymbolKind | DecisionNodeKind | MemoryNodeKind | DocsNodeKind | LlmNodeKind;

export type EdgeKind =
  | 'contains' // module → module/file, file → top-level symbol, class → nested class
  | 'imports' // file → file | external
  | 'calls' // symbol|file → symbol
  | 'inherits' // class → class (or external)
  | 'implements' // TS class → interface
  | 'method_of' // method → class
  | 'depends_on' // module → module (aggregated from imports)
  | 'tests' // test → what it exercises
  | 'references' // symbol|file → symbol, a use that is not a call; adr → adr, a mention of another record
  | 'governs' // adr|config → file|module|symbol named in a code span or link
  | 'defines' // adr|config → concept
  | 'supersedes' // adr → the adr it replaces
  | 'same_as' // concept → concept|code node, reconciled as one thing (never merged)
  | 'related_to' // concept → concept, a weaker (fuzzy) match
  | 'about' // memory → the code node or adr its entity's name names
  | 'mentions' // doc → code node | adr | entity it names
  | 'uses' // entity|code → entity|code, from a sentence pattern in the docs
  | 'part_of'
  | 'integrates_with'
  | 'configured_via'
  | 'owned_by'
  | 'requires' // entity|code → entity|code: a depends_on relation read from the docs, kept apart from the code's own depends_on
  | 'precedes' // numbered steps
  | 'cites' // See also
  | 'decided_in' // decision → the adr or doc it was extracted from (llm)
  | 'considered'; // adr|doc → trade_off (llm)

/**
 * Nodes that projections derive from the code and the documents (docs, memory, the LLM layer),
 * and the edge kinds only they make. What they read of the graph must not depend on them: a
 * projection linked before another (or after it, on the next update) would see a different graph.
 */
export const DERIVED_NODE_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>(['memory', 'doc', 'entity', 'decision', 'trade_off']);
export const DERIVED_EDGE_KINDS: ReadonlySet<EdgeKind> = new Set<EdgeKind>([
  'about', 'mentions', 'uses', 'part_of', 'integrates_with', 'configured_via', 'owned_by', 'requires', 'precedes', 'cites', 'decided_in', 'considered',
]);

/** How sure the resolver is of an edge. */
export type Confidence =
  | 'resolved' // through bindings, imports, types: what a language server would say
  | 'inferred' // through an inferred (unannotated) return type or assignment
  | 'name' // the only non-generic symbol of that name in the workspace: a guess, and it says so
  | 'convention'; // naming convention (test_foo.py ↔ foo.py)

export interface NodeAttributes {
  kind: NodeKind;
  /** Short name: `send`, `api.py`, `app`, `numpy`. */
  name: string;
  /** Qualified name inside its file (`Client.send`); the dotted module for Python modules/files. */
  qualifiedName?: string;
  /** Workspace-relative path of the file (or folder for modules). Absent for externals. */
  path?: string;
  language?: LanguageId;
  line?: number;
  startLine?: number;
  endLine?: number;
  signature?: string;
  doc?: string;
  decorators?: string[];
  bases?: string[];
  params?: { name: string; type?: string; default?: string }[];
  returnType?: string;
  exported?: boolean;
  isAsync?: boolean;
  /** file only */
  hash?: string;
  lines?: number;
  parseErrors?: number;
  /** adr, config and concept nodes only. */
  decision?: DecisionAttributes;
  /** memory nodes only. */
  memory?: MemoryAttributes;
  /** doc and entity nodes only. */
  docs?: DocsAttributes;
  /** decision and trade_off nodes only. */
  llm?: LlmAttributes;
}

/** What a doc or entity node carries; the chunks themselves live in the retrieval index, not the graph. */
export interface DocsAttributes {
  /** doc: markdown, text, html, pdf, docx. */
  format?: string;
  title?: string;
  chunks?: number;
  /** entity: aliases seen in the docs. */
  aliases?: string[];
  /** entity: version, id, standard, term, api... */
  entityType?: string;
  /** entity: how many mentions across the corpus. */
  mentionCount?: number;
  /** doc: tags given by ingest_docs. */
  tags?: string[];
}

export interface LlmAttributes {
  statement?: string;
  rationale?: string;
  confidence?: number;
  chosen?: string;
  rejected?: string;
  reasoning?: string;
  /** concept (extracted): its one-sentence definition and category (algorithm, pattern, principle, term). */
  definition?: string;
  category?: string;
  /** decision: the principles its record states (kept here, not on the adr node the DecisionIndex owns). */
  principles?: string[];
  /** The provider and model that extracted it. */
  model?: string;
}

/** What a memory node carries of its entity (the memory file stays the source of truth). */
export interface MemoryAttributes {
  entityType: string;
  observations: string[];
}

/** A code span or link in a decision document that names nothing in the workspace (any more). */
export interface UnresolvedMention {
  text: string;
  /** 1-based lines and columns of the span in the document, end exclusive: what a diagnostic needs. */
  line: number;
  col: number;
  endLine: number;
  endCol: number;
  reason: string;
}

export interface DecisionAttributes {
  /** adr: the record's number (0003 → 3) when its file name or title carries one. */
  number?: number;
  title?: string;
  /** adr: proposed, accepted, rejected, deprecated, superseded, draft... as written, lower-cased. */
  status?: string;
  /** adr: names of the records that replace this one. */
  supersededBy?: string[];
  date?: string;
  context?: string;
  /** adr: the decision in a sentence. */
  sentence?: string;
  consequences?: string;
  principles?: string[];
  /** Which layout the document was read as. */
  format?: 'nygard' | 'madr' | 'log4brains' | 'instructions';
  /** concept: the smallest id of its same_as cluster (union-find), when it has partners. */
  cluster?: string;
  unresolved?: UnresolvedMention[];
}

export interface EdgeAttributes {
  kind: EdgeKind;
  /** Lines in the source node's file where it happens (call sites, import lines), sorted, unique. */
  lines?: number[];
  confidence?: Confidence;
  /** imports: the specifiers as written. */
  specifiers?: string[];
  /** imports: every binding is `import type`. references: the use is in a type position. */
  typeOnly?: boolean;
  /** Decision edges: how sure, 0–1 (an ambiguous name shares its weight among its candidates). */
  score?: number;
  /** Decision edges: how the link was found (path, link, qualified, name, ambiguous, exact, alias, fuzzy...). */
  via?: string;
  /** Docs relation edges: where it was read, `path:line`. */
  evidence?: string;
}

export function edgeKey(kind: EdgeKind, source: string, target: string): string {
  return `${kind}|${source}|${target}`;
}

export const fileId = (path: string): string => `file:${path}`;
export const moduleId = (dir: string): string => `module:${dir === '' ? '.' : dir}`;
export const externalId = (pkg: string): string => `ext:${pkg}`;

/** Symbol id prefix per language; the middle part is the dotted module (Python) or the path without extension. */
export function symbolId(language: LanguageId, container: string, qualifiedName: string): string {
  const prefix = language === 'python' ? 'py' : language === 'javascript' ? 'js' : 'ts';
  return `${prefix}:${container}:${qualifiedName}`;
}
