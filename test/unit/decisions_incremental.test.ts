/**
 * Decision links stay equal to a full build under edits
 * =====================================================
 * A sibling of incremental.test.ts for the decision graph: random renames of the names records
 * mention, code files deleted and moved, records edited, added and deleted, instruction files
 * edited — each applied through `update(paths)` — then compared with a fresh full index. And the
 * two directions spelled out: renaming code turns a governs edge into an unresolved mention and
 * back; editing a record moves its edges.
 */
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { unresolvedMentions } from '../../extension/core/query/decisions';
import { Workspace } from '../../extension/core/workspace';
import { expectUpdatesEqualRebuild, listFiles } from '../helpers/incremental';
import { FIXTURES } from '../helpers/workspace';

const NAMES = ['PaymentGateway', 'RetryPolicy', 'charge', 'refund', 'Cache', 'OrderService', 'place_order', 'load_config', 'ApiClient', 'withRetry', 'makeClient', 'backoff'];


type Op =
  | { kind: 'rename-code'; name: number; file: number }
  | { kind: 'rename-in-doc'; name: number; file: number; to: number }
  | { kind: 'delete-line'; file: number; line: number }
  | { kind: 'delete-file'; file: number }
  | { kind: 'move-file'; file: number }
  | { kind: 'add-record'; n: number; name: number }
  | { kind: 'restore'; file: number }
  | { kind: 'add-by-headings'; n: number; name: number; shape: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('rename-code' as const), name: fc.nat(), file: fc.nat() }),
  fc.record({ kind: fc.constant('rename-in-doc' as const), name: fc.nat(), file: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('delete-line' as const), file: fc.nat(), line: fc.nat() }),
  fc.record({ kind: fc.constant('delete-file' as const), file: fc.nat() }),
  fc.record({ kind: fc.constant('move-file' as const), file: fc.nat() }),
  fc.record({ kind: fc.constant('add-record' as const), n: fc.nat({ max: 3 }), name: fc.nat() }),
  fc.record({ kind: fc.constant('restore' as const), file: fc.nat() }),
  fc.record({ kind: fc.constant('add-by-headings' as const), n: fc.nat({ max: 2 }), name: fc.nat(), shape: fc.nat({ max: 3 }) }),
);

/** A note outside any record folder: a record by its headings, or (no Decision heading, a fenced template) not one. */
const HEADED = [
  (name: string) => `# Pick a store\n\n## Status\n\nAccepted\n\n## Context\n\nSlow.\n\n## Decision\n\nUse \`${name}\`.\n`,
  (name: string) => `---\nstatus: accepted\n---\n\n# Pick a store\n\n## Decision Outcome\n\nUse \`${name}\`.\n`,
  (name: string) => `# Pick a store\n\n## Status\n\nAccepted\n\n## Context\n\nUse \`${name}\`.\n`,
  (name: string) => `# Notes\n\n\`\`\`md\n## Status\n## Context\n## Decision\n\`\`\`\n\nUse \`${name}\`.\n`,
];

const pick = <T>(list: readonly T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);
const isCode = (f: string): boolean => /\.(py|ts)$/.test(f);
const isDoc = (f: string): boolean => f.endsWith('.md');

function apply(dir: string, originals: Map<string, string>, op: Op): string[] {
  const files = listFiles(dir).filter((f) => f !== 'truth.json');
  const code = files.filter(isCode);
  const docs = files.filter(isDoc);
  switch (op.kind) {
    case 'restore': {
      const [path, text] = pick([...originals], op.file)!;
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
      return [path];
    }
    case 'rename-code': {
      const file = pick(code, op.file);
      const name = pick(NAMES, op.name)!;
      if (!file) return [];
      const text = readFileSync(join(dir, file), 'utf8');
      writeFileSync(join(dir, file), text.replace(new RegExp(`\\b${name}\\b`, 'g'), `${name}V2`));
      return [file];
    }
    case 'rename-in-doc': {
      const file = pick(docs, op.file);
      if (!file) return [];
      const text = readFileSync(join(dir, file), 'utf8');
      writeFileSync(join(dir, file), text.replace(new RegExp(`\\b${pick(NAMES, op.name)!}\\b`, 'g'), pick(NAMES, op.to)!));
      return [file];
    }
    case 'delete-line': {
      const file = pick(docs, op.file);
      if (!file) return [];
      const lines = readFileSync(join(dir, file), 'utf8').split('\n');
      lines.splice(op.line % Math.max(1, lines.length), 1);
      writeFileSync(join(dir, file), lines.join('\n'));
      return [file];
    }
    case 'delete-file': {
      const file = pick(files, op.file);
      if (!file) return [];
      rmSync(join(dir, file));
      return [file];
    }
    case 'move-file': {
      const file = pick(code, op.file);
      if (!file) return [];
      const target = `shop/moved/${file.replace(/\//g, '_')}`;
      if (existsSync(join(dir, target))) return [];
      mkdirSync(join(dir, 'shop/moved'), { recursive: true });
      renameSync(join(dir, file), join(dir, target));
      return [file, target];
    }
    case 'add-record': {
      const path = `docs/adr/000${5 + op.n}-added.md`;
      const name = pick(NAMES, op.name)!;
      writeFileSync(join(dir, path), `# ${5 + op.n}. Added\n\n## Status\n\nSuperseded by ADR-0002\n\n## Decision\n\nUse \`${name}\` in \`shop/\`; see ADR-0003.\n\n### Cache invalidation\n\nAs before.\n`);
      return [path];
    }
    case 'add-by-headings': {
      const path = `notes/choice-${op.n}.md`;
      mkdirSync(join(dir, 'notes'), { recursive: true });
      writeFileSync(join(dir, path), HEADED[op.shape]!(pick(NAMES, op.name)!));
      return [path];
    }
  }
}

