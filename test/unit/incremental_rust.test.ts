/**
 * Incremental updates equal a full rebuild, with Rust in the workspace
 * ====================================================================
 * The property of incremental.test.ts on a workspace mixing the Python rule fixture with the
 * rust_rules Cargo workspace: random edits, renames, deletions, moves, restorations and appended
 * functions (calling across modules and crates, through impls and traits) applied through
 * `update(paths)`, then compared with a fresh full index. Moves and deletions of `mod` files
 * change the module tree other files resolve through.
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
  | { kind: 'restore'; file: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('rename-symbol' as const), file: fc.nat(), word: fc.nat() }),
  fc.record({ kind: fc.constant('delete-line' as const), file: fc.nat(), line: fc.nat() }),
  fc.record({ kind: fc.constant('duplicate-line' as const), file: fc.nat(), line: fc.nat() }),
  fc.record({ kind: fc.constant('append-def' as const), file: fc.nat(), n: fc.nat({ max: 4 }) }),
  fc.record({ kind: fc.constant('delete-file' as const), file: fc.nat() }),
  fc.record({ kind: fc.constant('move-file' as const), file: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('restore' as const), file: fc.nat() }),
);

const RUST_BODIES = [
  'crate::repo::Repository::new().add(crate::repo::Item { id: 1, price: 2 });',
  'let s = crate::service::Service::new(); s.area();',
  'rr_util::slugify("x");',
  'impl crate::repo::Item { pub fn extra_total(&self) -> u32 { self.total() } }',
  'let r: crate::repo::Repository = Default::default(); r.find(1).unwrap().total();',
];
const PY_BODIES = ['make_service().run()', 'Repository().add(1)', 'slugify("x")', 'helpers.assist()', 'pass'];

const pick = <T>(list: readonly T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);

function apply(dir: string, originals: Map<string, string>, op: Op): string[] {
  const files = listFiles(dir).filter((f) => /\.(py|rs)$/.test(f));
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
      const target = `${pick(folders, op.to)}/moved_${op.to % 7}${file.slice(file.lastIndexOf('.'))}`;
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
  const rust = file.endsWith('.rs');
  let next = text;
  if (op.kind === 'rename-symbol') {
    const words = [...new Set(text.match(/\b[A-Za-z_]\w{3,}\b/g) ?? [])];
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
    if (rust) {
      const body = RUST_BODIES[op.n]!;
      next += body.startsWith('impl') ? `\n${body}\n` : `\npub fn extra_${op.n}() {\n    ${body}\n}\n`;
    } else next += `\n\ndef extra_${op.n}():\n    ${PY_BODIES[op.n]}\n`;
  }
  writeFileSync(join(dir, file), next);
  return [file];
}

describe('incremental indexing with Rust', () => {
  it('equals a full rebuild after any sequence of edits, moves, deletions and restorations', async () => {
    const base = mkdtempSync(join(tmpdir(), 'kg-incr-rs-'));
    cpSync(join(FIXTURES, 'resolve/py_rules'), join(base, 'py'), { recursive: true });
    cpSync(join(FIXTURES, 'rust_rules'), join(base, 'rs'), { recursive: true });
    const originals = new Map(listFiles(base).filter((f) => /\.(py|rs)$/.test(f)).map((f) => [f, readFileSync(join(base, f), 'utf8')]));
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
