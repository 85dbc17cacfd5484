/**
 * Docs GraphRAG: the shapes
 * =========================
 * What flows between the rooms of extension/core/docs:
 *
 *   ingest/     a file's bytes → ExtractedDoc (structured blocks with line ranges; secrets redacted)
 *               → Chunk[] (structure-following chunks with a prelude, lines and a content hash)
 *   entities/   chunks + the code graph (the gazetteer) → Mention[] → linked DocEntity / code nodes,
 *               and DocRelation[] from sentence patterns and structure
 *   retrieval/  chunks → BM25 and optional vectors; hybridQuery fuses them, expands over the
 *               entities and relations, re-ranks, and says why each result was chosen
 *   docs_index.ts  the one object the Workspace owns: discovery, the per-file cache (by content
 *               hash), near-duplicate suppression across the corpus, and the graph projection
 *               (doc and entity nodes, mentions and relation edges; chunks stay out of the graph)
 */

export type DocFormat = 'markdown' | 'text' | 'html' | 'pdf' | 'docx';

export type BlockKind =
  | 'heading'
  | 'paragraph'
  | 'list'
  | 'steps' // a numbered list: a procedure, kept whole where it can be
  | 'table'
  | 'code'
  | 'definition' // a term and its definition (a glossary entry, `Term: meaning`, <dl>)
  | 'faq'; // a question and its answer

/** One structural unit of a document, in reading order. */
export interface DocBlock {
  kind: BlockKind;
  /** Plain text (Markdown inline syntax removed; code spans keep their text; table rows as `a | b`). */
  text: string;
  /** 1-based, inclusive, in the source file (for PDF: the page's first line counts from the page; see ExtractedDoc.pages). */
  startLine: number;
  endLine: number;
  /** The heading path above this block, outermost first (for a heading: the path including itself). */
  headings: string[];
  /** heading only: 1–6. */
  level?: number;
  /** Inline code spans in the block, as written. */
  codeSpans?: string[];
  /** Bold/strong text in the block. */
  emphasis?: string[];
  /** Link targets in the block (URLs or relative paths), as written. */
  links?: string[];
  /** code only: the fence's language. */
  language?: string;
}

export interface ExtractedDoc {
  path: string;
  format: DocFormat;
  title?: string;
  blocks: DocBlock[];
  /** How many secrets were replaced with `[REDACTED:<kind>]` before anything else saw the text. */
  redactions: number;
  /** pdf: the line each page starts at, so a line number maps back to a page. */
  pages?: number[];
  /** Things dropped on purpose (navigation, a table of contents, an unreadable image), for status. */
  notes?: string[];
}

export type ChunkKind = 'prose' | 'definition' | 'faq' | 'procedure' | 'code' | 'table';

export interface Chunk {
  /** `chunk:<path>#<startLine>-<endLine>`: stable while the lines stay, readable in answers. */
  id: string;
  path: string;
  kind: ChunkKind;
  /** The innermost heading ('' before the first heading). */
  section: string;
  headings: string[];
  /** `path • section • last two headings`: prepended for retrieval, never shown as the snippet. */
  prelude: string;
  text: string;
  startLine: number;
  endLine: number;
  /** sha256 (hex, first 16) of `text`. */
  hash: string;
  /** Token estimate of `text` (the chunker's own count). */
  tokens: number;
  codeSpans: string[];
  emphasis: string[];
  links: string[];
}

/** Everything one document yields that does not depend on the rest of the corpus: cached by content hash. */
export interface DocFacts {
  path: string;
  format: DocFormat;
  /** sha256 of the file's bytes (hex, first 16). */
  hash: string;
  title?: string;
  blocks: DocBlock[];
  redactions: number;
  /** pdf: the line each page starts at (1-based, in the rebuilt text), so a line maps back to a page. */
  pages?: number[];
  notes?: string[];
}

/** Where a mention was found and what kind of evidence it is. */
export type MentionSource = 'code_span' | 'gazetteer' | 'heading' | 'emphasis' | 'ngram' | 'token' | 'pattern' | 'link';

export interface Mention {
  chunkId: string;
  /** The text as it appears. */
  surface: string;
  /** Offsets into the chunk's text, end exclusive. */
  start: number;
  end: number;
  /** 1-based line in the document. */
  line: number;
  source: MentionSource;
  /** version, id, standard, api, term, code... a hint for linking's type prior. */
  type?: string;
}

/** A mention resolved: to a code (or adr) node of the graph, or to a docs entity. */
export interface LinkedMention extends Mention {
  /** A graph node id: py:…, ts:…, file:…, module:…, adr:…, or entity:… */
  target: string;
  /** 0–1. */
  score: number;
  /** exact, normalised, edit, jaccard, vector, alias, new */
  via: string;
}

/** An entity that names no code node: the docs' own vocabulary. */
export interface DocEntity {
  /** `entity:<normalised name>` */
  id: string;
  name: string;
  aliases: string[];
  type: string;
  /** Short definition when a definition block or `X is a …` sentence gives one. */
  definition?: string;
  mentionCount: number;
}

export type RelationKind = 'uses' | 'depends_on' | 'part_of' | 'integrates_with' | 'configured_via' | 'owned_by' | 'precedes' | 'cites';

export interface DocRelation {
  kind: RelationKind;
  /** Graph node ids (code, adr or entity:…); for cites the target may be `doc:<path>`. */
  source: string;
  target: string;
  /** 0–1. */
  confidence: number;
  /** sentence pattern (`uses`), section (`Dependencies`), steps, see_also */
  via: string;
  chunkId: string;
  line: number;
  /** The sentence or line it was read from (trimmed to 200 characters). */
  evidence: string;
}

/** One retrieval result with its provenance. */
export interface ChunkHit {
  chunk: Chunk;
  score: number;
  /** Why it was selected: `bm25 12.3 (rank 1)`, `vector 0.81 (rank 3)`, `mentions Client.send (1 hop)`... */
  why: string[];
}
