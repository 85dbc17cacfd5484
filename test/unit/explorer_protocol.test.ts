// The explorer protocol: what the host accepts from a webview, wire graphs and their diffs,
// the page's CSP, and where "Open" may go.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CodeGraph } from '../../extension/core/model/graph';
import { MAX_QUERY_CHARS, parseViewMessage } from '../../extension/protocol/messages';
import { explorerPage } from '../../extension/protocol/page';
import { composeWireGraph, countInScope, diffWireGraphs, emptyScope, isEmptyDiff, scopeOf, toWireGraph, tooMuchToExpand, widenScope, wireSlice } from '../../extension/protocol/wire_graph';
import { answerQuery, searchHits } from '../../extension/protocol/explorer_host';
import { callers } from '../../extension/core/query/calls';
import { search } from '../../extension/core/query/search';
import { insideRoot, openTarget } from '../../extension/vscode/explorer_open';
import { applyDiff, buildGraph } from '../../webview/model/graph_data';

function sample(): CodeGraph {
  const g = new CodeGraph();
  g.setNode('file:a.py', { kind: 'file', name: 'a.py', path: 'a.py' });
  g.setNode('py:a:f', { kind: 'function', name: 'f', path: 'a.py', startLine: 3, endLine: 5, signature: 'def f()' });
  g.setNode('py:a:g', { kind: 'function', name: 'g', path: 'a.py', startLine: 7 });
  g.setEdge('contains', 'file:a.py', 'py:a:f');
  g.setEdge('calls', 'py:a:f', 'py:a:g', { lines: [4] });
  return g;
}

describe('parseViewMessage', () => {
  it('accepts the known messages and drops unknown fields', () => {
    assert.deepEqual(parseViewMessage({ type: 'ready', extra: 1 }), { type: 'ready' });
    assert.deepEqual(parseViewMessage({ type: 'open', req: 3, id: 'py:a:f', path: '/etc/passwd' }), { type: 'open', req: 3, id: 'py:a:f' });
    assert.deepEqual(parseViewMessage({ type: 'follow', on: true }), { type: 'follow', on: true });
    assert.deepEqual(parseViewMessage({ type: 'highlighted', label: 'Impact of HEAD', shown: 4, ids: ['x'] }), { type: 'highlighted', label: 'Impact of HEAD', shown: 4 });
    assert.equal(parseViewMessage({ type: 'highlighted', label: 'x', shown: -1 }), undefined);
    assert.equal(parseViewMessage({ type: 'highlighted', label: 'x'.repeat(MAX_QUERY_CHARS + 1), shown: 1 }), undefined);
    assert.deepEqual(parseViewMessage({ type: 'export', req: 1, format: 'svg', data: '<svg/>' }), { type: 'export', req: 1, format: 'svg', data: '<svg/>' });
    assert.deepEqual(parseViewMessage({ type: 'expand', req: 2, id: 'file:a.py', path: '/etc' }), { type: 'expand', req: 2, id: 'file:a.py' });
    assert.deepEqual(parseViewMessage({ type: 'search', req: 4, query: 'send', limit: 30, all: true }), { type: 'search', req: 4, query: 'send', limit: 30 });
  });
  it('refuses unknown types and malformed fields', () => {
    for (const bad of [null, 'ready', [], { type: 'eval', code: 'x' }, { type: 'open', req: -1, id: 'x' }, { type: 'open', req: 1, id: '' }, { type: 'open', req: 1.5, id: 'x' },
      { type: 'follow', on: 'yes' }, { type: 'export', req: 1, format: 'pdf', data: '' }, { type: 'export', req: 1, format: 'png', data: '<svg/>' },
      { type: 'export', req: 1, format: 'svg', data: 'data:image/png;base64,' }, { type: 'reindex' },
      { type: 'expand', req: 1 }, { type: 'expand', req: 1, id: '' }, { type: 'expand', req: 1, id: 'x'.repeat(5000) }, { type: 'expand', id: 'file:a.py' },
      { type: 'search', req: 1, query: 'x' }, { type: 'search', req: 1, query: 'x', limit: 0 }, { type: 'search', req: 1, query: 'x', limit: 1e6 },
      { type: 'search', req: 1, query: 'x'.repeat(MAX_QUERY_CHARS + 1), limit: 5 }, { type: 'search', req: 1, query: 7, limit: 5 }]) {
      assert.equal(parseViewMessage(bad), undefined, JSON.stringify(bad));
    }
  });
});

