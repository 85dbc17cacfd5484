/**
 * Docs entities, rule by rule
 * ===========================
 * The gazetteer's keys and tiers, each mention pattern, the stopword skip, ambiguity and the
 * link threshold, mined terms, each sentence pattern and structure rule, spelling merges, and
 * bad input. Graphs are built by hand; chunks come from Markdown-ish text (makeChunk).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  EntityIndex,
  EntityMerger,
  findCandidates,
  findPatterns,
  Gazetteer,
  LINK_THRESHOLD,
  linkChunk,
  MAX_CHUNK_CHARS,
  properNames,
  TermCounts,
  termSet,
  type EntityResult,
} from '../../extension/core/docs/entities';
import type { Chunk, LinkedMention } from '../../extension/core/docs/types';
import type { CodeGraph } from '../../extension/core/model/graph';
import { makeChunk, type ChunkSpec } from '../fixtures/docs_golden/chunks';
import { GraphBuilder } from './helpers/graph_builder';

function sampleGraph(): CodeGraph {
  const b = new GraphBuilder();
  b.module('src');
  b.module('src/app');
  b.file('src/app/api.py');
  b.file('src/app/mail.py');
  b.file('src/app/orders.py');
  b.file('web/src/util/cache.ts');
  b.file('tests/test_api.py');
  const client = b.sym('src/app/api.py', 'Client', 'class', 1, 20);
  const send = b.sym('src/app/api.py', 'Client.send', 'method', 5, 10);
  b.sym('src/app/api.py', 'get', 'function', 22, 24);
  b.sym('src/app/api.py', 'main', 'function', 26, 28);
  const load = b.sym('src/app/api.py', 'load_config', 'function', 30, 32);
  b.sym('src/app/api.py', 'PaymentClient', 'class', 34, 40);
  b.sym('src/app/mail.py', 'Mailer', 'class', 1, 10);
  b.sym('src/app/mail.py', 'Mailer.send', 'method', 2, 5);
  b.sym('src/app/orders.py', 'Order', 'class', 1, 5);
  b.sym('src/app/orders.py', 'slugify', 'function', 7, 9);
  b.sym('web/src/util/cache.ts', 'Order', 'interface', 1, 3);
  b.sym('web/src/util/cache.ts', 'Cache', 'class', 5, 20);
  b.sym('web/src/util/cache.ts', 'Cache.put', 'method', 8, 12);
  b.sym('tests/test_api.py', 'Client', 'class', 1, 5);
  b.calls(send, load);
  b.calls(client, load);
  b.g.setNode('adr:docs/adr/0003-use-redis.md', { kind: 'adr', name: '0003 Use Redis', path: 'docs/adr/0003-use-redis.md', decision: { number: 3 } });
  return b.g;
}

function resolveDocs(graph: CodeGraph, docs: Record<string, Chunk[]>, options = {}): EntityResult {
  const index = new EntityIndex(options);
  for (const [path, chunks] of Object.entries(docs)) index.setDoc(path, chunks);
  return index.resolve(graph);
}

/** Links one chunk's text and answers `surface → target` for each mention. */
function links(graph: CodeGraph, markdown: string, spec: ChunkSpec = {}, options = {}): string[] {
  const c = makeChunk(markdown, { path: spec.path ?? 'docs/page.md', ...spec });
  return resolveDocs(graph, { [c.path]: [c] }, options).mentions.map((m) => `${m.surface} → ${m.target}`);
}

function rel(r: EntityResult): string[] {
  return r.relations.map((x) => `${x.kind} ${x.source} → ${x.target}`);
}

