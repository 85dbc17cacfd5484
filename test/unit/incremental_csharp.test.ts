/**
 * Incremental updates of C# files give exactly the graph a full rebuild gives
 * ==========================================================================
 * The property test of incremental.test.ts on a workspace mixing the C# rules fixture (partial
 * classes across files, namespaces, usings, extension methods, base lists) with the Python one:
 * random renames (of a type, a namespace, a method), line deletions and duplications, appended
 * types and extension methods, file deletions, moves and restorations, each applied through
 * `update(paths)`, then compared with a fresh full index.
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

/** C# declarations to append: each one reaches into other files (a partial part, an extension, a base, a static using). */
const CS_APPENDS = [
  'namespace Shop.Orders { public partial class Order { public void Extra() { Touch(); Total(); } } }\n',
  'namespace Shop.Util { public static class More { public static string Slug(this string s) => s; public static void Info(string m) {} } }\n',
  'namespace Shop.Models { public class Entity2 : Entity { public Entity2() : base("x") { Touch(); } } }\n',
  'namespace Shop.Orders { public class Customer { public string Label() => ""; } }\n',
  'using static Shop.Util.Text;\nnamespace Shop.Extra { class X { void M(Shop.Orders.Order o) { Join("a"); o.AddLine("s", 1m); o.Id.Slug(); } } }\n',
];

const pick = <T>(list: readonly T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);

function apply(dir: string, originals: Map<string, string>, op: Op): string[] {
  const files = listFiles(dir).filter((f) => /\.(cs|py)$/.test(f));
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
    next += file.endsWith('.cs') ? `\n${CS_APPENDS[op.n % CS_APPENDS.length]}` : `\n\ndef extra_${op.n}():\n    return make_service().run()\n`;
  }
  writeFileSync(join(dir, file), next);
  return [file];
}

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
        fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 10 }), (ops) => expectUpdatesEqualRebuild(base, ops, (dir, op) => apply(dir, originals, op))),
        { numRuns: 40, seed: Number(process.env.KG_PROPERTY_SEED ?? 20261202) },
      );
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
