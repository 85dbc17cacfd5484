/**
 * CodeLens model
 * ==============
 * "What lenses for this file" as plain data: for each definition, the lens lines the enabled
 * sources give ("3 callers", "2 tests"), then placed on the current text through a LineMap.
 * Each kind of line comes from one LensSource; a new kind (agent notes) is one more source, with
 * its own setting and command, and nothing else changes. The governing decisions are one: on the
 * definitions a record names, and at the top of a file it (or a folder above it) names.
 *
 * A count of zero draws nothing. The graph sees static calls only: callbacks, framework entry
 * points (routes, handlers, fixtures), dynamic dispatch and `getattr` go unseen, so "0 callers"
 * would often be false and read as "dead code". A quiet definition also keeps the editor calm: a
 * lens line on every function is noise. The hover says "no callers found" for whoever asks.
 *
 * Pure: no VS Code here; codelens.ts turns the result into vscode.CodeLens objects.
 */
import type { CodeGraph } from '../core/model/graph';
import { directDecisions, fileDecisionRefs, governedTitle, type DecisionRef } from './decisions_model';
import { callerCount, definitionsIn, testsOf, type Definition } from './graph_view';
import type { LineMap } from './lens_linemap';
import { NOTES_SOURCE, notesTitle, type NotesLensLine } from './lens_notes';

/** The CodeLens switches of the settings (kgMemory.codeLens.*). */
export interface LensSettings {
  callers: boolean;
  tests: boolean;
  decisions: boolean;
  /** Agent notes (lens_notes.ts); on unless switched off. */
  notes?: boolean;
}

export type LensLine = { kind: 'callers'; count: number } | { kind: 'tests'; count: number } | { kind: 'decisions'; refs: DecisionRef[] } | NotesLensLine;

export type LensKind = LensLine['kind'];

interface LensSource {
  kind: LensKind;
  enabled(s: LensSettings): boolean;
  /** The lines for one definition; empty when there is nothing worth saying. */
  lines(graph: CodeGraph, def: Definition): LensLine[];
  /** The lines at the top of the file, for what is said of the file as a whole. */
  fileLines?(graph: CodeGraph, path: string): LensLine[];
}

const SOURCES: readonly LensSource[] = [
  {
    kind: 'callers',
    enabled: (s) => s.callers,
    lines: (graph, def) => {
      const count = callerCount(graph, def.id);
      return count > 0 ? [{ kind: 'callers', count }] : [];
    },
  },
  {
    kind: 'tests',
    enabled: (s) => s.tests,
    lines: (graph, def) => {
      const count = testsOf(graph, def.id, 1).total;
      return count > 0 ? [{ kind: 'tests', count }] : [];
    },
  },
  {
    // Only what names the definition itself: a class's record is drawn on the class, not on each
    // of its methods, and a file's or folder's at the top of the file.
    kind: 'decisions',
    enabled: (s) => s.decisions,
    lines: (graph, def) => {
      const refs = directDecisions(graph, def.id);
      return refs.length > 0 ? [{ kind: 'decisions', refs }] : [];
    },
    fileLines: (graph, path) => {
      const refs = fileDecisionRefs(graph, path);
      return refs.length > 0 ? [{ kind: 'decisions', refs }] : [];
    },
  },
  NOTES_SOURCE,
];

export interface DefinitionLenses {
  def: Definition;
  lines: LensLine[];
}

/** True when any lens kind is switched on (else the provider answers at once). */
export function anyLens(s: LensSettings): boolean {
  return SOURCES.some((src) => src.enabled(s));
}

/** The lenses of every definition of `path`, on the indexed lines; definitions with none are left out. */
export function lensesFor(graph: CodeGraph, path: string, settings: LensSettings): DefinitionLenses[] {
  const sources = SOURCES.filter((src) => src.enabled(settings));
  if (sources.length === 0) return [];
  const out: DefinitionLenses[] = [];
  for (const def of definitionsIn(graph, path)) {
    const lines = sources.flatMap((src) => src.lines(graph, def));
    if (lines.length > 0) out.push({ def, lines });
  }
  return out;
}

/** The lenses at the top of `path` (line 0 whatever the edits: the top stays the top). */
export function fileLensesFor(graph: CodeGraph, path: string, settings: LensSettings): LensLine[] {
  return SOURCES.filter((src) => src.enabled(settings)).flatMap((src) => src.fileLines?.(graph, path) ?? []);
}

export interface PlacedLenses extends DefinitionLenses {
  /** Current line of the anchor (where the lenses are drawn) and of the name. */
  line: number;
  nameLine: number;
}

/**
 * The lenses that can be drawn on the current text, at their current lines. A definition is drawn
 * only while its first line and its name line still exist; a name line edited in place must still
 * hold the name (`named(line, name)`, checked by the caller on the current text), else the
 * definition may have been renamed or replaced and its lens is hidden until the file is indexed.
 * Edits in a body move nothing and hide nothing: the counts do not depend on the body.
 */
export function placeLenses(list: readonly DefinitionLenses[], map: LineMap, named: (line: number, name: string) => boolean): PlacedLenses[] {
  const out: PlacedLenses[] = [];
  for (const item of list) {
    const anchor = map.toCurrent(item.def.anchor);
    const name = map.toCurrent(item.def.nameLine);
    if (anchor === undefined || name === undefined) continue;
    if (name.edited && !named(name.line, item.def.name)) continue;
    out.push({ ...item, line: anchor.line, nameLine: name.line });
  }
  return out;
}

/** "3 callers", "1 test". */
export function lensTitle(line: LensLine): string {
  switch (line.kind) {
    case 'callers':
      return line.count === 1 ? '1 caller' : `${line.count} callers`;
    case 'tests':
      return line.count === 1 ? '1 test' : `${line.count} tests`;
    case 'decisions':
      return governedTitle(line.refs);
    case 'notes':
      return notesTitle(line);
  }
}

/** Column of `name` as a whole word on `text` (identifiers may hold `$`), or -1. */
export function wordColumn(text: string, name: string): number {
  for (let i = text.indexOf(name); i !== -1; i = text.indexOf(name, i + 1)) {
    if (!isIdentChar(text[i - 1]) && !isIdentChar(text[i + name.length])) return i;
  }
  return -1;
}

function isIdentChar(c: string | undefined): boolean {
  return c !== undefined && /[\p{L}\p{N}_$]/u.test(c);
}