describe('gazetteer', () => {
  const g = sampleGraph();
  const gaz = Gazetteer.fromGraph(g);

  it('maps bare, qualified, dotted, path, basename and record names to nodes', () => {
    assert.deepEqual(gaz.lookup('Client.send')?.ids, ['py:app.api:Client.send']);
    assert.deepEqual(gaz.lookup('app.api.Client.send')?.ids, ['py:app.api:Client.send']);
    assert.deepEqual(gaz.lookup('Client.send()')?.ids, ['py:app.api:Client.send']);
    assert.deepEqual(gaz.lookup('src/app/api.py')?.ids, ['file:src/app/api.py']);
    assert.deepEqual(gaz.lookup('api.py')?.ids, ['file:src/app/api.py']);
    assert.deepEqual(gaz.lookup('src/app/api.py:42')?.ids, ['file:src/app/api.py']);
    assert.deepEqual(gaz.lookup('web/src/util/cache')?.ids, ['file:web/src/util/cache.ts']);
    assert.deepEqual(gaz.lookup('src/app')?.ids, ['module:src/app']);
    assert.deepEqual(gaz.adr(3), ['adr:docs/adr/0003-use-redis.md']);
    assert.equal(gaz.lookup('Nothing'), undefined);
  });

  it('prefers definitions outside tests and records what stays ambiguous', () => {
    const client = gaz.lookup('Client')!;
    assert.deepEqual(client.ids, ['py:app.api:Client'], 'the test double is not preferred');
    assert.equal(client.total, 2);
    assert.equal(client.ambiguous, false);
    const order = gaz.lookup('Order')!;
    assert.equal(order.ambiguous, true);
    assert.deepEqual(order.ids, ['py:app.orders:Order', 'ts:web/src/util/cache:Order']);
    const send = gaz.lookup('send')!;
    assert.equal(send.ambiguous, true);
    assert.equal(send.plainText, false, 'a bare lower-case method name is English in prose');
  });

  it('keeps common words and folder names out of plain text', () => {
    assert.equal(gaz.lookup('get')!.plainText, false);
    assert.equal(gaz.lookup('main')!.plainText, false);
    assert.equal(gaz.lookup('app')!.plainText, false, 'a folder name');
    assert.equal(gaz.lookup('slugify')!.plainText, true);
    assert.equal(gaz.lookup('load_config')!.plainText, true);
  });

  it('finds fuzzy candidates by normalised name, one edit, and token Jaccard', () => {
    assert.equal(gaz.fuzzy('payment_client')[0]?.id, 'py:app.api:PaymentClient');
    assert.equal(gaz.fuzzy('payment_client')[0]?.via, 'normalised');
    assert.equal(gaz.fuzzy('PaymentClients')[0]?.via, 'edit');
    assert.equal(gaz.fuzzy('load configs')[0]?.id, 'py:app.api:load_config');
    assert.deepEqual(gaz.fuzzy('Unrelated'), []);
    // The vector hook adds candidates that share a word but not enough of them.
    const hooked = gaz.fuzzy('the payment gateway client', () => 0.9);
    assert.ok(hooked.some((c) => c.via === 'vector' && c.id === 'py:app.api:PaymentClient'), JSON.stringify(hooked));
  });
});

describe('mention patterns', () => {
  const kinds = (text: string): string[] => findPatterns(text).map((p) => `${p.type}:${p.key}`);

  it('reads versions', () => {
    assert.deepEqual(kinds('Upgrade to v1.2.3 and Python 3.11, not 2.0.1-beta.'), ['version:v1.2.3', 'version:python-3.11', 'version:2.0.1-beta']);
    assert.deepEqual(kinds('It takes 0.5 seconds.'), [], 'a bare decimal is not a version');
  });

  it('reads ids', () => {
    assert.deepEqual(kinds('See ADR-3, JIRA-123 and CVE-2024-3651.'), ['id:adr-0003', 'id:jira-123', 'id:cve-2024-3651']);
    assert.equal(findPatterns('ADR 0007 says so')[0]?.adrNumber, 7);
  });

  it('reads standards, with and without versions', () => {
    assert.deepEqual(kinds('Dates use ISO 8601, HTTP follows RFC 7231; PEP 8, OAuth 2.0 and TLS 1.3 apply.'), [
      'standard:iso-8601', 'standard:rfc-7231', 'standard:pep-8', 'standard:oauth-2.0', 'standard:tls-1.3',
    ]);
    assert.deepEqual(kinds('We follow SemVer and sign with HMAC-SHA256. UTF-8 everywhere.'), ['standard:semver', 'standard:hmac-sha256', 'standard:utf-8']);
  });

  it('reads teams', () => {
    assert.deepEqual(kinds('It is owned by the Platform team.'), ['team:platform-team']);
  });
});

