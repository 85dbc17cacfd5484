/**
 * The gazetteer catches up with the graph by the nodes that moved (the graph's change journal),
 * and whatever the edits, what it answers is what a gazetteer built anew from the graph answers.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { EntityIndex, Gazetteer } from '../../extension/core/docs/entities';
import { hasAnyHash, keyHash, packKeys } from '../../extension/core/docs/entities/reads';
import { runSteps } from '../../extension/core/index/steps';
import { ChangeJournal } from '../../extension/core/model/change_journal';
import type { CodeGraph } from '../../extension/core/model/graph';
import { edgeKey } from '../../extension/core/model/types';
import { fileId, moduleId } from '../../extension/core/model/ids';
import type { SymbolKind } from '../../extension/core/parse/facts';
import { makeChunk } from '../fixtures/docs_golden/chunks';
import { GraphBuilder } from './helpers/graph_builder';

const FILES = ['src/shop/orders.py', 'src/shop/__init__.py', 'web/src/cache.ts', 'tests/test_orders.py', 'src/shop/pay/__init__.py'];
const NAMES = ['Order', 'place_order', 'PaymentClient', 'payment_client', 'Cache', 'Cache.put', 'Order.total', 'send', 'orders', 'Orders'];
const KINDS: SymbolKind[] = ['class', 'function', 'method', 'interface', 'constant', 'test'];

type Op =
  | { kind: 'add'; file: number; name: number; symbol: number }
  | { kind: 'drop'; pick: number }
  | { kind: 'rename'; pick: number; name: number }
  | { kind: 'retype'; pick: number; symbol: number }
  | { kind: 'call'; from: number; to: number }
  | { kind: 'uncall'; pick: number }
  | { kind: 'module'; file: number; present: boolean }
  | { kind: 'adr'; n: number; present: boolean }
  | { kind: 'note'; pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), file: fc.nat(), name: fc.nat(), symbol: fc.nat() }),
  fc.record({ kind: fc.constant('drop' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('rename' as const), pick: fc.nat(), name: fc.nat() }),
  fc.record({ kind: fc.constant('retype' as const), pick: fc.nat(), symbol: fc.nat() }),
  fc.record({ kind: fc.constant('call' as const), from: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('uncall' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('module' as const), file: fc.nat(), present: fc.boolean() }),
  fc.record({ kind: fc.constant('adr' as const), n: fc.nat({ max: 3 }), present: fc.boolean() }),
  fc.record({ kind: fc.constant('note' as const), pick: fc.nat() }),
);

function baseGraph(): GraphBuilder {
  const b = new GraphBuilder();
  b.module('src/shop');
  for (const f of FILES) b.file(f);
  const order = b.sym('src/shop/orders.py', 'Order', 'class', 1, 20);
  const place = b.sym('src/shop/orders.py', 'place_order', 'function', 22, 30);
  b.sym('web/src/cache.ts', 'Cache', 'class', 1, 10);
  b.sym('tests/test_orders.py', 'Order', 'class', 1, 5);
  b.calls(place, order);
  return b;
}

const symbols = (g: CodeGraph): string[] => g.graph.filterNodes((_id, a) => a.kind !== 'file' && a.kind !== 'module').sort();
const at = <T>(list: readonly T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);

function apply(b: GraphBuilder, op: Op, step: number): void {
  const g = b.g;
  switch (op.kind) {
    case 'add': {
      const file = at(FILES, op.file)!;
      const name = at(NAMES, op.name)!;
      b.sym(file, `${name}${step % 3 === 0 ? '' : step}`, at(KINDS, op.symbol)!, step + 1, step + 2);
      break;
    }
    case 'drop': {
      const id = at(symbols(g), op.pick);
      if (id) g.dropNode(id);
      break;
    }
    case 'rename': {
      const id = at(symbols(g), op.pick);
      if (id) g.setNode(id, { ...g.node(id)!, name: at(NAMES, op.name)!, qualifiedName: at(NAMES, op.name)! });
      break;
    }
    case 'retype': {
      const id = at(symbols(g), op.pick);
      if (id) g.setNode(id, { ...g.node(id)!, kind: at(KINDS, op.symbol)! });
      break;
    }
    case 'call': {
      const list = symbols(g);
      const from = at(list, op.from);
      const to = at(list, op.to);
      if (from && to) b.calls(from, to);
      break;
    }
    case 'uncall': {
      const calls = g.graph.filterEdges((_k, e) => e.kind === 'calls').sort();
      const key = at(calls, op.pick);
      if (key) g.dropEdge(key);
      break;
    }
    case 'module': {
      // A package folder appearing or going moves its __init__.py's dotted name between the file and the folder.
      const folder = at(['src/shop', 'src/shop/pay'], op.file)!;
      if (op.present) b.module(folder);
      else g.dropNode(moduleId(folder));
      break;
    }
    case 'adr': {
      const id = `adr:docs/adr/000${op.n}-x.md`;
      if (op.present) g.setNode(id, { kind: 'adr', name: `000${op.n} X`, path: `docs/adr/000${op.n}-x.md`, decision: { number: op.n % 2 } });
      else g.dropNode(id);
      break;
    }
    case 'note': {
      // A memory note pointing at code must not count toward the code's popularity.
      const target = at(symbols(g), op.pick);
      const id = `memory:note-${step}`;
      g.setNode(id, { kind: 'memory', name: `note ${step}` });
      if (target) g.setEdge('references', id, target);
      break;
    }
  }
}

/** Everything a linker reads from a gazetteer, in a form two gazetteers can be compared by. */
function answers(gaz: Gazetteer, g: CodeGraph): unknown {
  const nodes = g.graph.filterNodes(() => true).sort().map((id) => [id, gaz.node(id) ?? null]);
  const fuzzy = ['PaymentClients', 'payment client', 'place order', 'Ordr', 'Cache put', 'placeorder'].map((s) => [s, gaz.fuzzy(s)]);
  return { entries: gaz.entries(), nodes, adrs: [0, 1].map((n) => gaz.adr(n)), fuzzy };
}

