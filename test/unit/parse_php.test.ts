/**
 * PHP extraction: the facts one file gives, checked field by field.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractFacts } from '../../extension/core/parse/extract';
import type { FileFacts, SymbolFact } from '../../extension/core/parse/facts';

const SOURCE = `<?php
declare(strict_types=1);

namespace App\\Service;

use App\\Model\\{User, Order as O};
use function App\\Util\\helper;
use const App\\Util\\MAX;
use Foo\\Bar;

/** Does things. */
#[Attr]
final class Svc extends Base implements I1, I2
{
    use T1, T2;

    private ?Repo $repo;
    /** @var Cache */
    private $cache;
    /** @var Item[] */
    private array $items = [];
    const X = 1;

    public function __construct(private Repo $r, int $n = 3, $untyped = null)
    {
        parent::__construct();
        $this->clock = new Clock();
        $this->other = $r;
    }

    public static function make(): static
    {
        return new static();
    }

    /** @param Mailer $m */
    public function run(User $u, $m): ?O
    {
        $this->repo->find(1);
        self::make();
        static::make();
        $x = new Bar();
        $x->go();
        helper();
        \\strlen('a');
        Bar::stat();
        $f = fn ($a) => $a->b();
        $g = function (Item $i) use ($x) { $x->c(); };
        $this->r?->q();
        foreach ($this->items as $k => $it) {
            $it->price();
        }
        /** @var Hint $h */
        $h = $this->lookup();
        try {
        } catch (FooException | BarException $e) {
            $e->getMessage();
        }
        $o = new class extends Base { public function z() { zz(); } };
        return null;
    }
}

interface I1 extends I0
{
    public function m(): void;
}

trait T1
{
    public function t() {}
}

enum Suit: string implements I1
{
    case H = 'h';
    public function m(): void {}
}

function top(int $a): int
{
    return $a;
}