describe('mention finding', () => {
  const g = sampleGraph();

  it('takes code spans first, then gazetteer hits in prose, tokens, names and patterns', () => {
    const got = links(g, 'The `Client` calls load_config on start; PaymentClient and FooBar use Redis and v2.0.1 with SMTP.\nRedis is fast, Redis is shared.');
    assert.ok(got.includes('Client → py:app.api:Client'), got.join('\n'));
    assert.ok(got.includes('load_config → py:app.api:load_config'));
    assert.ok(got.includes('PaymentClient → py:app.api:PaymentClient'));
    assert.ok(got.includes('FooBar → entity:foobar'), 'an identifier the code does not define is an entity');
    assert.ok(got.includes('Redis → entity:redis'), 'a capitalised name mid-sentence');
    assert.ok(got.includes('SMTP → entity:smtp'), 'an acronym');
    assert.ok(got.includes('v2.0.1 → entity:v2.0.1'));
  });

  it('skips common words that are function names in prose, but not in a code span', () => {
    const prose = links(g, 'Run main to get the data, then send it.');
    assert.deepEqual(prose, []);
    const code = links(g, 'Run `main` to `get` the data.');
    assert.deepEqual(code, ['main → py:app.api:main', 'get → py:app.api:get']);
  });

  it('matches identifiers case-sensitively on word boundaries', () => {
    assert.deepEqual(links(g, 'A paymentclient or XPaymentClient is not it.'), ['XPaymentClient → entity:xpaymentclient']);
  });

  it('ignores bold labels and sentences, keeps bold terms', () => {
    const got = links(g, '**Note:** the **token bucket** refills. **It never arrives.**');
    assert.deepEqual(got, ['token bucket → entity:token-bucket']);
  });

  it('never lets spans overlap: the stronger evidence wins', () => {
    const c = makeChunk('Call `Client.send` now.');
    const cands = findCandidates(c, Gazetteer.fromGraph(g), termSet([]));
    assert.deepEqual(cands.map((x) => `${x.source}:${x.surface}`), ['code_span:Client.send']);
  });

  it('mines terms from headings, bold text and code spans, top-K by document frequency', () => {
    const counts = new TermCounts(2);
    counts.add(new Map([['rate limiter', 'Rate limiter'], ['token bucket', 'token bucket'], ['alpha beta', 'alpha beta']]), 1);
    counts.add(new Map([['rate limiter', 'rate limiter'], ['token bucket', 'Token bucket']]), 1);
    counts.add(new Map([['rate limiter', 'rate limiter']]), 1);
    assert.deepEqual(counts.top(10), ['rate limiter', 'token bucket']);
    assert.deepEqual(counts.top(1), ['rate limiter']);
    counts.add(new Map([['rate limiter', 'x']]), -1);
    counts.add(new Map([['token bucket', 'x']]), -1);
    assert.deepEqual(counts.top(10), ['rate limiter'], 'below the minimum frequency a term drops out');
  });

  it('links mined terms where they occur in plain text', () => {
    const page = (n: number): Chunk => makeChunk(`Rate limiter\n\nThe rate limiter keeps state ${n}.`, { path: `docs/p${n}.md`, headings: ['Guide', 'Rate limiter'] });
    const r = resolveDocs(g, { 'docs/p1.md': [page(1)], 'docs/p2.md': [page(2)] });
    const mentions = r.mentions.filter((m) => m.source === 'ngram');
    assert.ok(mentions.length >= 2, JSON.stringify(r.mentions));
    assert.ok(mentions.every((m) => m.target === 'entity:rate-limiter'));
    const one = resolveDocs(g, { 'docs/p1.md': [page(1)] });
    assert.equal(one.mentions.filter((m) => m.source === 'ngram').length, 0, 'one document is not enough');
  });

  it('takes no entity from a code example\'s own names, and still links the code it calls', () => {
    // As the chunker writes a code block: fenced, with no code spans.
    const c = { ...makeChunk('x', { path: 'docs/page.md' }), text: 'Wrap it:\n\n```python\nnew_func = slugify(old_value)\nself.debug_mode = True\n```\n\nThen call new_func.' };
    const found = resolveDocs(sampleGraph(), { [c.path]: [c] }).mentions.map((m) => `${m.surface} → ${m.target}`);
    assert.ok(found.some((l) => l.startsWith('slugify → py:')), found.join('; '));
    assert.ok(!found.some((l) => /^(old_value|self\.debug_mode) /.test(l)), found.join('; '));
    // In prose the same identifier-shaped word is still read.
    assert.ok(found.some((l) => l.startsWith('new_func → entity:')), found.join('; '));
  });

  it('reads proper names from the whole document', () => {
    const names = properNames([makeChunk('Cheerio parses. Cheerio renders. Cheerio is fast. We use Kafka here.\nTitle Words Here\n\nMonday is busy.')]);
    assert.ok(names.has('Cheerio'), 'three sentence starts');
    assert.ok(names.has('Kafka'), 'mid-sentence');
    assert.ok(!names.has('Monday') && !names.has('Title') && !names.has('Words'), [...names].join(','));
    // Sentence starts alone are no signal when the word is also written in lower case: an English word.
    const prose = properNames([makeChunk('Continue reading. Continue here. Continue there. Although it rains, we go. Although late. Although so. Press continue; although fine.')]);
    assert.ok(!prose.has('Continue') && !prose.has('Although'), [...prose].join(','));
  });
});

