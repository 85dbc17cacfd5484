/**
 * Definitions a diff touches
 * ==========================
 * Both sides of a changed file are parsed (the base from git, the head from the working tree,
 * the index or a commit), so a removed definition is found in the base's content. A changed
 * line belongs to the innermost definition holding it: editing a method modifies the method,
 * not its class. A definition removed and one added in the same file, of the same kind and
 * size, are reported as one rename.
 */
import { extractFacts } from '../parse/extract';
import type { SymbolFact, SymbolKind } from '../parse/facts';
import { languageForPath } from '../parse/languages';
import type { FileChange, LineRange } from './diff';

export type DefinitionChange = 'added' | 'modified' | 'removed' | 'renamed';

export interface TouchedDefinition {
  change: DefinitionChange;
  kind: SymbolKind;
  name: string;
  qualifiedName: string;
  /** Head-side file and lines (absent for a removed definition). */
  path: string;
  line: number;
  /** Base-side place: the removed definition, or the old name and place of a renamed one. */
  base?: { path: string; line: number; name: string; qualifiedName: string };
}

interface Span {
  start: number;
  end: number;
}

/** A symbol's own lines: its range less the ranges of the definitions inside it. */
function ownSpans(s: SymbolFact, all: readonly SymbolFact[]): Span[] {
  const inner = all
    .filter((t) => t !== s && t.startLine >= s.startLine && t.endLine <= s.endLine && !(t.startLine === s.startLine && t.endLine === s.endLine))
    .map((t) => ({ start: t.startLine, end: t.endLine }))
    .sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  let at = s.startLine;
  for (const r of inner) {
    if (r.start > at) out.push({ start: at, end: r.start - 1 });
    at = Math.max(at, r.end + 1);
  }
  if (at <= s.endLine) out.push({ start: at, end: s.endLine });
  return out;
}

const meets = (spans: readonly Span[], ranges: readonly LineRange[]): boolean => spans.some((s) => ranges.some((r) => r.start <= s.end && r.end >= s.start));
/** Lines removed right after head line `c`: inside a span when both c and c + 1 are. */
const cutInside = (spans: readonly Span[], cuts: readonly number[]): boolean => spans.some((s) => cuts.some((c) => c >= s.start && c + 1 <= s.end));

async function symbolsOf(path: string, content: string | undefined): Promise<SymbolFact[]> {
  const language = languageForPath(path);
  if (content === undefined || language === undefined) return [];
  return (await extractFacts(path, content, language)).symbols;
}

export async function touchedDefinitions(change: FileChange, baseContent: string | undefined, headContent: string | undefined): Promise<TouchedDefinition[]> {
  const basePath = change.oldPath ?? change.path;
  const [before, after] = await Promise.all([symbolsOf(basePath, baseContent), symbolsOf(change.path, headContent)]);
  const beforeBy = new Map(before.map((s) => [s.qualifiedName, s]));
  const afterBy = new Map(after.map((s) => [s.qualifiedName, s]));
  const out: TouchedDefinition[] = [];
  const added: SymbolFact[] = [];
  const removed: SymbolFact[] = [];
  for (const s of after) {
    const old = beforeBy.get(s.qualifiedName);
    if (!old) {
      added.push(s);
      continue;
    }
    const mine = ownSpans(s, after);
    if (meets(mine, change.added) || cutInside(mine, change.cuts) || meets(ownSpans(old, before), change.removed)) {
      out.push({ change: 'modified', kind: s.kind, name: s.name, qualifiedName: s.qualifiedName, path: change.path, line: s.line });
    }
  }
  for (const s of before) if (!afterBy.has(s.qualifiedName)) removed.push(s);

  // A rename keeps the kind, the enclosing class and the body; the nearest such pair is one rename.
  const baseLines = baseContent?.split('\n') ?? [];
  const headLines = headContent?.split('\n') ?? [];
  const body = (lines: string[], s: SymbolFact): string => lines.slice(s.line, s.endLine).join('\n');
  const paired = new Set<SymbolFact>();
  for (const r of removed) {
    const was = body(baseLines, r);
    const match = added
      .filter((a) => !paired.has(a) && a.kind === r.kind && a.parent === r.parent && body(headLines, a) === was)
      .sort((x, y) => Math.abs(x.startLine - r.startLine) - Math.abs(y.startLine - r.startLine))[0];
    const base = { path: basePath, line: r.line, name: r.name, qualifiedName: r.qualifiedName };
    if (match) {
      paired.add(match);
      out.push({ change: 'renamed', kind: match.kind, name: match.name, qualifiedName: match.qualifiedName, path: change.path, line: match.line, base });
    } else out.push({ change: 'removed', kind: r.kind, name: r.name, qualifiedName: r.qualifiedName, path: basePath, line: r.line, base });
  }
  for (const a of added) {
    if (!paired.has(a)) out.push({ change: 'added', kind: a.kind, name: a.name, qualifiedName: a.qualifiedName, path: change.path, line: a.line });
  }
  return out.sort((x, y) => x.path.localeCompare(y.path) || x.line - y.line || x.qualifiedName.localeCompare(y.qualifiedName));
}
