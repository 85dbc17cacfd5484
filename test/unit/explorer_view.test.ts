// The explorer's view logic as pure functions: presets and toggles, search ranking, focus,
// reducers (hover, selection, filters), the detail panel, the UI reducer and the SVG export.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { WireGraph } from '../../extension/protocol/wire_graph';
import { appReducer, initialAppState } from '../../webview/model/app_state';
import { nodeDetail } from '../../webview/model/detail';
import { applyPreset, EVERYTHING_MAX, expandPath, initialPreset, isExpanded, nodePasses, PRESETS, toggleEdgeKind, toggleExpanded, toggleNodeKind } from '../../webview/model/filters';
import { applyDiff, buildGraph } from '../../webview/model/graph_data';
import { EDGE_KINDS, nodeLabel, nodeStyle } from '../../webview/model/kinds';
import { deriveView, reduceEdge, reduceNode, withHover, type Palette, type ViewState } from '../../webview/model/reducers';
import { buildSearchIndex, search } from '../../webview/model/search';
import { buildSvg } from '../../webview/model/svg';

const wire: WireGraph = {
  nodes: [
    { id: 'module:app', kind: 'module', name: 'app', path: 'app' },
    { id: 'file:app/api.py', kind: 'file', name: 'api.py', path: 'app/api.py' },
    { id: 'py:app.api:Client', kind: 'class', name: 'Client', path: 'app/api.py', line: 3 },
    { id: 'py:app.api:Client.send', kind: 'method', name: 'send', path: 'app/api.py', line: 5 },
    { id: 'py:app.api:send_all', kind: 'function', name: 'send_all', path: 'app/api.py', line: 20 },
    { id: 'py:app.api:SEND', kind: 'constant', name: 'SEND', path: 'app/api.py', line: 1 },
    { id: 'py:app.util:resend', kind: 'function', name: 'resend', path: 'app/util.py', line: 2 },
    { id: 'py:tests:test_send', kind: 'test', name: 'test_send', path: 'tests/test_api.py', line: 4 },
  ],
  edges: [
    [0, 1, 'contains'],
    [1, 2, 'contains'],
    [3, 2, 'method_of'],
    [4, 3, 'calls'],
    [6, 4, 'calls'],
    [7, 4, 'tests'],
  ],
};
const present = { nodes: ['module', 'file', 'class', 'method', 'function', 'constant', 'test'], edges: ['contains', 'method_of', 'calls', 'tests'] };
const palette: Palette = { blue: '#00f', green: '#0f0', yellow: '#ff0', orange: '#f80', red: '#f00', purple: '#80f', muted: '#888', fg: '#000', faded: '#eee', edge: '#ccc', highlight: '#f0f' };

describe('filters', () => {
  it('presets pick the levels of detail', () => {
    const arch = applyPreset('architecture', present);
    assert.deepEqual([...arch.nodeKinds].sort(), ['external', 'file', 'module']);
    assert.ok(arch.edgeKinds.has('imports') && !arch.edgeKinds.has('calls'));
    const calls = applyPreset('calls', present);
    assert.ok(calls.nodeKinds.has('function') && calls.nodeKinds.has('method') && calls.edgeKinds.has('calls'));
    assert.deepEqual([...applyPreset('everything', present).nodeKinds], present.nodes);
  });
  it('toggles make the preset custom; expanding a file shows its symbols', () => {
    let f = applyPreset('architecture', present);
    f = toggleNodeKind(f, 'file');
    assert.equal(f.preset, 'custom');
    assert.ok(!f.nodeKinds.has('file'));
    f = toggleEdgeKind(toggleEdgeKind(f, 'calls'), 'calls');
    assert.ok(!f.edgeKinds.has('calls'));
    assert.ok(!nodePasses(f, 'function', 'app/api.py'));
    f = toggleExpanded(f, 'app/api.py');
    assert.ok(nodePasses(f, 'function', 'app/api.py'));
    assert.ok(!nodePasses(f, 'function', 'app/util.py'));
  });
  it('a folder expands every file under it, never a sibling with the same prefix', () => {
    const f = expandPath(applyPreset('calls', present), 'app');
    assert.ok(isExpanded(f.expanded, 'app/api.py') && isExpanded(f.expanded, 'app/sub/x.py'));
    assert.ok(!isExpanded(f.expanded, 'application/x.py'));
    assert.ok(nodePasses(f, 'constant', 'app/sub/x.py') && nodePasses(f, 'file', 'app/api.py') && !nodePasses(f, 'module', 'app/sub'));
    assert.equal(expandPath(f, 'app'), f);
  });
  it('opens a real repository at the architecture level, a small graph whole', () => {
    assert.equal(initialPreset(50_000, 20_000), 'architecture');
    // psf/requests' graph is 1.1k nodes: one disc of dots as Everything.
    assert.equal(initialPreset(1_111, 20_000), 'architecture');
    assert.equal(initialPreset(EVERYTHING_MAX, 20_000), 'everything');
    assert.equal(initialPreset(120, 100), 'architecture');
  });
});