describe('linking', () => {
  const g = sampleGraph();

  it('uses context to choose among same-named nodes', () => {
    // Order is a Python class and a TS interface; the chunk names the Python file's slugify.
    assert.ok(links(g, 'Build an `Order` and call `slugify()` on its title.').includes('Order → py:app.orders:Order'));
    assert.ok(links(g, 'The `Order` comes from `Cache.put`.').includes('Order → ts:web/src/util/cache:Order'));
  });

  it('penalises a tie it cannot break: an ambiguous name alone becomes an entity', () => {
    const c = makeChunk('Then `Order` is stored.');
    const [m] = linkChunk(c, findCandidates(c, Gazetteer.fromGraph(g), termSet([])), Gazetteer.fromGraph(g));
    assert.equal(m?.target, 'entity:order');
    assert.equal(m?.via, 'new');
  });

  it('links above the threshold and makes an entity below it', () => {
    assert.deepEqual(links(g, 'Use `PaymentClient` here.'), ['PaymentClient → py:app.api:PaymentClient']);
    assert.deepEqual(links(g, 'Use `PaymentClient` here.', {}, { threshold: 0.99 }), ['PaymentClient → entity:paymentclient']);
    // A plain-text gazetteer hit below the threshold is dropped, not turned into an entity.
    assert.deepEqual(links(g, 'Ask Mailer.', {}, { threshold: 0.99 }), []);
    assert.ok(LINK_THRESHOLD > 0 && LINK_THRESHOLD < 1);
  });

  it('links fuzzy spellings with their tier', () => {
    const c = makeChunk('The `payment_client` and `PaymentClients` helpers.');
    const gaz = Gazetteer.fromGraph(g);
    const got = linkChunk(c, findCandidates(c, gaz, termSet([])), gaz).map((m: LinkedMention) => `${m.surface} ${m.target} ${m.via}`);
    assert.deepEqual(got, ['payment_client py:app.api:PaymentClient normalised', 'PaymentClients py:app.api:PaymentClient edit']);
  });

  it('takes candidates from the vector hook when one is given', () => {
    assert.deepEqual(links(g, 'Use `pay_client_gw` here.'), ['pay_client_gw → entity:pay-client-gw']);
    const calls: string[] = [];
    const hook = (a: string, b: string): number => {
      calls.push(`${a}|${b}`);
      return b === 'payment client' ? 0.95 : 0.1;
    };
    assert.deepEqual(links(g, 'Use `pay_client_gw` here.', {}, { vectorSimilarity: hook }), ['pay_client_gw → py:app.api:PaymentClient']);
    assert.ok(calls.includes('pay client gw|payment client'), calls.join(', '));
  });

  it('links record ids to adr nodes and keeps versions away from code', () => {
    assert.deepEqual(links(g, 'Decided in ADR-0003 for v1.2.3.'), ['ADR-0003 → adr:docs/adr/0003-use-redis.md', 'v1.2.3 → entity:v1.2.3']);
  });

  it('does not link an English phrase to a class that shares its name', () => {
    assert.deepEqual(links(g, 'A **payment client** is anything that pays.'), ['payment client → entity:payment-client']);
  });
});

