/**
 * Incremental updates of PHP files give exactly the graph a full rebuild gives
 * ===========================================================================
 * The property test of incremental.test.ts on a workspace mixing the PHP fixture (namespaces,
 * `use` imports, traits, interfaces, enums, composer.json's PSR-4 map) with the Python one:
 * random renames (of a class, a namespace, a method), line deletions and duplications, appended
 * classes and functions, file deletions, moves and restorations, each applied through
 * `update(paths)`, then compared with a fresh full index.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { applyRandomEdit, expectUpdatesEqualRebuild, listFiles, randomEditArb, type RandomEditRules } from '../helpers/incremental';
import { FIXTURES } from '../helpers/workspace';

/** PHP declarations to append: each one reaches into other files (a base, a trait, a function, a duplicate class). */
const PHP_APPENDS = [
  'namespace Acme\\Shop\\Model { class Order2 extends Order { public function extra() { $this->touch(); $this->total()->cents(); } } }\n',
  'namespace Acme\\Shop\\Support { function format_money(Money $m): string { return cents_part($m); } }\n',
  'namespace Acme\\Shop\\Model { trait Timestamps2 { public function touch(): static { return $this; } } class Line { public function price(): ?Order { return null; } } }\n',
  'namespace Acme\\Shop\\Support { final class Money { public static function of(int $c): Order { } } }\n',
  'namespace Acme\\Shop\\Extra { use Acme\\Shop\\Service\\Checkout as C; function x(C $c) { $c->start("a", "b")->describe(); C::make()->pay("1"); } }\n',
];

/** The files the random edits pick from, and what an append adds to each. */
const RULES: RandomEditRules = {
  files: /\.(php|py|json)$/,
  append: (file, n) => (file.endsWith('.json') ? undefined : file.endsWith('.php') ? `\n${PHP_APPENDS[n % PHP_APPENDS.length]}` : `\n\ndef extra_${n}():\n    return make_service().run()\n`),
};

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
        fc.asyncProperty(fc.array(randomEditArb, { minLength: 1, maxLength: 10 }), (ops) => expectUpdatesEqualRebuild(base, ops, (dir, op) => applyRandomEdit(dir, originals, op, RULES))),
        { numRuns: 40, seed: Number(process.env.KG_PROPERTY_SEED ?? 20261202) },
      );
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
