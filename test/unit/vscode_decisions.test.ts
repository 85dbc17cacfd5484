/**
 * Decisions in the editor, as data
 * ================================
 * On test/fixtures/decisions/store: the "governed by" lenses on definitions and at the top of files,
 * the hover's decision lines, the lens at the top of a record and what it lists, the stale-mention
 * diagnostics with their ranges, and how a saved record or a renamed class changes them (through
 * Workspace.update, as the editor's watchers call it). Also the settings and env options.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { optionsFromEnv, UsageError } from '../../extension/cli/commands/common';
import { Workspace } from '../../extension/core/workspace';
import { decisionOptions, documentLenses, governedTargets, governedTitle, governsTitle, staleMentions, type DecisionRef } from '../../extension/vscode/decisions_model';
import { hoverData, hoverMarkdown } from '../../extension/vscode/lens_hover';
import { fileLensesFor, lensesFor, lensTitle, type LensSettings } from '../../extension/vscode/lens_model';
import { copyFixture, indexFixture } from '../helpers/workspace';

const ALL: LensSettings = { callers: true, tests: true, decisions: true };
const ONLY: LensSettings = { callers: false, tests: false, decisions: true };
const A4_PATH = 'docs/adr/0004-the-order-service-owns-caching.md';
const A4 = `adr:${A4_PATH}`;

function decisionLenses(ws: Workspace, path: string): string[] {
  return lensesFor(ws.graph, path, ONLY).map((l) => `${l.def.id.split(':').pop()}: ${l.lines.map(lensTitle).join(', ')}`);
}

describe('decision lenses and hover (decisions/store)', () => {
  let ws: Workspace;
  before(async () => {
    ws = await indexFixture('decisions/store');
  });
  after(() => ws.close());

  it('draws "governed by" on the definitions a record names, not on their members', () => {
    assert.deepEqual(decisionLenses(ws, 'shop/orders/service.py'), [
      'load_config: governed by ADR-0004 (accepted)',
      'OrderService: governed by ADR-0002 (accepted), CLAUDE.md § Glossary',
      'OrderService.place_order: governed by ADR-0004 (accepted)',
    ]);
    // ADR-0002 names the class, one method of each class and the file; the Testing section one more method.
    assert.deepEqual(decisionLenses(ws, 'shop/payments.py'), [
      'RetryPolicy.backoff: governed by ADR-0002 (accepted)',
      'PaymentGateway: governed by ADR-0002 (accepted)',
      'PaymentGateway.charge: governed by ADR-0002 (accepted)',
      'PaymentGateway.refund: governed by CLAUDE.md § Testing',
    ]);
  });

  it('draws the decisions of a file and of a folder above it at the top of the file', () => {
    assert.deepEqual(fileLensesFor(ws.graph, 'shop/orders/service.py', ALL).map(lensTitle), ['governed by ADR-0003 (superseded)']);
    assert.deepEqual(fileLensesFor(ws.graph, 'shop/orders/service.py', { ...ALL, decisions: false }), []);
    assert.deepEqual(lensesFor(ws.graph, 'shop/orders/service.py', { ...ALL, decisions: false }).flatMap((l) => l.lines.filter((x) => x.kind === 'decisions')), []);
  });

  it('opens a record at the line that names the target', () => {
    const line = lensesFor(ws.graph, 'shop/orders/service.py', ONLY).find((l) => l.def.name === 'place_order')?.lines[0];
    assert.equal(line?.kind, 'decisions');
    const ref = line.kind === 'decisions' ? line.refs[0] : undefined;
    assert.deepEqual(ref?.place, { path: A4_PATH, line: 16 });
    const text = readFileSync(join(ws.root, A4_PATH), 'utf8').split('\n');
    assert.match(text[16] ?? '', /OrderService\.place_order/);
  });

  it('titles several decisions by name, then "and N more"', () => {
    const ref = (label: string, status?: string): DecisionRef => ({ id: label, label, ...(status ? { status } : {}), place: { path: 'x.md', line: 0 } });
    assert.equal(governedTitle([ref('ADR-0008', 'accepted')]), 'governed by ADR-0008 (accepted)');
    assert.equal(governedTitle([ref('ADR-0001', 'accepted'), ref('AGENTS.md § Style'), ref('ADR-0002'), ref('ADR-0003')]), 'governed by ADR-0001 (accepted), AGENTS.md § Style and 2 more');
  });

  it('hovers with each governing decision: link, status, title and sentence, and how it governs', () => {
    const data = hoverData(ws.graph, 'py:shop.orders.service:OrderService.place_order');
    assert.ok(data);
    const md = hoverMarkdown(data, (p) => `open:${p.path}:${p.line}`);
    const lines = md.split('\n').filter((l) => l.startsWith('**governed by**'));
    assert.equal(lines.length, 4, md);
    assert.equal(
      lines[0],
      '**governed by** [ADR\\-0004 \\(accepted\\)](open:docs/adr/0004-the-order-service-owns-caching.md:16 "docs/adr/0004-the-order-service-owns-caching.md:17") — ' +
        'The order service owns caching: OrderService\\.place\\_order is the only writer of the cache; configuration comes from load\\_config\\(\\)\\.  ',
    );
    assert.match(lines[1] ?? '', /^\*\*governed by\*\* \[ADR\\-0002 \\\(accepted\\\)\]\([^ ]+ "[^"]+"\) _\(through OrderService\)_ — Order service is the entry point: /);
    assert.match(lines[2] ?? '', /CLAUDE\\\.md § Glossary.*_\(through OrderService\)_ *$/);
    assert.match(lines[3] ?? '', /ADR\\-0003 \\\(superseded\\\).*_\(through shop\/orders\/\)_ — Cache orders in memory/);
  });

  it('says nothing about decisions where none govern', () => {
    const data = hoverData(ws.graph, 'py:shop.invoices:Invoice.total');
    assert.ok(data);
    assert.doesNotMatch(hoverMarkdown(data, () => 'x'), /governed|decision/);
  });

  it('puts a "governs N" lens at the top of a record and on instruction sections that name code', () => {
    assert.deepEqual(documentLenses(ws.graph, A4_PATH), [{ id: A4, line: 0, governs: 2 }]);
    assert.deepEqual(
      documentLenses(ws.graph, 'CLAUDE.md').map((l) => `${l.id}@${l.line}`),
      ['config:CLAUDE.md#testing@4', 'config:CLAUDE.md#glossary@8'],
    );
    assert.equal(governsTitle(2), 'governs 2 files and symbols');
    assert.equal(governsTitle(1), 'governs 1 file or symbol');
    assert.equal(governsTitle(0), 'governs no files or symbols');
    assert.deepEqual(
      governedTargets(ws.graph, A4).map((t) => `${t.label} ${t.kind} ${t.place.path}:${t.place.line}${t.how ? ` ${t.how}` : ''}`),
      ['OrderService.place_order method shop/orders/service.py:11', 'load_config function shop/orders/service.py:3 by name'],
    );
  });

  it('turns every unresolved mention into a 0-based range with a message', () => {
    const stale = staleMentions(ws.graph).get(A4_PATH) ?? [];
    assert.deepEqual(
      stale.map((m) => `${m.text} ${m.range.line}:${m.range.col}-${m.range.endLine}:${m.range.endCol}`),
      ['OrderManager 12:49-12:63', 'ADR-0009 17:74-17:82', ...stale.slice(2).map((m) => `${m.text} ${m.range.line}:${m.range.col}-${m.range.endLine}:${m.range.endCol}`)],
    );
    const line = readFileSync(join(ws.root, A4_PATH), 'utf8').split('\n')[12] ?? '';
    // The range covers the code span, backticks included.
    assert.equal(line.slice(49, 63), '`OrderManager`');
    assert.match(stale[0]!.message, /^OrderManager no longer resolves: nothing named OrderManager/);
  });
});

describe('decision surfaces follow updates (a copy of decisions/store)', () => {
  it('a saved record and a renamed class change the lenses and the stale mentions; the version moves', async () => {
    const fx = copyFixture('decisions/store');
    const ws = await Workspace.open(fx.dir, { persist: false, workers: 0 });
    try {
      await ws.index();
      const record = join(fx.dir, A4_PATH);
      // The record names `Cache` now instead of the missing `OrderManager`.
      let v = ws.graph.version;
      writeFileSync(record, readFileSync(record, 'utf8').replace('`OrderManager`', '`Cache`'));
      await ws.update([record]);
      assert.notEqual(ws.graph.version, v, 'a saved record changes the graph version (the editor refreshes on it)');
      assert.ok(!(staleMentions(ws.graph).get(A4_PATH) ?? []).some((m) => m.text === 'OrderManager'));
      assert.deepEqual(decisionLenses(ws, 'shop/cache.py'), ['Cache: governed by ADR-0004 (accepted), ADR-0003 (superseded)']);
      assert.equal(documentLenses(ws.graph, A4_PATH)[0]?.governs, 3);

      // Renaming the method: its lens goes, the mention turns stale, and the record's count drops.
      v = ws.graph.version;
      const service = join(fx.dir, 'shop/orders/service.py');
      writeFileSync(service, readFileSync(service, 'utf8').replace('def place_order(', 'def submit_order('));
      await ws.update([service]);
      assert.notEqual(ws.graph.version, v);
      const stale = (staleMentions(ws.graph).get(A4_PATH) ?? []).find((m) => m.text === 'OrderService.place_order');
      assert.match(stale?.message ?? '', /OrderService has no member place_order/);
      assert.ok(!decisionLenses(ws, 'shop/orders/service.py').some((l) => l.includes('submit_order') || l.includes('place_order')));
      assert.equal(documentLenses(ws.graph, A4_PATH)[0]?.governs, 2);
    } finally {
      await ws.close();
      fx.dispose();
    }
  });
});

describe('decision settings', () => {
  it('maps kgMemory.adr.* to decision options; empty is the default; a bad pattern is reported, not thrown', () => {
    assert.deepEqual(decisionOptions('', '^\\d{4}-.+\\.md$'), { options: { filenamePattern: '^\\d{4}-.+\\.md$' } });
    assert.deepEqual(decisionOptions(' architecture/records ', ''), { options: { adrFolder: 'architecture/records' } });
    const bad = decisionOptions('adr', '([');
    assert.deepEqual(bad.options, { adrFolder: 'adr' });
    assert.match(bad.problem ?? '', /not a regular expression/);
  });

  it('reads KG_MEMORY_ADR_FOLDER and KG_MEMORY_ADR_PATTERN; a bad pattern is a usage error', () => {
    assert.deepEqual(optionsFromEnv({ KG_MEMORY_ADR_FOLDER: 'records', KG_MEMORY_ADR_PATTERN: '^ADR-\\d+\\.md$' }).decisions, { adrFolder: 'records', filenamePattern: '^ADR-\\d+\\.md$' });
    assert.deepEqual(optionsFromEnv({ KG_MEMORY_ADR_FOLDER: 'records' }).decisions, { adrFolder: 'records' });
    assert.equal(optionsFromEnv({}).decisions, undefined);
    assert.throws(() => optionsFromEnv({ KG_MEMORY_ADR_PATTERN: '([' }), UsageError);
  });

  it('a configured folder and pattern are what the workspace reads', async () => {
    const fx = copyFixture('decisions/store');
    const ws = await Workspace.open(fx.dir, { persist: false, workers: 0, decisions: decisionOptions('docs/decisions', '^0002-.+\\.md$').options });
    try {
      await ws.index();
      assert.deepEqual(ws.decisions.documents().filter((d) => d.endsWith('.md') && d.startsWith('docs/')), ['docs/decisions/0002-order-service-is-the-entry-point.md']);
    } finally {
      await ws.close();
      fx.dispose();
    }
  });
});
