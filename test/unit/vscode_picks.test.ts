/**
 * What the extension's quick picks and status bar say, from real query answers over the sample
 * project: names, `path:line`, where a choice goes, headings, and the status wording.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { callees, callers, impact, search, status } from '../../extension/core/query';
import { callEntries, impactEntries, impactSummary, itemName, parseLoc, searchEntries } from '../../extension/vscode/pick_items';
import { statusBarView, statusMarkdown, symbolCount } from '../../extension/vscode/status_text';
import type { FolderSummary } from '../../extension/vscode/status_text';
import { sampleProject } from './helpers/sample_project';


describe('quick-pick entries', () => {
  it('names items by their id when the name is left out', () => {
    assert.equal(itemName({ id: 'py:app.api:Client.send' }), 'Client.send');
    assert.equal(itemName({ id: 'file:src/a.py' }), 'src/a.py');
    assert.equal(itemName({ id: 'py:app.api:f', name: 'f' }), 'f');
    assert.deepEqual(parseLoc('src/a.py:12'), { path: 'src/a.py', line: 12 });
    assert.deepEqual(parseLoc('src/pkg'), { path: 'src/pkg', line: 1 });
  });

  it('callers go to the call site, callees to the definition', async () => {
    const g = sampleProject();
    const target = [...g.graph.nodes()].find((id) => g.graph.inEdges(id).some((e) => g.graph.getEdgeAttribute(e, 'kind') === 'calls'));
    assert.ok(target, 'the sample has a called symbol');
    const r = callers(g, { target, depth: 1 });
    const entries = callEntries(r, 'callers');
    assert.ok(entries.length > 0);
    for (const [i, e] of entries.entries()) {
      const item = r.levels[0]!.items[i]!;
      assert.match(e.description ?? '', /^[^:]+:\d+$/);
      if (item.at) {
        assert.equal(e.line, Number(item.at.split(',')[0]));
        assert.match(e.detail ?? '', /calls at lines? /);
      }
      assert.match(e.label, /^\$\([a-z-]+\) /);
    }
    const caller = r.levels[0]!.items[0]!.id;
    const out = callEntries(callees(g, { target: caller, depth: 2 }), 'callees');
    const first = out.find((e) => !e.separator)!;
    assert.equal(`${first.path}:${first.line}`, first.description);
  });

  it('impact groups its lists under headings with counts', async () => {
    const g = sampleProject();
    const file = [...g.paths()].find((p) => p.endsWith('.py'))!;
    const r = impact(g, { target: file });
    const entries = impactEntries(r);
    const headings = entries.filter((e) => e.separator).map((e) => e.label);
    assert.ok(headings.some((h) => h.startsWith('files touched (')), headings.join());
    assert.match(impactSummary(r), /\d+ files?/);
  });

  it('search entries carry the match and, in multi-root, the folder', async () => {
    const g = sampleProject();
    const r = search(g, { query: 'a', limit: 3 });
    const entries = searchEntries(r, 'backend');
    assert.ok(entries.length > 0);
    assert.match(entries[0]!.detail ?? '', /backend/);
    if (r.more) assert.match(entries[entries.length - 1]!.label, /more$/);
  });
});

describe('status wording', () => {
  const base = (over: Partial<FolderSummary>): FolderSummary => ({
    name: 'app',
    state: { kind: 'ready' },
    status: { root: '/w/app', nodes: 1300, edges: 4000, nodesByKind: { file: 60, module: 6, external: 4, function: 1000, class: 234 }, edgesByKind: { calls: 3000 } },
    files: 60,
    ...over,
  });

  it('counts symbols, not files, modules or packages', () => {
    assert.equal(symbolCount(base({}).status), 1234);
  });

  it('ready, indexing n/m over folders, error', () => {
    assert.equal(statusBarView([base({})]).text, '$(graph) KG Memory: 1,234 symbols');
    const indexing = statusBarView([base({ state: { kind: 'indexing', done: 10, total: 200 } }), base({ name: 'b', state: { kind: 'indexing', done: 5, total: 1000 } })]);
    assert.equal(indexing.text, '$(sync~spin) KG Memory 15/1,200');
    assert.equal(indexing.kind, 'indexing');
    const error = statusBarView([base({ state: { kind: 'error', message: 'disk gone' } })]);
    assert.equal(error.text, '$(error) KG Memory');
    assert.match(error.tooltip, /disk gone/);
    assert.match(statusBarView([base({ endpoint: 'http://127.0.0.1:7400/mcp' })]).tooltip, /MCP: `http:\/\/127\.0\.0\.1:7400\/mcp`/);
    assert.equal(statusBarView([]).kind, 'none');
  });

  it('the report lists kinds, parse errors and skipped files with their reasons', async () => {
    const g = sampleProject();
    const s = status(g, { root: '/w/app' });
    const md = statusMarkdown([
      base({
        status: s,
        skipped: [{ path: 'big.py', reason: 'larger than 1048576 bytes' }],
        parseErrors: [{ path: 'bad.py', count: 2, lines: [3, 9] }],
      }),
    ]);
    assert.match(md, /^# KG Memory status/);
    assert.match(md, /\| node kind \| count \|/);
    assert.match(md, /`bad\.py`: 2 errors \(lines 3, 9\)/);
    assert.match(md, /`big\.py`: larger than 1048576 bytes/);
    assert.match(md, /MCP endpoint\*\*: none/);
  });
});
