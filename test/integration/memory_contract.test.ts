/**
 * Memory contract
 * ===============
 * The same checks, over stdio, against the official memory server (from node_modules) and
 * against ours: tool names, annotations and input fields, answers and `structuredContent`, the
 * error for observations on a missing entity, search and open semantics, deletes, the resource
 * and its update notification, and the JSONL file. Both must pass: that is the drop-in promise.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { ensureBuilt } from './helpers';
import { entities, FLAVOURS, names, relations, scratch, startServer, textOf } from './memory_servers';
import type { MemoryServer } from './memory_servers';

const ANNOTATIONS: Record<string, [boolean, boolean, boolean]> = {
  // readOnly, destructive, idempotent
  create_entities: [false, false, false],
  create_relations: [false, false, false],
  add_observations: [false, false, false],
  delete_entities: [false, true, true],
  delete_observations: [false, true, true],
  delete_relations: [false, true, true],
  read_graph: [true, false, true],
  search_nodes: [true, false, true],
  open_nodes: [true, false, true],
};

const REQUIRED: Record<string, string[]> = {
  create_entities: ['entities'],
  create_relations: ['relations'],
  add_observations: ['observations'],
  delete_entities: ['entityNames'],
  delete_observations: ['deletions'],
  delete_relations: ['relations'],
  read_graph: [],
  search_nodes: ['query'],
  open_nodes: ['names'],
};

for (const flavour of FLAVOURS) {
  describe(`memory contract: ${flavour}`, { timeout: 60_000 }, () => {
    let box: ReturnType<typeof scratch>;
    let s: MemoryServer;
    const updates: string[] = [];

    before(async () => {
      if (flavour === 'ours') ensureBuilt();
      box = scratch();
      s = await startServer(flavour, box.dir, box.file);
      s.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
        updates.push(n.params.uri);
      });
    });
    after(async () => {
      await s?.close();
      box?.dispose();
    });

    it('lists the nine tools with the official annotations and required inputs', async () => {
      const { tools } = await s.client.listTools();
      for (const [name, [ro, destructive, idem]] of Object.entries(ANNOTATIONS)) {
        const t = tools.find((x) => x.name === name);
        assert.ok(t, `${name} is listed`);
        assert.equal(t.annotations?.readOnlyHint, ro, `${name} readOnlyHint`);
        assert.equal(t.annotations?.destructiveHint, destructive, `${name} destructiveHint`);
        assert.equal(t.annotations?.idempotentHint, idem, `${name} idempotentHint`);
        assert.equal(t.annotations?.openWorldHint, false, `${name} openWorldHint`);
        assert.deepEqual([...(t.inputSchema.required ?? [])].sort(), REQUIRED[name], `${name} required inputs`);
        assert.ok(t.outputSchema, `${name} has an output schema`);
      }
    });

    it('creates entities and relations, once each', async () => {
      const created = await s.call('create_entities', {
        entities: [
          { name: 'Alice', entityType: 'person', observations: ['likes tea', 'works on Payments'] },
          { name: 'Payments', entityType: 'service', observations: ['written in Python'] },
          { name: 'Bob', entityType: 'person', observations: [] },
        ],
      });
      assert.ok(!created.isError);
      assert.deepEqual(entities(created)[0], { name: 'Alice', entityType: 'person', observations: ['likes tea', 'works on Payments'] });
      assert.equal(entities(created).length, 3);
      assert.deepEqual(JSON.parse(textOf(created)).map((e: { name: string }) => e.name), ['Alice', 'Payments', 'Bob'], 'text is the JSON array');
      const again = await s.call('create_entities', { entities: [{ name: 'Alice', entityType: 'person', observations: [] }] });
      assert.deepEqual(entities(again), []);

      const rel = await s.call('create_relations', {
        relations: [
          { from: 'Alice', to: 'Payments', relationType: 'works_on' },
          { from: 'Bob', to: 'Alice', relationType: 'reports_to' },
        ],
      });
      assert.equal((rel.structuredContent as { relations: unknown[] }).relations.length, 2);
      const dup = await s.call('create_relations', { relations: [{ from: 'Alice', to: 'Payments', relationType: 'works_on' }] });
      assert.deepEqual((dup.structuredContent as { relations: unknown[] }).relations, []);
    });

    it('adds observations, skipping known ones, and fails on a missing entity with the official text', async () => {
      const r = await s.call('add_observations', { observations: [{ entityName: 'Bob', contents: ['new here', 'new here'.toUpperCase()] }, { entityName: 'Alice', contents: ['likes tea', 'owns the retry logic'] }] });
      assert.ok(!r.isError);
      assert.deepEqual((r.structuredContent as { results: unknown[] }).results, [
        { entityName: 'Bob', addedObservations: ['new here', 'NEW HERE'] },
        { entityName: 'Alice', addedObservations: ['owns the retry logic'] },
      ]);
      const missing = await s.call('add_observations', { observations: [{ entityName: 'Nobody', contents: ['x'] }] });
      assert.equal(missing.isError, true);
      assert.match(textOf(missing), /Entity with name Nobody not found/);
    });

    it('searches names, types and observations ignoring case, with relations touching the hits', async () => {
      const r = await s.call('search_nodes', { query: 'PAYMENTS' });
      assert.deepEqual(names(r), ['Alice', 'Payments']);
      const rels = (r.structuredContent as { relations: { from: string; relationType: string }[] }).relations;
      assert.deepEqual(rels.map((x) => x.relationType).sort(), ['reports_to', 'works_on']);
      assert.deepEqual(names(await s.call('search_nodes', { query: 'person' })), ['Alice', 'Bob']);
      assert.deepEqual(names(await s.call('search_nodes', { query: 'zzz-nothing' })), []);
    });

    it('opens nodes with every relation touching them', async () => {
      const r = await s.call('open_nodes', { names: ['Bob', 'Ghost'] });
      assert.deepEqual(names(r), ['Bob']);
      assert.deepEqual(relations(r), [{ from: 'Bob', to: 'Alice', relationType: 'reports_to' }]);
    });

    it('serves the graph as the memory://knowledge-graph resource and notifies subscribers', async () => {
      const res = await s.client.readResource({ uri: 'memory://knowledge-graph' });
      const graph = JSON.parse((res.contents[0] as { text: string }).text) as { entities: { name: string }[] };
      assert.deepEqual(graph.entities.map((e) => e.name).sort(), ['Alice', 'Bob', 'Payments']);
      await s.client.subscribeResource({ uri: 'memory://knowledge-graph' });
      await s.call('create_entities', { entities: [{ name: 'Carol', entityType: 'person', observations: [] }] });
      const until = Date.now() + 2000;
      while (updates.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      assert.ok(updates.includes('memory://knowledge-graph'));
    });

    it('deletes observations, relations and entities (with their relations), with the official messages', async () => {
      const dObs = await s.call('delete_observations', { deletions: [{ entityName: 'Alice', observations: ['likes tea'] }, { entityName: 'Ghost', observations: ['x'] }] });
      assert.deepEqual(dObs.structuredContent, { success: true, message: 'Observations deleted successfully' });
      assert.equal(textOf(dObs), 'Observations deleted successfully');
      const dRel = await s.call('delete_relations', { relations: [{ from: 'Alice', to: 'Payments', relationType: 'works_on' }] });
      assert.deepEqual(dRel.structuredContent, { success: true, message: 'Relations deleted successfully' });
      const dEnt = await s.call('delete_entities', { entityNames: ['Bob', 'Ghost'] });
      assert.deepEqual(dEnt.structuredContent, { success: true, message: 'Entities deleted successfully' });

      const g = await s.call('read_graph', {});
      assert.deepEqual(names(g), ['Alice', 'Carol', 'Payments']);
      assert.deepEqual(entities(g).find((e) => e.name === 'Alice')?.observations, ['works on Payments', 'owns the retry logic']);
      assert.deepEqual(relations(g), [], 'Bob\'s relation went with him');
    });

    it('keeps the file in the official JSONL: typed lines, entities first', () => {
      const lines = readFileSync(box.file, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as { type: string; name?: string });
      assert.deepEqual(lines.map((l) => l.type), ['entity', 'entity', 'entity']);
      assert.deepEqual(lines.map((l) => l.name), ['Alice', 'Payments', 'Carol']);
    });
  });
}
