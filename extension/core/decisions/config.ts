/**
 * Decision graph settings
 * =======================
 * Where records and instruction files are looked for, which file names count as records, the
 * alias dictionary and the fuzzy thresholds of reconciliation. Every field has a default, so a
 * host passes only what its user changed.
 */

export interface DecisionConfig {
  /** Folders (root-relative) holding architecture decision records; the first that exist are read. */
  adrFolders: string[];
  /** A record's file name must match this. */
  filenamePattern: RegExp;
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

export const DEFAULT_ADR_FOLDERS = ['docs/adr', 'docs/decisions', 'doc/adr', 'adr', 'docs/architecture/decisions'];
export const DEFAULT_FILENAME_PATTERN = /^\d{4}-.+\.md$/;
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
  const folders = input.adrFolders ?? (input.adrFolder ? [input.adrFolder] : DEFAULT_ADR_FOLDERS);
  const pattern = input.filenamePattern;
  return {
    adrFolders: folders.map((f) => f.replace(/^\.?\/+/, '').replace(/\/+$/, '')).filter((f) => f !== ''),
    filenamePattern: pattern === undefined || pattern === '' ? DEFAULT_FILENAME_PATTERN : typeof pattern === 'string' ? new RegExp(pattern) : pattern,
    instructionFiles: [...new Set([...DEFAULT_INSTRUCTION_FILES, ...(input.instructionFiles ?? [])])],
    aliases: { ...DEFAULT_ALIASES, ...(input.aliases ?? {}) },
    sameAs: input.sameAs ?? 0.85,
    relatedTo: input.relatedTo ?? 0.7,
  };
}
