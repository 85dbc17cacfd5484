/**
 * Incremental updates equal a full rebuild, with Java in the workspace
 * ====================================================================
 * The property test of incremental.test.ts on a workspace mixing the Java fixture (a Maven
 * layout: packages across src/main/java and src/test/java, static and on-demand imports,
 * overloads, inner and anonymous classes) with the Python rules fixture: random edits, renames,
 * moves (a class keeps its package wherever its file goes), deletions, restorations, appended
 * classes and changed package declarations, each applied through `update(paths)`, then compared
 * with a fresh full index.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { expectUpdatesEqualRebuild, listFiles } from '../helpers/incremental';
import { FIXTURES } from '../helpers/workspace';

type Op =
  | { kind: 'rename-symbol'; file: number; word: number }
  | { kind: 'delete-line'; file: number; line: number }
  | { kind: 'duplicate-line'; file: number; line: number }
  | { kind: 'append-class'; file: number; n: number }
  | { kind: 'repackage'; file: number; to: number }
  | { kind: 'delete-file'; file: number }
  | { kind: 'move-file'; file: number; to: number }
  | { kind: 'restore'; file: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('rename-symbol' as const), file: fc.nat(), word: fc.nat() }),
  fc.record({ kind: fc.constant('delete-line' as const), file: fc.nat(), line: fc.nat() }),
  fc.record({ kind: fc.constant('duplicate-line' as const), file: fc.nat(), line: fc.nat() }),
  fc.record({ kind: fc.constant('append-class' as const), file: fc.nat(), n: fc.nat({ max: 3 }) }),
  fc.record({ kind: fc.constant('repackage' as const), file: fc.nat(), to: fc.nat({ max: 3 }) }),
  fc.record({ kind: fc.constant('delete-file' as const), file: fc.nat() }),
  fc.record({ kind: fc.constant('move-file' as const), file: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('restore' as const), file: fc.nat() }),
);

const PACKAGES = ['com.acme.shop', 'com.acme.shop.model', 'com.acme.shop.store', 'com.acme.shop.util'];
const APPENDED = [
  'class Extra0 { Money go() { return Money.zero().plus(Money.of(2)); } }',
  'class Extra1 extends Item { Extra1() { super("x"); } @Override public String sku() { return super.sku(); } }',
  'class Extra2 { void go() { new Cart<>(new MemoryRepository()).add("a", 1).total(); Texts.slug("b"); } }',
  'class Extra3 implements Repository<Item> { public void save(Item i) { i.price(); } public java.util.Optional<Item> find(String k) { return null; } public java.util.List<Item> all() { return null; } }',
];

const pick = <T>(list: readonly T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);

function apply(dir: string, originals: Map<string, string>, op: Op): string[] {
  const files = listFiles(dir).filter((f) => /\.(py|java)$/.test(f));
  const javaFiles = files.filter((f) => f.endsWith('.java'));
  // Java files are picked twice as often: they are what this test is about.
  const file = pick([...javaFiles, ...files], op.kind === 'restore' ? 0 : op.file);
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
      const target = `${pick(folders, op.to)}/Moved${op.to % 7}${file.slice(file.lastIndexOf('.'))}`;
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
  const java = file.endsWith('.java');
  let next = text;
  if (op.kind === 'rename-symbol') {
    const words = [...new Set(text.match(/\b[A-Za-z_]\w{3,}\b/g) ?? [])];
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
  } else if (op.kind === 'append-class') {
    next += java ? `\n${APPENDED[op.n]}\n` : `\n\ndef extra_${op.n}():\n    return 1\n`;
  } else if (op.kind === 'repackage') {
    if (!java) return [];
    next = /^package [\w.]+;/m.test(text) ? text.replace(/^package [\w.]+;/m, `package ${PACKAGES[op.to]};`) : `package ${PACKAGES[op.to]};\n${text}`;
  }
  writeFileSync(join(dir, file), next);
  return [file];
}

describe('incremental indexing with Java', () => {
  it('equals a full rebuild after any sequence of edits, moves, repackagings, deletions and restorations', async () => {
    const base = mkdtempSync(join(tmpdir(), 'kg-incr-java-'));
    cpSync(join(FIXTURES, 'java_shop'), join(base, 'shop'), { recursive: true });
    cpSync(join(FIXTURES, 'resolve/py_rules'), join(base, 'py'), { recursive: true });
    const originals = new Map(listFiles(base).filter((f) => /\.(py|java)$/.test(f)).map((f) => [f, readFileSync(join(base, f), 'utf8')]));
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 10 }), (ops) => expectUpdatesEqualRebuild(base, ops, (dir, op) => apply(dir, originals, op))),
        { numRuns: 40, seed: Number(process.env.KG_PROPERTY_SEED ?? 20261202) },
      );
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