describe('incremental decision linking', () => {
  it('equals a full rebuild after renames, record edits, moves and deletions', async () => {
    const base = mkdtempSync(join(tmpdir(), 'kg-dec-incr-'));
    cpSync(join(FIXTURES, 'decisions/store'), base, { recursive: true });
    const originals = new Map(listFiles(base).filter((f) => f !== 'truth.json').map((f) => [f, readFileSync(join(base, f), 'utf8')]));
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 8 }), (ops) => expectUpdatesEqualRebuild(base, ops, (dir, op) => apply(dir, originals, op))),
        { numRuns: 30, seed: Number(process.env.KG_PROPERTY_SEED ?? 20261129) },
      );
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });

  it('renaming code turns its governs edge into an unresolved mention, and back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kg-dec-rename-'));
    cpSync(join(FIXTURES, 'decisions/store'), dir, { recursive: true });
    const ws = await Workspace.open(dir, { persist: false, workers: 0 });
    try {
      await ws.index();
      const edge = 'governs|adr:docs/adr/0003-cache-orders-in-memory.md|py:shop.cache:Cache';
      assert.ok(ws.graph.hasEdge(edge));
      const file = join(dir, 'shop/cache.py');
      const text = readFileSync(file, 'utf8');
      writeFileSync(file, text.replace('class Cache', 'class Store'));
      await ws.update([file]);
      assert.ok(!ws.graph.hasEdge(edge));
      // `Cache` is one PascalCase hump, as often a product as a class: it is dropped, not reported.
      assert.ok(!unresolvedMentions(ws.graph).some((m) => m.text === 'Cache'));
      writeFileSync(file, text);
      await ws.update([file]);
      assert.ok(ws.graph.hasEdge(edge));

      const service = join(dir, 'shop/orders/service.py');
      const before = readFileSync(service, 'utf8');
      writeFileSync(service, before.replace(/place_order/g, 'submit_order'));
      await ws.update([service]);
      const stale = unresolvedMentions(ws.graph, { path: 'docs/adr/0004-the-order-service-owns-caching.md' });
      assert.ok(stale.map((m) => `${m.line}:${m.col} ${m.text} (${m.reason})`).includes('17:1 OrderService.place_order (OrderService has no member place_order)'));

      // Editing the record follows the rename: the edge comes back to the new name.
      const adr = join(dir, 'docs/adr/0004-the-order-service-owns-caching.md');
      writeFileSync(adr, readFileSync(adr, 'utf8').replace('OrderService.place_order', 'OrderService.submit_order'));
      await ws.update([adr]);
      assert.ok(ws.graph.hasEdge('governs|adr:docs/adr/0004-the-order-service-owns-caching.md|py:shop.orders.service:OrderService.submit_order'));
      assert.ok(!unresolvedMentions(ws.graph).some((m) => m.text.includes('place_order')));

      // Deleting the record removes it and every edge it had.
      rmSync(adr);
      await ws.update([adr]);
      assert.ok(!ws.graph.hasNode('adr:docs/adr/0004-the-order-service-owns-caching.md'));
      assert.ok(!ws.graph.hasEdge('supersedes|adr:docs/adr/0004-the-order-service-owns-caching.md|adr:docs/adr/0003-cache-orders-in-memory.md'));
    } finally {
      await ws.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rebuilds the decision graph when a snapshot is loaded', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kg-dec-snap-'));
    cpSync(join(FIXTURES, 'decisions/store'), dir, { recursive: true });
    try {
      const first = await Workspace.open(dir, { workers: 0 });
      await first.index();
      const before = first.graph.canonical();
      await first.close();
      const second = await Workspace.open(dir, { workers: 0 });
      assert.ok(second.graph.hasNode('adr:docs/adr/0002-payments-go-through-one-gateway.md'), 'decision nodes are there before any index');
      // The documents' own nodes are linked right after open, in the background.
      await second.settled();
      assert.equal(second.graph.canonical(), before);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
