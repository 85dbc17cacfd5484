/**
 * C/C++ resolution on hostile shapes
 * ==================================
 * Issue 16: macros and templates never hang the resolver; its bound is reported in `status`.
 * Generated code chains untyped locals (`auto a2 = a1.f();` thousands of times): each one's value
 * is worked out once per file, not once per call, and a chain of locals nested deeper than the
 * bound stops there, names the file in `status` (and the MCP status tool), and costs no fault.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { Workspace } from '../../extension/core/workspace';
import { ToolContext } from '../../extension/mcp';
import { statusAnswer } from '../../extension/mcp/tools/workspace';

const temps: string[] = [];
after(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

async function indexed(files: Record<string, string>): Promise<Workspace> {
  const root = mkdtempSync(join(tmpdir(), 'kg-cbounds-'));
  temps.push(root);
  for (const [rel, text] of Object.entries(files)) writeFileSync(join(root, rel), text);
  const ws = await Workspace.open(root, { persist: false, docs: { enabled: false } });
  await ws.index();
  return ws;
}

const chain = (n: number, step: (i: number) => string): string =>
  `struct S { S& f(); };\nvoid run() {\n  S a0;\n${Array.from({ length: n }, (_v, k) => `  auto a${k + 1} = ${step(k)};\n`).join('')}  a${n}.f();\n}\n`;

describe('C/C++ resolver bounds', () => {
  it('works out each untyped local once: 2,000 chained calls all resolve', async () => {
    const ws = await indexed({ 'gen.cpp': chain(2000, (k) => `a${k}.f()`) });
    try {
      const lines = new Set<number>();
      ws.graph.graph.forEachEdge((_e, a, _s, target) => {
        if (a.kind === 'calls' && target.endsWith('S.f')) for (const l of a.lines ?? []) lines.add(l);
      });
      assert.ok(lines.has(2000 + 4) && lines.has(4 + 1000), `calls resolved at ${lines.size} lines`);
      assert.deepEqual(ws.status().resolveCuts, []);
      assert.deepEqual(ws.status().resolveFaults, []);
    } finally {
      await ws.close();
    }
  });

  it('stops a chain of locals deeper than the bound, and says so in status', async () => {
    const ws = await indexed({ 'deep.cpp': chain(3000, (k) => `a${k}`), 'ok.cpp': 'void g();\nvoid h() { g(); }\n' });
    try {
      const s = ws.status();
      assert.deepEqual(s.resolveFaults, [], 'no stack overflow, no fault');
      assert.deepEqual(s.resolveCuts.map((c) => c.path), ['deep.cpp']);
      const answer = statusAnswer(new ToolContext(ws));
      assert.match(answer.resolveCuts?.items[0] ?? '', /^deep\.cpp: 1 lookup\(s\) stopped at the resolver's bound/);
      assert.ok(ws.graph.graph.someEdge((_e, a, src, dst) => a.kind === 'calls' && src.endsWith('h') && dst.endsWith('g')), 'the other file resolves');
    } finally {
      await ws.close();
    }
  });
});
