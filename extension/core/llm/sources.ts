/**
 * What the layer reads
 * ====================
 * The ADRs come from the DecisionIndex (their text read again from disk, so the hash is the one
 * the index holds). Doc sections and chunks come from the docs index through two small ports,
 * so this layer does not depend on how extension/core/docs is built: whatever offers
 * `sections()` can be extracted, whatever offers `retrieve()` grounds `ask`.
 */
import type { DecisionIndex } from '../decisions/decision_index';
import { MAX_DECISION_BYTES } from '../decisions/discover';
import { WorkspaceFs } from '../index/workspace_fs';
import type { CodeGraph } from '../model/graph';
import { hashContent, type ExtractionSource } from './extract';
import { adrId, docId } from '../model/ids';

/** One section of a document, as the docs index splits it. */
export interface DocSection {
  path: string;
  heading: string;
  text: string;
  /** 1-based. */
  startLine: number;
}

/** The docs index, as extraction sees it. */
export interface DocSectionSource {
  sections(): DocSection[];
}

/** A chunk retrieved for a question, with its provenance. */
export interface DocChunkHit {
  id: string;
  path: string;
  startLine: number;
  endLine: number;
  section?: string;
  text: string;
}

/** The docs index, as ask sees it. */
export interface DocsRetriever {
  retrieve(question: string, k: number): DocChunkHit[] | Promise<DocChunkHit[]>;
}

/** Sections shorter than this carry no reasoning worth a request. */
const MIN_SECTION_CHARS = 200;
/** Doc sections per extraction run: a large wiki export is extracted over several runs, never in one burst. */
export const MAX_DOC_SECTIONS = 300;

/** Every ADR the DecisionIndex holds whose text on disk is the text it indexed. */
export function adrSources(root: string, decisions: DecisionIndex): ExtractionSource[] {
  const out: ExtractionSource[] = [];
  const files = new WorkspaceFs(root);
  for (const path of decisions.documents()) {
    const facts = decisions.facts(path);
    if (facts?.kind !== 'adr') continue;
    const read = files.readText(path, MAX_DECISION_BYTES);
    if (!read.ok) continue; // gone since the index (or now a link out of the root): the next update drops it
    const text = read.text;
    if (hashContent(text) !== facts.hash) continue; // changed since: extracted after the index catches up
    out.push({ nodeId: adrId(path), kind: 'adr', path, startLine: 1, title: facts.title, text });
  }
  return out;
}

/** The doc sections worth extracting (not the ADRs: those are extracted as records), as sources hanging from their `doc:` node. */
export function docSources(docs: DocSectionSource, isRecord: (path: string) => boolean = () => false): ExtractionSource[] {
  return docs
    .sections()
    .filter((s) => s.text.trim().length >= MIN_SECTION_CHARS && !isRecord(s.path))
    .slice(0, MAX_DOC_SECTIONS)
    .map((s) => ({ nodeId: docId(s.path), kind: 'doc' as const, path: s.path, startLine: s.startLine, title: s.heading, text: s.text }));
}

/** What this layer needs of the docs index (extension/core/docs/docs_index.ts), structurally. */
export interface DocsIndexLike {
  documents(): string[];
  chunksOf(path: string): readonly { id: string; path: string; section: string; headings: readonly string[]; text: string; startLine: number; endLine: number }[];
  query(graph: CodeGraph, text: string, options?: { k?: number }): Promise<{ chunks: { chunk: { id: string; path: string; section: string; text: string; startLine: number; endLine: number } }[] }>;
}

function isDocsIndexLike(v: unknown): v is DocsIndexLike {
  const o = v as Partial<DocsIndexLike> | undefined;
  return typeof o?.documents === 'function' && typeof o.chunksOf === 'function' && typeof o.query === 'function';
}

/**
 * The docs index as the two ports: sections are the runs of chunks under the same headings
 * (chunks overlap a little; the overlap is left out when they are joined), retrieval is its
 * hybrid query. Undefined when `docs` is not a docs index.
 */
export function docsPorts(docs: unknown, graph: () => CodeGraph): (DocSectionSource & DocsRetriever) | undefined {
  if (!isDocsIndexLike(docs)) return undefined;
  return {
    sections() {
      const out: DocSection[] = [];
      for (const path of docs.documents()) {
        let current: (DocSection & { key: string; endLine: number }) | undefined;
        for (const c of docs.chunksOf(path)) {
          const key = c.headings.join('\u0000');
          if (current && current.key === key) {
            // Skip the lines the previous chunk already covered.
            const overlap = Math.max(0, current.endLine - c.startLine + 1);
            current.text += `\n${c.text.split('\n').slice(overlap).join('\n')}`;
            current.endLine = Math.max(current.endLine, c.endLine);
            continue;
          }
          if (current) out.push(current);
          current = { key, path, heading: c.section || path, text: c.text, startLine: c.startLine, endLine: c.endLine };
        }
        if (current) out.push(current);
      }
      return out.map(({ path, heading, text, startLine }) => ({ path, heading, text, startLine }));
    },
    async retrieve(question, k) {
      const result = await docs.query(graph(), question, { k });
      return result.chunks.map(({ chunk: c }) => ({ id: c.id, path: c.path, startLine: c.startLine, endLine: c.endLine, section: c.section, text: c.text }));
    },
  };
}
