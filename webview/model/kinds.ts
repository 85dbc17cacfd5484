/**
 * Node and edge kinds as the explorer shows them
 * ==============================================
 * Each kind has a glyph (drawn in its label and the legend, so colour is never the only signal),
 * a theme colour slot, a size and a rank (search results and the legend list kinds in this order:
 * containers first, then definitions, then the small fry). Unknown kinds — the decision graph adds
 * some later — fall back to a neutral style, so the explorer never breaks on a new kind.
 */

/** Colour slots, filled from the VS Code theme's chart colours (see graph/theme.ts). */
export type ColorSlot = 'blue' | 'green' | 'yellow' | 'orange' | 'red' | 'purple' | 'muted' | 'fg';

export interface KindStyle {
  label: string;
  glyph: string;
  color: ColorSlot;
  size: number;
  rank: number;
}

export const NODE_KINDS: Record<string, KindStyle> = {
  module: { label: 'Module', glyph: '▣', color: 'purple', size: 12.5, rank: 0 },
  file: { label: 'File', glyph: '▤', color: 'blue', size: 8.5, rank: 1 },
  class: { label: 'Class', glyph: 'C', color: 'orange', size: 7, rank: 2 },
  interface: { label: 'Interface', glyph: 'I', color: 'yellow', size: 6.5, rank: 3 },
  function: { label: 'Function', glyph: 'ƒ', color: 'green', size: 5, rank: 4 },
  method: { label: 'Method', glyph: 'm', color: 'green', size: 4, rank: 5 },
  test: { label: 'Test', glyph: '✓', color: 'red', size: 4, rank: 6 },
  enum: { label: 'Enum', glyph: 'E', color: 'yellow', size: 5, rank: 7 },
  type: { label: 'Type', glyph: 'T', color: 'yellow', size: 4, rank: 8 },
  constant: { label: 'Constant', glyph: 'K', color: 'muted', size: 3.5, rank: 9 },
  variable: { label: 'Variable', glyph: 'v', color: 'muted', size: 3.5, rank: 10 },
  external: { label: 'External package', glyph: '⬡', color: 'muted', size: 7, rank: 11 },
  adr: { label: 'Decision (ADR)', glyph: '◆', color: 'red', size: 10, rank: 12 },
  decision: { label: 'Decision (extracted)', glyph: '✦', color: 'red', size: 7.5, rank: 13 },
  trade_off: { label: 'Trade-off', glyph: '⇄', color: 'orange', size: 6, rank: 14 },
  concept: { label: 'Concept', glyph: '◇', color: 'purple', size: 7, rank: 15 },
  config: { label: 'Config', glyph: '⚙', color: 'orange', size: 7, rank: 16 },
  doc: { label: 'Document', glyph: '¶', color: 'yellow', size: 8.5, rank: 17 },
  entity: { label: 'Entity (from docs)', glyph: '◎', color: 'green', size: 5.5, rank: 18 },
  memory: { label: 'Memory (agent note)', glyph: '✎', color: 'blue', size: 6, rank: 19 },
};

export const EDGE_KINDS: Record<string, { label: string; color: ColorSlot; directed: boolean }> = {
  contains: { label: 'contains', color: 'muted', directed: true },
  imports: { label: 'imports', color: 'blue', directed: true },
  depends_on: { label: 'depends on', color: 'purple', directed: true },
  calls: { label: 'calls', color: 'green', directed: true },
  inherits: { label: 'inherits', color: 'orange', directed: true },
  implements: { label: 'implements', color: 'yellow', directed: true },
  method_of: { label: 'method of', color: 'muted', directed: true },
  tests: { label: 'tests', color: 'red', directed: true },
  references: { label: 'references', color: 'muted', directed: true },
  governs: { label: 'governs', color: 'red', directed: true },
  defines: { label: 'defines', color: 'purple', directed: true },
  about: { label: 'about (note)', color: 'blue', directed: true },
  supersedes: { label: 'supersedes', color: 'red', directed: true },
  same_as: { label: 'same as', color: 'purple', directed: true },
  related_to: { label: 'related to', color: 'muted', directed: true },
  mentions: { label: 'mentions', color: 'yellow', directed: true },
  uses: { label: 'uses', color: 'green', directed: true },
  part_of: { label: 'part of', color: 'purple', directed: true },
  integrates_with: { label: 'integrates with', color: 'orange', directed: true },
  configured_via: { label: 'configured via', color: 'orange', directed: true },
  owned_by: { label: 'owned by', color: 'blue', directed: true },
  requires: { label: 'requires (docs)', color: 'orange', directed: true },
  precedes: { label: 'precedes', color: 'muted', directed: true },
  cites: { label: 'cites', color: 'yellow', directed: true },
  decided_in: { label: 'decided in', color: 'red', directed: true },
  considered: { label: 'considered', color: 'orange', directed: true },
};

const UNKNOWN: KindStyle = { label: 'Other', glyph: '•', color: 'fg', size: 4, rank: 99 };

export function nodeStyle(kind: string): KindStyle {
  return NODE_KINDS[kind] ?? { ...UNKNOWN, label: kind };
}

export function edgeStyle(kind: string): { label: string; color: ColorSlot; directed: boolean } {
  return EDGE_KINDS[kind] ?? { label: kind.replace(/_/g, ' '), color: 'muted', directed: true };
}

/** The label drawn on the canvas: glyph, then name. */
export function nodeLabel(kind: string, name: string): string {
  return `${nodeStyle(kind).glyph} ${name}`;
}
