/**
 * TypeScript / JavaScript extractor tests
 * =======================================
 * One test per extraction rule on small inline sources, plus TSX/JSX, CommonJS, broken and deeply
 * nested code and a realistic module.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ExtractedFacts } from '../../extension/core/parse/facts';
import type { LanguageId, SymbolFact } from '../../extension/core/parse/facts';
import { loadGrammar } from '../../extension/core/parse/grammar';
import { MAX_NESTING, MAX_QUALIFIED_NAME } from '../../extension/core/parse/nesting';
import { extractTypeScript } from '../../extension/core/parse/typescript';
import { scanChain } from '../../extension/core/parse/typescript_syntax';

async function facts(source: string, language: LanguageId = 'typescript'): Promise<ExtractedFacts> {
  const grammar = await loadGrammar(language);
  const tree = grammar.parser.parse(source);
  assert.ok(tree);
  try {
    return extractTypeScript({ tree, source, path: 'x.ts', language, grammar });
  } finally {
    tree.delete();
  }
}

function sym(f: ExtractedFacts, qualifiedName: string): SymbolFact {
  const s = f.symbols.find((x) => x.qualifiedName === qualifiedName);
  assert.ok(s, `no symbol ${qualifiedName} in ${f.symbols.map((x) => x.qualifiedName).join(', ')}`);
  return s;
}

test('class with generics, heritage, decorators, JSDoc and export', async () => {
  const f = await facts(`/** A cache. */\n@injectable()\nexport class Cache<T> extends Base implements Store {\n}\n`);
  assert.deepEqual(sym(f, 'Cache'), {
    kind: 'class',
    name: 'Cache',
    qualifiedName: 'Cache',
    line: 3,
    startLine: 2,
    endLine: 4,
    signature: 'export class Cache<T> extends Base implements Store',
    doc: 'A cache.',
    decorators: ['injectable()'],
    bases: ['Base'],
    implements: ['Store'],
    exported: true,
  });
});

test('interfaces, enums, type aliases, abstract classes', async () => {
  const f = await facts(`interface Store<K> extends A, B { get(k: K): void }\nenum Color { Red }\ntype Id = string | number;\nabstract class Shape { abstract area(): number; }\n`);
  assert.deepEqual(
    f.symbols.map((s) => [s.kind, s.qualifiedName, s.signature]),
    [
      ['interface', 'Store', 'interface Store<K> extends A, B'],
      ['method', 'Store.get', 'get(k: K): void'],
      ['enum', 'Color', 'enum Color'],
      ['type', 'Id', 'type Id = string | number'],
      ['class', 'Shape', 'abstract class Shape'],
      ['method', 'Shape.area', 'abstract area(): number'],
    ],
  );
  assert.deepEqual(sym(f, 'Store').bases, ['A', 'B']);
  assert.equal(sym(f, 'Shape').isAbstract, true);
  assert.equal(sym(f, 'Shape.area').isAbstract, true);
});

test('interface members: method signatures are methods, property signatures fields; other members and object types are not', async () => {
  const src = [
    'export interface Store<K> {',
    '  readonly name: string;',
    '  size?: number;',
    '  /** Writes it down. */',
    '  persist(key: K, ...rest: unknown[]): Promise<void>;',
    '  persist(key: string): Promise<void>;',
    '  find?(key: K): Item | undefined;',
    '  new (x: number): Store<K>;',
    '  (y: string): void;',
    '  [key: string]: unknown;',
    '}',
    'type Shape = { area(): number; name: string };',
    'function use(s: Store<string>) { s.persist("k"); }',
  ].join('\n');
  const f = await facts(src);
  assert.deepEqual(
    f.symbols.map((s) => s.qualifiedName),
    ['Store', 'Store.persist', 'Store.find', 'Shape', 'use'],
  );
  assert.deepEqual(sym(f, 'Store.persist'), {
    kind: 'method',
    name: 'persist',
    qualifiedName: 'Store.persist',
    parent: 'Store',
    line: 5,
    startLine: 5,
    endLine: 5,
    signature: 'persist(key: K, ...rest: unknown[]): Promise<void>',
    doc: 'Writes it down.',
    params: [
      { name: 'key', type: 'K' },
      { name: 'rest', type: 'unknown[]', isRest: true },
    ],
    returnType: 'Promise<void>',
    exported: false,
  });
  assert.equal(sym(f, 'Store.find').returnType, 'Item | undefined');
  assert.deepEqual(sym(f, 'Store').fields, [
    { name: 'name', type: 'string', line: 2 },
    { name: 'size', type: 'number', line: 3 },
  ]);
  assert.equal(sym(f, 'Shape').fields, undefined);
  assert.deepEqual(
    f.references.filter((r) => r.chain[0] === 'Item').map((r) => r.from),
    ['Store.find'],
  );
});

test('abstract methods and declare class members carry params and return types', async () => {
  const f = await facts(`abstract class Shape {\n  abstract area(scale: number): number;\n}\ndeclare class Ext {\n  m(a?: string): Ext;\n  count: number;\n}\n`);
  assert.deepEqual(
    [sym(f, 'Shape.area'), sym(f, 'Ext.m')].map((s) => [s.params, s.returnType, s.isAbstract]),
    [
      [[{ name: 'scale', type: 'number' }], 'number', true],
      [[{ name: 'a', type: 'string' }], 'Ext', undefined],
    ],
  );
  assert.deepEqual(sym(f, 'Ext').fields, [{ name: 'count', type: 'number', line: 6 }]);
});

test('function declarations with params, return type, async and returns', async () => {
  const f = await facts(`export async function load(path: string, opts?: Opts, ...rest: number[]): Promise<Graph> {\n  if (x) return new Graph();\n  return build(path);\n}\n`);
  const load = sym(f, 'load');
  assert.equal(load.signature, 'export async function load(path: string, opts?: Opts, ...rest: number[]): Promise<Graph>');
  assert.deepEqual(load.params, [
    { name: 'path', type: 'string' },
    { name: 'opts', type: 'Opts' },
    { name: 'rest', type: 'number[]', isRest: true },
  ]);
  assert.equal(load.returnType, 'Promise<Graph>');
  assert.equal(load.isAsync, true);
  assert.deepEqual(load.returns, [['Graph()'], ['build()']]);
});

test('module-level arrow and function-expression constants are functions; other consts are constants', async () => {
  const f = await facts(`const f = () => 1;\nexport const g = async (a = 2) => make();\nconst h = function () {};\nexport const MAX = 10;\nlet counter = 0;\nconst api = new Api();\n`);
  assert.deepEqual(
    f.symbols.map((s) => [s.kind, s.name, s.exported]),
    [
      ['function', 'f', false],
      ['function', 'g', true],
      ['function', 'h', false],
      ['constant', 'MAX', true],
      ['variable', 'counter', false],
      ['constant', 'api', false],
    ],
  );
  assert.deepEqual(sym(f, 'g').params, [{ name: 'a', default: '2' }]);
  assert.deepEqual(sym(f, 'g').returns, [['make()']]);
  assert.deepEqual(f.bindings, [{ name: 'api', value: ['Api()'], line: 6 }]);
});

test('class members: methods, accessors, static, field arrows, parameter properties and fields', async () => {
  const src = [
    'class Svc {',
    '  private client: Client;',
    '  cache = new Map();',
    '  constructor(private readonly db: Db, name: string) { this.name = name; this.log = new Logger(); }',
    '  static create(): Svc { return new Svc(); }',
    '  get size(): number { return 1; }',
    '  onClick = (e: Event) => { this.handle(e); };',
    '}',
  ].join('\n');
  const f = await facts(src);
  assert.deepEqual(
    f.symbols.map((s) => s.qualifiedName),
    ['Svc', 'Svc.constructor', 'Svc.create', 'Svc.size', 'Svc.onClick'],
  );
  assert.equal(sym(f, 'Svc.create').isStatic, true);
  assert.deepEqual(sym(f, 'Svc.constructor').params, [
    { name: 'db', type: 'Db', isProperty: true },
    { name: 'name', type: 'string' },
  ]);
  assert.deepEqual(sym(f, 'Svc').fields, [
    { name: 'client', type: 'Client', line: 2 },
    { name: 'cache', value: ['Map()'], line: 3 },
    { name: 'name', value: ['name'], type: 'string', line: 4 },
    { name: 'log', value: ['Logger()'], line: 4 },
    { name: 'db', type: 'Db', line: 4 },
  ]);
  assert.deepEqual(
    f.calls.filter((c) => c.caller === 'Svc.onClick'),
    [{ caller: 'Svc.onClick', callee: ['this', 'handle'], line: 7 }],
  );
});

test('named nested definitions are symbols; object-literal methods and anonymous arrows stay transparent', async () => {
  const src = [
    'function outer() {',
    '  function inner() { deep(); }',
    '  const cb = () => other();',
    '  class Local { go() { fourth(); } }',
    '  const x = helper(() => fifth());',
    '  return { m() { third(); } };',
    '}',
    "it('works', () => {",
    '  function make() { return sixth(); }',
    '});',
    '',
  ].join('\n');
  const f = await facts(src);
  assert.deepEqual(f.symbols.map((s) => [s.kind, s.qualifiedName, s.parent]), [
    ['function', 'outer', undefined],
    ['function', 'outer.inner', 'outer'],
    ['function', 'outer.cb', 'outer'],
    ['class', 'outer.Local', 'outer'],
    ['method', 'outer.Local.go', 'outer.Local'],
    ['test', 'works', undefined],
    ['function', 'works.make', 'works'],
  ]);
  assert.deepEqual(sym(f, 'outer.inner').line, 2);
  assert.deepEqual(
    f.calls.map((c) => [c.caller, c.callee.join('.')]),
    [
      ['outer.inner', 'deep'],
      ['outer.cb', 'other'],
      ['outer.Local.go', 'fourth'],
      ['outer', 'helper'],
      ['outer', 'fifth'],
      ['outer', 'third'],
      [undefined, 'it'],
      ['works.make', 'sixth'],
    ],
  );
});

test('nesting is capped: hundreds of levels neither overflow nor make long ids', async () => {
  const depth = 300;
  const src = `${'function f() {\n'.repeat(depth)}g();\n${'}\n'.repeat(depth)}`;
  const f = await facts(src);
  assert.equal(f.symbols.length, MAX_NESTING + 1);
  assert.ok(f.symbols.every((s) => s.qualifiedName.length <= MAX_QUALIFIED_NAME));
  assert.equal(f.calls.at(-1)?.caller, f.symbols.at(-1)?.qualifiedName, 'the deepest definition owns what is nested below it');
});

test('overloads keep the implementation; declarations alone keep the first; declare is a symbol', async () => {
  const f = await facts(`function over(a: string): void;\nfunction over(a: number): void;\nfunction over(a: unknown) {}\ndeclare function amb(x: number): void;\ndeclare class Ext { m(): void; }\n`);
  assert.deepEqual(f.symbols.map((s) => [s.qualifiedName, s.line]), [
    ['over', 3],
    ['amb', 4],
    ['Ext', 5],
    ['Ext.m', 5],
  ]);
  assert.equal(sym(f, 'over').signature, 'function over(a: unknown)');
});

test('export default forms and export =', async () => {
  assert.equal((await facts('export default function () { run(); }\n')).defaultExport, 'default');
  const anon = await facts('export default function () { run(); }\n');
  assert.deepEqual(anon.symbols.map((s) => [s.kind, s.name, s.exported]), [['function', 'default', true]]);
  assert.deepEqual(anon.calls, [{ caller: 'default', callee: ['run'], line: 1 }]);
  assert.equal((await facts('export default class Foo {}\n')).defaultExport, 'Foo');
  const named = await facts('class Foo {}\nexport default Foo;\n');
  assert.equal(named.defaultExport, 'Foo');
  assert.equal(sym(named, 'Foo').exported, true);
  assert.equal((await facts('class Bar {}\nexport = Bar;\n')).defaultExport, 'Bar');
});

test('imports: default, named, namespace, side effect, type-only, require forms, dynamic', async () => {
  const src = [
    'import X, { a as b, c } from "./m";',
    'import * as ns from "ns";',
    'import "./side";',
    'import type { T } from "./types";',
    'import { type U, type V } from "./uv";',
    'import { type W, w } from "./w";',
    'import eq = require("eq");',
    'const fs = require("fs");',
    'const { join, sep: s } = require("path");',
    'function lazy() { return import("./lazy"); }',
  ].join('\n');
  const f = await facts(src);
  assert.deepEqual(f.imports, [
    { module: './m', line: 1, names: [{ imported: 'default', local: 'X' }, { imported: 'a', local: 'b' }, { imported: 'c', local: 'c' }] },
    { module: 'ns', line: 2, names: [{ imported: '*module*', local: 'ns' }] },
    { module: './side', line: 3, names: [] },
    { module: './types', line: 4, names: [{ imported: 'T', local: 'T' }], typeOnly: true },
    { module: './uv', line: 5, names: [{ imported: 'U', local: 'U' }, { imported: 'V', local: 'V' }], typeOnly: true },
    { module: './w', line: 6, names: [{ imported: 'W', local: 'W' }, { imported: 'w', local: 'w' }] },
    { module: 'eq', line: 7, names: [{ imported: '*module*', local: 'eq' }] },
    { module: 'fs', line: 8, names: [{ imported: '*module*', local: 'fs' }] },
    { module: 'path', line: 9, names: [{ imported: 'join', local: 'join' }, { imported: 'sep', local: 's' }] },
    { module: './lazy', line: 10, names: [], dynamic: true, scope: 'lazy' },
  ]);
  assert.deepEqual(f.symbols.map((s) => s.name), ['lazy']);
});

test('re-exports and local export lists', async () => {
  const f = await facts(`export * from "./a";\nexport * as ns from "./b";\nexport { x, y as z } from "./c";\nexport { default, default as D } from "./d";\nfunction a() {}\nexport { a as b };\n`);
  assert.deepEqual(f.exports, [
    { module: './a', star: true, line: 1 },
    { module: './b', star: true, names: [{ imported: '*module*', exported: 'ns' }], line: 2 },
    { module: './c', names: [{ imported: 'x', exported: 'x' }, { imported: 'y', exported: 'z' }], line: 3 },
    { module: './d', names: [{ imported: 'default', exported: 'default' }, { imported: 'default', exported: 'D' }], line: 4 },
    { names: [{ imported: 'a', exported: 'b' }], line: 6 },
  ]);
  assert.equal(sym(f, 'a').exported, true);
});

test('call chains: this, call results, new, super, optional, casts, subscripts, tagged templates', async () => {
  const src = [
    'class K extends B {',
    '  m() {',
    '    this.a.b();',
    '    make().run();',
    '    new Foo().bar();',
    '    super.save();',
    '    a?.b();',
    '    (x as Foo).bar();',
    '    x!.baz();',
    '    a[0].f();',
    '    styled.div`x`;',
    '  }',
    '  constructor() { super(1); }',
    '}',
  ].join('\n');
  const f = await facts(src);
  const calls = f.calls.map((c) => [c.callee.join('|'), c.line, c.isNew ?? false]);
  assert.deepEqual(calls, [
    ['this|a|b', 3, false],
    ['make', 4, false],
    ['make()|run', 4, false],
    ['Foo()|bar', 5, false],
    ['super|save', 6, false],
    ['a|b', 7, false],
    ['x|bar', 8, false],
    ['x|baz', 9, false],
    ['a|[]|f', 10, false],
    ['styled|div', 11, false],
    ['super', 13, false],
    ['Foo', 5, true],
  ]);
  assert.ok(f.calls.every((c) => c.caller === 'K.m' || c.caller === 'K.constructor'));
});

test('chains read from the text agree with the tree; unclear texts are left to the tree', async () => {
  assert.deepEqual(scanChain('expect(f(1, ")", [2])).toBe'), ['expect()', 'toBe']);
  assert.deepEqual(scanChain('z\n  .string()\n  ?.min(1, { message: "a\\"(" })\n  .parse'), ['z', 'string()', 'min()', 'parse']);
  assert.deepEqual(scanChain('this.#items.at(0).run'), ['this', '#items', 'at()', 'run']);
  for (const unclear of ['a[0].b', '(x as T).y', 'x!.y', 'f<T>(x).y', 'f(/\\(/).y', 'f(`${a}`).y', 'a?.(1).b', 'new A().b', 'a /* c */ .b', 'f(x']) {
    assert.equal(scanChain(unclear), undefined, unclear);
  }
  const f = await facts('function g() {\n  expect(f(1, ")")).toBe(2);\n  a[0].b();\n  f(/\\(/).y();\n}\n');
  assert.deepEqual(f.calls.map((c) => c.callee.join('|')), ['expect', 'f', 'expect()|toBe', 'a|[]|b', 'f', 'f()|y']);
});

test('references: callbacks, this-members, instanceof, types; locals and params skipped', async () => {
  const src = [
    'import { handler, Foo, Opts } from "./x";',
    'export function wire(items: Item[], opts: Opts): Result<Foo> {',
    '  const local = 1;',
    '  items.map(handler);',
    '  emitter.on("x", this.onX);',
    '  use(local, opts);',
    '  if (opts instanceof Foo) {}',
    '  check(opts satisfies Config);',
    '  return cfg;',
    '}',
  ].join('\n');
  const f = await facts(src);
  assert.deepEqual(
    f.references.map((r) => [r.chain.join('.'), r.isType ?? false]),
    [
      ['handler', false],
      ['this.onX', false],
      ['Foo', false],
      ['cfg', false],
      ['Item', true],
      ['Opts', true],
      ['Result', true],
      ['Foo', true],
      ['Config', true],
    ],
  );
  assert.ok(f.references.every((r) => r.from === 'wire'));
});

test('locals inside functions: new, annotation, call, this-member, destructuring', async () => {
  const f = await facts(
    `function run() {\n  const a = new Foo();\n  const b: Bar = get();\n  const c = make();\n  const d = this.y;\n  const { e, f: g, h = 1 } = obj;\n  const [i] = list;\n  const { j }: Opts = load();\n  const n = 1;\n}\n`,
  );
  assert.deepEqual(sym(f, 'run').locals, [
    { name: 'a', value: ['Foo()'], line: 2 },
    { name: 'b', type: 'Bar', value: ['get()'], line: 3 },
    { name: 'c', value: ['make()'], line: 4 },
    { name: 'd', value: ['this', 'y'], line: 5 },
    { name: 'e', value: ['obj', 'e'], line: 6 },
    { name: 'g', value: ['obj', 'f'], line: 6 },
    { name: 'h', value: ['obj', 'h'], line: 6 },
    { name: 'i', value: ['list', '[]'], line: 7 },
    { name: 'j', value: ['load()', 'j'], line: 8 },
  ]);
  assert.deepEqual(f.bindings, []);
});

test('tests: describe / it / test with .only, .skip, .each, nesting and attribution', async () => {
  const src = [
    'describe("Cache", () => {',
    '  beforeEach(() => reset());',
    '  describe("put", () => {',
    '    it("stores", async () => { cache.put(1); });',
    '    it.skip("skips", () => {});',
    '  });',
    '  test.each([[1]])("each %i", (n) => { check(n); });',
    '});',
    'it.only("top", function () {});',
  ].join('\n');
  const f = await facts(src);
  assert.deepEqual(
    f.symbols.map((s) => [s.kind, s.qualifiedName, s.parent]),
    [
      ['test', 'Cache', undefined],
      ['test', 'Cache > put', 'Cache'],
      ['test', 'Cache > put > stores', 'Cache > put'],
      ['test', 'Cache > put > skips', 'Cache > put'],
      ['test', 'Cache > each %i', 'Cache'],
      ['test', 'top', undefined],
    ],
  );
  const by = (callee: string): string | undefined => f.calls.find((c) => c.callee.join('.') === callee)?.caller;
  assert.equal(by('cache.put'), 'Cache > put > stores');
  assert.equal(by('reset'), 'Cache');
  assert.equal(by('check'), 'Cache > each %i');
  assert.equal(by('describe'), undefined);
  assert.equal(sym(f, 'Cache > put > stores').signature, 'it("stores")');
});

test('TSX: components are references, attribute handlers too, intrinsic tags are not', async () => {
  const src = `import { Button } from "./ui";\nexport function App() {\n  return <div onClick={onTap}><Button label="x" /><Ui.Panel></Ui.Panel></div>;\n}\n`;
  const f = await facts(src, 'tsx');
  assert.deepEqual(
    f.references.map((r) => [r.chain.join('.'), r.from]),
    [
      ['onTap', 'App'],
      ['Button', 'App'],
      ['Ui.Panel', 'App'],
    ],
  );
});

test('JSX elements of components are calls of the component, once per element; intrinsic tags are not', async () => {
  const src = `export function App() {\n  return <div><Button label="x" />\n    <Ui.Panel>\n      <span />\n    </Ui.Panel><List<Item> items={xs} /></div>;\n}\n`;
  const tsx = await facts(src, 'tsx');
  assert.deepEqual(tsx.calls, [
    { caller: 'App', callee: ['Button'], line: 2 },
    { caller: 'App', callee: ['Ui', 'Panel'], line: 3 },
    { caller: 'App', callee: ['List'], line: 5 },
  ]);
  const js = await facts('const View = () => <Panel onClick={go}><Inner /></Panel>;\n', 'javascript');
  assert.deepEqual(js.calls, [
    { caller: 'View', callee: ['Panel'], line: 1 },
    { caller: 'View', callee: ['Inner'], line: 1 },
  ]);
});

test('for-of variables and array-callback parameters are elements of what they iterate', async () => {
  const src = [
    'class Runner {',
    '  run(jobs: Job[]) {',
    '    for (const job of jobs) job.start();',
    '    for (const item of this.items) item.go();',
    '    for (const k in this.byId) use(k);',
    '    for (const [a, b] of pairs) use(a, b);',
    '    jobs.filter((j) => j.ready).forEach((j) => j.start());',
    '    this.items.map(function (it) { return it.id; });',
    '    jobs.some(x => x.failed);',
    '    jobs.find((t: Task) => t.done);',
    '    jobs.reduce((acc, j) => acc.plus(j.cost), Total.zero());',
    '    jobs.map(f).forEach((y) => y.start());',
    '    const ids = jobs.map(f);',
    '    for (const id of ids) use(id);',
    '    jobs.forEach(({ name }) => use(name));',
    '  }',
    '}',
  ].join('\n');
  const f = await facts(src);
  assert.deepEqual(sym(f, 'Runner.run').locals, [
    { name: 'ids', value: ['jobs', 'map()'], line: 13 },
    { name: 'job', value: ['jobs', '[]'], line: 3 },
    { name: 'item', value: ['this', 'items', '[]'], line: 4 },
    { name: 'j', value: ['jobs', '[]'], line: 7 },
    { name: 'j', value: ['jobs', '[]'], line: 7 },
    { name: 'it', value: ['this', 'items', '[]'], line: 8 },
    { name: 'x', value: ['jobs', '[]'], line: 9 },
    { name: 't', type: 'Task', line: 10 },
    { name: 'j', value: ['jobs', '[]'], line: 11 },
    { name: 'acc', value: ['Total', 'zero()'], line: 11 },
  ]);
  // Callback parameters stay local names: not references.
  assert.ok(!f.references.some((r) => ['job', 'j', 'x', 't', 'acc'].includes(r.chain[0]!)));
});

test('element bindings in JavaScript and at module level (never shadowing a module name)', async () => {
  const js = await facts('function f(xs) {\n  xs.forEach((x) => x.run());\n  for (const y of xs) y.run();\n}\n', 'javascript');
  assert.deepEqual(sym(js, 'f').locals, [
    { name: 'y', value: ['xs', '[]'], line: 3 },
    { name: 'x', value: ['xs', '[]'], line: 2 },
  ]);
  const top = await facts('const api = new Api();\nfor (const w of workers) w.start();\nfor (const api of apis) api.stop();\n');
  assert.deepEqual(top.bindings, [
    { name: 'api', value: ['Api()'], line: 1 },
    { name: 'w', value: ['workers', '[]'], line: 2 },
  ]);
});

test('`a ?? b`, `a || b` and `c ? a : b` bind (and return) their first alternative; catch bindings stay untyped', async () => {
  const src = [
    'function pick(c: boolean) {',
    '  const a = cached ?? new Store();',
    '  const b = this.store || makeStore();',
    '  const d = c ? new Left() : new Right();',
    '  const e = x && y;',
    '  try { run(); } catch (err) { err.log(); }',
    '  return opts.store ?? fallback();',
    '}',
  ].join('\n');
  const f = await facts(src);
  assert.deepEqual(sym(f, 'pick').locals, [
    { name: 'a', value: ['cached'], line: 2 },
    { name: 'b', value: ['this', 'store'], line: 3 },
    { name: 'd', value: ['Left()'], line: 4 },
  ]);
  assert.deepEqual(sym(f, 'pick').returns, [['opts', 'store']]);
});

test('JavaScript prototype methods and module.exports = function / class', async () => {
  const src = [
    'function Queue() { this.items = []; }',
    'Queue.prototype.push = function (item) { this.items.push(item); };',
    'Unknown.prototype.pop = function () {};',
    'module.exports = function makeQueue() { return new Queue(); };',
  ].join('\n');
  const f = await facts(src, 'javascript');
  assert.deepEqual(
    f.symbols.map((s) => [s.kind, s.qualifiedName, s.parent, s.exported]),
    [
      ['function', 'Queue', undefined, false],
      ['method', 'Queue.push', 'Queue', false],
      ['function', 'makeQueue', undefined, true],
    ],
  );
  assert.equal(sym(f, 'Queue.push').signature, 'Queue.prototype.push = function (item)');
  assert.deepEqual(sym(f, 'Queue.push').params, [{ name: 'item' }]);
  assert.equal(f.defaultExport, 'makeQueue');
  assert.deepEqual(f.calls.find((c) => c.callee.join('.') === 'this.items.push')?.caller, 'Queue.push');
  const cls = await facts('module.exports = class extends Base {\n  get(k) { return k; }\n};\n', 'javascript');
  assert.deepEqual(cls.symbols.map((s) => [s.kind, s.qualifiedName]), [
    ['class', 'default'],
    ['method', 'default.get'],
  ]);
  assert.deepEqual(sym(cls, 'default').bases, ['Base']);
  assert.equal(cls.defaultExport, 'default');
});

test('JavaScript with JSX, classes with fields and CommonJS exports', async () => {
  const src = [
    '// Server helpers.',
    'const fs = require("fs");',
    'function helper(a) { return fs.readFileSync(a); }',
    'class Store extends Base {',
    '  cache = new Map();',
    '  constructor(opts) { super(opts); this.opts = opts; }',
    '  onX = () => { this.get(1); };',
    '}',
    'exports.run = function (x) { return helper(x); };',
    'module.exports = { helper, Store };',
    'const View = () => <Panel onClick={helper} />;',
  ].join('\n');
  const f = await facts(src, 'javascript');
  assert.equal(f.doc, 'Server helpers.');
  assert.deepEqual(
    f.symbols.map((s) => [s.kind, s.qualifiedName, s.exported]),
    [
      ['function', 'helper', true],
      ['class', 'Store', true],
      ['method', 'Store.constructor', false],
      ['method', 'Store.onX', false],
      ['function', 'run', true],
      ['function', 'View', false],
    ],
  );
  assert.deepEqual(sym(f, 'Store').fields, [
    { name: 'cache', value: ['Map()'], line: 5 },
    { name: 'opts', value: ['opts'], line: 6 },
  ]);
  assert.deepEqual(sym(f, 'run').returns, [['helper()']]);
  assert.deepEqual(
    f.references.filter((r) => r.from === 'View').map((r) => r.chain.join('.')),
    ['helper', 'Panel'],
  );
});

test('CommonJS module.exports = name sets the default export', async () => {
  const f = await facts('function main() {}\nmodule.exports = main;\n', 'javascript');
  assert.equal(f.defaultExport, 'main');
  assert.equal(sym(f, 'main').exported, true);
});

test('file header comment, shebang and tool directives', async () => {
  assert.equal((await facts('#!/usr/bin/env node\n/* eslint-disable */\n/**\n * Graph loader\n * more\n */\nexport {};\n')).doc, 'Graph loader');
  assert.equal((await facts('let x = 1;\n// not a header\n')).doc, undefined);
});

test('empty files and broken syntax never throw; what parses is kept', async () => {
  const empty = await facts('');
  assert.deepEqual(empty, { symbols: [], imports: [], exports: [], calls: [], references: [], bindings: [] });
  const broken = await facts('import { a } from "./a";\nclass Ok { m() { a(); } }\nfunction bad( {\n  let = ;\n}\nexport function fine() { return 1 }\n');
  assert.ok(broken.symbols.some((s) => s.qualifiedName === 'Ok.m'));
  assert.equal(broken.imports.length, 1);
  assert.ok(broken.calls.some((c) => c.callee[0] === 'a'));
});

test('deep nesting (parens, arrays, callbacks, chains) neither overflows the stack nor takes seconds', async () => {
  // 5,000 nested callbacks are ~25,000 nodes deep: seconds in the query engine without its depth bound.
  const depth = 5000;
  const parens = `const x = ${'('.repeat(depth)}1${')'.repeat(depth)};\n`;
  const arrays = `const y = ${'['.repeat(depth)}${']'.repeat(depth)};\n`;
  const callbacks = `function f() {\n${'g(() => {\n'.repeat(depth)}h();\n${'});\n'.repeat(depth)}}\n`;
  const chain = `const z = a${'.b()'.repeat(depth)};\n`;
  const started = performance.now();
  for (const src of [parens, arrays, callbacks, chain]) {
    const f = await facts(src);
    assert.ok(f.symbols.length >= 1);
  }
  const deep = await facts(callbacks);
  // What starts below the bound is left out; what is kept still belongs to f.
  assert.ok(deep.calls.length > 100 && deep.calls.every((c) => c.caller === 'f'));
  assert.ok(performance.now() - started < 5000, 'deep nesting is bounded');
});

test('real nesting depths keep every fact: 150 nested callbacks', async () => {
  const depth = 150;
  const src = `function f() {\n${'g(() => {\n'.repeat(depth)}h();\n${'});\n'.repeat(depth)}}\n`;
  const f = await facts(src);
  assert.equal(f.calls.length, depth + 1);
  assert.deepEqual(f.calls.filter((c) => c.callee[0] === 'h').map((c) => c.caller), ['f']);
});

test('a huge minified line is indexed', async () => {
  const body = Array.from({ length: 3000 }, (_, i) => `function f${i}(a){return g${i}(a)}`).join(';');
  const f = await facts(body, 'javascript');
  assert.equal(f.symbols.length, 3000);
  assert.equal(f.calls.length, 3000);
});

test('a realistic module', async () => {
  const src = [
    '/** Knowledge graph store. */',
    "import { EventEmitter } from 'node:events';",
    "import type { Node, Edge } from './model';",
    "import { hashOf } from './hash';",
    '',
    'export const DEFAULT_LIMIT = 100;',
    'const emitter = new EventEmitter();',
    '',
    '/** Keeps nodes by id. */',
    'export class GraphStore {',
    '  private readonly nodes = new Map<string, Node>();',
    '  constructor(private readonly limit: number = DEFAULT_LIMIT) {}',
    '',
    '  /** Adds a node. */',
    '  add(node: Node): void {',
    '    const key = hashOf(node.id);',
    '    this.nodes.set(key, node);',
    "    emitter.emit('added', node);",
    '  }',
    '',
    '  edges(): Edge[] {',
    '    return [...this.nodes.values()].flatMap((n) => this.edgesOf(n));',
    '  }',
    '',
    '  private edgesOf(_n: Node): Edge[] {',
    '    return [];',
    '  }',
    '}',
    '',
    'export function createStore(): GraphStore {',
    '  return new GraphStore();',
    '}',
  ].join('\n');
  const f = await facts(src);
  assert.equal(f.doc, 'Knowledge graph store.');
  assert.deepEqual(
    f.symbols.map((s) => s.qualifiedName),
    ['DEFAULT_LIMIT', 'emitter', 'GraphStore', 'GraphStore.constructor', 'GraphStore.add', 'GraphStore.edges', 'GraphStore.edgesOf', 'createStore'],
  );
  assert.equal(sym(f, 'GraphStore').doc, 'Keeps nodes by id.');
  assert.equal(sym(f, 'GraphStore.add').doc, 'Adds a node.');
  assert.deepEqual(sym(f, 'GraphStore').fields, [
    { name: 'nodes', value: ['Map()'], line: 11 },
    { name: 'limit', type: 'number', line: 12 },
  ]);
  assert.deepEqual(sym(f, 'createStore').returns, [['GraphStore()']]);
  assert.deepEqual(sym(f, 'GraphStore.add').locals, [{ name: 'key', value: ['hashOf()'], line: 16 }]);
  assert.deepEqual(f.bindings, [{ name: 'emitter', value: ['EventEmitter()'], line: 7 }]);
  const calls = f.calls.map((c) => `${c.caller}:${c.callee.join('.')}`);
  for (const expected of ['GraphStore.add:hashOf', 'GraphStore.add:this.nodes.set', 'GraphStore.add:emitter.emit', 'GraphStore.edges:this.edgesOf']) {
    assert.ok(calls.includes(expected), `${expected} in ${calls.join(', ')}`);
  }
  assert.ok(f.references.some((r) => r.from === 'GraphStore.add' && r.chain[0] === 'Node' && r.isType));
  assert.ok(!f.references.some((r) => r.chain[0] === 'n' || r.chain[0] === 'key'));
});

test('namespaces prefix names; class expressions, a getter and its setter, members of module-level object literals', async () => {
  const src = [
    'namespace Outer.Inner { export class K { m() {} } }',
    'export const Widget = class extends Base { render() { return draw(); } };',
    'class P { get v() { return 1; } set v(x) { this._v = x; } }',
    'const handlers = { a: () => foo(), b() { bar(); } };',
    'const x = compute();',
  ].join('\n');
  const f = await facts(src);
  assert.deepEqual(
    f.symbols.map((s) => [s.kind, s.qualifiedName]),
    [
      ['class', 'Outer.Inner.K'],
      ['method', 'Outer.Inner.K.m'],
      ['class', 'Widget'],
      ['method', 'Widget.render'],
      ['class', 'P'],
      ['method', 'P.v'],
      ['method', 'P.v='],
      ['constant', 'handlers'],
      ['method', 'handlers.a'],
      ['method', 'handlers.b'],
      ['constant', 'x'],
    ],
  );
  assert.deepEqual(sym(f, 'Widget').bases, ['Base']);
  assert.deepEqual(sym(f, 'P').fields, [{ name: '_v', value: ['x'], line: 3 }]);
  // The members of a module-level object literal are the constant's methods; its initializer runs at module level.
  assert.deepEqual(
    f.calls.map((c) => [c.callee.join('.'), c.caller]),
    [
      ['draw', 'Widget.render'],
      ['foo', 'handlers.a'],
      ['bar', 'handlers.b'],
      ['compute', undefined],
    ],
  );
});