describe('search', () => {
  const index = buildSearchIndex(wire.nodes.map((n) => ({ id: n.id, name: n.name, kind: n.kind, ...(n.path ? { path: n.path } : {}) })));
  it('ranks exact, then prefix, then word start, then contains, kinds in order within a tier', () => {
    assert.deepEqual(search(index, 'send').map((h) => h.name), ['send', 'SEND', 'send_all', 'test_send', 'resend']);
    assert.deepEqual(search(index, 'send').map((h) => h.tier), [0, 0, 1, 2, 3]);
  });
  it('matches paths last, honours accept and the limit, ignores blanks', () => {
    assert.ok(search(index, 'tests/').every((h) => h.tier === 4));
    assert.deepEqual(search(index, 'send', 20, (e) => e.kind !== 'constant').map((h) => h.name), ['send', 'send_all', 'test_send', 'resend']);
    assert.equal(search(index, 'send', 2).length, 2);
    assert.deepEqual(search(index, '   '), []);
  });
});

describe('reducers', () => {
  const g = buildGraph(wire);
  const state = (over: Partial<ViewState> = {}): ViewState => ({ filters: applyPreset('everything', present), focusDepth: 0, ...over });
  it('hides kinds filtered out, shows a selected node anyway, labels with a glyph', () => {
    const v = deriveView(g, state({ filters: applyPreset('calls', present) }));
    assert.equal(reduceNode(v, palette, 'file:app/api.py', g.getNodeAttributes('file:app/api.py')).hidden, true);
    const fn = reduceNode(v, palette, 'py:app.api:send_all', g.getNodeAttributes('py:app.api:send_all'));
    assert.equal(fn.hidden, false);
    assert.equal(fn.label, nodeLabel('function', 'send_all'));
    assert.equal(fn.color, palette.green);
    const sel = deriveView(g, state({ filters: applyPreset('calls', present), selected: 'file:app/api.py' }));
    const file = reduceNode(sel, palette, 'file:app/api.py', g.getNodeAttributes('file:app/api.py'));
    assert.equal(file.hidden, false);
    assert.equal(file.highlighted, true);
    assert.equal(file.color, palette.highlight);
  });
  it('hover fades all but the neighbours, and edges not touching the hovered node', () => {
    const v = deriveView(g, state({ hovered: 'py:app.api:send_all' }));
    assert.deepEqual([...(v.hover ?? [])].sort(), ['py:app.api:Client.send', 'py:app.api:send_all', 'py:app.util:resend', 'py:tests:test_send']);
    assert.equal(reduceNode(v, palette, 'module:app', g.getNodeAttributes('module:app')).color, palette.faded);
    assert.equal(reduceNode(v, palette, 'module:app', g.getNodeAttributes('module:app')).label, '');
    assert.equal(reduceNode(v, palette, 'py:app.util:resend', g.getNodeAttributes('py:app.util:resend')).forceLabel, true);
    assert.equal(reduceEdge(v, palette, { kind: 'calls' }, 'py:app.util:resend', 'py:app.api:send_all', true, true).color, palette.green);
    assert.equal(reduceEdge(v, palette, { kind: 'contains' }, 'module:app', 'file:app/api.py', true, true).color, palette.faded);
  });
  it('focus mode keeps the neighbourhood to depth N over the edges shown', () => {
    const d1 = deriveView(g, state({ selected: 'py:app.util:resend', focusDepth: 1 }));
    assert.deepEqual([...(d1.focus ?? [])].sort(), ['py:app.api:send_all', 'py:app.util:resend']);
    const d2 = deriveView(g, state({ selected: 'py:app.util:resend', focusDepth: 2 }));
    assert.equal(d2.focus?.size, 4);
    const noCalls = toggleEdgeKind(applyPreset('everything', present), 'calls');
    assert.equal(deriveView(g, state({ filters: noCalls, selected: 'py:app.util:resend', focusDepth: 3 })).focus?.size, 1);
  });
  it('big graphs: nodes scaled down (the selection stays findable), arrow heads only on the selection\'s edges', () => {
    const v = deriveView(g, state({ selected: 'py:app.api:send_all' }));
    const full = reduceNode(v, palette, 'module:app', g.getNodeAttributes('module:app'));
    assert.equal(reduceNode(v, palette, 'module:app', g.getNodeAttributes('module:app'), 0.5).size, full.size / 2);
    assert.ok(reduceNode(v, palette, 'py:app.api:send_all', g.getNodeAttributes('py:app.api:send_all'), 0.45).size >= 6);
    assert.equal(reduceEdge(v, palette, { kind: 'calls' }, 'py:app.util:resend', 'py:app.api:send_all', true, true, false).type, 'arrow');
    assert.equal(reduceEdge(v, palette, { kind: 'contains' }, 'module:app', 'file:app/api.py', true, true, false).type, 'line');
    assert.equal(reduceEdge(v, palette, { kind: 'contains' }, 'module:app', 'file:app/api.py', true, true).type, 'arrow');
  });
  it("a host highlight shows its nodes whatever the filters, labelled, and fades the rest and the edges leaving it", () => {
    const highlight = { label: 'Impact of the uncommitted changes', ids: new Set(['py:app.api:send_all', 'py:app.util:resend', 'file:app/api.py']) };
    const v = deriveView(g, state({ filters: applyPreset('calls', present), highlight }));
    const file = reduceNode(v, palette, 'file:app/api.py', g.getNodeAttributes('file:app/api.py'));
    assert.equal(file.hidden, false, 'the Calls preset hides files, the highlight shows this one');
    assert.equal(file.forceLabel, true);
    const rest = reduceNode(v, palette, 'py:app.api:Client.send', g.getNodeAttributes('py:app.api:Client.send'));
    assert.equal(rest.color, palette.faded);
    assert.equal(rest.label, '');
    assert.equal(reduceEdge(v, palette, { kind: 'calls' }, 'py:app.util:resend', 'py:app.api:send_all', true, true).color, palette.green);
    assert.equal(reduceEdge(v, palette, { kind: 'calls' }, 'py:app.api:send_all', 'py:app.api:Client.send', true, true).color, palette.faded);
    const cleared = appReducer(appReducer(initialAppState, { type: 'highlight', label: highlight.label, ids: [...highlight.ids] }), { type: 'highlight', label: '', ids: [] });
    assert.equal(cleared.view.highlight, undefined);
  });
  it('hides edges of kinds switched off or with a hidden end', () => {
    const f = toggleEdgeKind(applyPreset('everything', present), 'tests');
    const v = deriveView(g, state({ filters: f }));
    assert.equal(reduceEdge(v, palette, { kind: 'tests' }, 'a', 'b', true, true).hidden, true);
    assert.equal(reduceEdge(v, palette, { kind: 'calls' }, 'a', 'b', true, false).hidden, true);
    assert.equal(reduceEdge(v, palette, { kind: 'calls' }, 'a', 'b', true, true).hidden, false);
  });
});

