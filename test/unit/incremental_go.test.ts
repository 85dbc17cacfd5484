/**
 * Incremental ≡ full with Go in the workspace
 * ============================================
 * The property test of incremental.test.ts on a mixed workspace: the Go fixture module
 * (test/fixtures/go_shop, several packages, methods declared away from their types, embedding)
 * beside the Python rule fixture. Besides line edits and renames, steps move Go files between
 * package folders, change a file's package clause, add a method to a type from another file,
 * append functions that call across packages, and edit go.mod's module path.
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
  | { kind: 'delete-file'; file: number }
  | { kind: 'move-file'; file: number; to: number }
  | { kind: 'restore'; file: number }
  | { kind: 'package'; file: number }
  | { kind: 'go-mod'; n: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('rename-symbol' as const), file: fc.nat(), word: fc.nat() }),
  fc.record({ kind: fc.constant('delete-line' as const), file: fc.nat(), line: fc.nat() }),
  fc.record({ kind: fc.constant('duplicate-line' as const), file: fc.nat(), line: fc.nat() }),
  fc.record({ kind: fc.constant('append-def' as const), file: fc.nat(), n: fc.nat({ max: 4 }) }),
  fc.record({ kind: fc.constant('delete-file' as const), file: fc.nat() }),
  fc.record({ kind: fc.constant('move-file' as const), file: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('restore' as const), file: fc.nat() }),
  fc.record({ kind: fc.constant('package' as const), file: fc.nat() }),
  fc.record({ kind: fc.constant('go-mod' as const), n: fc.nat({ max: 2 }) }),
);

const pick = <T>(list: readonly T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);

/** Go functions that reach across packages, through receivers, fields and constructors. */
const GO_BODIES = [
  'store.NewMemory().Put(&store.Item{ID: "x"})',
  'm := NewMemory()\n\tm.index.add(nil)\n\t_ = m.Size()',
  'var s Server\n\t_ = s.describeAll()',
  '_ = money.Total(money.Cents(1)).String()',
  'x := &Memory{}\n\tx.count()',
];

function apply(dir: string, originals: Map<string, string>, op: Op): string[] {
  const files = listFiles(dir).filter((f) => /\.(py|go)$/.test(f));
  const goFiles = files.filter((f) => f.endsWith('.go'));
  const file = pick(op.kind === 'package' || op.kind === 'move-file' ? goFiles : files, 'file' in op ? op.file : 0);
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
      const folders = [...new Set(goFiles.map((f) => dirname(f)))];
      const target = `${pick(folders, op.to)}/moved_${op.to % 5}.go`;
      if (existsSync(join(dir, target))) return [];
      renameSync(join(dir, file), join(dir, target));
      return [file, target];
    }
    case 'go-mod': {
      const mod = ['module example.com/shop\n\ngo 1.19\n', 'module example.com/other\n\ngo 1.19\n', 'go 1.19\n'][op.n]!;
      writeFileSync(join(dir, 'go/go.mod'), mod);
      return ['go/go.mod'];
    }
    default:
      break;
  }
  if (!file) return [];
  const text = readFileSync(join(dir, file), 'utf8');
  const lines = text.split('\n');
  let next = text;
  if (op.kind === 'rename-symbol') {
    const words = [...new Set(text.match(/\b[A-Za-z_]\w{3,}\b/g) ?? [])].filter((w) => w !== 'package' && w !== 'import');
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
  } else if (op.kind === 'package') {
    next = /^package \w+_test$/m.test(text) ? text.replace(/^package (\w+)_test$/m, 'package $1') : text.replace(/^package (\w+)$/m, 'package $1_test');
  } else if (op.kind === 'append-def') {
    if (file.endsWith('.py')) next += `\n\ndef extra_${op.n}():\n    make_service().run()\n`;
    else if (op.n === 4) next += `\nfunc (m *Memory) Extra${op.n}() int { m.count(); return m.Ops() }\n`;
    else next += `\nfunc Extra${op.n}() {\n\t${GO_BODIES[op.n]}\n}\n`;
  }
  writeFileSync(join(dir, file), next);
  return [file];
}

describe('incremental indexing with Go', () => {
  it('equals a full rebuild after edits, moves between packages, package clause and go.mod changes', async () => {
    const base = mkdtempSync(join(tmpdir(), 'kg-incr-go-'));
    cpSync(join(FIXTURES, 'go_shop'), join(base, 'go'), { recursive: true });
    cpSync(join(FIXTURES, 'resolve/py_rules'), join(base, 'py'), { recursive: true });
    const originals = new Map(listFiles(base).filter((f) => /\.(py|go)$/.test(f)).map((f) => [f, readFileSync(join(base, f), 'utf8')]));
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
