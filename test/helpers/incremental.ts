/**
 * Test helpers: incremental updates against a full rebuild
 * ========================================================
 * Shared by the property tests of code (incremental.test.ts) and decisions
 * (decisions_incremental.test.ts): the files of a tree, and one run of edits checked against a
 * fresh index of the same files; and the random file edits the language packs' property tests share.
 */
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import fc from 'fast-check';
import { Workspace } from '../../extension/core/workspace';

/** Every file under `dir`, root-relative with forward slashes, sorted. */
export function listFiles(dir: string, root = dir, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) listFiles(p, root, out);
    else out.push(relative(root, p).split('\\').join('/'));
  }
  return out.sort();
}

let runs = 0;

/**
 * Copies `base`, indexes it, applies each step through `update()` (a step edits files under the
 * copy and returns the root-relative paths it touched), then asserts the graph equals a full index.
 */
export async function expectUpdatesEqualRebuild<Step>(base: string, steps: readonly Step[], apply: (dir: string, step: Step) => string[]): Promise<void> {
  const dir = join(tmpdir(), `kg-incr-run-${process.pid}-${runs++}`);
  rmSync(dir, { recursive: true, force: true });
  cpSync(base, dir, { recursive: true });
  const live = await Workspace.open(dir, { persist: false, workers: 0 });
  try {
    await live.index();
    for (const step of steps) await live.update(apply(dir, step).map((p) => join(dir, p)));
    const fresh = await Workspace.open(dir, { persist: false, workers: 0 });
    await fresh.index();
    await fresh.close();
    assert.equal(live.graph.canonical(), fresh.graph.canonical(), `after ${JSON.stringify(steps)}`);
  } finally {
    await live.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---- random edits of a mixed-language tree ---------------------------------------------------------

export type RandomEdit =
  | { kind: 'rename'; file: number; word: number }
  | { kind: 'delete-line'; file: number; line: number }
  | { kind: 'duplicate-line'; file: number; line: number }
  | { kind: 'append'; file: number; n: number }
  | { kind: 'delete-file'; file: number }
  | { kind: 'move-file'; file: number; to: number }
  | { kind: 'restore'; file: number };

export const randomEditArb: fc.Arbitrary<RandomEdit> = fc.oneof(
  fc.record({ kind: fc.constant('rename' as const), file: fc.nat(), word: fc.nat() }),
  fc.record({ kind: fc.constant('delete-line' as const), file: fc.nat(), line: fc.nat() }),
  fc.record({ kind: fc.constant('duplicate-line' as const), file: fc.nat(), line: fc.nat() }),
  fc.record({ kind: fc.constant('append' as const), file: fc.nat(), n: fc.nat({ max: 4 }) }),
  fc.record({ kind: fc.constant('delete-file' as const), file: fc.nat() }),
  fc.record({ kind: fc.constant('move-file' as const), file: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('restore' as const), file: fc.nat() }),
);

const pick = <T>(list: readonly T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);

export interface RandomEditRules {
  /** The files the edits pick from (by path). */
  files: RegExp;
  /** The text an `append` adds to a file (n: 0–4), or undefined to leave that file alone. */
  append(file: string, n: number): string | undefined;
}

/**
 * Applies one random edit under `dir`: renames a word throughout a file, deletes or duplicates a
 * line, appends a declaration, deletes or moves a file, or restores one of `originals`. Returns
 * the root-relative paths it touched.
 */
export function applyRandomEdit(dir: string, originals: ReadonlyMap<string, string>, op: RandomEdit, rules: RandomEditRules): string[] {
  const files = listFiles(dir).filter((f) => rules.files.test(f));
  const file = pick(files, op.file);
  switch (op.kind) {
    case 'restore': {
      const [path, text] = pick([...originals], op.file)!;
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
      return [path];
    }
    case 'delete-file':
      if (!file) return [];
      rmSync(join(dir, file));
      return [file];
    case 'move-file': {
      if (!file) return [];
      const folders = [...new Set(files.map((f) => dirname(f)))];
      const target = `${pick(folders, op.to)}/moved_${op.to % 5}${file.slice(file.lastIndexOf('.'))}`;
      if (existsSync(join(dir, target))) return [];
      renameSync(join(dir, file), join(dir, target));
      return [file, target];
    }
    default:
      break;
  }
  if (!file) return [];
  const text = readFileSync(join(dir, file), 'utf8');
  const lines = text.split('\n');
  let next = text;
  if (op.kind === 'rename') {
    const words = [...new Set(text.match(/\b[A-Za-z_]\w{2,}\b/g) ?? [])];
    const word = pick(words, op.word);
    if (!word) return [];
    next = text.replace(new RegExp(`\\b${word}\\b`, 'g'), `${word}X`);
  } else if (op.kind === 'delete-line') {
    lines.splice(op.line % Math.max(1, lines.length), 1);
    next = lines.join('\n');
  } else if (op.kind === 'duplicate-line') {
    const i = op.line % Math.max(1, lines.length);
    lines.splice(i, 0, lines[i] ?? '');
    next = lines.join('\n');
  } else if (op.kind === 'append') {
    const added = rules.append(file, op.n);
    if (added === undefined) return [];
    next += added;
  }
  writeFileSync(join(dir, file), next);
  return [file];
}