describe('hover in a big graph (no fading)', () => {
  const g = buildGraph(wire);
  const base = deriveView(g, { filters: applyPreset('everything', present), focusDepth: 0 }, false);
  it('marks the neighbourhood highlighted and changes nothing else (the renderer redraws only the hover layer)', () => {
    const v = withHover(g, base, 'py:app.api:send_all');
    assert.deepEqual([...(v.hover ?? [])].sort(), ['py:app.api:Client.send', 'py:app.api:send_all', 'py:app.util:resend', 'py:tests:test_send']);
    for (const id of g.nodes()) {
      const before = reduceNode(base, palette, id, g.getNodeAttributes(id), 0.5);
      const after = reduceNode(v, palette, id, g.getNodeAttributes(id), 0.5);
      assert.deepEqual({ ...after, highlighted: before.highlighted }, before, `${id}: only "highlighted" may change`);
      assert.equal(after.highlighted, v.hover?.has(id), id);
    }
    for (const [s, t] of [['py:app.util:resend', 'py:app.api:send_all'], ['module:app', 'file:app/api.py']]) {
      assert.deepEqual(reduceEdge(v, palette, { kind: 'calls' }, s!, t!, true, true, false), reduceEdge(base, palette, { kind: 'calls' }, s!, t!, true, true, false));
    }
    assert.equal(withHover(g, v, undefined).hover, undefined);
  });
});

