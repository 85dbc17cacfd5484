/**
 * Incremental updates give exactly the graph a full rebuild gives
 * ===============================================================
 * A property test: random sequences of edits, renames, deletions and additions over a workspace
 * that mixes the Python and TypeScript rule fixtures, each applied through `update(paths)`, then
 * compared with a fresh full index of the same files. Nested definitions take part: an inner
 * function is added, its body edited, hoisted to module level and nested again; a Python redefinition
 * (`if … def where() … else: def where()`) changes type.
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
  | { kind: 'nest'; file: number; hoisted: boolean; body: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('rename-symbol' as const), file: fc.nat(), word: fc.nat() }),
  fc.record({ kind: fc.constant('delete-line' as const), file: fc.nat(), line: fc.nat() }),
  fc.record({ kind: fc.constant('duplicate-line' as const), file: fc.nat(), line: fc.nat() }),
  fc.record({ kind: fc.constant('append-def' as const), file: fc.nat(), n: fc.nat({ max: 3 }) }),
  fc.record({ kind: fc.constant('delete-file' as const), file: fc.nat() }),
  fc.record({ kind: fc.constant('move-file' as const), file: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('restore' as const), file: fc.nat() }),
  fc.record({ kind: fc.constant('nest' as const), file: fc.nat(), hoisted: fc.boolean(), body: fc.nat({ max: 3 }) }),
);

const NEST_START = 'nest-start';
const NEST_END = 'nest-end';

/** An outer function with an inner one (or the inner hoisted to module level), between marker comments. */
function nestBlock(py: boolean, hoisted: boolean, body: string): string {
  if (py) {
    const inner = (indent: string): string => `${indent}def inner_fn():\n${indent}    ${body}\n${indent}    return Repository()\n`;
    const outer = hoisted ? 'def outer_fn():\n    return inner_fn().add(2)\n' : `def outer_fn():\n${inner('    ')}    return inner_fn().add(2)\n`;
    return `# ${NEST_START}\n${hoisted ? `${inner('')}\n` : ''}${outer}# ${NEST_END}\n`;
  }
  const inner = `function innerFn() { ${body}; return new Repo(); }`;
  const outer = `export function outerFn() {\n${hoisted ? '' : `  ${inner}\n`}  [1].forEach(() => innerFn());\n  return innerFn().find('b');\n}\n`;
  return `// ${NEST_START}\n${hoisted ? `${inner}\n` : ''}${outer}// ${NEST_END}\n`;
}

const pick = <T>(list: readonly T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);

/** Applies one operation to the files under `dir`; returns the root-relative paths it touched. */
function apply(dir: string, originals: Map<string, string>, op: Op): string[] {
  const files = listFiles(dir).filter((f) => /\.(py|ts|tsx|js)$/.test(f));
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
  const py = file.endsWith('.py');
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
  } else if (op.kind === 'nest') {
    const bodies = py ? ['slugify("x")', 'make_service().run()', 'helpers.assist()', 'pass'] : ['slugify("x")', 'makeService().run([])', 'open()', 'void 0'];
    const start = text.indexOf(NEST_START);
    const end = text.indexOf(NEST_END);
    const kept = start >= 0 && end > start ? text.slice(0, text.lastIndexOf('\n', start) + 1) + text.slice(text.indexOf('\n', end) + 1) : text;
    next = `${kept}${kept.endsWith('\n') ? '' : '\n'}${nestBlock(py, op.hoisted, bodies[op.body]!)}`;
  } else if (op.kind === 'append-def') {
    const body = py ? ['make_service().run()', 'Repository().add(1)', 'slugify("x")', 'helpers.assist()'] : ['makeService().run([])', 'new Repo().find("a")', 'slugify("x")', 'open()'];
    next += py ? `\n\ndef extra_${op.n}():\n    ${body[op.n]}\n` : `\nexport function extra${op.n}() {\n  ${body[op.n]};\n}\n`;
  }
  writeFileSync(join(dir, file), next);
  return [file];
}

describe('incremental indexing', () => {
  it('equals a full rebuild after any sequence of edits, moves, deletions and restorations', async () => {
    const base = mkdtempSync(join(tmpdir(), 'kg-incr-'));
    cpSync(join(FIXTURES, 'resolve/py_rules'), join(base, 'py'), { recursive: true });
    cpSync(join(FIXTURES, 'resolve/ts_rules'), join(base, 'ts'), { recursive: true });
    const originals = new Map(listFiles(base).filter((f) => !f.endsWith('.json')).map((f) => [f, readFileSync(join(base, f), 'utf8')]));
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 10 }), (ops) => expectUpdatesEqualRebuild(base, ops, (dir, op) => apply(dir, originals, op))),
        { numRuns: 40, seed: Number(process.env.KG_PROPERTY_SEED ?? 20261129) },
      );
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });

  it('follows a Python redefinition (`where@2`) when its return type changes in another file', async () => {
    const base = mkdtempSync(join(tmpdir(), 'kg-incr-redef-'));
    const branch = (cls: string): string => `    def where() -> ${cls}:\n        return ${cls}()\n`;
    const a = (last: string): string =>
      `import sys\n\nclass A:\n    def m(self): pass\n\nclass B:\n    def m(self): pass\n\nif sys.platform == "win32":\n${branch('A')}else:\n${branch(last)}`;
    writeFileSync(join(base, 'a.py'), a('A'));
    writeFileSync(join(base, 'b.py'), 'from a import where\n\ndef use():\n    where().m()\n');
    try {
      await expectUpdatesEqualRebuild(base, ['B', 'A'], (dir, last) => {
        writeFileSync(join(dir, 'a.py'), a(last));
        return ['a.py'];
      });
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
