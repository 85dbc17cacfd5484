/**
 * Resolution cycles (issue 21 item 6)
 * ===================================
 * A parameter named like its type (`string: string`, `str: str`, `Date: Date`) once sent the evaluator
 * round the same lookup until the stack overflowed, and the file lost every outgoing edge with one log
 * line as the only trace. Each case here is written into a real workspace folder and indexed; the
 * file keeps its other edges, and a resolver fault shows in `status` with the file and the reason.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GraphAssembler } from '../../extension/core/index/assembler';
import { extractFacts } from '../../extension/core/parse/extract';
import type { FileFacts } from '../../extension/core/parse/facts';
import { edge, indexFiles } from '../helpers/workspace';

describe('a parameter named like its type', () => {
  it('TypeScript `string: string` and `Date: Date` keep the file’s edges', async () => {
    const ws = await indexFiles({
      'src/a.ts': [
        'export function helper(): number { return 1 }',
        'export function f(string: string) { helper(); return string.charAt(0) }',
        'export function g(Date: Date) { helper(); return Date.getTime() }',
        'export class Box { put(Box: Box) { helper(); return Box.put(Box) } }',
        '',
      ].join('\n'),
    });
    try {
      assert.ok(edge(ws, 'calls', 'ts:src/a:f', 'ts:src/a:helper'), 'f keeps its call of helper');
      assert.ok(edge(ws, 'calls', 'ts:src/a:g', 'ts:src/a:helper'), 'g keeps its call of helper');
      assert.ok(edge(ws, 'calls', 'ts:src/a:Box.put', 'ts:src/a:helper'), 'Box.put keeps its call of helper');
      assert.ok(edge(ws, 'calls', 'ts:src/a:Box.put', 'ts:src/a:Box.put'), 'a parameter typed Box has Box’s members');
      assert.deepEqual(ws.status().resolveFaults, []);
    } finally {
      await ws.close();
    }
  });

  it('Python `str: str` and a parameter named like a workspace class keep the file’s edges', async () => {
    const ws = await indexFiles({
      'app/__init__.py': '',
      'app/m.py': [
        'def helper():',
        '    return 1',
        '',
        'class Item:',
        '    def size(self) -> int:',
        '        return 1',
        '',
        'def f(str: str):',
        '    helper()',
        '    return str.upper()',
        '',
        'def g(Item: Item):',
        '    helper()',
        '    return Item.size()',
        '',
      ].join('\n'),
    });
    try {
      assert.ok(edge(ws, 'calls', 'py:app.m:f', 'py:app.m:helper'));
      assert.ok(edge(ws, 'calls', 'py:app.m:g', 'py:app.m:helper'));
      assert.ok(edge(ws, 'calls', 'py:app.m:g', 'py:app.m:Item.size'), 'the annotation names the module’s class, not the parameter');
      assert.deepEqual(ws.status().resolveFaults, []);
    } finally {
      await ws.close();
    }
  });

  it('a local bound to itself through a chain of names ends without a fault', async () => {
    const ws = await indexFiles({
      'src/b.ts': [
        'export function helper(): number { return 1 }',
        'export function h() {',
        '  let a = b; let b = c; let c = a;',
        '  helper();',
        '  return a.run()',
        '}',
        '',
      ].join('\n'),
    });
    try {
      assert.ok(edge(ws, 'calls', 'ts:src/b:h', 'ts:src/b:helper'));
      assert.deepEqual(ws.status().resolveFaults, []);
    } finally {
      await ws.close();
    }
  });
});

describe('a resolver fault', () => {
  it('is listed with the file and the reason until the file resolves again', async () => {
    const good = await extractFacts('src/c.ts', 'export function helper() { return 1 }\nexport function k() { helper() }\n', 'typescript');
    // Facts no extractor writes (a call without a callee) stand in for a bug of ours in the resolver.
    const broken: FileFacts = { ...good, calls: [{ caller: 'k', callee: null as unknown as string[], line: 2 }] };
    const logged: string[] = [];
    const assembler = new GraphAssembler((path) => logged.push(path));
    assembler.update(new Map([['src/c.ts', broken]]));
    const faults = assembler.resolveFaults();
    assert.equal(faults.length, 1);
    assert.equal(faults[0]!.path, 'src/c.ts');
    assert.match(faults[0]!.reason, /^TypeError: /);
    assert.deepEqual(logged, ['src/c.ts'], 'the log line is still written');
    assert.ok(assembler.graph.graph.hasNode('ts:src/c:k'), 'the file keeps its definitions');
    assert.deepEqual(assembler.state().resolutions['src/c.ts']?.fault, faults[0]!.reason, 'a snapshot keeps the fault');

    assembler.update(new Map([['src/c.ts', good]]));
    assert.deepEqual(assembler.resolveFaults(), []);
    assert.ok(assembler.graph.edge('calls|ts:src/c:k|ts:src/c:helper'));
  });
});
