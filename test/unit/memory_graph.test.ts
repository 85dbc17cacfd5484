/**
 * Memory in the code graph
 * ========================
 * Memory entities become `memory` nodes with `about` edges to the code nodes and ADRs their
 * names name; code answers count them ("notes") and file_context lists them; relate and path
 * walk through them. Kept current both ways: a memory write (this process, or another one
 * rewriting the file) and a code change (rename and restore), ending equal to a full build; a
 * change of file (a setting) or memory switched off.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { detachMemory, MemoryStore, syncMemoryNodes, workspaceMemory } from '../../extension/core/memory';
import { fileContext, findSymbol, neighbors, shortestPath } from '../../extension/core/query';
import { Workspace } from '../../extension/core/workspace';
import { findTool, memoryFor, ToolContext } from '../../extension/mcp';

const CACHE = 'ts:src/cache:Cache';
const FILE = 'file:src/cache.ts';
const ADR = 'adr:docs/adr/0001-cache-in-memory.md';

const FILES: Record<string, string> = {
  'src/cache.ts': 'export class Cache {\n  put(k: string): void {\n    void k;\n  }\n}\n\nexport function makeCache(): Cache {\n  return new Cache();\n}\n',
  'src/app.ts': "import { makeCache } from './cache';\n\nexport function main(): void {\n  makeCache().put('a');\n}\n",
  'docs/adr/0001-cache-in-memory.md': '# 1. Cache in memory\n\n## Status\n\nAccepted\n\n## Decision\n\nWe keep a `Cache` in process.\n',
};

const dirs: string[] = [];
const spaces: Workspace[] = [];
afterEach(async () => {
  while (spaces.length) await (spaces.pop() as Workspace).close();
  while (dirs.length) rmSync(dirs.pop() as string, { recursive: true, force: true });
});

function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'kg-mem-graph-'));
  dirs.push(root);
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

async function open(root: string): Promise<Workspace> {
  const ws = await Workspace.open(root, { persist: false, workers: 0 });
  spaces.push(ws);
  await ws.index();
  return ws;
}

/** The memory nodes and about edges of the graph, as `name → target` lines. */
function aboutLines(ws: Workspace): string[] {
  const out: string[] = [];
  ws.graph.graph.forEachEdge((_k, e, s, t) => {
    if (e.kind === 'about') out.push(`${ws.graph.node(s)?.name} → ${t}`);
  });
  return out.sort();
}

