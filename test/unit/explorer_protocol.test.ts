// The explorer protocol: what the host accepts from a webview, wire graphs and their diffs,
// the page's CSP, and where "Open" may go.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CodeGraph } from '../../extension/core/model/graph';
import { diffWireGraphs, explorerPage, isEmptyDiff, parseViewMessage, toWireGraph } from '../../extension/protocol';
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
    assert.deepEqual(parseViewMessage({ type: 'export', req: 1, format: 'svg', data: '<svg/>' }), { type: 'export', req: 1, format: 'svg', data: '<svg/>' });
  });
  it('refuses unknown types and malformed fields', () => {
    for (const bad of [null, 'ready', [], { type: 'eval', code: 'x' }, { type: 'open', req: -1, id: 'x' }, { type: 'open', req: 1, id: '' }, { type: 'open', req: 1.5, id: 'x' },
      { type: 'follow', on: 'yes' }, { type: 'export', req: 1, format: 'pdf', data: '' }, { type: 'export', req: 1, format: 'png', data: '<svg/>' },
      { type: 'export', req: 1, format: 'svg', data: 'data:image/png;base64,' }, { type: 'reindex' }]) {
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
