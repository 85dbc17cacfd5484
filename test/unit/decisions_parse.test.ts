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
import { fuzzyKey } from '../../extension/core/decisions/code_extracts';
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

  it('reads fenced code for receiver calls and routes only: a bare name in an example is no claim, a shell session no code', () => {
    const r = parseRecord(
      'docs/adr/0009-x.md',
      '# 9. X\n\n## Decision\n\nUse `RealThing`.\n\n```py\nOtherThing()  # ADR-0001 store.never()\nstore.initialize()\n```\n\n```bash\ngit.init()\n```\n\n```http\nGET /api/v1/things/{id}\n```\n',
    );
    assert.deepEqual(r.mentions.map((m) => `${m.form} ${m.text} ${m.span.line}:${m.span.col}`), ['code RealThing 5:5', 'fence store.initialize 9:1', 'fence GET /api/v1/things/{id} 17:5']);
    assert.deepEqual(r.records, []);
  });

  it('reads running text for class members and names said with their kind, and marks code spans called folders', () => {
    const r = parseRecord(
      'docs/adr/0010-x.md',
      '# 10. X\n\n## Decision\n\nWe mirror how ReleaseFile.id works, add a Redirect model and the Deployment Administrator role.\nRedirect model at the start says nothing; see node.js and `Client.send`.\n\nKeep the `patterns` directory.\n',
    );
    assert.deepEqual(
      r.mentions.map((m) => `${m.form} ${m.text}${m.folder ? ' (folder)' : ''} ${m.span.line}:${m.span.col}-${m.span.endCol}`),
      ['code Client.send 6:59-72', 'code patterns (folder) 8:10-20', 'prose ReleaseFile.id 5:15-29', 'prose Redirect 5:43-51', 'prose DeploymentAdministrator 5:66-90'],
    );
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
    for (const prose of ['npm run build', 'true', 'pytest', 'https://example.com/a.py', 'docs/setup.md', '@scope/pkg', 'MAX_SIZE', '/usr/local', '/app']) {
      assert.deepEqual(classify(prose), { form: 'none' }, prose);
    }
  });

  it('reads decorators, path::name and HTTP routes', () => {
    assert.deepEqual(classify('@with_hooks'), { form: 'name', parts: ['with_hooks'], call: false });
    assert.deepEqual(classify('@invoke_with_hooks(context_factory)'), { form: 'name', parts: ['invoke_with_hooks'], call: false });
    assert.deepEqual(classify('app/actions/rap.py::rap_status_update()'), { form: 'name', parts: ['rap_status_update'], call: true, inFile: 'app/actions/rap.py' });
    assert.deepEqual(classify('GET /v1/things/hourly'), { form: 'route', method: 'GET', path: '/v1/things/hourly' });
    assert.deepEqual(classify('/api/v1/pagerduty/schedules/{id}/users'), { form: 'route', path: '/api/v1/pagerduty/schedules/{id}/users' });
  });

  it('compares drifted names up to case and plurals, never one word', () => {
    assert.equal(fuzzyKey('FooEC2App'), fuzzyKey('FooEc2App'));
    assert.equal(fuzzyKey('SlackUsergroupService'), fuzzyKey('SlackUsergroupsService'));
    assert.equal(fuzzyKey('extra_fields'), fuzzyKey('extraField'));
    assert.notEqual(fuzzyKey('GitRepo'), fuzzyKey('BackgroundGitRepoProxy'));
    assert.equal(fuzzyKey('Redis'), undefined);
  });
});
