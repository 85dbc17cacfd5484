import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { InvalidArgumentError, search } from '../../extension/core/query';
import { wordParts } from '../../extension/core/query/search';
import { GraphBuilder } from './helpers/graph_builder';
import { ID, sampleProject } from './helpers/sample_project';

describe('search', () => {
  it('splits snake_case and camelCase into words', () => {
    assert.deepEqual(wordParts('getUserById'), ['get', 'user', 'by', 'id']);
    assert.deepEqual(wordParts('HTTPServer_v2'), ['http', 'server', 'v2']);
    assert.deepEqual(wordParts('MAX_USERS'), ['max', 'users']);
  });

  it('ranks exact > prefix > contains > words > doc', () => {
    const b = new GraphBuilder();
    b.file('a.py');
    const user = b.sym('a.py', 'user', 'function', 1, 2);
    const userName = b.sym('a.py', 'user_name', 'function', 3, 4);
    const getUser = b.sym('a.py', 'get_user', 'function', 5, 6);
    const usersCache = b.sym('a.py', 'UsersCache', 'class', 7, 8);
    const account = b.sym('a.py', 'Account', 'class', 9, 10, { doc: 'Holds a user and a password.' });
    const r = search(b.g, { query: 'user' });
    // Names are left out of items when the id ends with them, so compare ids.
    assert.deepEqual(r.items.map((i) => [i.id, i.match]), [
      [user, 'exact'],
      [usersCache, 'prefix'],
      [userName, 'prefix'],
      [getUser, 'contains'],
      [account, 'doc'],
    ]);
    assert.equal(r.items[4]!.doc, 'Holds a user and a password.');
    assert.equal(r.total, 5);
    assert.equal(r.more, undefined);
  });

  it('matches all word parts of multi-word queries, across the qualified name', () => {
    const g = sampleProject();
    const r = search(g, { query: 'client send' });
    assert.equal(r.items[0]!.id, ID.send);
    assert.equal(r.items[0]!.match, 'words');
    assert.equal(search(g, { query: 'Client.send' }).items[0]!.match, 'exact');
    assert.equal(search(g, { query: 'max users' }).items[0]!.id, ID.MAX);
  });

  it('filters by kind, cuts at limit with a more count, and carries loc', () => {
    const g = sampleProject();
    const all = search(g, { query: 'e' });
    const r = search(g, { query: 'e', limit: 2 });
    assert.equal(r.items.length, 2);
    assert.equal(r.more, all.total - 2);
    assert.ok(r.items.every((i) => i.loc !== undefined || i.id.startsWith('ext:')));
    const methods = search(g, { query: 's', kinds: ['method'] });
    assert.ok(methods.items.length > 0 && methods.items.every((i) => i.kind === 'method'));
  });

  it('rebuilds its index when the graph changes', () => {
    const g = sampleProject();
    assert.equal(search(g, { query: 'frobnicate' }).total, 0);
    g.setNode('py:app.api:frobnicate', { kind: 'function', name: 'frobnicate', path: 'src/app/api.py', line: 2 });
    assert.equal(search(g, { query: 'frobnicate' }).items[0]!.id, 'py:app.api:frobnicate');
    g.dropNode('py:app.api:frobnicate');
    assert.equal(search(g, { query: 'frobnicate' }).total, 0);
  });

  it('validates options first', () => {
    const g = sampleProject();
    assert.throws(() => search(g, { query: '' }), InvalidArgumentError);
    assert.throws(() => search(g, { query: 'x', limit: 0 }), /query\/search: "limit" must be an integer from 1 to 500/);
    assert.throws(() => search(g, { query: 'x', kinds: ['klass' as never] }), /unknown kinds "klass"/);
  });
});
