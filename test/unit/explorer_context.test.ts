// The explorer following the editor, without a DOM: a file's context (what it holds, imports,
// is imported by, calls and is called by, its tests and decisions, capped), its fresh layout,
// the reducers' current-file mark and context visibility, translucent edge colours, the label
// culler and the UI reducer's follow/context transitions.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { WireGraph } from '../../extension/protocol/wire_graph';
import { overlaps, LabelCuller } from '../../webview/graph/labels';
import { appReducer, initialAppState } from '../../webview/model/app_state';
import { translucent } from '../../webview/model/colour';
import { CONTEXT_MAX, fileContext, fileOf } from '../../webview/model/context';
import { applyPreset } from '../../webview/model/filters';
import { buildGraph } from '../../webview/model/graph_data';
import { deriveView, importanceOf, nodeVisible, reduceEdge, reduceNode, type Palette, type ViewState } from '../../webview/model/reducers';

const wire: WireGraph = {
  nodes: [
    { id: 'module:app', kind: 'module', name: 'app', path: 'app' },
    { id: 'file:app/api.py', kind: 'file', name: 'api.py', path: 'app/api.py' },
    { id: 'py:app.api:Client', kind: 'class', name: 'Client', path: 'app/api.py', line: 3 },
    { id: 'py:app.api:Client.send', kind: 'method', name: 'send', path: 'app/api.py', line: 5 },
    { id: 'file:app/util.py', kind: 'file', name: 'util.py', path: 'app/util.py' },
    { id: 'py:app.util:resend', kind: 'function', name: 'resend', path: 'app/util.py', line: 2 },
    { id: 'file:tests/test_api.py', kind: 'file', name: 'test_api.py', path: 'tests/test_api.py' },
    { id: 'py:tests:test_send', kind: 'test', name: 'test_send', path: 'tests/test_api.py', line: 4 },
    { id: 'adr:docs/adr/1.md', kind: 'adr', name: 'ADR 1', path: 'docs/adr/1.md' },
    { id: 'file:app/far.py', kind: 'file', name: 'far.py', path: 'app/far.py' },
    { id: 'py:app.far:unrelated', kind: 'function', name: 'unrelated', path: 'app/far.py', line: 1 },
  ],
  edges: [
    [0, 1, 'contains'],
    [0, 4, 'contains'],
    [0, 9, 'contains'],
    [1, 2, 'contains'],
    [3, 2, 'method_of'],
    [4, 1, 'imports'],
    [4, 5, 'contains'],
    [5, 3, 'calls'],
    [7, 3, 'tests'],
    [6, 7, 'contains'],
    [8, 1, 'governs'],
    [9, 10, 'contains'],
    [10, 5, 'calls'],
  ],
};
const palette: Palette = { blue: '#00f', green: '#0f0', yellow: '#ff0', orange: '#f80', red: '#f00', purple: '#80f', muted: '#888', fg: '#000', faded: '#eee', edge: '#ccc', highlight: '#f0f' };
const kinds = { nodes: ['module', 'file', 'class', 'method', 'function', 'test', 'adr'], edges: ['contains', 'method_of', 'calls', 'tests', 'imports', 'governs'] };