describe('relations from sentences', () => {
  const g = sampleGraph();
  const one = (markdown: string, spec: ChunkSpec = {}): string[] => {
    const c = makeChunk(markdown, { path: 'docs/page.md', ...spec });
    return rel(resolveDocs(g, { 'docs/page.md': [c] }));
  };
  const C = 'py:app.api:Client';
  const P = 'py:app.api:PaymentClient';

  it('reads each pattern', () => {
    assert.deepEqual(one('`Client` uses `PaymentClient`.'), [`uses ${C} → ${P}`]);
    assert.deepEqual(one('`Client` depends on `load_config`.'), [`depends_on ${C} → py:app.api:load_config`]);
    assert.deepEqual(one('`Client` requires Redis.\nRedis is fast.'), [`depends_on ${C} → entity:redis`]);
    assert.deepEqual(one('`Client` is part of `src/app/api.py`.'), [`part_of ${C} → file:src/app/api.py`]);
    assert.deepEqual(one('`Client` integrates with Stripe for cards.'), [`integrates_with ${C} → entity:stripe`]);
    assert.deepEqual(one('`Client` is configured via `CLIENT_URL`.'), [`configured_via ${C} → entity:client-url`]);
    assert.deepEqual(one('`Client` is configured through `settings.toml`.'), [`configured_via ${C} → entity:settings-toml`]);
    assert.deepEqual(one('`Client` is owned by the Payments team.'), [`owned_by ${C} → entity:payments-team`]);
    assert.deepEqual(one('`Client` is maintained by the Payments team.'), [`owned_by ${C} → entity:payments-team`]);
  });

  it('reads passive and reverse forms', () => {
    assert.deepEqual(one('`PaymentClient` is used by `Client`.'), [`uses ${C} → ${P}`]);
    assert.deepEqual(one('`src/app/api.py` contains `Client`.'), [`part_of ${C} → file:src/app/api.py`]);
  });

  it('takes every object joined by and/or', () => {
    assert.deepEqual(one('`Client` uses `PaymentClient`, `Mailer` and `load_config`.').sort(), [
      `uses ${C} → ${P}`, `uses ${C} → py:app.api:load_config`, `uses ${C} → py:app.mail:Mailer`,
    ]);
  });

  it('drops negated statements and statements without a subject', () => {
    assert.deepEqual(one('`Client` does not use `PaymentClient`.'), []);
    assert.deepEqual(one('`Client` no longer depends on `Mailer`.'), []);
    assert.deepEqual(one('Nobody uses `PaymentClient`.'), []);
  });

  it('resolves `It` to the previous sentence’s subject', () => {
    assert.deepEqual(one('`Client` is the entry point. It uses `PaymentClient`.'), [`uses ${C} → ${P}`]);
  });

  it('does not take an earlier object for the subject', () => {
    assert.deepEqual(one('The front end lives in `src/app` and talks to Stripe today.\nStripe is a vendor.'), []);
  });

  it('gives each relation a confidence and its evidence', () => {
    const c = makeChunk('`Client` uses `PaymentClient`.', { path: 'docs/page.md', startLine: 7 });
    const [r] = resolveDocs(g, { 'docs/page.md': [c] }).relations;
    assert.ok(r && r.confidence > 0.5 && r.confidence <= 1, JSON.stringify(r));
    assert.equal(r.evidence, 'Client uses PaymentClient.');
    assert.equal(r.line, 7);
    assert.equal(r.via, 'sentence');
  });
});

describe('relations from structure', () => {
  const g = sampleGraph();

  it('reads a Dependencies section as depends_on from the parent heading', () => {
    const c = makeChunk('Dependencies\n\n- `PaymentClient`\n- Redis 7\n- Kafka (for events)', { path: 'docs/client.md', headings: ['Client'], section: 'Client' });
    const got = rel(resolveDocs(g, { 'docs/client.md': [c] }));
    assert.deepEqual(got.sort(), [
      'depends_on py:app.api:Client → entity:kafka',
      'depends_on py:app.api:Client → entity:redis-7',
      'depends_on py:app.api:Client → py:app.api:PaymentClient',
    ]);
  });

  it('falls back to the document when no heading names anything', () => {
    const c = makeChunk('- Redis 7', { path: 'docs/setup.md', headings: ['Getting started', 'Requirements'] });
    assert.deepEqual(rel(resolveDocs(g, { 'docs/setup.md': [c] })), ['depends_on doc:docs/setup.md → entity:redis-7']);
  });

  it('reads numbered steps as precedes between consecutive steps', () => {
    const c = makeChunk('1. Create a `Client`.\n2. Call `Client.send`.\n3. Wait a little.\n4. Read `Mailer`.', { kind: 'procedure', section: 'Steps' });
    assert.deepEqual(rel(resolveDocs(g, { [c.path]: [c] })), ['precedes py:app.api:Client → py:app.api:Client.send']);
  });

  it('reads See also links as cites', () => {
    const c = makeChunk('- [Setup](../setup.md)\n- [Code](../../src/app/api.py)\n- [Web](https://example.com/x)\n- `Mailer`', { path: 'docs/guide/a.md', section: 'See also', headings: ['A', 'See also'] });
    assert.deepEqual(rel(resolveDocs(g, { [c.path]: [c] })).sort(), [
      'cites doc:docs/guide/a.md → doc:docs/setup.md',
      'cites doc:docs/guide/a.md → file:src/app/api.py',
      'cites doc:docs/guide/a.md → py:app.mail:Mailer',
    ]);
  });
});