describe('docs and decisions', () => {
  const docs: WireGraph = {
    nodes: [
      { id: 'doc:docs/guide.md', kind: 'doc', name: 'guide.md', path: 'docs/guide.md', docs: { title: 'Guide', format: 'markdown', chunks: 12 } },
      { id: 'entity:rate-limiter', kind: 'entity', name: 'rate limiter', docs: { aliases: ['throttle', 'limiter'], entityType: 'term', mentionCount: 7 } },
      { id: 'py:app.api:Client', kind: 'class', name: 'Client', path: 'app/api.py', line: 3 },
      { id: 'py:app.api:other', kind: 'function', name: 'other', path: 'app/api.py', line: 30 },
      { id: 'decision:1', kind: 'decision', name: 'Use a token bucket', llm: { statement: 'We use a token bucket', rationale: 'bursts', confidence: 0.8 } },
      { id: 'trade_off:1', kind: 'trade_off', name: 'bucket vs window', llm: { chosen: 'bucket', rejected: 'window' } },
      { id: 'adr:docs/adr/1.md', kind: 'adr', name: 'ADR 1', path: 'docs/adr/1.md' },
    ],
    edges: [
      [0, 1, 'mentions'],
      [0, 2, 'mentions'],
      [1, 2, 'uses'],
      [4, 6, 'decided_in'],
      [6, 5, 'considered'],
    ],
  };
  const g = buildGraph(docs);
  const kinds = { nodes: ['doc', 'entity', 'class', 'function', 'decision', 'trade_off', 'adr'], edges: ['mentions', 'uses', 'decided_in', 'considered'] };
  it('have their own glyphs and names (colour is never the only signal)', () => {
    const glyphs = new Set(['doc', 'entity', 'decision', 'trade_off', 'adr', 'file', 'module', 'class', 'function'].map((k) => nodeStyle(k).glyph));
    assert.equal(glyphs.size, 9);
    for (const k of ['mentions', 'uses', 'part_of', 'integrates_with', 'configured_via', 'owned_by', 'precedes', 'cites', 'decided_in', 'considered']) assert.ok(EDGE_KINDS[k], k);
  });
  it('the Docs preset shows docs, entities and the code they mention, nothing else', () => {
    const v = deriveView(g, { filters: applyPreset('docs', kinds), focusDepth: 0 });
    const shown = g.nodes().filter((id) => !reduceNode(v, palette, id, g.getNodeAttributes(id)).hidden).sort();
    assert.deepEqual(shown, ['doc:docs/guide.md', 'entity:rate-limiter', 'py:app.api:Client']);
  });
  it('the Decisions preset shows records, extracted decisions and trade-offs', () => {
    const p = PRESETS.find((x) => x.id === 'decisions');
    assert.ok(p?.nodes?.includes('decision') && p.nodes.includes('trade_off') && p.edges?.includes('decided_in') && p.edges.includes('considered'));
  });
  it('the detail panel shows what each carries', () => {
    const doc = nodeDetail(g, 'doc:docs/guide.md');
    assert.deepEqual(doc?.props.slice(1, 4), [['title', 'Guide'], ['format', 'markdown'], ['chunks', '12']]);
    const entity = nodeDetail(g, 'entity:rate-limiter');
    assert.deepEqual(entity?.props.slice(1), [['type', 'term'], ['aliases', 'throttle, limiter'], ['mentions', '7']]);
    assert.deepEqual(entity?.groups.map((x) => x.label), ['uses', 'mentioned in']);
    const decision = nodeDetail(g, 'decision:1');
    assert.deepEqual(decision?.props.slice(1), [['statement', 'We use a token bucket'], ['rationale', 'bursts'], ['confidence', '80 %']]);
    assert.deepEqual(nodeDetail(g, 'trade_off:1')?.props.slice(1), [['chosen', 'bucket'], ['rejected', 'window']]);
  });
});