describe('wire graphs', () => {
  it('carries nodes with their first line and edges as indexes', () => {
    const w = toWireGraph(sample().graph);
    assert.equal(w.nodes.length, 3);
    assert.deepEqual(w.nodes.find((n) => n.id === 'py:a:f'), { id: 'py:a:f', kind: 'function', name: 'f', path: 'a.py', line: 3, endLine: 5, signature: 'def f()' });
    assert.equal(w.edges.length, 2);
  });
  it('diffs two graphs, and the diff applied to the first gives the second, positions kept', () => {
    const g = sample();
    const before = toWireGraph(g.graph);
    const view = buildGraph(before);
    const posF = { x: view.getNodeAttribute('py:a:f', 'x'), y: view.getNodeAttribute('py:a:f', 'y') };
    g.dropNode('py:a:g');
    g.setNode('py:a:h', { kind: 'function', name: 'h', path: 'a.py', startLine: 9 });
    g.setEdge('calls', 'py:a:f', 'py:a:h');
    g.setNode('py:a:f', { kind: 'function', name: 'f', path: 'a.py', startLine: 4 });
    const after = toWireGraph(g.graph);
    const d = diffWireGraphs(before, after);
    assert.deepEqual(d.dropNodes, ['py:a:g']);
    assert.deepEqual(d.putNodes.map((n) => n.id).sort(), ['py:a:f', 'py:a:h']);
    assert.deepEqual(d.addEdges, [['py:a:f', 'py:a:h', 'calls']]);
    assert.deepEqual(d.dropEdges, [['py:a:f', 'py:a:g', 'calls']]);
    assert.deepEqual(applyDiff(view, d), ['py:a:h']);
    assert.deepEqual(view.nodes().sort(), ['file:a.py', 'py:a:f', 'py:a:h']);
    assert.equal(view.getNodeAttribute('py:a:f', 'line'), 4);
    assert.deepEqual({ x: view.getNodeAttribute('py:a:f', 'x'), y: view.getNodeAttribute('py:a:f', 'y') }, posF, 'an existing node keeps its place');
    const h = view.getNodeAttributes('py:a:h');
    assert.ok(Math.hypot(h.x - posF.x, h.y - posF.y) < 20, 'a new node starts next to its neighbour');
    assert.ok(isEmptyDiff(diffWireGraphs(after, after)));
  });
});

/** Two files with symbols calling across them, a module over both, a doc, an entity and an extracted decision. */
function partialSample(): CodeGraph {
  const g = sample();
  g.setNode('module:pkg', { kind: 'module', name: 'pkg', path: 'pkg' });
  g.setNode('file:pkg/b.py', { kind: 'file', name: 'b.py', path: 'pkg/b.py' });
  g.setNode('py:pkg.b:h', { kind: 'function', name: 'h', path: 'pkg/b.py', startLine: 1 });
  g.setNode('doc:docs/guide.md', { kind: 'doc', name: 'guide.md', path: 'docs/guide.md', docs: { title: 'Guide', format: 'markdown', chunks: 3 } });
  g.setNode('entity:bucket', { kind: 'entity', name: 'bucket', docs: { aliases: ['token bucket'], entityType: 'term', mentionCount: 2 } });
  g.setNode('decision:1', { kind: 'decision', name: 'Use a bucket', llm: { statement: 'We use a bucket', confidence: 0.9, model: 'm' } });
  g.setEdge('contains', 'module:pkg', 'file:pkg/b.py');
  g.setEdge('contains', 'file:pkg/b.py', 'py:pkg.b:h');
  g.setEdge('imports', 'file:a.py', 'file:pkg/b.py');
  g.setEdge('calls', 'py:a:g', 'py:pkg.b:h');
  g.setEdge('mentions', 'doc:docs/guide.md', 'py:a:f');
  g.setEdge('mentions', 'doc:docs/guide.md', 'entity:bucket');
  g.setEdge('decided_in', 'decision:1', 'doc:docs/guide.md');
  return g;
}

