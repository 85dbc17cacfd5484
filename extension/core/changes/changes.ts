/**
 * What a change touches
 * =====================
 * From a git diff to one answer sized for an agent: the changed files, the definitions whose
 * lines the diff touches (added, modified, renamed, removed), each one's callers and dependents
 * to a depth, the tests to run (deduplicated, ranked by how directly and how many of the
 * changed definitions they reach), the decision records and instruction sections that govern
 * them, the record mentions the change makes stale (a removed or renamed symbol or file a record
 * still names), and the docs that mention them. Every list is cut at a limit with "more".
 *
 * Callers, tests and decisions come from the graph, which follows the working tree: for a diff
 * between two commits they describe the code as it is now.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CodeGraph } from '../model/graph';
import { fileId } from '../model/ids';
import { describe, docsMentioning, governingDecisions, impact, testsFor, unresolvedMentions } from '../query';
import type { ImpactItem, Item, Page, TestHow } from '../query';
import { cut } from '../query/options';
import { containersOf } from '../query/scope';
import { touchedDefinitions } from './definitions';
import type { DefinitionChange, TouchedDefinition } from './definitions';
import { diffOf } from './diff';
import type { DiffSpec, FileChange, FileStatus, Side } from './diff';
import { repositoryRoot, showFile } from './git';

export interface ChangesOptions extends DiffSpec {
  /** Callers and dependents to this depth, 1–5 (default 2). */
  depth?: number | undefined;
  /** Most items per list (default 20). */
  limit?: number | undefined;
}

export interface ChangedFile {
  path: string;
  status: FileStatus;
  oldPath?: string;
  /** Lines added and removed. */
  added: number;
  removed: number;
}

export interface ChangedDefinition {
  /** The graph node, when the head side is in the graph. */
  id?: string;
  kind: string;
  name: string;
  change: DefinitionChange;
  /** path:line on the head side, or on the base side for a removed definition. */
  loc: string;
  /** A renamed definition's old name and place. */
  was?: { name: string; loc: string };
  callers?: Page<ImpactItem>;
  dependents?: Page<ImpactItem>;
}

export interface ChangeTest extends Item {
  how: TestHow;
  depth: number;
  /** How many of the changed definitions it reaches. */
  reaches: number;
}

export interface ChangeDecision extends Item {
  title?: string;
  status?: string;
  /** The changed definitions or files it governs (ids), first few. */
  governs: string[];
}

export interface StaleMention {
  /** The record or section that names it, and where: path:line. */
  source: string;
  loc: string;
  text: string;
  /** What the change did to what it names. */
  because: string;
}

export interface ChangeDoc extends Item {
  mentions: string[];
}

export interface ChangesResult {
  base: string;
  head: string;
  counts: { files: number; definitions: number; callers: number; tests: number; decisions: number; stale: number; docs: number };
  files: Page<ChangedFile>;
  definitions: Page<ChangedDefinition>;
  tests: Page<ChangeTest>;
  decisions: Page<ChangeDecision>;
  stale: Page<StaleMention>;
  docs: Page<ChangeDoc>;
}

const HOW_RANK: Record<TestHow, number> = { direct: 0, container: 1, transitive: 2 };

function sideName(side: Side): string {
  return side.kind === 'commit' ? `${side.ref} (${side.id.slice(0, 12)})` : side.kind === 'index' ? 'the index (staged)' : 'the working tree';
}

async function headContent(folder: string, side: Side, path: string): Promise<string | undefined> {
  if (side.kind === 'commit') return showFile(folder, side.id, `./${path}`);
  if (side.kind === 'index') return showFile(folder, '', `./${path}`);
  return readFile(join(folder, path), 'utf8').catch(() => undefined);
}

/** The graph node of a head-side definition: same file, same qualified name. */
function nodeOf(graph: CodeGraph, d: TouchedDefinition): string | undefined {
  return graph.nodesInPath(d.path).find((id) => {
    const a = graph.node(id);
    return a !== undefined && a.kind !== 'file' && a.qualifiedName === d.qualifiedName;
  });
}

const countLines = (ranges: readonly { start: number; end: number }[], total: number | undefined): number =>
  ranges.reduce((n, r) => n + (r.end === Number.MAX_SAFE_INTEGER ? (total ?? 0) : r.end - r.start + 1), 0);

