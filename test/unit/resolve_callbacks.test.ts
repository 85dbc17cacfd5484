/**
 * Callback parameters typed by the callee (issue 14 §2, measured on rxjs)
 * ========================================================================
 * `operate((source, subscriber) => subscriber.next(…))`: the callback's parameters have no
 * annotation; the checker types them from the parameter of `operate` the callback is passed to,
 * and so do we: its function type's parameters, `this:` left out, constructors for `new`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Workspace } from '../../extension/core/workspace';
import { edge, indexFiles } from '../helpers/workspace';

describe('callback parameters typed by the function they are passed to', () => {
  let ws: Workspace;
  before(async () => {
    ws = await indexFiles({
      'src/sub.ts': [
        'export class Subscriber<T> { next(v: T): void {} complete(): void {} }',
        'export class Source<T> { subscribe(s: Subscriber<T>): void {} }',
        'export class Stream<T> {',
        '  constructor(subscribe?: (this: Stream<T>, subscriber: Subscriber<T>) => void) {}',
        '}',
        'export function operate<T>(init: (source: Source<T>, subscriber: Subscriber<T>) => void): void {}',
        '',
      ].join('\n'),
      'src/use.ts': [
        "import { operate, Stream } from './sub';",
        'export function mapper() {',
        '  operate((source, subscriber) => {',
        '    source.subscribe(subscriber);',
        '    subscriber.next(1);',
        '  });',
        '}',
        'export function make() {',
        '  return new Stream((subscriber) => subscriber.complete());',
        '}',
        'export function plain(items: number[]) {',
        '  items.forEach((x) => x.toFixed());',
        '}',
        '',
      ].join('\n'),
    });
  });
  after(() => ws.close());

  it('types them from a function parameter', () => {
    assert.ok(edge(ws, 'calls', 'ts:src/use:mapper', 'ts:src/sub:Source.subscribe'));
    assert.ok(edge(ws, 'calls', 'ts:src/use:mapper', 'ts:src/sub:Subscriber.next'));
  });

  it('types them from a constructor parameter, `this:` left out', () => {
    assert.ok(edge(ws, 'calls', 'ts:src/use:make', 'ts:src/sub:Subscriber.complete'));
  });

  it('leaves array callbacks to the runtime', () => {
    assert.deepEqual(ws.graph.graph.outEdges('ts:src/use:plain').filter((e) => ws.graph.graph.getEdgeAttribute(e, 'kind') === 'calls'), []);
  });
});