class SvcTest extends TestCase
{
    public function testRuns(): void {}
    /** @test */
    public function it_runs(): void {}
    #[Test]
    public function runs(): void {}
    public function helper(): void {}
}
`;

const byQn = (facts: FileFacts, qn: string): SymbolFact => {
  const s = facts.symbols.find((x) => x.qualifiedName === qn);
  assert.ok(s, `symbol ${qn} in ${facts.symbols.map((x) => x.qualifiedName).join(', ')}`);
  return s;
};

describe('php extraction', () => {
  it('types: class, interface, trait → class, enum, with namespace, bases, implements, mixins, doc and attributes', async () => {
    const f = await extractFacts('src/Svc.php', SOURCE, 'php');
    assert.equal(f.parseErrors, 0);
    const c = byQn(f, 'Svc');
    assert.equal(c.kind, 'class');
    assert.equal(c.namespace, 'App\\Service');
    assert.deepEqual(c.bases, ['Base']);
    assert.deepEqual(c.implements, ['I1', 'I2']);
    assert.deepEqual(c.mixins, ['T1', 'T2']);
    assert.equal(c.doc, 'Does things.');
    assert.deepEqual(c.decorators, ['Attr']);
    assert.equal(byQn(f, 'I1').kind, 'interface');
    assert.deepEqual(byQn(f, 'I1').bases, ['I0']);
    assert.equal(byQn(f, 'T1').kind, 'class');
    assert.equal(byQn(f, 'Suit').kind, 'enum');
    assert.equal(byQn(f, 'Suit.H').kind, 'constant');
    assert.equal(byQn(f, 'Svc.X').kind, 'constant');
    assert.equal(byQn(f, 'top').kind, 'function');
    assert.equal(byQn(f, 'top').namespace, 'App\\Service');
  });

  it('imports: one per name, group use, aliases, use function and use const', async () => {
    const f = await extractFacts('src/Svc.php', SOURCE, 'php');
    assert.deepEqual(
      f.imports.map((i) => [i.module, i.names[0]?.local, i.symbolKind]),
      [
        ['App\\Model\\User', 'User', undefined],
        ['App\\Model\\Order', 'O', undefined],
        ['App\\Util\\helper', 'helper', 'function'],
        ['App\\Util\\MAX', 'MAX', 'constant'],
        ['Foo\\Bar', 'Bar', undefined],
      ],
    );
  });

  it('methods: constructor, static, params with doc types, return types, fields from properties, promotion and $this assignments', async () => {
    const f = await extractFacts('src/Svc.php', SOURCE, 'php');
    const ctor = byQn(f, 'Svc.__construct');
    assert.equal(ctor.kind, 'method');
    assert.deepEqual(ctor.params?.map((p) => [p.name, p.type, p.isProperty]), [['$r', 'Repo', true], ['$n', 'int', undefined], ['$untyped', undefined, undefined]]);
    assert.equal(byQn(f, 'Svc.make').isStatic, true);
    assert.equal(byQn(f, 'Svc.make').returnType, 'static');
    assert.deepEqual(byQn(f, 'Svc.make').returns, undefined, 'a declared return type makes return chains unneeded');
    const run = byQn(f, 'Svc.run');
    assert.equal(run.returnType, '?O');
    assert.deepEqual(run.params?.map((p) => [p.name, p.type]), [['$u', 'User'], ['$m', 'Mailer']]);
    const fields = Object.fromEntries((byQn(f, 'Svc').fields ?? []).map((b) => [b.name, b.type ?? b.value?.join('.')]));
    assert.deepEqual(fields, { repo: '?Repo', cache: 'Cache', items: 'Item[]', r: 'Repo', clock: 'Clock', other: 'Repo' });
  });

  it('calls: functions, members, nullsafe, self/static/parent, new, closures transparent, anonymous classes transparent', async () => {
    const f = await extractFacts('src/Svc.php', SOURCE, 'php');
    const calls = f.calls.filter((c) => c.caller === 'Svc.run').map((c) => `${c.isNew ? 'new ' : ''}${c.callee.join(' ')}`);
    assert.deepEqual(calls, [
      '$this repo find',
      'self make',
      'static make',
      'new Bar',
      '$x go',
      'helper',
      '\\strlen',
      'Bar stat',
      '$a b',
      '$x c',
      '$this r q',
      '$it price',
      '$this lookup',
      '$e getMessage',
      'zz',
    ]);
    assert.deepEqual(f.calls.find((c) => c.caller === 'Svc.__construct')?.callee, ['parent', '__construct']);
    assert.ok(!f.symbols.some((s) => s.name === 'z'), 'a method of an anonymous class is no symbol');
  });

  it('locals: new, foreach elements, @var doc blocks, catch types, closure parameters', async () => {
    const f = await extractFacts('src/Svc.php', SOURCE, 'php');
    const locals = Object.fromEntries((byQn(f, 'Svc.run').locals ?? []).map((b) => [b.name, b.type ?? b.value?.join(' ')]));
    assert.equal(locals.$x, ':Bar');
    assert.equal(locals.$it, '$this items []');
    assert.equal(locals.$h, 'Hint');
    assert.equal(locals.$e, 'FooException');
    assert.equal(locals.$i, 'Item');
  });

  it('tests: test* methods of a test class, @test, #[Test]; other methods stay methods', async () => {
    const f = await extractFacts('tests/SvcTest.php', SOURCE, 'php');
    assert.deepEqual(
      ['SvcTest.testRuns', 'SvcTest.it_runs', 'SvcTest.runs', 'SvcTest.helper'].map((q) => byQn(f, q).kind),
      ['test', 'test', 'test', 'method'],
    );
  });

  it('instanceof narrows a receiver: if/elseif bodies, && and ?: guards, early exits; not the else branch', async () => {
    const src = `<?php
function f($h) {
  if ($h instanceof A && $h->ok()) { $h->a(); } elseif ($h instanceof B) { $h->b(); } else { $h->c(); }
  if (!$h instanceof C) { throw new X(); }
  $h->d();
  $y = $h instanceof D ? $h->e() : null;
  if ($this->x instanceof E) { foreach ($this->x->all() as $i) { $i->go(); } }
}
`;
    const f = await extractFacts('src/n.php', src, 'php');
    assert.deepEqual(
      f.calls.map((c) => c.callee.join(' ')),
      [':A ok', ':A a', ':B b', '$h c', 'X', ':C d', ':D e', ':E all', '$i go'],
    );
    assert.deepEqual(byQn(f, 'f').locals?.find((l) => l.name === '$i')?.value, [':E', 'all()', '[]']);
  });

  it('broken code is indexed as far as it parses', async () => {
    const f = await extractFacts('src/Broken.php', '<?php\nnamespace A;\nclass Ok { public function a() { b(); } }\nclass Bad { public function x( {\n', 'php');
    assert.ok(f.parseErrors > 0);
    assert.ok(f.symbols.some((s) => s.qualifiedName === 'Ok.a'));
    assert.deepEqual(f.calls.find((c) => c.caller === 'Ok.a')?.callee, ['b']);
  });
});