/** The last name of a mention (`Client.send()` → send, `src/a.py` → a.py). */
const lastName = (text: string): string => text.replace(/\(.*\)$/, '').split(/[.:/#]/).filter((p) => p !== '').pop() ?? text;

/**
 * A file moved in the working tree is, to git, a deletion and an untracked file (its rename
 * detection runs on tracked files only): an untracked file with a deleted file's exact content
 * is that file renamed.
 */
function pairMoves(files: readonly FileChange[], contents: Map<FileChange, { before: string | undefined; after: string | undefined }>): FileChange[] {
  const deleted = new Map<string, FileChange>();
  for (const f of files) {
    const before = contents.get(f)?.before;
    if (f.status === 'deleted' && before !== undefined) deleted.set(before, f);
  }
  const gone = new Set<FileChange>();
  const out: FileChange[] = [];
  for (const f of files) {
    const c = contents.get(f);
    const from = f.status === 'added' && c?.after !== undefined ? deleted.get(c.after) : undefined;
    if (!from || gone.has(from) || !c) {
      out.push(f);
      continue;
    }
    gone.add(from);
    const moved: FileChange = { path: f.path, status: 'renamed', oldPath: from.path, added: [], removed: [], cuts: [] };
    contents.set(moved, { before: c.after, after: c.after });
    out.push(moved);
  }
  return out.filter((f) => !gone.has(f));
}

export async function changes(graph: CodeGraph, folder: string, options: ChangesOptions = {}): Promise<ChangesResult> {
  const depth = options.depth ?? 2;
  const limit = options.limit ?? 20;
  if (!Number.isInteger(depth) || depth < 1 || depth > 5) throw new RangeError('changes: depth must be an integer from 1 to 5');
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new RangeError('changes: limit must be an integer from 1 to 1000');
  await repositoryRoot(folder);
  const diff = await diffOf(folder, options);

  const contents = new Map<FileChange, { before: string | undefined; after: string | undefined }>();
  for (const f of diff.files) {
    contents.set(f, {
      before: f.status === 'added' ? undefined : await showFile(folder, diff.base.id, `./${f.oldPath ?? f.path}`),
      after: f.status === 'deleted' ? undefined : await headContent(folder, diff.head, f.path),
    });
  }
  const fileChanges = pairMoves(diff.files, contents);
  const files: ChangedFile[] = [];
  const touched: TouchedDefinition[] = [];
  for (const f of fileChanges) {
    const { before, after } = contents.get(f) ?? { before: undefined, after: undefined };
    const file: ChangedFile = { path: f.path, status: f.status, added: countLines(f.added, after?.split('\n').length), removed: countLines(f.removed, undefined) };
    if (f.oldPath !== undefined) file.oldPath = f.oldPath;
    files.push(file);
    touched.push(...(await touchedDefinitions(f, before, after)));
  }

  // Per definition: its node, callers and dependents; gathered across all: tests, decisions, docs.
  const definitions: ChangedDefinition[] = [];
  const tests = new Map<string, ChangeTest>();
  const decisions = new Map<string, ChangeDecision>();
  const docs = new Map<string, ChangeDoc>();
  const callerIds = new Set<string>();
  const governedBy = (target: string, id: string): void => {
    for (const g of governingDecisions(graph, { target: id, limit: 500 }).decisions.items) {
      const seen = decisions.get(g.id);
      if (seen) {
        if (!seen.governs.includes(target)) seen.governs.push(target);
        continue;
      }
      const item: ChangeDecision = { ...describe(graph, g.id), governs: [target] };
      if (g.title !== undefined) item.title = g.title;
      if (g.status !== undefined) item.status = g.status;
      decisions.set(g.id, item);
    }
  };
  const mentionedIn = (target: string, id: string): void => {
    for (const d of docsMentioning(graph, id)) {
      const seen = docs.get(d.id);
      if (seen) {
        if (!seen.mentions.includes(target)) seen.mentions.push(target);
      } else docs.set(d.id, { ...d, mentions: [target] });
    }
  };

  for (const t of touched) {
    const def: ChangedDefinition = { kind: t.kind, name: t.name, change: t.change, loc: `${t.path}:${t.line}` };
    if (t.change === 'renamed' && t.base) def.was = { name: t.base.qualifiedName, loc: `${t.base.path}:${t.base.line}` };
    const id = t.change === 'removed' ? undefined : nodeOf(graph, t);
    if (id !== undefined) {
      def.id = id;
      const blast = impact(graph, { target: id, depth, limit });
      def.callers = blast.callers;
      const dependents = [...blast.references.items, ...blast.subclasses.items];
      def.dependents = cut(dependents, limit);
      const hidden = (blast.references.more ?? 0) + (blast.subclasses.more ?? 0) + (def.dependents.more ?? 0);
      if (hidden > 0) def.dependents.more = hidden;
      for (const c of blast.callers.items) callerIds.add(c.id);
      for (const test of testsFor(graph, { target: id, depth: depth + 1, limit: 1000 }).items) {
        const seen = tests.get(test.id);
        if (seen) {
          seen.reaches++;
          if (HOW_RANK[test.how] < HOW_RANK[seen.how] || (test.how === seen.how && test.depth < seen.depth)) Object.assign(seen, { how: test.how, depth: test.depth });
        } else tests.set(test.id, { ...describe(graph, test.id), how: test.how, depth: test.depth, reaches: 1 });
      }
      governedBy(id, id);
      // A doc that names the class (or file) holding a changed method is about it too.
      for (const holder of [id, ...containersOf(graph, id)]) mentionedIn(id, holder);
    }
    definitions.push(def);
  }
  // The files themselves: what governs or mentions a changed file (or, for a removed definition, its file).
  for (const f of files) {
    const id = fileId(f.path);
    if (!graph.hasNode(id)) continue;
    governedBy(id, id);
    mentionedIn(id, id);
  }

  // Stale: an unresolved mention in a record naming what the change removed or renamed away.
  const gone = new Map<string, string>();
  for (const t of touched) {
    if (!t.base || (t.change !== 'removed' && t.change !== 'renamed')) continue;
    const because = t.change === 'removed' ? `${t.base.qualifiedName} was removed (${t.base.path}:${t.base.line})` : `${t.base.qualifiedName} was renamed to ${t.qualifiedName} (${t.path}:${t.line})`;
    gone.set(t.base.name, because);
  }
  const goneFiles = new Map<string, string>();
  for (const f of files) {
    if (f.status === 'deleted') goneFiles.set(f.path, `${f.path} was deleted`);
    if (f.status === 'renamed' && f.oldPath !== undefined) goneFiles.set(f.oldPath, `${f.oldPath} was renamed to ${f.path}`);
  }
  const stale: StaleMention[] = [];
  for (const m of unresolvedMentions(graph)) {
    const text = m.text.replace(/^`|`$/g, '');
    const because = goneFiles.get(text.replace(/^\.\//, '')) ?? gone.get(lastName(text));
    if (because !== undefined) stale.push({ source: m.source, loc: `${m.path}:${m.line}`, text: m.text, because });
  }

  const testList = [...tests.values()].sort(
    (a, b) => HOW_RANK[a.how] - HOW_RANK[b.how] || b.reaches - a.reaches || a.depth - b.depth || (a.id < b.id ? -1 : 1),
  );
  const decisionList = [...decisions.values()].sort((a, b) => b.governs.length - a.governs.length || (a.id < b.id ? -1 : 1));
  for (const d of decisionList) d.governs = d.governs.slice(0, 5);
  const docList = [...docs.values()].sort((a, b) => b.mentions.length - a.mentions.length || (a.id < b.id ? -1 : 1));
  return {
    base: sideName(diff.base),
    head: sideName(diff.head),
    counts: {
      files: files.length,
      definitions: definitions.length,
      callers: callerIds.size,
      tests: testList.length,
      decisions: decisionList.length,
      stale: stale.length,
      docs: docList.length,
    },
    files: cut(files, limit),
    definitions: cut(definitions, limit),
    tests: cut(testList, limit),
    decisions: cut(decisionList, limit),
    stale: cut(stale, limit),
    docs: cut(docList, limit),
  };
}

/**
 * The graph nodes an answer names, for an explorer to highlight: the changed files and definitions, their callers and dependents, the tests to run, the governing decisions and the docs.
 */
export function changesNodeIds(r: ChangesResult): string[] {
  const ids = new Set<string>(r.files.items.filter((f) => f.status !== 'deleted').map((f) => fileId(f.path)));
  for (const d of r.definitions.items) {
    if (d.id !== undefined) ids.add(d.id);
    for (const c of [...(d.callers?.items ?? []), ...(d.dependents?.items ?? [])]) ids.add(c.id);
  }
  for (const list of [r.tests.items, r.decisions.items, r.docs.items]) for (const item of list) ids.add(item.id);
  return [...ids];
}
