/**
 * Incremental ≡ full with Ruby in the workspace
 * ==============================================
 * The property test of incremental.test.ts on a mixed workspace: the Ruby fixture (test/fixtures/
 * ruby_shop: a class reopened across files, mixins, requires, Zeitwerk-style app/models, specs)
 * beside the Python rule fixture. Besides line edits and renames, steps reopen classes in new
 * files, add methods and mixins that change what other files' calls reach, move files, and
 * edit the Gemfile.
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
  | { kind: 'append-def'; file: number; n: number }
  | { kind: 'reopen'; n: number }
  | { kind: 'delete-file'; file: number }
  | { kind: 'move-file'; file: number; to: number }
  | { kind: 'restore'; file: number }
  | { kind: 'gemfile'; n: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('rename-symbol' as const), file: fc.nat(), word: fc.nat() }),
  fc.record({ kind: fc.constant('delete-line' as const), file: fc.nat(), line: fc.nat() }),
  fc.record({ kind: fc.constant('duplicate-line' as const), file: fc.nat(), line: fc.nat() }),
  fc.record({ kind: fc.constant('append-def' as const), file: fc.nat(), n: fc.nat({ max: 4 }) }),
  fc.record({ kind: fc.constant('reopen' as const), n: fc.nat({ max: 4 }) }),
  fc.record({ kind: fc.constant('delete-file' as const), file: fc.nat() }),
  fc.record({ kind: fc.constant('move-file' as const), file: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('restore' as const), file: fc.nat() }),
  fc.record({ kind: fc.constant('gemfile' as const), n: fc.nat({ max: 2 }) }),
);

const pick = <T>(list: readonly T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);

/** Ruby code that reaches across files: constructors, singleton methods, mixins, reopened classes. */
const RUBY_DEFS = [
  'def extra0\n  Shop::Inventory.new.add("x", 1)\nend',
  'class Shop::Report\n  def extra1\n    lines\n    header\n  end\nend',
  'module Shop\n  class Inventory\n    include Registry\n    def count\n      find(:x)\n    end\n  end\nend',
  'class Cart\n  def extra3\n    total\n    User.guest\n  end\nend',
  'module Shop::Countable\n  def size\n    count\n  end\nend',
];

function apply(dir: string, originals: Map<string, string>, op: Op): string[] {
  const files = listFiles(dir).filter((f) => /\.(py|rb)$/.test(f));
  const rbFiles = files.filter((f) => f.endsWith('.rb'));
  const file = pick(op.kind === 'move-file' ? rbFiles : files, 'file' in op ? op.file : 0);
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
      const folders = [...new Set(rbFiles.map((f) => dirname(f)))];
      const target = `${pick(folders, op.to)}/moved_${op.to % 5}.rb`;
      if (existsSync(join(dir, target))) return [];
      renameSync(join(dir, file), join(dir, target));
      return [file, target];
    }
    case 'reopen': {
      const path = `rb/lib/shop/reopened_${op.n}.rb`;
      writeFileSync(join(dir, path), `${RUBY_DEFS[op.n]}\n`);
      return [path];
    }
    case 'gemfile': {
      const text = ["gem 'rack'\n", "gem 'activesupport'\ngem 'minitest'\n", 'not a gemfile ((\n'][op.n]!;
      writeFileSync(join(dir, 'rb/Gemfile'), text);
      return ['rb/Gemfile'];
    }
    default:
      break;
  }
  if (!file) return [];
  const text = readFileSync(join(dir, file), 'utf8');
  const lines = text.split('\n');
  let next = text;
  if (op.kind === 'rename-symbol') {
    const words = [...new Set(text.match(/\b[A-Za-z_]\w{3,}\b/g) ?? [])].filter((w) => w !== 'class' && w !== 'module' && w !== 'require');
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
  } else if (op.kind === 'append-def') {
    if (file.endsWith('.py')) next += `\n\ndef extra_${op.n}():\n    make_service().run()\n`;
    else next += `\n${RUBY_DEFS[op.n]}\n`;
  }
  writeFileSync(join(dir, file), next);
  return [file];
}

describe('incremental indexing with Ruby', () => {
  it('equals a full rebuild after edits, reopened classes, new mixins, moves and Gemfile changes', async () => {
    const base = mkdtempSync(join(tmpdir(), 'kg-incr-rb-'));
    cpSync(join(FIXTURES, 'ruby_shop'), join(base, 'rb'), { recursive: true });
    cpSync(join(FIXTURES, 'resolve/py_rules'), join(base, 'py'), { recursive: true });
    const originals = new Map(listFiles(base).filter((f) => /\.(py|rb)$/.test(f)).map((f) => [f, readFileSync(join(base, f), 'utf8')]));
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 10 }), (ops) => expectUpdatesEqualRebuild(base, ops, (dir, op) => apply(dir, originals, op))),
        { numRuns: 30, seed: Number(process.env.KG_PROPERTY_SEED ?? 20261202) },
      );
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
