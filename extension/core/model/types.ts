/**
 * Graph model
 * ===========
 * Node and edge attributes (the kinds are in kinds.ts, the ids in ids.ts). Every surface (MCP, CLI, VS Code,
 * explorer) reads the graph through these types.
 *
 * The id scheme is in ids.ts.
 */
import type { LanguageId } from '../parse/facts';
import type { EdgeKind, NodeKind } from './kinds';

export type { DecisionNodeKind, DocsNodeKind, EdgeKind, LlmNodeKind, MemoryNodeKind, NodeKind } from './kinds';

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
