/**
 * Memory answers under large values
 * =================================
 * Issue 21 item 5: after one 1 MB observation every read_graph, search_nodes and open_nodes page
 * was a megabyte, whatever the stated 60,000-character cap. A file holding such a value (the
 * official server writes anything) is served through a real MCP client over stdio: every answer
 * stays within the cap, the cut value says it was cut, and new oversized values and queries are
 * refused with an error that names the limit.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { ensureBuilt } from './helpers';
import { names, scratch, startServer, textOf } from './memory_servers';
import type { CallResult, MemoryServer } from './memory_servers';

const CAP = 60_000;
const BIG = 'x'.repeat(1024 * 1024);

describe('memory answers under large values', { timeout: 60_000 }, () => {
  let box: ReturnType<typeof scratch>;
  let s: MemoryServer;

  before(async () => {
    ensureBuilt();
    box = scratch();
    const lines = [
      { type: 'entity', name: 'big', entityType: 'note', observations: ['short one', BIG] },
      ...Array.from({ length: 30 }, (_v, i) => ({ type: 'entity', name: `small${i}`, entityType: 'note', observations: [`about big number ${i}`] })),
      { type: 'relation', from: 'big', to: 'small0', relationType: 'mentions' },
    ];
    writeFileSync(box.file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    s = await startServer('ours', box.dir, box.file);
  });
  after(async () => {
    await s?.close();
    box?.dispose();
  });

  const withinCap = (r: CallResult, what: string): void => {
    assert.ok(!r.isError, `${what}: ${textOf(r)}`);
    const text = textOf(r);
    assert.ok(text.length <= CAP, `${what} answered ${text.length} characters`);
    assert.ok(JSON.stringify(r.structuredContent).length <= CAP);
  };
  const bigIn = (r: CallResult): string | undefined =>
    ((r.structuredContent as { entities: { name: string; observations: string[] }[] }).entities.find((e) => e.name === 'big')?.observations ?? [])[1];

  it('read_graph pages stay within the cap, the cut observation says so, and paging reaches everything', async () => {
    const first = await s.call('read_graph', {});
    withinCap(first, 'read_graph');
    assert.match(bigIn(first) ?? '', /truncated, \d+ of 1048576 characters shown\]$/);
    const seen = new Set(names(first));
    let next = (first.structuredContent as { more?: { nextOffset: number } }).more?.nextOffset;
    while (next !== undefined) {
      const page = await s.call('read_graph', { offset: next });
      withinCap(page, `read_graph at ${next}`);
      names(page).forEach((n) => seen.add(n));
      next = (page.structuredContent as { more?: { nextOffset: number } }).more?.nextOffset;
    }
    assert.equal(seen.size, 31);
  });

  it('search_nodes and open_nodes stay within the cap', async () => {
    const found = await s.call('search_nodes', { query: 'big' });
    withinCap(found, 'search_nodes');
    assert.equal(names(found)[0], 'big');
    assert.match(bigIn(found) ?? '', /truncated/);
    const opened = await s.call('open_nodes', { names: ['big', 'small0', 'small1'] });
    withinCap(opened, 'open_nodes');
    assert.match(bigIn(opened) ?? '', /truncated/);
  });

  it('refuses an oversized observation, entity name and query with an error naming the limit, and changes nothing', async () => {
    const add = await s.call('add_observations', { observations: [{ entityName: 'small1', contents: ['fine', BIG] }] });
    assert.ok(add.isError);
    assert.match(textOf(add), /observation of "small1" has 1048576 characters; the limit is 20000/);
    const create = await s.call('create_entities', { entities: [{ name: 'n'.repeat(5000), entityType: 't', observations: [] }] });
    assert.ok(create.isError);
    assert.match(textOf(create), /entity name has 5000 characters; the limit is 1000/);
    const query = await s.call('search_nodes', { query: 'q'.repeat(5000) });
    assert.ok(query.isError);
    assert.match(textOf(query), /query has 5000 characters; the limit is 1000/);
    const small1 = await s.call('open_nodes', { names: ['small1'] });
    assert.deepEqual((small1.structuredContent as { entities: { observations: string[] }[] }).entities[0]?.observations, ['about big number 1']);
  });
});