describe("a file's context", () => {
  const g = buildGraph(wire);
  it('holds the file, its symbols, importers, callers, tests and decisions, and not what is two files away', () => {
    const c = fileContext(g, 'file:app/api.py');
    assert.ok(c);
    assert.deepEqual(
      [...c.ids].sort(),
      ['adr:docs/adr/1.md', 'file:app/api.py', 'file:app/util.py', 'py:app.api:Client', 'py:app.api:Client.send', 'py:app.util:resend', 'py:tests:test_send'],
    );
    assert.equal(c.ids.has('py:app.far:unrelated'), false, 'a caller of a caller is two hops out of the file');
    assert.equal(c.positions.size, c.ids.size, 'every context node has a position of its own');
    for (const p of c.positions.values()) assert.ok(Number.isFinite(p.x) && Number.isFinite(p.y));
  });
  it('finds the file of a symbol', () => {
    assert.equal(fileOf(g, 'py:app.api:Client.send'), 'file:app/api.py');
    assert.equal(fileOf(g, 'file:app/util.py'), 'file:app/util.py');
    assert.equal(fileOf(g, 'adr:docs/adr/1.md'), undefined);
    assert.equal(fileOf(g, 'nope'), undefined);
    assert.equal(fileContext(g, 'nope'), undefined);
  });
  it('is capped on a hub file, keeping the best-connected neighbours', () => {
    const nodes: WireGraph['nodes'] = [{ id: 'file:hub.py', kind: 'file', name: 'hub.py', path: 'hub.py' }];
    const edges: WireGraph['edges'] = [];
    for (let i = 0; i < 400; i++) {
      nodes.push({ id: `file:m${i}.py`, kind: 'file', name: `m${i}.py`, path: `m${i}.py` });
      edges.push([nodes.length - 1, 0, 'imports']);
      nodes.push({ id: `py:hub:f${i}`, kind: 'function', name: `f${i}`, path: 'hub.py', line: i + 1 });
      edges.push([0, nodes.length - 1, 'contains']);
    }
    // m7 is also imported by m8: it has the higher degree, so it is kept before the others.
    edges.push([nodes.findIndex((n) => n.id === 'file:m8.py'), nodes.findIndex((n) => n.id === 'file:m7.py'), 'imports']);
    const hub = buildGraph({ nodes, edges });
    const c = fileContext(hub, 'file:hub.py');
    assert.ok(c);
    assert.ok(c.ids.size <= CONTEXT_MAX && c.ids.size > 50, `${c.ids.size} nodes`);
    assert.ok(c.ids.has('file:m7.py'));
  });
});

describe('the reducers in a context', () => {
  const g = buildGraph(wire);
  const c = fileContext(g, 'file:app/api.py')!;
  const state: ViewState = { filters: applyPreset('architecture', kinds), focusDepth: 0, context: c, current: 'file:app/api.py' };
  const v = deriveView(g, state, true, importanceOf(g));
  it('shows the context whatever the preset, at its own positions, with every edge kind among it', () => {
    for (const id of g.nodes()) assert.equal(nodeVisible(v, id, g.getNodeAttributes(id)), c.ids.has(id), id);
    const d = reduceNode(v, palette, 'py:app.api:Client', g.getNodeAttributes('py:app.api:Client'));
    assert.deepEqual({ x: d.x, y: d.y }, c.positions.get('py:app.api:Client'));
    // The architecture preset has no `calls`; the context draws them.
    assert.equal(reduceEdge(v, palette, { kind: 'calls' }, 'py:app.util:resend', 'py:app.api:Client.send', true, true).hidden, false);
  });
  it('marks the open file: highlight colour, bigger, label forced', () => {
    const d = reduceNode(v, palette, 'file:app/api.py', g.getNodeAttributes('file:app/api.py'));
    assert.equal(d.color, palette.highlight);
    assert.equal(d.forceLabel, true);
    assert.match(d.label, /api\.py \(open\)$/);
  });
  it('sizes nodes by importance: the best-connected is the biggest of its kind', () => {
    const imp = importanceOf(g);
    assert.ok((imp.get('file:app/api.py') ?? 0) > (imp.get('file:app/far.py') ?? 1));
    const plain = deriveView(g, { filters: applyPreset('everything', kinds), focusDepth: 0 }, true, imp);
    const big = reduceNode(plain, palette, 'file:app/api.py', g.getNodeAttributes('file:app/api.py')).size;
    const small = reduceNode(plain, palette, 'file:app/far.py', g.getNodeAttributes('file:app/far.py')).size;
    assert.ok(big > small, `${big} > ${small}`);
  });
  it("colours an edge by its kind, translucent, and the selected node's opaque", () => {
    const plain = deriveView(g, { filters: applyPreset('everything', kinds), focusDepth: 0 });
    assert.equal(reduceEdge(plain, palette, { kind: 'calls' }, 'a', 'b', true, true).color, 'rgba(0,255,0,0.55)');
    assert.equal(reduceEdge(plain, palette, { kind: 'imports' }, 'a', 'b', true, true).color, 'rgba(0,0,255,0.55)');
    const sel = deriveView(g, { filters: applyPreset('everything', kinds), focusDepth: 0, selected: 'a' });
    assert.equal(reduceEdge(sel, palette, { kind: 'calls' }, 'a', 'b', true, true).color, '#0f0');
  });
});

