/**
 * Incremental updates of Kotlin files give exactly the graph a full rebuild gives
 * ==============================================================================
 * The property test of incremental.test.ts on a workspace mixing the Kotlin fixture (packages,
 * imports, companions, extension functions, supertypes) with the Python one: random renames (of
 * a type, a package, a function), line deletions and duplications, appended declarations, file
 * deletions, moves and restorations, each applied through `update(paths)`, then compared with a
 * fresh full index.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { expectUpdatesEqualRebuild, listFiles } from '../helpers/incremental';
import { FIXTURES } from '../helpers/workspace';

type Op =
  | { kind: 'rename'; file: number; word: number }
  | { kind: 'delete-line'; file: number; line: number }
  | { kind: 'duplicate-line'; file: number; line: number }
  | { kind: 'append'; file: number; n: number }
  | { kind: 'delete-file'; file: number }
  | { kind: 'move-file'; file: number; to: number }
  | { kind: 'restore'; file: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('rename' as const), file: fc.nat(), word: fc.nat() }),
  fc.record({ kind: fc.constant('delete-line' as const), file: fc.nat(), line: fc.nat() }),
  fc.record({ kind: fc.constant('duplicate-line' as const), file: fc.nat(), line: fc.nat() }),
  fc.record({ kind: fc.constant('append' as const), file: fc.nat(), n: fc.nat({ max: 4 }) }),
  fc.record({ kind: fc.constant('delete-file' as const), file: fc.nat() }),
  fc.record({ kind: fc.constant('move-file' as const), file: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('restore' as const), file: fc.nat() }),
);

/** Kotlin declarations to append: each one reaches into other files (an extension, a base, a companion, a top-level function). */
const KT_APPENDS = [
  'fun String.label(): String = slug()\nfun Order.extra() { touch(); price().add(Money.of(1)) }\n',
  'class Order2(c: Customer) : Entity("o") { override fun describe(): String = c.greet() }\n',
  'object Registry { fun register(o: Order) { o.add("x", 1); Log.info("r") } }\n',
  'fun billAll(xs: List<Order>): Int = xs.size\n',
  'class Money(val cents: Long) { fun add(o: Money) = this }\n',
];

const pick = <T>(list: readonly T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);

function apply(dir: string, originals: Map<string, string>, op: Op): string[] {
  const files = listFiles(dir).filter((f) => /\.(kt|py)$/.test(f));
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
    next += file.endsWith('.kt') ? `\n${KT_APPENDS[op.n % KT_APPENDS.length]}` : `\n\ndef extra_${op.n}():\n    return make_service().run()\n`;
  }
  writeFileSync(join(dir, file), next);
  return [file];
}

/** Edits aimed at what one Kotlin file reads of another: packages, imports, supertypes, member types, extensions, companions. */
const M = 'src/main/kotlin/shop';
const TARGETED: { name: string; file: string; edit: (text: string) => string }[] = [
  { name: 'an extension function appears', file: `${M}/model/Order.kt`, edit: (t) => `${t}\n${KT_APPENDS[0]}` },
  { name: 'a package is renamed', file: `${M}/util/Text.kt`, edit: (t) => t.replace('package shop.util', 'package shop.tools') },
  { name: 'an extension loses its receiver', file: `${M}/util/Text.kt`, edit: (t) => t.replace('fun String.slug()', 'fun slug()') },
  { name: 'a file is deleted', file: `${M}/model/Entity.kt`, edit: () => '' },
  { name: 'a supertype changes', file: `${M}/model/Order.kt`, edit: (t) => t.replace(': Entity(id), Priced', ': Priced') },
  { name: 'a property changes type', file: `${M}/model/Order.kt`, edit: (t) => t.replace('val home = Address("x")', 'val home: Order? = null') },
  { name: 'a return type changes', file: `${M}/model/Entity.kt`, edit: (t) => t.replace('fun of(units: Int): Money =', 'fun of(units: Int): Entity =') },
  { name: 'a companion object is renamed', file: `${M}/model/Entity.kt`, edit: (t) => t.replace('companion object {', 'object Helpers {') },
  { name: 'a star import changes', file: `${M}/billing/Invoicer.kt`, edit: (t) => t.replace('import shop.model.*', 'import shop.model.Order') },
  { name: 'a secondary constructor is removed', file: `${M}/model/Order.kt`, edit: (t) => t.replace(/constructor\(customer: Customer\)[^}]*\}/, '') },
  { name: 'a nested class is renamed', file: `${M}/model/Order.kt`, edit: (t) => t.replace('class Address', 'class Place') },
];

describe('incremental indexing with Kotlin', () => {
  for (const { name, file, edit } of TARGETED) {
    it(`equals a full rebuild when ${name}`, async () => {
      await expectUpdatesEqualRebuild(join(FIXTURES, 'kotlin_shop'), [file], (dir, path) => {
        const next = edit(readFileSync(join(dir, path), 'utf8'));
        if (next) writeFileSync(join(dir, path), next);
        else rmSync(join(dir, path));
        return [path];
      });
    });
  }

  it('equals a full rebuild after any sequence of edits, moves, deletions and restorations of Kotlin and Python files', async () => {
    const base = mkdtempSync(join(tmpdir(), 'kg-incr-kt-'));
    cpSync(join(FIXTURES, 'kotlin_shop'), join(base, 'kt'), { recursive: true });
    cpSync(join(FIXTURES, 'resolve/py_rules'), join(base, 'py'), { recursive: true });
    const originals = new Map(listFiles(base).filter((f) => /\.(kt|py)$/.test(f)).map((f) => [f, readFileSync(join(base, f), 'utf8')]));
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
