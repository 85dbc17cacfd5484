/**
 * Memory round trips
 * ==================
 * The official server reads what ours wrote (our extra fields and all), ours reads what it
 * wrote, and ours links what it read to the code: an entity named `Client.send` is `about`
 * the method of the fixture project.
 */
import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ensureBuilt, fixtureCopy, REPO } from './helpers';
import { entities, names, relations, scratch, startServer } from './memory_servers';

const FIXTURE = join(REPO, 'test', 'fixtures', 'memory', 'official.jsonl');

describe('memory round trips', { timeout: 90_000 }, () => {
  it('the official server reads what ours wrote, and ours reads what it then wrote', async () => {
    ensureBuilt();
    const box = scratch();
    try {
      const ours = await startServer('ours', box.dir, box.file);
      await ours.call('create_entities', { entities: [{ name: 'Alice', entityType: 'person', observations: ['likes tea'] }, { name: 'Payments', entityType: 'service', observations: [] }] });
      await ours.call('create_relations', { relations: [{ from: 'Alice', to: 'Payments', relationType: 'works_on' }] });
      const before = await ours.call('open_nodes', { names: ['Alice'] });
      const id = (before.structuredContent as { entities: { id: string }[] }).entities[0]!.id;
      await ours.close();

      const official = await startServer('official', box.dir, box.file);
      const g = await official.call('read_graph', {});
      assert.deepEqual(entities(g), [
        { name: 'Alice', entityType: 'person', observations: ['likes tea'] },
        { name: 'Payments', entityType: 'service', observations: [] },
      ]);
      assert.deepEqual(relations(g), [{ from: 'Alice', to: 'Payments', relationType: 'works_on' }]);
      await official.call('add_observations', { observations: [{ entityName: 'Payments', contents: ['retries on 503'] }] });
      await official.close();

      const again = await startServer('ours', box.dir, box.file);
      const after = await again.call('read_graph', {});
      assert.deepEqual(names(after), ['Alice', 'Payments']);
      assert.deepEqual(entities(after).find((e) => e.name === 'Payments')?.observations, ['retries on 503']);
      const alice = (after.structuredContent as { entities: { name: string; id: string }[] }).entities.find((e) => e.name === 'Alice');
      assert.equal(alice?.id, id, 'the id survives a rewrite by the official server');
      await again.close();
    } finally {
      box.dispose();
    }
  });

  it('loads a file the official server wrote and links its entities to the code', async () => {
    ensureBuilt();
    const project = fixtureCopy();
    const file = join(project.root, 'notes.jsonl');
    copyFileSync(FIXTURE, file);
    try {
      const ours = await startServer('ours', project.root, file);
      try {
        // The code graph comes from the first index; a code tool waits for it.
        await ours.call('search', { query: 'send' });
        const r = await ours.call('open_nodes', { names: ['Client.send', 'shop/service.py', 'Alice'] });
        const byName = new Map((r.structuredContent as { entities: { name: string; about?: string[] }[] }).entities.map((e) => [e.name, e.about]));
        assert.deepEqual(byName.get('Client.send'), ['py:shop.client:Client.send']);
        assert.deepEqual(byName.get('shop/service.py'), ['file:shop/service.py']);
        assert.equal(byName.get('Alice'), undefined, 'a person is about no code');
      } finally {
        await ours.close();
      }
    } finally {
      project.dispose();
    }
  });

  it('--no-memory and KG_MEMORY_MEMORY=off leave the memory tools out', async () => {
    ensureBuilt();
    const box = scratch();
    try {
      for (const [env, args] of [[{ KG_MEMORY_MEMORY: 'off' }, []], [{}, ['--no-memory']]] as const) {
        const off = await startServer('ours', box.dir, box.file, env, [...args]);
        const { tools } = await off.client.listTools();
        assert.ok(!tools.some((t) => t.name === 'read_graph'), JSON.stringify(env) + args.join(' '));
        assert.ok(tools.some((t) => t.name === 'search'), 'the code tools stay');
        await off.close();
      }
    } finally {
      box.dispose();
    }
  });
});