describe('partial graphs (above the size limit)', () => {
  it('the overview holds every node but the symbols inside files, and the edges between them', () => {
    const g = partialSample();
    const w = toWireGraph(g.graph, emptyScope());
    assert.deepEqual(w.nodes.map((n) => n.id).sort(), ['decision:1', 'doc:docs/guide.md', 'entity:bucket', 'file:a.py', 'file:pkg/b.py', 'module:pkg']);
    assert.deepEqual(w.edges.map(([s, t, k]) => `${w.nodes[s]!.id} ${k} ${w.nodes[t]!.id}`).sort(), [
      'decision:1 decided_in doc:docs/guide.md',
      'doc:docs/guide.md mentions entity:bucket',
      'file:a.py imports file:pkg/b.py',
      'module:pkg contains file:pkg/b.py',
    ]);
    // What docs and decisions carry crosses too (the model name does not: the explorer does not show it).
    assert.deepEqual(w.nodes.find((n) => n.id === 'doc:docs/guide.md')?.docs, { title: 'Guide', format: 'markdown', chunks: 3 });
    assert.deepEqual(w.nodes.find((n) => n.id === 'decision:1')?.llm, { statement: 'We use a bucket', confidence: 0.9 });
  });
  it('a file, a module or a symbol names what to load; packages and docs load nothing', () => {
    const g = partialSample();
    assert.deepEqual(scopeOf(g.node('file:a.py')), { file: 'a.py' });
    assert.deepEqual(scopeOf(g.node('py:a:f')), { file: 'a.py' });
    assert.deepEqual(scopeOf(g.node('module:pkg')), { folder: 'pkg' });
    assert.equal(scopeOf(g.node('entity:bucket')), undefined);
    assert.equal(scopeOf(g.node('doc:docs/guide.md')), undefined);
    assert.equal(scopeOf(undefined), undefined);
    const s = widenScope(emptyScope(), { file: 'a.py' });
    assert.equal(widenScope(s, { file: 'a.py' }), s);
  });
  it('expanding grows the overview by a diff; slices composed give what the session sends', () => {
    const g = partialSample();
    const overview = toWireGraph(g.graph, emptyScope());
    const scope = widenScope(emptyScope(), { file: 'a.py' });
    const withA = toWireGraph(g.graph, scope);
    const d = diffWireGraphs(overview, withA);
    assert.deepEqual(d.putNodes.map((n) => n.id).sort(), ['py:a:f', 'py:a:g']);
    // g calls h, whose file is not expanded: that edge waits; f calls g and the doc mentions f.
    assert.deepEqual(d.addEdges.map((e) => e.join(' ')).sort(), ['doc:docs/guide.md py:a:f mentions', 'file:a.py py:a:f contains', 'py:a:f py:a:g calls']);
    assert.deepEqual(d.dropNodes, []);
    // The browser composes the same graph from the overview and the slices the server sends.
    const sliceA = wireSlice(g.graph, scope);
    assert.deepEqual(sliceA.nodes.map((n) => n.id).sort(), ['py:a:f', 'py:a:g']);
    assert.ok(sliceA.edges.some(([s, t]) => s === 'py:a:g' && t === 'py:pkg.b:h'), 'the slice names edges leaving it');
    const composed = composeWireGraph(overview, [sliceA]);
    assert.ok(isEmptyDiff(diffWireGraphs(withA, composed)));
    // Then the module: the call into pkg/b.py appears once both ends are loaded.
    const both = widenScope(scope, { folder: 'pkg' });
    const sliceB = wireSlice(g.graph, widenScope(emptyScope(), { folder: 'pkg' }));
    const full = composeWireGraph(overview, [sliceA, sliceB]);
    assert.ok(isEmptyDiff(diffWireGraphs(toWireGraph(g.graph, both), full)));
    assert.ok(full.edges.some(([s, t, k]) => k === 'calls' && full.nodes[s]!.id === 'py:a:g' && full.nodes[t]!.id === 'py:pkg.b:h'));
    // Everything expanded is the whole graph.
    assert.ok(isEmptyDiff(diffWireGraphs(toWireGraph(g.graph), toWireGraph(g.graph, widenScope(both, { folder: '' })))));
  });
  it('an expand that would load more than the size limit at once is refused, with what to do instead', () => {
    const g = partialSample();
    assert.equal(countInScope(g.graph, widenScope(emptyScope(), { folder: '' })), 3);
    assert.equal(countInScope(g.graph, widenScope(emptyScope(), { folder: 'pkg' })), 1);
    assert.equal(tooMuchToExpand(3, 3), undefined);
    assert.match(tooMuchToExpand(30_001, 20_000) ?? '', /30,001 symbols.*20,000.*subfolder or a file/);
  });
  it('a save diffs only what is loaded', () => {
    const g = partialSample();
    const scope = widenScope(emptyScope(), { file: 'a.py' });
    const before = toWireGraph(g.graph, scope);
    g.setNode('py:pkg.b:k', { kind: 'function', name: 'k', path: 'pkg/b.py', startLine: 5 });
    g.setNode('py:a:z', { kind: 'function', name: 'z', path: 'a.py', startLine: 20 });
    const d = diffWireGraphs(before, toWireGraph(g.graph, scope));
    assert.deepEqual(d.putNodes.map((n) => n.id), ['py:a:z']);
  });
  it('the host searches the whole graph with the core search ranking (what MCP search answers), fresh after a change', () => {
    const g = partialSample();
    assert.deepEqual(searchHits(g, 'h', 5).map((h) => [h.id, h.tier]), [['py:pkg.b:h', 0]]);
    assert.equal(searchHits(g, 'bucket', 5)[0]?.id, 'entity:bucket');
    assert.deepEqual(searchHits(g, 'h', 5).map((h) => h.id), search(g, { query: 'h', limit: 5 }).items.map((i) => i.id));
    g.setNode('py:pkg.b:hh', { kind: 'function', name: 'hh', path: 'pkg/b.py', startLine: 9 });
    assert.deepEqual(searchHits(g, 'h', 5).map((h) => [h.id, h.tier]), [['py:pkg.b:h', 0], ['py:pkg.b:hh', 1]]);
    assert.deepEqual(searchHits(g, '  ', 5), []);
  });
});

