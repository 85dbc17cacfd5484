/**
 * Incremental updates of PHP files give exactly the graph a full rebuild gives
 * ===========================================================================
 * The property test of incremental.test.ts on a workspace mixing the PHP fixture (namespaces,
 * `use` imports, traits, interfaces, enums, composer.json's PSR-4 map) with the Python one:
 * random renames (of a class, a namespace, a method), line deletions and duplications, appended
 * classes and functions, file deletions, moves and restorations, each applied through
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

/** PHP declarations to append: each one reaches into other files (a base, a trait, a function, a duplicate class). */
const PHP_APPENDS = [
  'namespace Acme\\Shop\\Model { class Order2 extends Order { public function extra() { $this->touch(); $this->total()->cents(); } } }\n',
  'namespace Acme\\Shop\\Support { function format_money(Money $m): string { return cents_part($m); } }\n',
  'namespace Acme\\Shop\\Model { trait Timestamps2 { public function touch(): static { return $this; } } class Line { public function price(): ?Order { return null; } } }\n',
  'namespace Acme\\Shop\\Support { final class Money { public static function of(int $c): Order { } } }\n',
  'namespace Acme\\Shop\\Extra { use Acme\\Shop\\Service\\Checkout as C; function x(C $c) { $c->start("a", "b")->describe(); C::make()->pay("1"); } }\n',
];

const pick = <T>(list: readonly T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);

function apply(dir: string, originals: Map<string, string>, op: Op): string[] {
  const files = listFiles(dir).filter((f) => /\.(php|py|json)$/.test(f));
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
    if (file.endsWith('.json')) return [];
    next += file.endsWith('.php') ? `\n${PHP_APPENDS[op.n % PHP_APPENDS.length]}` : `\n\ndef extra_${op.n}():\n    return make_service().run()\n`;
  }
  writeFileSync(join(dir, file), next);
  return [file];
}

/** Edits aimed at what one PHP file reads of another: namespaces, imports, bases, traits, member types, PSR-4. */
const TARGETED: { name: string; file: string; edit: (text: string) => string }[] = [
  { name: 'a namespace is renamed', file: 'src/Support/Money.php', edit: (t) => t.replace('namespace Acme\\Shop\\Support;', 'namespace Acme\\Shop\\Tools;') },
  { name: 'a base class changes', file: 'src/Model/Order.php', edit: (t) => t.replace('final class Order extends Entity', 'final class Order extends Customer') },
  { name: 'a trait is no longer used', file: 'src/Model/Entity.php', edit: (t) => t.replace('use Timestamps;', '') },
  { name: 'a trait method is renamed', file: 'src/Model/Timestamps.php', edit: (t) => t.replace('function touch()', 'function poke()') },
  { name: 'a property changes type', file: 'src/Service/Checkout.php', edit: (t) => t.replace('private OrderRepository $orders;', 'private InMemoryOrders $orders;') },
  { name: 'a @var doc type changes', file: 'src/Model/Order.php', edit: (t) => t.replace('/** @var Customer */', '/** @var Order */') },
  { name: 'a return type changes', file: 'src/Support/Money.php', edit: (t) => t.replace('public function plus(Money $other): self', 'public function plus(Money $other): int') },
  { name: 'a use import changes', file: 'src/Service/Checkout.php', edit: (t) => t.replace('use Acme\\Shop\\Support\\Money as Cash;', 'use Acme\\Shop\\Model\\Line as Cash;') },
  { name: 'a use function becomes a class import', file: 'src/Model/Order.php', edit: (t) => t.replace('use function Acme\\Shop\\Support\\format_money;', 'use Acme\\Shop\\Support\\format_money;') },
  { name: 'a constructor is removed', file: 'src/Model/Line.php', edit: (t) => t.replace(/public function __construct\([^)]*\)\s*\{\s*\}/, '') },
  { name: 'a function file is deleted', file: 'src/Support/functions.php', edit: () => '' },
  { name: 'composer.json moves the PSR-4 root', file: 'composer.json', edit: (t) => t.replace('"src/"', '"lib/"') },
];

describe('incremental indexing with PHP', () => {
  for (const { name, file, edit } of TARGETED) {
    it(`equals a full rebuild when ${name}`, async () => {
      await expectUpdatesEqualRebuild(join(FIXTURES, 'php_shop'), [file], (dir, path) => {
        const next = edit(readFileSync(join(dir, path), 'utf8'));
        if (next) writeFileSync(join(dir, path), next);
        else rmSync(join(dir, path));
        return [path];
      });
    });
  }

  it('equals a full rebuild after any sequence of edits, moves, deletions and restorations of PHP and Python files', async () => {
    const base = mkdtempSync(join(tmpdir(), 'kg-incr-php-'));
    cpSync(join(FIXTURES, 'php_shop'), join(base, 'php'), { recursive: true });
    cpSync(join(FIXTURES, 'resolve/py_rules'), join(base, 'py'), { recursive: true });
    const originals = new Map(listFiles(base).filter((f) => /\.(php|py|json)$/.test(f)).map((f) => [f, readFileSync(join(base, f), 'utf8')]));
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
