/**
 * Decision document facts
 * =======================
 * What one Markdown document says, as a pure function of its text: a record's fields, its
 * concepts, its mentions of code and of other records; an instruction file's sections. Like code
 * facts they are cached by content hash; linking them to the graph is a separate step (link.ts),
 * redone whenever the code changes.
 */
import type { Span } from './markdown';

export interface MentionFact {
  /**
   * code: the code span's text; link: the URL; fence: a receiver call in fenced code (`store.initialize`)
   * or a route (`POST /api/v1/x`); prose: a dotted name in running text (`ReleaseFile.id`) or a name
   * said with its kind ("a Redirect model", "the Deployment Administrator role": `DeploymentAdministrator`).
   */
  text: string;
  form: 'code' | 'link' | 'fence' | 'prose';
  span: Span;
  /** Mentions in "Considered Options" and the like weigh less: they may be what was rejected. */
  weak?: boolean;
  /** A code span the text calls a folder ("the `patterns` directory"). */
  folder?: true;
}

/** A mention of another record: `ADR-0003`, or a link to its file. */
export interface RecordRefFact {
  /** A number ("3") or a root-relative path of the linked file. */
  ref: string;
  relation: 'references' | 'supersedes' | 'superseded_by';
  span: Span;
}

export interface ConceptFact {
  name: string;
  line: number;
}

export interface RecordFacts {
  kind: 'adr';
  path: string;
  hash: string;
  lines: number;
  format: 'nygard' | 'madr' | 'log4brains';
  number?: number;
  title: string;
  status?: string;
  date?: string;
  context?: string;
  sentence?: string;
  consequences?: string;
  principles?: string[];
  concepts: ConceptFact[];
  mentions: MentionFact[];
  records: RecordRefFact[];
}

export interface SectionFacts {
  title: string;
  line: number;
  endLine: number;
  summary?: string;
  concepts: ConceptFact[];
  mentions: MentionFact[];
}

export interface InstructionFacts {
  kind: 'instructions';
  path: string;
  hash: string;
  lines: number;
  sections: SectionFacts[];
}

export type DocumentFacts = RecordFacts | InstructionFacts;