describe('applyDiff placement', () => {
  it('symbols with no drawn neighbour start around their file, on distinct spots', () => {
    const g = buildGraph({ nodes: [{ id: 'file:a.py', kind: 'file', name: 'a.py', path: 'a.py' }, { id: 'file:b.py', kind: 'file', name: 'b.py', path: 'b.py' }], edges: [] });
    g.mergeNodeAttributes('file:a.py', { x: 0, y: 0 });
    g.mergeNodeAttributes('file:b.py', { x: 1000, y: 0 });
    const nodes = Array.from({ length: 30 }, (_, i) => ({ id: `py:a:f${i}`, kind: 'function', name: `f${i}`, path: 'a.py', line: i + 1 }));
    const added = applyDiff(g, { putNodes: nodes, dropNodes: [], addEdges: [], dropEdges: [] });
    assert.equal(added.length, 30);
    const spots = new Set(added.map((id) => `${g.getNodeAttribute(id, 'x').toFixed(2)},${g.getNodeAttribute(id, 'y').toFixed(2)}`));
    assert.equal(spots.size, 30);
    for (const id of added) assert.ok(Math.hypot(g.getNodeAttribute(id, 'x'), g.getNodeAttribute(id, 'y')) < 500, `${id} is nearer a.py than b.py`);
  });
});

describe('nodeDetail', () => {
  it('groups connections by edge kind and direction, with clickable ids', () => {
    const d = nodeDetail(buildGraph(wire), 'py:app.api:send_all');
    assert.ok(d);
    assert.equal(d.location, 'app/api.py:20');
    assert.deepEqual(d.groups.map((x) => `${x.direction} ${x.label} ${x.items.map((i) => i.id).join(',')}`), [
      'out calls py:app.api:Client.send',
      'in called by py:app.util:resend',
      'in tested by py:tests:test_send',
    ]);
    assert.equal(nodeDetail(buildGraph(wire), 'nope'), undefined);
  });
});

describe('appReducer', () => {
  it('opens with the preset the size calls for, and keeps new kinds visible under Everything', () => {
    let s = appReducer(initialAppState, { type: 'init', host: { kind: 'browser', folder: 'x', largeGraph: 5 }, state: { kind: 'ready' }, present, totals: { partial: false, nodes: 8, edges: 6 } });
    assert.equal(s.view.filters.preset, 'architecture');
    // A partial graph opens at Architecture whatever it holds; expanding keeps across presets.
    const p = appReducer(initialAppState, { type: 'init', host: { kind: 'browser', folder: 'x', largeGraph: 50 }, state: { kind: 'ready' }, present, totals: { partial: true, nodes: 80, edges: 6 } });
    assert.equal(p.view.filters.preset, 'architecture');
    const e = appReducer(appReducer(p, { type: 'expand', path: 'app/api.py' }), { type: 'preset', preset: 'calls' });
    assert.ok(e.view.filters.expanded.has('app/api.py'));
    assert.equal(appReducer(e, { type: 'graphChanged', present, totals: { partial: true, nodes: 90, edges: 7 } }).totals.nodes, 90);
    s = appReducer(s, { type: 'preset', preset: 'everything' });
    s = appReducer(s, { type: 'graphChanged', present: { nodes: [...present.nodes, 'adr'], edges: present.edges } });
    assert.ok(s.view.filters.nodeKinds.has('adr'));
    s = appReducer(s, { type: 'select', id: 'a' });
    assert.equal(s.view.selected, 'a');
    s = appReducer(s, { type: 'focusDepth', depth: 9 });
    assert.equal(s.view.focusDepth, 5);
    s = appReducer(s, { type: 'select', id: undefined });
    assert.ok(!('selected' in s.view));
  });
});

describe('buildSvg', () => {
  it('writes lines, circles and escaped labels', () => {
    const svg = buildSvg({ width: 100, height: 50, background: '#fff', labelColor: '#000', font: 'sans', nodes: [{ x: 10, y: 10, r: 3, color: '#f00', label: 'ƒ a<b>&' }], edges: [{ x1: 0, y1: 0, x2: 10, y2: 10, color: '#ccc', width: 1 }] });
    assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="100" height="50"/);
    assert.match(svg, /<line x1="0" y1="0" x2="10" y2="10" stroke="#ccc"/);
    assert.match(svg, /<circle cx="10" cy="10" r="3" fill="#f00"\/>/);
    assert.match(svg, /ƒ a&lt;b&gt;&amp;<\/text>/);
  });
});