describe('gazetteer catching up', () => {
  it('answers what a gazetteer built anew answers, after any edits', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 12 }), fc.boolean(), (ops, fuzzyFirst) => {
        const b = baseGraph();
        const gaz = Gazetteer.fromGraph(b.g);
        // Half the runs build the fuzzy index before the edits, so catching up must keep it in step.
        if (fuzzyFirst) gaz.fuzzy('PaymentClients');
        let current = gaz;
        ops.forEach((op, i) => {
          apply(b, op, i);
          if (i % 3 === 2) current = current.refreshed();
        });
        current = current.refreshed();
        assert.equal(current.version, b.g.codeVersion);
        assert.deepEqual(answers(current, b.g), answers(Gazetteer.fromGraph(b.g), b.g));
      }),
      { numRuns: 300 },
    );
  });

  it('catches up in place after a small edit, instead of building anew', () => {
    const b = baseGraph();
    const gaz = Gazetteer.fromGraph(b.g);
    b.sym('src/shop/orders.py', 'refund_order', 'function', 40, 44);
    const after = gaz.refreshed();
    assert.equal(after, gaz);
    assert.deepEqual(after.lookup('refund_order')?.ids, [b.g.findByName('refund_order')[0]]);
    assert.equal(gaz.refreshed(), gaz, 'nothing moved: nothing to do');
  });

  it('moves a package name between the __init__.py and its folder', () => {
    const b = baseGraph();
    const gaz = Gazetteer.fromGraph(b.g);
    assert.deepEqual(gaz.lookup('shop.pay')?.ids, [fileId('src/shop/pay/__init__.py')]);
    b.module('src/shop/pay');
    assert.deepEqual(gaz.refreshed().lookup('shop.pay')?.ids, [moduleId('src/shop/pay')]);
  });

  it('keeps popularity to code edges', () => {
    const b = baseGraph();
    const gaz = Gazetteer.fromGraph(b.g);
    const order = b.g.findByQualifiedName('Order').find((id) => !id.includes('test'))!;
    const before = gaz.node(order)!.inDegree;
    b.g.setNode('memory:n', { kind: 'memory', name: 'n' });
    b.g.setEdge('references', 'memory:n', order);
    assert.equal(gaz.refreshed().node(order)!.inDegree, before);
    b.g.dropEdge(edgeKey('calls', b.g.findByName('place_order')[0]!, order));
    assert.equal(gaz.refreshed().node(order)!.inDegree, before - 1);
  });
});

