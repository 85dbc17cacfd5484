/**
 * Incremental ≡ full with C and C++ in the workspace
 * ==================================================
 * The property test of incremental.test.ts on a mixed workspace: the C++ fixture (headers under
 * include/, out-of-line methods, namespaces, `using namespace`, tests) and the C fixture beside the
 * Python rule fixture. Besides line edits and renames, steps move files between folders (an
 * include found or lost), add and remove out-of-line definitions and prototypes (a call moves
 * between a declaration and a definition), add a `using namespace`, and write or break a
 * compile_commands.json that adds an include directory.
 */
import { cpSync, existsSync, mkdtempSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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
  | { kind: 'compile-commands'; n: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('rename-symbol' as const), file: fc.nat(), word: fc.nat() }),
  fc.record({ kind: fc.constant('delete-line' as const), file: fc.nat(), line: fc.nat() }),
  fc.record({ kind: fc.constant('duplicate-line' as const), file: fc.nat(), line: fc.nat() }),
  fc.record({ kind: fc.constant('append-def' as const), file: fc.nat(), n: fc.nat({ max: 5 }) }),
  fc.record({ kind: fc.constant('delete-file' as const), file: fc.nat() }),
  fc.record({ kind: fc.constant('move-file' as const), file: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('restore' as const), file: fc.nat() }),
  fc.record({ kind: fc.constant('compile-commands' as const), n: fc.nat({ max: 2 }) }),
);

const pick = <T>(list: readonly T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);
const SOURCE = /\.(py|c|h|cc|cpp|hpp)$/;

/** C/C++ additions that reach across files: out-of-line methods, constructors, receivers, prototypes. */
const CPP_DEFS = [
  'void shop::MemoryStore::log(const std::string& w) const { total(); }',
  'namespace shop { Money Item::discounted(int p) const { return price.plus(Money(p)); } }',
  'using namespace shop;\nvoid extra2() { MemoryStore s; s.put(Item("a", parseMoney("1"))); }',
  'int queue_pop(queue_t *q, int *out) { return queue_push(q, *out); }',
  'size_t queue_each(const queue_t *q, visit_fn visit, void *arg);\nint extra4(void) { return (int)queue_each(0, 0, 0); }',
  'static shop::Money extra5() { return shop::makeStore()->total(); }',
];

function apply(dir: string, originals: Map<string, string>, op: Op): string[] {
  const files = listFiles(dir).filter((f) => SOURCE.test(f));
  const native = files.filter((f) => !f.endsWith('.py'));
  const file = pick(op.kind === 'move-file' || op.kind === 'append-def' ? native : files, 'file' in op ? op.file : 0);
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
      const folders = [...new Set(native.map((f) => dirname(f)))];
      const target = `${pick(folders, op.to)}/${file.slice(file.lastIndexOf('/') + 1).replace(/^/, `m${op.to % 3}_`)}`;
      if (existsSync(join(dir, target))) return [];
      renameSync(join(dir, file), join(dir, target));
      return [file, target];
    }
    case 'compile-commands': {
      const path = 'cpp/compile_commands.json';
      const text = [
        JSON.stringify([{ directory: '/w/cpp', file: '/w/cpp/src/main.cpp', arguments: ['c++', '-I/w/cpp/include/shop', '-Iinclude', 'src/main.cpp'] }]),
        '{ not json',
        JSON.stringify([{ directory: '/w/c', file: '/w/c/src/main.c', command: 'cc -I ../c/include src/main.c' }]),
      ][op.n]!;
      writeFileSync(join(dir, path), text);
      return [path];
    }
    default:
      break;
  }
  if (!file) return [];
  const text = readFileSync(join(dir, file), 'utf8');
  const lines = text.split('\n');
  let next = text;
  if (op.kind === 'rename-symbol') {
    const words = [...new Set(text.match(/\b[A-Za-z_]\w{3,}\b/g) ?? [])].filter((w) => !['include', 'namespace', 'return', 'const'].includes(w));
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
    next += `\n${CPP_DEFS[op.n]}\n`;
  }
  writeFileSync(join(dir, file), next);
  return [file];
}

describe('incremental indexing with C and C++', () => {
  it('equals a full rebuild after edits, moves, definitions coming and going and compile_commands.json changes', async () => {
    const base = mkdtempSync(join(tmpdir(), 'kg-incr-cpp-'));
    cpSync(join(FIXTURES, 'cpp_shop'), join(base, 'cpp'), { recursive: true });
    cpSync(join(FIXTURES, 'c_queue'), join(base, 'c'), { recursive: true });
    cpSync(join(FIXTURES, 'resolve/py_rules'), join(base, 'py'), { recursive: true });
    const originals = new Map(listFiles(base).filter((f) => SOURCE.test(f)).map((f) => [f, readFileSync(join(base, f), 'utf8')]));
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
