/**
 * C++ overloads
 * =============
 * Overloads are symbols of their own (`A.f`, `A.f$2` … in source order, the name stays `f`), a
 * declaration in a header and its definition in a source file still meet by their parameters,
 * and a call names the overload its arguments pick: by count (defaults, `...`), then by the
 * literal arguments' types, as clangd does.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { Workspace } from '../../extension/core/workspace';

const temps: string[] = [];
after(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

const FILES: Record<string, string> = {
  'include/piece.h': [
    '#include <string>',
    'class Piece {',
    ' public:',
    '  Piece();',
    '  Piece(const std::string& s);',
    '  Piece(const char* s, int n = 0);',
    '  int find(char c) const;',
    '  int find(const Piece& p, int from) const;',
    '};',
    'int log(const char* fmt, ...);',
  ].join('\n'),
  'src/piece.cpp': [
    '#include "piece.h"',
    'Piece::Piece() {}',
    'Piece::Piece(const char* s, int n) {}',
    'Piece::Piece(const std::string& s) {}',
    'int Piece::find(const Piece& p, int from) const { return from; }',
    'int Piece::find(char c) const { return 0; }',
  ].join('\n'),
  'src/use.cpp': [
    '#include "piece.h"',
    'int use(const std::string& name) {',
    '  Piece a("x");',
    '  Piece b = Piece(name);',
    '  Piece c;',
    '  log("%d", 1, 2);',
    '  return a.find(b, 3) + a.find(\'c\');',
    '}',
  ].join('\n'),
};

describe('C++ overloads', () => {
  it('are symbols of their own, and a call names the one its arguments pick', async () => {
    const root = mkdtempSync(join(tmpdir(), 'kg-overloads-'));
    temps.push(root);
    for (const [rel, text] of Object.entries(FILES)) {
      mkdirSync(dirname(join(root, rel)), { recursive: true });
      writeFileSync(join(root, rel), `${text}\n`);
    }
    const ws = await Workspace.open(root, { persist: false, docs: { enabled: false } });
    try {
      await ws.index();
      const g = ws.graph.graph;
      const line = (id: string): number => g.getNodeAttribute(id, 'line') as number;
      const decls = g.filterNodes((_id, a) => a.path === 'include/piece.h' && a.name === 'Piece' && a.kind === 'method');
      assert.equal(decls.length, 3, `three constructors declared: ${decls.join(', ')}`);
      assert.ok(decls.some((id) => id.endsWith('Piece.Piece$3')));
      // Each call, by the line of its definition in src/piece.cpp (a definition wins over the header's declaration).
      const calls = new Map<number, string>();
      g.forEachEdge((_e, a, source, target) => {
        if (a.kind !== 'calls' || !source.endsWith(':use')) return;
        for (const l of a.lines ?? []) calls.set(l, `${g.getNodeAttribute(target, 'path') as string}:${line(target)}`);
      });
      assert.equal(calls.get(3), 'src/piece.cpp:3', 'Piece a("x") → Piece(const char*, int = 0)');
      assert.equal(calls.get(4), 'src/piece.cpp:4', 'Piece(name) → the first one-argument fit, Piece(const std::string&)');
      assert.equal(calls.get(6), 'include/piece.h:10', 'log(fmt, ...) takes any count; only declared');
      const finds = [...g.outEdges([...g.nodes()].find((n) => n.endsWith(':use'))!)].filter((e) => g.getEdgeAttribute(e, 'kind') === 'calls').map((e) => g.target(e)).filter((t) => g.getNodeAttribute(t, 'name') === 'find').map((t) => line(t)).sort();
      assert.deepEqual(finds, [5, 6], 'a.find(b, 3) and a.find(\'c\') reach both overloads\' definitions');
    } finally {
      await ws.close();
    }
  });
});
