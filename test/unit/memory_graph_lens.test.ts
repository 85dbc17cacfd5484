/**
 * Agent notes on CodeLens and hovers (pure model)
 * ===============================================
 * "1 note" / "N notes" from the memory nodes about a definition, the hover's notes section with
 * the observations, and the entity name a new note goes to: one that links back to exactly that
 * definition (a bare class name when unique, a qualified method name, the id otherwise).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { syncMemoryNodes, workspaceMemory } from '../../extension/core/memory';
import { Workspace } from '../../extension/core/workspace';
import { lensesFor, lensTitle } from '../../extension/vscode/lens_model';
import { entityNameFor, notesMarkdown } from '../../extension/vscode/lens_notes';

const FILES: Record<string, string> = {
  'src/cache.ts': 'export class Cache {\n  put(k: string): void {\n    void k;\n  }\n}\n',
  'src/other.ts': 'export class Other {\n  put(k: string): void {\n    void k;\n  }\n}\n',
};

describe('notes on lenses and hovers', () => {
  let root: string;
  let ws: Workspace;
  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'kg-mem-lens-'));
    for (const [path, text] of Object.entries(FILES)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    ws = await Workspace.open(root, { persist: false, workers: 0 });
    await ws.index();
  });
  after(async () => {
    await ws.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('names the entity so that it links back to that definition only', () => {
    assert.equal(entityNameFor(ws.graph, 'ts:src/cache:Cache'), 'Cache');
    assert.equal(entityNameFor(ws.graph, 'ts:src/cache:Cache.put'), 'Cache.put', 'a method by its qualified name (put alone names two)');
  });

  it('counts observations as notes on the lens and lists them in the hover', async () => {
    const memory = await workspaceMemory(ws);
    await memory.createEntities([{ name: 'Cache.put', entityType: 'method', observations: ['overwrites without a check'] }]);
    await syncMemoryNodes(ws, memory);
    const settings = { callers: false, tests: false, decisions: false, notes: true };
    const titles = (): string[] => lensesFor(ws.graph, 'src/cache.ts', settings).flatMap((l) => l.lines.map(lensTitle));
    assert.deepEqual(titles(), ['1 note']);

    await memory.addObservations([{ entityName: 'Cache.put', contents: ['keys are case-sensitive'] }]);
    await syncMemoryNodes(ws, memory);
    assert.deepEqual(titles(), ['2 notes']);
    assert.deepEqual(lensesFor(ws.graph, 'src/cache.ts', { ...settings, notes: false }), [], 'switched off');

    const md = notesMarkdown(ws.graph, 'ts:src/cache:Cache.put');
    assert.match(md, /\*\*2 notes\*\*/);
    assert.match(md, /- overwrites without a check\n- keys are case\\-sensitive/);
    assert.equal(notesMarkdown(ws.graph, 'ts:src/other:Other.put'), '');
  });
});