describe('questions asked on the canvas (callers, impact, path)', () => {
  const g = sample();
  g.setNode('py:t:test_g', { kind: 'test', name: 'test_g', path: 't.py', startLine: 1 });
  g.setEdge('calls', 'py:t:test_g', 'py:a:g', { lines: [2] });
  it('parses the query message, path needing its end', () => {
    assert.deepEqual(parseViewMessage({ type: 'query', req: 1, query: 'callers', id: 'py:a:g', to: 'x' }), { type: 'query', req: 1, query: 'callers', id: 'py:a:g' });
    assert.deepEqual(parseViewMessage({ type: 'query', req: 2, query: 'path', id: 'a', to: 'b' }), { type: 'query', req: 2, query: 'path', id: 'a', to: 'b' });
    assert.equal(parseViewMessage({ type: 'query', req: 2, query: 'path', id: 'a' }), undefined);
    assert.equal(parseViewMessage({ type: 'query', req: 2, query: 'rm', id: 'a' }), undefined);
    assert.equal(parseViewMessage({ type: 'query', req: 2, query: 'callers', id: '' }), undefined);
  });
  it('answers with the core queries: the callers MCP lists, the tests among them', () => {
    const a = answerQuery(g, { kind: 'callers', id: 'py:a:g' });
    const core = callers(g, { target: 'py:a:g', depth: 3, limit: 400 });
    assert.deepEqual(a.ids.slice(1).sort(), core.levels.flatMap((l) => l.items.map((i) => i.id)).sort());
    assert.deepEqual(a.ids.sort(), ['py:a:f', 'py:a:g', 'py:t:test_g']);
    assert.deepEqual(a.tests, ['py:t:test_g']);
    assert.match(a.label, /^Callers of g$/);
  });
  it('impact lists the tests to run; a path is the chain; a bad id says why', () => {
    const i = answerQuery(g, { kind: 'impact', id: 'py:a:g' });
    assert.ok(i.ids.includes('py:a:f'));
    assert.deepEqual(i.tests, ['py:t:test_g']);
    const p = answerQuery(g, { kind: 'path', id: 'py:t:test_g', to: 'file:a.py' });
    assert.deepEqual(p.ids, ['py:t:test_g', 'py:a:g', 'py:a:f', 'file:a.py']);
    const bad = answerQuery(g, { kind: 'callers', id: 'py:nope' });
    assert.deepEqual(bad.ids, []);
    assert.ok(bad.message);
  });
});

describe('explorerPage', () => {
  it('sets a nonce CSP with no remote sources and escapes what it writes', () => {
    const html = explorerPage({ nonce: 'abc', scriptUrl: '/explorer.js', styleUrl: '/explorer.css', resourceSource: "'self'", connectSource: "'none'", title: '<x>' });
    assert.match(html, /script-src 'nonce-abc'/);
    assert.match(html, /default-src 'none'/);
    assert.doesNotMatch(html, /unsafe-(inline|eval)/);
    assert.match(html, /<script nonce="abc" src="\/explorer.js">/);
    assert.match(html, /<title>&#60;x&#62;<\/title>/);
  });
});

describe('openTarget', () => {
  const root = mkdtempSync(join(tmpdir(), 'kg-open-'));
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src/a.py'), 'x = 1\n');
  const outside = mkdtempSync(join(tmpdir(), 'kg-outside-'));
  writeFileSync(join(outside, 'secret.py'), 'x = 2\n');
  symlinkSync(join(outside, 'secret.py'), join(root, 'src/link.py'));
  it('opens files inside the folder at their line', () => {
    const t = openTarget(root, { kind: 'function', path: 'src/a.py', startLine: 12 });
    assert.ok(!('error' in t));
    assert.equal(t.line, 12);
    assert.ok(t.file.endsWith(join('src', 'a.py')));
  });
  it('refuses paths that leave the folder, through .. or a symlink, and nodes without a file', () => {
    assert.equal(insideRoot(root, '../etc/passwd'), undefined);
    assert.equal(insideRoot(root, '/etc/passwd'), undefined);
    assert.equal(insideRoot(root, 'src/link.py'), undefined);
    assert.equal(insideRoot(root, 'src/missing.py'), undefined);
    assert.ok('error' in openTarget(root, { kind: 'module', path: 'src' }));
    assert.ok('error' in openTarget(root, undefined));
  });
});
