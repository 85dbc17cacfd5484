/**
 * Memory store, format and search
 * ===============================
 * The file format both ways, corrupt lines reported by number with the rest loaded (and kept
 * in a backup before a rewrite), the single writer batching concurrent calls, two stores on one
 * file (the cross-process case in one process), a stale lock of a dead process, legacy
 * memory.json migration, ranked search and bounded reads.
 */
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { EntityNotFoundError, MemoryGraph, MemoryStore, pageGraph, pageSearch, parseMemory, resolveMemoryLocation, searchEntities, serializeMemory, withFileLock } from '../../extension/core/memory';

const FIXTURES = join(__dirname, '..', 'fixtures', 'memory');
const dirs: string[] = [];
function tmp(): string {
  const d = mkdtempSync(join(tmpdir(), 'kg-mem-unit-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop() as string, { recursive: true, force: true });
});

const NOW = '2026-01-02T03:04:05.000Z';

describe('memory format', () => {
  it('reads the official format and writes it back with our fields after theirs', () => {
    const { graph, problems } = parseMemory(readFileSync(join(FIXTURES, 'official.jsonl'), 'utf8'));
    assert.deepEqual(problems, []);
    assert.deepEqual(graph.entities().map((e) => e.name), ['Client.send', 'shop/service.py', 'Alice']);
    assert.match(graph.entity('Alice')?.id ?? '', /^mem:[0-9a-f]{16}$/);
    const lines = serializeMemory(graph).trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.deepEqual(Object.keys(lines[0]!).slice(0, 4), ['type', 'name', 'entityType', 'observations']);
    assert.deepEqual(lines.map((l) => l.type), ['entity', 'entity', 'entity', 'relation']);
  });

  it('reports corrupt lines by number and loads the rest', () => {
    const { graph, problems } = parseMemory(readFileSync(join(FIXTURES, 'corrupt.jsonl'), 'utf8'));
    assert.deepEqual(problems.map((p) => p.line), [2, 3, 4]);
    assert.match(problems[2]!.message, /unknown "type"/);
    assert.deepEqual(graph.entities().map((e) => e.name), ['A', 'C']);
    assert.equal(graph.relationCount, 1);
  });

  it('merges a repeated entity instead of dropping its observations', () => {
    const { graph } = parseMemory('{"type":"entity","name":"A","entityType":"t","observations":["1"]}\n{"type":"entity","name":"A","entityType":"t","observations":["1","2"]}\n');
    assert.deepEqual(graph.entity('A')?.observations, ['1', '2']);
  });
});

describe('memory graph operations', () => {
  it('adds observations all or nothing, with the official error', () => {
    const g = new MemoryGraph();
    g.createEntities([{ name: 'A', entityType: 't', observations: [] }], NOW);
    assert.throws(() => g.addObservations([{ entityName: 'A', contents: ['x'] }, { entityName: 'B', contents: ['y'] }], NOW), (err: Error) => err instanceof EntityNotFoundError && err.message === 'Entity with name B not found');
    assert.deepEqual(g.entity('A')?.observations, [], 'nothing was added');
    g.addObservations([{ entityName: 'A', contents: ['x'] }], NOW);
    assert.deepEqual(g.entity('A')?.observationsCreatedAt, [NOW]);
  });
});

describe('memory store', () => {
  it('keeps all of 50 concurrent writes and batches them', async () => {
    const file = join(tmp(), 'm.jsonl');
    const store = new MemoryStore(file);
    await Promise.all(Array.from({ length: 50 }, (_v, i) => store.write((g, now) => g.createEntities([{ name: `e${i}`, entityType: 't', observations: [] }], now))));
    assert.equal(parseMemory(readFileSync(file, 'utf8')).graph.entityCount, 50);
    assert.ok(!existsSync(`${file}.lock`), 'the lock is released');
  });

  it('two stores on one file (as two processes) lose nothing', async () => {
    const file = join(tmp(), 'm.jsonl');
    const a = new MemoryStore(file);
    const b = new MemoryStore(file);
    await Promise.all(Array.from({ length: 30 }, (_v, i) => (i % 2 ? a : b).write((g, now) => g.createEntities([{ name: `e${i}`, entityType: 't', observations: [] }], now))));
    assert.equal(parseMemory(readFileSync(file, 'utf8')).graph.entityCount, 30);
    assert.equal(await a.read((g) => g.entityCount), 30, 'a store sees the other one\'s writes');
  });

  it('readNow sees its own writes and, on the very next call, another store\'s', async () => {
    const file = join(tmp(), 'm.jsonl');
    const a = new MemoryStore(file);
    const b = new MemoryStore(file);
    await a.write((g, now) => g.createEntities([{ name: 'mine', entityType: 't', observations: [] }], now));
    assert.equal(await a.readNow((g) => g.entityCount), 1, 'its own write');
    await b.write((g, now) => g.createEntities([{ name: 'theirs', entityType: 't', observations: [] }], now));
    assert.equal(await a.readNow((g) => g.entityCount), 2, 'the other store\'s write, read again');
    const queued = a.write((g, now) => g.createEntities([{ name: 'third', entityType: 't', observations: [] }], now));
    assert.equal(await a.readNow((g) => g.entityCount), 3, 'a queued write is waited for');
    await queued;
  });

  it('a failed call leaves the others of its batch and the file alone', async () => {
    const file = join(tmp(), 'm.jsonl');
    const store = new MemoryStore(file);
    const results = await Promise.allSettled([
      store.write((g, now) => g.createEntities([{ name: 'A', entityType: 't', observations: [] }], now)),
      store.write((g, now) => g.addObservations([{ entityName: 'missing', contents: ['x'] }], now)),
    ]);
    assert.equal(results[0].status, 'fulfilled');
    assert.equal(results[1].status, 'rejected');
    assert.equal(parseMemory(readFileSync(file, 'utf8')).graph.entityCount, 1);
  });

  it('keeps a copy of a file with corrupt lines before rewriting it, and reports them', async () => {
    const dir = tmp();
    const file = join(dir, 'm.jsonl');
    copyFileSync(join(FIXTURES, 'corrupt.jsonl'), file);
    const store = new MemoryStore(file);
    await store.write((g, now) => g.createEntities([{ name: 'D', entityType: 't', observations: [] }], now));
    const health = store.health();
    assert.deepEqual(health.problems.map((p) => p.line), [2, 3, 4]);
    assert.ok(health.backup && readFileSync(health.backup, 'utf8').includes('not json at all'));
    assert.deepEqual(parseMemory(readFileSync(file, 'utf8')).problems, []);
  });

  it('takes over the lock of a dead process', async () => {
    const lock = join(tmp(), 'm.jsonl.lock');
    writeFileSync(lock, JSON.stringify({ pid: 2 ** 22 + 12345, host: (await import('node:os')).hostname(), at: Date.now() }));
    const value = await withFileLock(lock, async () => 7, { timeoutMs: 2000 });
    assert.equal(value, 7);
  });

  it('migrates a legacy memory.json as the official server does', async () => {
    const root = tmp();
    mkdirSync(join(root, '.kg-memory'));
    writeFileSync(join(root, '.kg-memory', 'memory.json'), '{"type":"entity","name":"A","entityType":"t","observations":[]}');
    const loc = await resolveMemoryLocation({ root, stateDir: '.kg-memory', env: {} });
    assert.equal(loc.path, join(root, '.kg-memory', 'memory.jsonl'));
    assert.ok(loc.migratedFrom);
    assert.deepEqual(readdirSync(join(root, '.kg-memory')), ['memory.jsonl']);
    const env = await resolveMemoryLocation({ root, stateDir: '.kg-memory', env: { MEMORY_FILE_PATH: 'team/memory.jsonl' } });
    assert.equal(env.path, join(root, 'team', 'memory.jsonl'));
  });
});

describe('memory search and paging', () => {
  const g = new MemoryGraph();
  g.createEntities(
    [
      { name: 'notes about cache', entityType: 'topic', observations: [] },
      { name: 'Cache', entityType: 'class', observations: ['evicts LRU'] },
      { name: 'Store', entityType: 'cache', observations: [] },
      { name: 'Other', entityType: 'x', observations: ['the cache is warm at start'] },
      { name: 'CacheLine', entityType: 'x', observations: [] },
    ],
    NOW,
  );

  it('ranks name > type > observation, exact > prefix > substring, and finds what substring search finds', () => {
    assert.deepEqual(searchEntities(g, 'cache').map((e) => e.name), ['Cache', 'CacheLine', 'notes about cache', 'Store', 'Other']);
    const official = g.entities().filter((e) => [e.name, e.entityType, ...e.observations].some((t) => t.toLowerCase().includes('cache')));
    assert.deepEqual(new Set(searchEntities(g, 'cache').map((e) => e.name)), new Set(official.map((e) => e.name)));
    assert.deepEqual(searchEntities(g, 'warm cache').map((e) => e.name), ['Other'], 'all words, anywhere');
  });

  it('pages read_graph over entities then relations, saying what is left', () => {
    g.createRelations([{ from: 'Cache', to: 'Store', relationType: 'uses' }], NOW);
    const first = pageGraph(g, { limit: 4 });
    assert.equal(first.entities.length, 4);
    assert.deepEqual(first.more, { entities: 1, relations: 1, nextOffset: 4 });
    const second = pageGraph(g, { offset: 4, limit: 4 });
    assert.deepEqual([second.entities.length, second.relations.length, second.more], [1, 1, undefined]);
    const tiny = pageSearch(g, 'cache', { budgetChars: 10 });
    assert.equal(tiny.entities.length, 1, 'at least one item, whatever the budget');
    assert.equal(tiny.more?.entities, 4);
  });
});
