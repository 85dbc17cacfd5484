/**
 * Incremental updates of C# files give exactly the graph a full rebuild gives
 * ==========================================================================
 * The property test of incremental.test.ts on a workspace mixing the C# rules fixture (partial
 * classes across files, namespaces, usings, extension methods, base lists) with the Python one:
 * random renames (of a type, a namespace, a method), line deletions and duplications, appended
 * types and extension methods, file deletions, moves and restorations, each applied through
 * `update(paths)`, then compared with a fresh full index.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { applyRandomEdit, expectUpdatesEqualRebuild, listFiles, randomEditArb, type RandomEditRules } from '../helpers/incremental';
import { FIXTURES } from '../helpers/workspace';

/** C# declarations to append: each one reaches into other files (a partial part, an extension, a base, a static using). */
const CS_APPENDS = [
  'namespace Shop.Orders { public partial class Order { public void Extra() { Touch(); Total(); } } }\n',
  'namespace Shop.Util { public static class More { public static string Slug(this string s) => s; public static void Info(string m) {} } }\n',
  'namespace Shop.Models { public class Entity2 : Entity { public Entity2() : base("x") { Touch(); } } }\n',
  'namespace Shop.Orders { public class Customer { public string Label() => ""; } }\n',
  'using static Shop.Util.Text;\nnamespace Shop.Extra { class X { void M(Shop.Orders.Order o) { Join("a"); o.AddLine("s", 1m); o.Id.Slug(); } } }\n',
];

/** The files the random edits pick from, and what an append adds to each. */
const RULES: RandomEditRules = {
  files: /\.(cs|py)$/,
  append: (file, n) => (file.endsWith('.cs') ? `\n${CS_APPENDS[n % CS_APPENDS.length]}` : `\n\ndef extra_${n}():\n    return make_service().run()\n`),
};

/** Edits aimed at what one C# file reads of another: namespaces, partial parts, bases, member types, extensions, usings. */
const TARGETED: { name: string; file: string; edit: (text: string) => string }[] = [
  { name: 'an extension method appears', file: 'src/Shop/Order.cs', edit: (t) => `${t}\n${CS_APPENDS[1]}` },
  { name: 'a namespace is renamed', file: 'src/Shop/Util.cs', edit: (t) => t.replace('namespace Shop.Util', 'namespace Shop.Tools') },
  { name: 'a type leaves for another namespace', file: 'src/Shop/Models.cs', edit: (t) => t.replace('namespace Shop.Models;', 'namespace Elsewhere.Models;') },
  { name: 'a partial part is deleted', file: 'src/Shop/OrderTotals.cs', edit: () => '' },
  { name: 'a base class changes', file: 'src/Shop/Order.cs', edit: (t) => t.replace('partial class Order : Entity', 'partial class Order : Customer') },
  { name: 'a property changes type', file: 'src/Shop/Order.cs', edit: (t) => t.replace('public Customer Buyer', 'public Order Buyer') },
  { name: 'a return type changes', file: 'src/Shop/Models.cs', edit: (t) => t.replace('public Money Total() => Price;', 'public Line Total() => this;') },
  { name: 'a using static changes', file: 'src/Shop/Billing/Invoicer.cs', edit: (t) => t.replace('using static Shop.Util.Log;', 'using static Shop.Util.Text;') },
  { name: 'an alias changes', file: 'src/Shop/Billing/Invoicer.cs', edit: (t) => t.replace('using M = Shop.Models;', 'using M = Shop.Orders;') },
  { name: 'an extension method loses its this', file: 'src/Shop/Util.cs', edit: (t) => t.replace('Slug(this string s)', 'Slug(string s)') },
  { name: 'a constructor is removed', file: 'src/Shop/Models.cs', edit: (t) => t.replace(/public Line\(string sku, Money price\)\s*\{[^}]*\}/, '') },
  { name: 'a nested type is renamed', file: 'src/Shop/Order.cs', edit: (t) => t.replace('public class Address', 'public class Place') },
];

describe('incremental indexing with C#', () => {
  for (const { name, file, edit } of TARGETED) {
    it(`equals a full rebuild when ${name}`, async () => {
      await expectUpdatesEqualRebuild(join(FIXTURES, 'csharp_rules'), [file], (dir, path) => {
        const next = edit(readFileSync(join(dir, path), 'utf8'));
        if (next) writeFileSync(join(dir, path), next);
        else rmSync(join(dir, path));
        return [path];
      });
    });
  }

  it('equals a full rebuild after any sequence of edits, moves, deletions and restorations of C# and Python files', async () => {
    const base = mkdtempSync(join(tmpdir(), 'kg-incr-cs-'));
    cpSync(join(FIXTURES, 'csharp_rules'), join(base, 'cs'), { recursive: true });
    cpSync(join(FIXTURES, 'resolve/py_rules'), join(base, 'py'), { recursive: true });
    const originals = new Map(listFiles(base).filter((f) => /\.(cs|py)$/.test(f)).map((f) => [f, readFileSync(join(base, f), 'utf8')]));
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
