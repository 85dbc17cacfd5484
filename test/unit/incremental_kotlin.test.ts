/**
 * Incremental updates of Kotlin files give exactly the graph a full rebuild gives
 * ==============================================================================
 * The property test of incremental.test.ts on a workspace mixing the Kotlin fixture (packages,
 * imports, companions, extension functions, supertypes) with the Python one: random renames (of
 * a type, a package, a function), line deletions and duplications, appended declarations, file
 * deletions, moves and restorations, each applied through `update(paths)`, then compared with a
 * fresh full index.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { applyRandomEdit, expectUpdatesEqualRebuild, listFiles, randomEditArb, type RandomEditRules } from '../helpers/incremental';
import { FIXTURES } from '../helpers/workspace';

/** Kotlin declarations to append: each one reaches into other files (an extension, a base, a companion, a top-level function). */
const KT_APPENDS = [
  'fun String.label(): String = slug()\nfun Order.extra() { touch(); price().add(Money.of(1)) }\n',
  'class Order2(c: Customer) : Entity("o") { override fun describe(): String = c.greet() }\n',
  'object Registry { fun register(o: Order) { o.add("x", 1); Log.info("r") } }\n',
  'fun billAll(xs: List<Order>): Int = xs.size\n',
  'class Money(val cents: Long) { fun add(o: Money) = this }\n',
];

/** The files the random edits pick from, and what an append adds to each. */
const RULES: RandomEditRules = {
  files: /\.(kt|py)$/,
  append: (file, n) => (file.endsWith('.kt') ? `\n${KT_APPENDS[n % KT_APPENDS.length]}` : `\n\ndef extra_${n}():\n    return make_service().run()\n`),
};

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
        fc.asyncProperty(fc.array(randomEditArb, { minLength: 1, maxLength: 10 }), (ops) => expectUpdatesEqualRebuild(base, ops, (dir, op) => applyRandomEdit(dir, originals, op, RULES))),
        { numRuns: 40, seed: Number(process.env.KG_PROPERTY_SEED ?? 20261202) },
      );
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