describe('entities', () => {
  const g = sampleGraph();

  it('gather aliases, counts, types and definitions across documents', () => {
    const r = resolveDocs(g, {
      'docs/a.md': [makeChunk('A **token bucket** is a counter that refills.', { path: 'docs/a.md' })],
      'docs/b.md': [makeChunk('Each **token buckets** drains by one.', { path: 'docs/b.md' })],
    });
    const e = r.entities.find((x) => x.id === 'entity:token-bucket');
    assert.ok(e, JSON.stringify(r.entities));
    assert.equal(e.mentionCount, 2);
    assert.deepEqual([e.name, ...e.aliases].sort(), ['token bucket', 'token buckets']);
    assert.equal(e.type, 'term');
    assert.equal(e.definition, 'A token bucket is a counter that refills.');
    assert.ok(!r.entities.some((x) => x.id === 'entity:token-buckets'), 'one edit apart: merged');
    assert.ok(r.mentions.some((m) => m.surface === 'token buckets' && m.target === 'entity:token-bucket' && m.via === 'alias'));
  });

  it('merges spellings one edit apart or sharing most words, never versions', () => {
    const m = new EntityMerger();
    for (const k of ['rate-limiter', 'rate-limiters', 'v1.2.3', 'v1.2.4', 'token-bucket-limiter', 'token-bucket-limiters', 'python-3.11', 'python-3.12']) m.add(k);
    const groups = m.groups(() => 1);
    assert.equal(groups.get('rate-limiters'), 'rate-limiter');
    assert.equal(groups.get('token-bucket-limiters'), 'token-bucket-limiter');
    assert.equal(groups.has('v1.2.4') || groups.has('v1.2.3'), false);
    assert.equal(groups.has('python-3.12') || groups.has('python-3.11'), false);
    m.remove('rate-limiters');
    assert.equal(m.groups(() => 1).has('rate-limiters'), false);
  });
});

describe('bad input', () => {
  const g = sampleGraph();

  it('skips malformed and oversized chunks with a reason', () => {
    const index = new EntityIndex();
    const good = makeChunk('`Client` here.');
    const huge = { ...makeChunk('x'), id: 'chunk:docs/page.md#2-2', text: 'a '.repeat(MAX_CHUNK_CHARS) };
    index.setDoc('docs/page.md', [good, huge, { id: 3 } as unknown as Chunk, null as unknown as Chunk]);
    const skipped = index.skipped();
    assert.equal(skipped.length, 3);
    assert.ok(skipped.some((s) => /limit/.test(s.reason)));
    assert.ok(skipped.some((s) => /not a chunk/.test(s.reason)));
    assert.deepEqual(index.resolve(g).mentions.map((m) => m.surface), ['Client']);
  });

  it('refuses a missing path or a non-array', () => {
    const index = new EntityIndex();
    assert.throws(() => index.setDoc('', []), /non-empty path/);
    assert.throws(() => index.setDoc('x.md', 'text' as unknown as Chunk[]), /array of chunks/);
  });

  it('stays linear on blobs near the size limit', () => {
    // Each of these once cost seconds to forever: one-edit variants of a 190k-character "name",
    // every line of a long list scanning every mention.
    const n = MAX_CHUNK_CHARS - 10_000;
    for (const blob of ['a_'.repeat(n / 2), 'aB'.repeat(n / 2), '- Redis\n'.repeat(n / 8), '1. `Client`\n'.repeat(n / 12), 'Term: x\n'.repeat(n / 8)]) {
      const t0 = Date.now();
      const r = resolveDocs(g, { 'docs/x.md': [makeChunk(blob, { path: 'docs/x.md', section: 'Dependencies' })] });
      assert.ok(Array.isArray(r.mentions));
      assert.ok(Date.now() - t0 < 15_000, `${blob.slice(0, 12)}… took ${Date.now() - t0} ms`);
    }
  });

  it('survives hostile text', () => {
    const nasty = '`'.repeat(1000) + '**'.repeat(500) + 'a.'.repeat(5000) + '\u0000\uffff' + 'A_B '.repeat(2000) + '1.2.3.'.repeat(1000);
    const r = resolveDocs(g, { 'docs/x.md': [makeChunk(nasty, { path: 'docs/x.md' })] });
    assert.ok(Array.isArray(r.mentions));
  });
});