/** Documents that name the pool's names every way a reader meets them: code spans, plain identifiers, typos, words, paths, records. */
const DOCS: Record<string, string[]> = {
  'docs/orders.md': ['`Order` is placed by `place_order`; see `Order.total` and src/shop/orders.py.', 'The **order book** keeps Orders.'],
  'docs/payments.md': ['A PaymentClient sends; the `payment_client` fixture stubs it. Call `PaymentClnt` for refunds.', 'See ADR-0001 and ADR 0.'],
  'docs/cache.md': ['`Cache.put` stores; `cache put` in prose, and shop.pay for the package.', 'Nothing here names code: a plain paragraph about weather.'],
  'docs/empty.md': ['A page of prose with no names at all, only words people say.'],
  // Names no key spells: found one edit away, by normalised form, or by shared words.
  'docs/fuzzy.md': ['Use `place_ordr` to place, the `payment client service`, and `Payment_Client` too.'],
};

function docIndex(options: ConstructorParameters<typeof EntityIndex>[0] = {}): EntityIndex {
  const index = new EntityIndex(options);
  for (const [path, paras] of Object.entries(DOCS)) index.setDoc(path, paras.map((p, i) => makeChunk(p, { path, startLine: 1 + i * 3, section: 'Intro' })));
  return index;
}

describe('entity index over a changing graph', () => {
  it('links what an index built anew links, reading again only what may have moved', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 10 }), (ops) => {
        const b = baseGraph();
        const index = docIndex();
        index.resolve(b.g);
        ops.forEach((op, i) => {
          apply(b, op, i);
          if (i % 2 === 1) index.resolve(b.g);
        });
        assert.deepEqual(index.resolve(b.g), docIndex().resolve(b.g));
      }),
      { numRuns: 150 },
    );
  });

  it('links what an index built anew links with a vector similarity hook too (it asks about every name sharing a word)', () => {
    // Names that start alike are "close": deterministic, and unlike any spelling test.
    const vectorSimilarity = (a: string, b: string): number => (a[0] === b[0] ? 0.9 : 0);
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 10 }), (ops) => {
        const b = baseGraph();
        const index = docIndex({ vectorSimilarity });
        index.resolve(b.g);
        ops.forEach((op, i) => {
          apply(b, op, i);
          if (i % 2 === 1) index.resolve(b.g);
        });
        assert.deepEqual(index.resolve(b.g), docIndex({ vectorSimilarity }).resolve(b.g));
      }),
      { numRuns: 100 },
    );
  });

  it('links what an index built anew links while documents and their mined terms change too', () => {
    // Few mined terms (top 3): a document edit moves which terms are in, and so what other documents link.
    const PARAS = ['The **rate limiter** guards `Order`.', 'A **rate limiter** and an **order book**.', 'The **order book** again, with PaymentClient.', '**Retry budget** for place_order.', 'The retry budget and the rate limiter.', 'Plain words only.'];
    const docArb = fc.record({ kind: fc.constant('doc' as const), path: fc.nat({ max: 3 }), paras: fc.array(fc.nat({ max: PARAS.length - 1 }), { maxLength: 3 }) });
    const chunksOf = (path: string, paras: number[]) => paras.map((p, i) => makeChunk(PARAS[p]!, { path, startLine: 1 + i * 3, section: 'Notes' }));
    fc.assert(
      fc.property(fc.array(fc.oneof(opArb, docArb), { minLength: 1, maxLength: 12 }), (ops) => {
        const b = baseGraph();
        const index = new EntityIndex({ topK: 3 });
        const docs = new Map<string, number[]>([['notes/0.md', [0, 1]], ['notes/1.md', [2, 3]]]);
        for (const [path, paras] of docs) index.setDoc(path, chunksOf(path, paras));
        index.resolve(b.g);
        ops.forEach((op, i) => {
          if (op.kind !== 'doc') apply(b, op, i);
          else {
            const path = `notes/${op.path}.md`;
            if (op.paras.length === 0) {
              docs.delete(path);
              index.deleteDoc(path);
            } else {
              docs.set(path, op.paras);
              index.setDoc(path, chunksOf(path, op.paras));
            }
          }
          if (i % 2 === 1) index.resolve(b.g);
        });
        const fresh = new EntityIndex({ topK: 3 });
        for (const [path, paras] of docs) fresh.setDoc(path, chunksOf(path, paras));
        assert.deepEqual(index.resolve(b.g), fresh.resolve(b.g));
      }),
      { numRuns: 200 },
    );
  });

  it('a pass run in steps ends with what an index built anew gives, whatever runs between its steps', () => {
    fc.assert(
      fc.property(fc.nat({ max: 12 }), fc.constantFrom('resolve', 'setDoc', 'deleteDoc', 'graph'), (after, between) => {
        const b = baseGraph();
        const index = docIndex();
        const docs = { ...DOCS };
        const steps = index.resolveSteps(b.g);
        let finished: ReturnType<EntityIndex['resolve']> | undefined;
        for (let i = 0; i < after && !finished; i++) {
          const r = steps.next();
          if (r.done) finished = r.value;
        }
        if (between === 'resolve') index.resolve(b.g);
        else if (between === 'setDoc') {
          docs['docs/orders.md'] = ['`PaymentClient` now places orders.'];
          index.setDoc('docs/orders.md', [makeChunk(docs['docs/orders.md']![0]!, { path: 'docs/orders.md', section: 'Intro' })]);
        } else if (between === 'deleteDoc') {
          delete docs['docs/cache.md'];
          index.deleteDoc('docs/cache.md');
        } else b.sym('src/shop/orders.py', 'PaymentClnt', 'class', 60, 70);
        const result = finished ?? runSteps(steps);
        const fresh = new EntityIndex();
        for (const [path, paras] of Object.entries(docs)) fresh.setDoc(path, paras.map((p, i) => makeChunk(p, { path, startLine: 1 + i * 3, section: 'Intro' })));
        assert.deepEqual(index.resolve(b.g), fresh.resolve(b.g));
        // The pass itself answers for the documents as they were when it finished.
        if (!finished && between !== 'graph') assert.deepEqual(result, fresh.resolve(b.g));
      }),
      { numRuns: 60 },
    );
  });

  it('reads again only the documents that asked for a name that moved', () => {
    const b = baseGraph();
    const index = docIndex();
    index.resolve(b.g);
    assert.equal(index.lastRereads, Object.keys(DOCS).length, 'the first resolve reads every document');
    b.sym('src/shop/orders.py', 'unrelated_helper', 'function', 50, 52);
    index.resolve(b.g);
    assert.equal(index.lastRereads, 0, 'a name no document uses moves nothing');
    b.sym('src/shop/orders.py', 'PaymentClnt', 'class', 60, 70);
    index.resolve(b.g);
    assert.equal(index.lastRereads, 1, 'a name one document uses reads that one again');
    assert.ok(index.resolve(b.g).mentions.some((m) => m.surface === 'PaymentClnt' && m.target === b.g.findByName('PaymentClnt')[0]));
  });
});