describe('translucent colours', () => {
  it('reads the forms getComputedStyle gives', () => {
    assert.equal(translucent('#1f1f1f', 0.5), 'rgba(31,31,31,0.5)');
    assert.equal(translucent('#abc', 1), 'rgba(170,187,204,1)');
    assert.equal(translucent('#ff000080', 0.5), 'rgba(255,0,0,0.251)');
    assert.equal(translucent('rgb(1, 2, 3)', 0.5), 'rgba(1,2,3,0.5)');
    assert.equal(translucent('rgba(1, 2, 3, 0.5)', 0.5), 'rgba(1,2,3,0.25)');
    assert.equal(translucent('color-mix(in srgb, red, blue)', 0.5), 'color-mix(in srgb, red, blue)', 'unknown forms pass through');
  });
});

describe('labels never overlap', () => {
  const settings = { labelSize: 12, labelFont: 'sans-serif', labelWeight: 'normal', labelColor: { color: '#000' } };
  const ctx = () => {
    const cleared: number[][] = [];
    const texts: string[] = [];
    return {
      cleared,
      texts,
      font: '',
      fillStyle: '',
      measureText: (t: string) => ({ width: t.length * 7 }),
      fillText: (t: string) => texts.push(t),
      clearRect: (...a: number[]) => cleared.push(a),
    };
  };
  it('skips a label that would cross one drawn before it; a forced label clears what it crosses', () => {
    const c = ctx();
    const culler = new LabelCuller();
    culler.reset();
    const draw = (label: string, x: number, y: number, forceLabel = false) => culler.draw(c, { label, x, y, size: 4, forceLabel }, settings);
    draw('requests.api', 100, 100);
    draw('sessions', 110, 104);
    draw('models', 100, 140);
    assert.deepEqual(c.texts, ['requests.api', 'models']);
    draw('adapters (open)', 105, 142, true);
    assert.equal(c.cleared.length, 1, "the forced label cleared the one it crosses");
    const boxes = culler.boxes();
    assert.deepEqual(boxes.map((b) => b.label), ['requests.api', 'adapters (open)']);
    for (const a of boxes) for (const b of boxes) if (a !== b) assert.equal(overlaps(a, b), false);
    culler.reset();
    assert.equal(culler.boxes().length, 2, 'until the next frame draws, the last frame is what is on screen');
  });
});

describe('following the editor (UI reducer)', () => {
  const g = buildGraph(wire);
  it('the sidebar starts following; turning it off leaves the context', () => {
    let s = appReducer(initialAppState, { type: 'init', host: { kind: 'vscode', folder: 'x', largeGraph: 20_000, surface: 'sidebar', follow: true }, state: { kind: 'ready' }, present: kinds, totals: { partial: false, nodes: 11, edges: 13 } });
    assert.equal(s.follow, true);
    s = appReducer(s, { type: 'context', context: fileContext(g, 'file:app/api.py') });
    s = appReducer(s, { type: 'current', id: 'file:app/api.py' });
    assert.equal(s.view.context?.file, 'file:app/api.py');
    assert.equal(appReducer(s, { type: 'current', id: 'file:app/api.py' }), s, 'the same file again changes nothing');
    s = appReducer(s, { type: 'follow', on: false });
    assert.equal(s.view.context, undefined);
    assert.equal(s.view.current, 'file:app/api.py', 'the open file stays marked');
  });
  it('the panel does not follow unless asked', () => {
    const s = appReducer(initialAppState, { type: 'init', host: { kind: 'vscode', folder: 'x', largeGraph: 20_000, surface: 'panel', follow: false }, state: { kind: 'ready' }, present: kinds, totals: { partial: false, nodes: 11, edges: 13 } });
    assert.equal(s.follow, false);
  });
});
