/**
 * What the layer reads
 * ====================
 * The ADRs come from the DecisionIndex (their text read again from disk, so the hash is the one
 * the index holds). Doc sections and chunks come from the docs index through two small ports,
 * so this layer does not depend on how extension/core/docs is built: whatever offers
 * `sections()` can be extracted, whatever offers `retrieve()` grounds `ask`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DecisionIndex } from '../decisions/decision_index';
import { hashContent, type ExtractionSource } from './extract';

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

/** Every ADR the DecisionIndex holds whose text on disk is the text it indexed. */
export function adrSources(root: string, decisions: DecisionIndex): ExtractionSource[] {
  const out: ExtractionSource[] = [];
  for (const path of decisions.documents()) {
    const facts = decisions.facts(path);
    if (facts?.kind !== 'adr') continue;
    let text: string;
    try {
      text = readFileSync(join(root, path), 'utf8');
    } catch {
      continue; // gone since the index: the next update drops it
    }
    if (hashContent(text) !== facts.hash) continue; // changed since: extracted after the index catches up
    out.push({ nodeId: `adr:${path}`, kind: 'adr', path, startLine: 1, title: facts.title, text });
  }
  return out;
}

/** The doc sections worth extracting, as sources hanging from their `doc:` node. */
export function docSources(docs: DocSectionSource): ExtractionSource[] {
  return docs
    .sections()
    .filter((s) => s.text.trim().length >= MIN_SECTION_CHARS)
    .map((s) => ({ nodeId: `doc:${s.path}`, kind: 'doc' as const, path: s.path, startLine: s.startLine, title: s.heading, text: s.text }));
}