describe('change journal', () => {
  it('answers the ids touched after a version', () => {
    const j = new ChangeJournal(0);
    j.record(1, 'a');
    j.record(2, 'b');
    j.record(2, 'c');
    j.record(3, 'a');
    assert.deepEqual([...j.since(1)!].sort(), ['a', 'b', 'c']);
    assert.deepEqual([...j.since(3)!], []);
  });

  it('says when a reader is further behind than it remembers', () => {
    const j = new ChangeJournal(0, 4);
    for (let v = 1; v <= 9; v++) j.record(v, `n${v}`);
    assert.equal(j.since(0), undefined);
    assert.deepEqual([...j.since(8)!], ['n9']);
    j.reset(20);
    assert.equal(j.since(19), undefined);
    assert.deepEqual([...j.since(20)!], []);
  });
});

describe('packed reads', () => {
  it('finds every key it was given, merged with an earlier packing, and sorts and dedupes the hashes', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), fc.array(fc.string()), fc.string(), (a, b, other) => {
        const packed = packKeys(b, packKeys(a));
        for (const k of [...a, ...b]) assert.ok(hasAnyHash(packed, [keyHash(k)]));
        assert.ok(packed.every((h, i) => i === 0 || packed[i - 1]! < h));
        assert.equal(hasAnyHash(packed, [keyHash(other)]), packed.includes(keyHash(other)));
      }),
    );
  });
});