describe('memory nodes in the code graph', () => {
  it('links entities named after a class, a file and an ADR, and nothing else', async () => {
    const ws = await open(project());
    const memory = await workspaceMemory(ws);
    await memory.createEntities([
      { name: 'Cache', entityType: 'class', observations: ['not thread-safe', 'evicts nothing'] },
      { name: 'src/cache.ts', entityType: 'file', observations: ['owned by the platform team'] },
      { name: 'ADR-0001', entityType: 'decision', observations: ['revisit when we scale out'] },
      { name: 'Alice', entityType: 'person', observations: ['reviews caching changes'] },
    ]);
    await syncMemoryNodes(ws, memory);
    assert.deepEqual(aboutLines(ws), [`ADR-0001 → ${ADR}`, `Cache → ${CACHE}`, `src/cache.ts → ${FILE}`]);
    assert.equal(ws.graph.stats().nodesByKind.memory, 4, 'every entity is a node, linked or not');
    assert.equal(ws.graph.node((await memory.openNodes(['Alice'])).entities[0]!.id)?.kind, 'memory');
  });

  it('counts notes on code answers and lists them in file_context, without making names ambiguous', async () => {
    const ws = await open(project());
    const memory = await workspaceMemory(ws);
    await memory.createEntities([
      { name: 'Cache', entityType: 'class', observations: ['1', '2', '3', '4'] },
      { name: 'cache.Cache', entityType: 'class', observations: ['same class, dotted'] },
      { name: 'src/cache.ts', entityType: 'file', observations: ['owned by the platform team'] },
    ]);
    await syncMemoryNodes(ws, memory);

    const found = findSymbol(ws.graph, { name: 'Cache' });
    assert.equal(found.total, 1, 'the memory named Cache is not a candidate');
    assert.equal(found.items[0]!.notes, 5, 'four observations on Cache, one on cache.Cache');

    const ctx = fileContext(ws.graph, { target: 'src/cache.ts' });
    assert.equal(ctx.file.notes, 1);
    assert.equal(ctx.classes?.items[0]!.notes, 5);
    assert.equal(ctx.functions?.items[0]!.notes, undefined, 'no notes, no field');
    const notes = ctx.notes?.items ?? [];
    assert.deepEqual(notes.map((n) => [n.name, n.about]), [['src/cache.ts', undefined], ['Cache', CACHE], ['cache.Cache', CACHE]]);
    assert.deepEqual(notes[1]!.obs, ['2', '3', '4'], 'the latest three');
    assert.equal(notes[1]!.moreObs, 1);

    const near = neighbors(ws.graph, { target: CACHE, edges: ['about'] });
    assert.deepEqual(near.items.map((i) => [i.kind, i.name, i.dir]).sort(), [['memory', 'Cache', 'in'], ['memory', 'cache.Cache', 'in']]);
    const memId = notes[0]!.id;
    const path = shortestPath(ws.graph, { from: memId, to: 'ts:src/cache:makeCache', direction: 'both' });
    assert.ok(path.found, 'a memory is one hop from the code it is about');
  });

  it('follows code changes: a renamed class loses its note, restoring the name brings it back, equal to a full build', async () => {
    const root = project();
    const ws = await open(root);
    const memory = await workspaceMemory(ws);
    await memory.createEntities([{ name: 'Cache', entityType: 'class', observations: ['not thread-safe'] }]);
    await syncMemoryNodes(ws, memory);
    assert.deepEqual(aboutLines(ws), [`Cache → ${CACHE}`]);

    writeFileSync(join(root, 'src/cache.ts'), FILES['src/cache.ts']!.replace(/Cache\b/g, 'Store'));
    await ws.update(['src/cache.ts']);
    assert.deepEqual(aboutLines(ws), []);
    assert.equal(ws.graph.stats().nodesByKind.memory, 1, 'the note stays, unlinked');

    writeFileSync(join(root, 'src/cache.ts'), FILES['src/cache.ts']!);
    await ws.update(['src/cache.ts']);
    assert.deepEqual(aboutLines(ws), [`Cache → ${CACHE}`]);

    const full = await open(root);
    await syncMemoryNodes(full, await workspaceMemory(full));
    assert.equal(ws.graph.canonical(), full.graph.canonical());
  });

  it('follows memory writes: observations, deletions, and a file rewritten by another process', async () => {
    const ws = await open(project());
    const memory = await workspaceMemory(ws);
    await memory.createEntities([{ name: 'Cache', entityType: 'class', observations: [] }]);
    await memory.addObservations([{ entityName: 'Cache', contents: ['warm it at start'] }]);
    await syncMemoryNodes(ws, memory);
    const id = (await memory.openNodes(['Cache'])).entities[0]!.id;
    assert.deepEqual(ws.graph.node(id)?.memory?.observations, ['warm it at start']);

    // Another process (a second store on the file) adds a note; the next sync re-reads the file.
    const other = new MemoryStore(memory.path);
    await other.write((g, now) => g.createEntities([{ name: 'makeCache', entityType: 'function', observations: ['call once'] }], now));
    await syncMemoryNodes(ws, memory);
    assert.deepEqual(aboutLines(ws), [`Cache → ${CACHE}`, 'makeCache → ts:src/cache:makeCache']);

    await memory.deleteEntities(['Cache']);
    await syncMemoryNodes(ws, memory);
    assert.equal(ws.graph.hasNode(id), false);
    assert.deepEqual(aboutLines(ws), ['makeCache → ts:src/cache:makeCache']);
  });

  it('follows the file asked for last: another file replaces the notes, detaching removes them', async () => {
    const ws = await open(project());
    const first = await workspaceMemory(ws);
    await first.createEntities([{ name: 'Cache', entityType: 'class', observations: ['from the default file'] }]);
    await syncMemoryNodes(ws, first);
    const shared = await workspaceMemory(ws, { file: 'docs/memory.jsonl' });
    assert.match(shared.path, /docs\/memory\.jsonl$/);
    await shared.createEntities([{ name: 'makeCache', entityType: 'function', observations: ['from the team file'] }]);
    await syncMemoryNodes(ws, shared);
    assert.deepEqual(aboutLines(ws), ['makeCache → ts:src/cache:makeCache']);
    // The old file changing no longer reaches the graph.
    await first.addObservations([{ entityName: 'Cache', contents: ['late'] }]);
    await syncMemoryNodes(ws, first);
    assert.deepEqual(aboutLines(ws), ['makeCache → ts:src/cache:makeCache']);
    detachMemory(ws);
    assert.equal(ws.graph.stats().nodesByKind.memory ?? 0, 0);
  });

  it('code tools see a memory write at once through the MCP context (one memory per workspace)', async () => {
    const ws = await open(project());
    const ctx = new ToolContext(ws, { refreshMs: 60_000 });
    const memory = await memoryFor(ctx);
    assert.equal(memory, await workspaceMemory(ws), 'the editor and the MCP tools share the store');
    await memory.createEntities([{ name: 'Cache', entityType: 'class', observations: ['not thread-safe'] }]);
    const outcome = await (findTool('find_symbol') as NonNullable<ReturnType<typeof findTool>>).call(ctx, { name: 'Cache' });
    assert.ok(outcome.ok);
    assert.equal((outcome.result.items as { notes?: number }[])[0]!.notes, 1);
    const context = await (findTool('file_context') as NonNullable<ReturnType<typeof findTool>>).call(ctx, { target: 'src/cache.ts' });
    assert.ok(context.ok);
    assert.equal((context.result.notes as { items: { name: string }[] }).items[0]!.name, 'Cache');
  });
});
