/**
 * Sample project graph
 * ====================
 * A small Python + TypeScript workspace, hand-built, shared by the query tests: a client,
 * models with inheritance, a service calling both, a TS cache implementing an interface,
 * tests (one only by naming convention), packages, modules, and a call cycle.
 */
import type { CodeGraph } from '../../../extension/core/model/graph';
import { GraphBuilder } from './graph_builder';

export const ID = {
  api: 'file:src/app/api.py',
  models: 'file:src/app/models.py',
  service: 'file:src/app/service.py',
  cacheTs: 'file:src/util/cache.ts',
  testApi: 'file:tests/test_api.py',
  Client: 'py:app.api:Client',
  send: 'py:app.api:Client.send',
  close: 'py:app.api:Client.close',
  helper: 'py:app.api:helper',
  Base: 'py:app.models:Base',
  User: 'py:app.models:User',
  save: 'py:app.models:User.save',
  MAX: 'py:app.models:MAX_USERS',
  run: 'py:app.service:run',
  sendFn: 'py:app.service:send',
  Cache: 'ts:src/util/cache:Cache',
  put: 'ts:src/util/cache:Cache.put',
  get: 'ts:src/util/cache:Cache.get',
  Store: 'ts:src/util/cache:Store',
  testSend: 'py:tests.test_api:test_send',
  testRun: 'py:tests.test_api:test_run',
  testHelper: 'py:tests.test_api:test_helper',
  requests: 'ext:requests',
  modApp: 'module:src/app',
  modUtil: 'module:src/util',
  modTests: 'module:tests',
} as const;

export function sampleProject(): CodeGraph {
  const b = new GraphBuilder();
  b.module('src/app');
  b.module('src/util');
  b.module('tests');
  b.file('src/app/api.py', { lines: 40, doc: 'HTTP client for the app.' });
  b.file('src/app/models.py', { lines: 32 });
  b.file('src/app/service.py', { lines: 25 });
  b.file('src/util/cache.ts', { lines: 40 });
  b.file('tests/test_api.py', { lines: 30 });
  b.ext('requests');

  b.sym('src/app/api.py', 'Client', 'class', 3, 30, { exported: true, signature: 'class Client', doc: 'Talks to the remote API.' });
  b.sym('src/app/api.py', 'Client.send', 'method', 10, 20, {
    signature: 'def send(self, msg: str, retry: int = 3) -> bool',
    doc: 'Send one message over the wire.',
    params: [{ name: 'self' }, { name: 'msg', type: 'str' }, { name: 'retry', type: 'int', default: '3' }],
    returnType: 'bool',
    decorators: ['@traced'],
  });
  b.sym('src/app/api.py', 'Client.close', 'method', 22, 28, { signature: 'def close(self)' });
  b.sym('src/app/api.py', 'helper', 'function', 32, 40, { signature: 'def helper()' });
  b.sym('src/app/models.py', 'Base', 'class', 1, 10, { exported: true });
  b.sym('src/app/models.py', 'User', 'class', 12, 30, { exported: true, bases: ['Base'], doc: 'A registered account.' });
  b.sym('src/app/models.py', 'User.save', 'method', 15, 25, { signature: 'def save(self)' });
  b.sym('src/app/models.py', 'MAX_USERS', 'constant', 32, 32);
  b.sym('src/app/service.py', 'run', 'function', 1, 20, { exported: true, signature: 'def run()' });
  b.sym('src/app/service.py', 'send', 'function', 22, 25, { signature: 'def send(x)' });
  b.sym('src/util/cache.ts', 'Cache', 'class', 1, 30, { exported: true, signature: 'export class Cache implements Store' });
  b.sym('src/util/cache.ts', 'Cache.put', 'method', 5, 10, { signature: 'put(key: string, value: V): void' });
  b.sym('src/util/cache.ts', 'Cache.get', 'method', 12, 20, { signature: 'get(key: string): V | undefined' });
  b.sym('src/util/cache.ts', 'Store', 'interface', 32, 40, { exported: true });
  b.sym('tests/test_api.py', 'test_send', 'test', 1, 10);
  b.sym('tests/test_api.py', 'test_run', 'test', 12, 20);
  b.sym('tests/test_api.py', 'test_helper', 'test', 22, 30);

  b.edge('contains', ID.modApp, ID.api);
  b.edge('contains', ID.modApp, ID.models);
  b.edge('contains', ID.modApp, ID.service);
  b.edge('contains', ID.modUtil, ID.cacheTs);
  b.edge('contains', ID.modTests, ID.testApi);
  for (const [file, syms] of [
    [ID.api, [ID.Client, ID.helper]],
    [ID.models, [ID.Base, ID.User, ID.MAX]],
    [ID.service, [ID.run, ID.sendFn]],
    [ID.cacheTs, [ID.Cache, ID.Store]],
    [ID.testApi, [ID.testSend, ID.testRun, ID.testHelper]],
  ] as const) {
    for (const s of syms) b.edge('contains', file, s);
  }
  b.edge('method_of', ID.send, ID.Client);
  b.edge('method_of', ID.close, ID.Client);
  b.edge('method_of', ID.save, ID.User);
  b.edge('method_of', ID.put, ID.Cache);
  b.edge('method_of', ID.get, ID.Cache);
  b.edge('inherits', ID.User, ID.Base);
  b.edge('implements', ID.Cache, ID.Store);

  b.edge('imports', ID.api, ID.requests, { lines: [1], specifiers: ['requests'] });
  b.edge('imports', ID.service, ID.api, { lines: [1], specifiers: ['.api'] });
  b.edge('imports', ID.service, ID.models, { lines: [2], specifiers: ['.models'] });
  b.edge('imports', ID.testApi, ID.api, { lines: [1], specifiers: ['app.api'] });
  b.edge('imports', ID.testApi, ID.service, { lines: [2], specifiers: ['app.service'] });
  b.edge('depends_on', ID.modTests, ID.modApp);

  b.calls(ID.run, ID.send, [5]);
  b.calls(ID.run, ID.save, [8], 'inferred');
  b.calls(ID.send, ID.helper, [12, 15]);
  b.calls(ID.helper, ID.helper, [36]);
  b.calls(ID.helper, ID.run, [38], 'name'); // closes a cycle run → send → helper → run
  b.calls(ID.testSend, ID.send, [4]);
  b.calls(ID.testRun, ID.run, [14]);
  b.calls(ID.get, ID.put, [15]);
  b.edge('references', ID.sendFn, ID.User, { lines: [23] });
  b.edge('tests', ID.testHelper, ID.helper, { confidence: 'convention' });
  b.edge('tests', ID.testHelper, ID.api, { confidence: 'convention' });
  return b.g;
}
