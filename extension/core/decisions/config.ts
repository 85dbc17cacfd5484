/**
 * Decision graph settings
 * =======================
 * Where records and instruction files are looked for, which file names count as records, the
 * alias dictionary and the fuzzy thresholds of reconciliation. Every field has a default, so a
 * host passes only what its user changed.
 *
 * By default a record is found by where it is and what it is called (a folder whose name says
 * adr, decisions or architecture-decision-records, a name with 3 to 8 leading digits or a date)
 * or by what it says (a Markdown file whose headings are a record's). Configured folders replace
 * all of that: then only those folders are read, with the file name pattern.
 */

export interface DecisionConfig {
  /** Folders (root-relative) configured to hold the records; undefined: the default rule. */
  adrFolders: string[] | undefined;
  /** A record's file name must match this. */
  filenamePattern: RegExp;
  /** Whether Markdown elsewhere is read for a record's headings (the default rule only). */
  byHeadings: boolean;
  /** Instruction files (root-relative paths); each level-2 section becomes a config node. */
  instructionFiles: string[];
  /** Normalised word → its long form, applied word by word before names are compared. */
  aliases: Record<string, string>;
  /** Similarity at or above which two concepts are the same thing. */
  sameAs: number;
  /** Similarity at or above which two concepts are related. */
  relatedTo: number;
}

export interface DecisionConfigInput {
  adrFolder?: string;
  adrFolders?: string[];
  filenamePattern?: string | RegExp;
  instructionFiles?: string[];
  aliases?: Record<string, string>;
  sameAs?: number;
  relatedTo?: number;
}

/** A folder whose name says it holds records: adr, ADRs, decisions, architecture-decision-records, design-decisions. */
export const RECORD_FOLDER = /^(?:.*[-_ .])?(?:adrs?|decisions?|decision[-_ ]?records?|decision[-_ ]?log)$/i;
/** 3 to 8 leading digits (001-, 0001-, 20200924-) or a date (2024-01-02-), after an optional "adr-"; Markdown. */
export const DEFAULT_FILENAME_PATTERN = /^(?:adr[-_]?)?(?:\d{4}-\d{2}-\d{2}|\d{3,8})(?:[-_ .][^/]*)?\.(?:md|markdown)$/i;
export const DEFAULT_INSTRUCTION_FILES = ['CLAUDE.md', 'AGENTS.md', '.github/copilot-instructions.md', '.cursorrules'];
export const DEFAULT_ALIASES: Record<string, string> = {
  kg: 'knowledge graph',
  mcp: 'model context protocol',
  adr: 'architecture decision record',
  adrs: 'architecture decision records',
  db: 'database',
  ui: 'user interface',
  ci: 'continuous integration',
  llm: 'large language model',
  repo: 'repository',
  config: 'configuration',
  auth: 'authentication',
  ts: 'typescript',
  js: 'javascript',
  py: 'python',
};

export function decisionConfig(input: DecisionConfigInput = {}): DecisionConfig {
  const given = input.adrFolders ?? (input.adrFolder ? [input.adrFolder] : undefined);
  const folders = given?.map((f) => f.replace(/^\.?\/+/, '').replace(/\/+$/, '')).filter((f) => f !== '');
  const pattern = input.filenamePattern;
  return {
    adrFolders: folders?.length ? folders : undefined,
    byHeadings: !folders?.length,
    filenamePattern: pattern === undefined || pattern === '' ? DEFAULT_FILENAME_PATTERN : typeof pattern === 'string' ? new RegExp(pattern) : pattern,
    instructionFiles: [...new Set([...DEFAULT_INSTRUCTION_FILES, ...(input.instructionFiles ?? [])])],
    aliases: { ...DEFAULT_ALIASES, ...(input.aliases ?? {}) },
    sameAs: input.sameAs ?? 0.85,
    relatedTo: input.relatedTo ?? 0.7,
  };
}
