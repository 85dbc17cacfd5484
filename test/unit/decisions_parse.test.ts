/**
 * Reading decision documents
 * ==========================
 * Records in the Nygard, MADR and log4brains layouts, instruction files by level-2 section, and
 * what a code span is taken to name.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseRecord } from '../../extension/core/decisions/adr';
import { parseInstructions } from '../../extension/core/decisions/instructions';
import { classify } from '../../extension/core/decisions/mentions';
import { FIXTURES } from '../helpers/workspace';

const STORE = join(FIXTURES, 'decisions/store');
const read = (rel: string): string => readFileSync(join(STORE, rel), 'utf8');

describe('ADR parsing', () => {
  it('reads a Nygard record: number, title, status, date, sections, supersession', () => {
    const path = 'docs/adr/0004-the-order-service-owns-caching.md';
    const r = parseRecord(path, read(path));
    assert.equal(r.format, 'nygard');
    assert.equal(r.number, 4);
    assert.equal(r.title, 'The order service owns caching');
    assert.equal(r.status, 'accepted');
    assert.equal(r.date, '2026-03-10');
    assert.match(r.sentence ?? '', /^OrderService\.place_order is the only writer of the cache/);
    assert.match(r.consequences ?? '', /Redis/);
    assert.deepEqual(r.concepts.map((c) => c.name), ['Cache invalidation']);
    const sup = r.records.find((x) => x.relation === 'supersedes');
    assert.equal(sup?.ref, 'docs/adr/0003-cache-orders-in-memory.md');
    assert.ok(r.records.some((x) => x.ref === '9' && x.relation === 'references'));
  });

  it('reads a superseded status from the status line', () => {
    const path = 'docs/adr/0003-cache-orders-in-memory.md';
    const r = parseRecord(path, read(path));
    assert.equal(r.status, 'superseded');
    assert.ok(r.records.some((x) => x.relation === 'superseded_by' && x.ref === 'docs/adr/0004-the-order-service-owns-caching.md'));
    assert.deepEqual(r.concepts.map((c) => c.name), ['Cache invalidation', 'KG']);
  });

  it('reads MADR front matter, drivers as principles, and marks considered options as weak', () => {
    const path = 'docs/decisions/0001-use-a-typed-http-client.md';
    const r = parseRecord(path, read(path));
    assert.equal(r.format, 'madr');
    assert.equal(r.status, 'accepted');
    assert.equal(r.date, '2026-01-20');
    assert.deepEqual(r.principles, ['One place for retries', 'Typed responses']);
    assert.deepEqual(r.concepts.map((c) => c.name), ['Knowledge Graph'], 'Consequences is structure, not a concept');
    assert.equal(r.mentions.find((m) => m.text === 'ApiClient')?.weak, true);
    assert.equal(r.mentions.find((m) => m.text === 'withRetry')?.weak, undefined);
    // Front matter is blanked, not cut: positions still count from the file's first line.
    assert.equal(r.mentions.find((m) => m.text === 'withRetry')?.span.line, 25);
  });

  it('reads the log4brains layout (list metadata under the title)', () => {
    const path = 'docs/decisions/0002-order-service-is-the-entry-point.md';
    const r = parseRecord(path, read(path));
    assert.equal(r.format, 'log4brains');
    assert.equal(r.status, 'accepted');
    assert.equal(r.date, '2026-04-02');
    assert.equal(r.number, 2);
  });

  it('skips fenced code: identifiers in examples are not claims', () => {
    const r = parseRecord('docs/adr/0009-x.md', '# 9. X\n\n## Decision\n\nUse `RealThing`.\n\n```py\nOtherThing()  # ADR-0001\n```\n');
    assert.deepEqual(r.mentions.map((m) => m.text), ['RealThing']);
    assert.deepEqual(r.records, []);
  });
});

describe('instruction files', () => {
  it('makes one section per level-2 heading, concepts from the first table column', () => {
    const f = parseInstructions('CLAUDE.md', read('CLAUDE.md'));
    assert.deepEqual(f.sections.map((s) => s.title), ['Testing', 'Glossary']);
    assert.deepEqual(f.sections[1]!.concepts.map((c) => c.name), ['Knowledge graph', 'Order service']);
    assert.deepEqual(f.sections[0]!.mentions.map((m) => m.text), ['pytest', 'shop/cache.py', 'PaymentGateway.refund']);
  });

  it('reads a file without level-2 headings as one section', () => {
    const f = parseInstructions('.cursorrules', 'Always use `makeClient()`.\nNever edit generated code.\n');
    assert.equal(f.sections.length, 1);
    assert.equal(f.sections[0]!.title, '.cursorrules');
  });
});

describe('mention classification', () => {
  it('tells paths, names and prose apart', () => {
    assert.deepEqual(classify('src/app/api.py:42'), { form: 'path', path: 'src/app/api.py', folder: false });
    assert.deepEqual(classify('shop/orders/'), { form: 'path', path: 'shop/orders', folder: true });
    assert.deepEqual(classify('Client.send'), { form: 'name', parts: ['Client', 'send'], call: false });
    assert.deepEqual(classify('load_config()'), { form: 'name', parts: ['load_config'], call: true });
    assert.deepEqual(classify('slugify()'), { form: 'name', parts: ['slugify'], call: true });
    for (const prose of ['npm run build', 'true', 'pytest', 'https://example.com/a.py', 'docs/setup.md', '@scope/pkg', 'MAX_SIZE']) {
      assert.deepEqual(classify(prose), { form: 'none' }, prose);
    }
  });
});
