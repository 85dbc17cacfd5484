/**
 * Test helpers: index a fixture project and read its edges
 * ========================================================
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { EdgeAttributes, EdgeKind } from '../../extension/core/model/types';
import { Workspace, type WorkspaceOptions } from '../../extension/core/workspace';

export const FIXTURES = join(__dirname, '..', 'fixtures');

/** Indexes a fixture in place, in process, without writing a snapshot. */
export async function indexFixture(relDir: string, options: WorkspaceOptions = {}): Promise<Workspace> {
  const ws = await Workspace.open(join(FIXTURES, relDir), { persist: false, workers: 0, ...options });
  await ws.index();
  return ws;
}

/** A scratch copy of a fixture in the temp folder, for tests that edit files or write snapshots. */
export function copyFixture(relDir: string): { dir: string; dispose: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'kg-fixture-'));
  cpSync(join(FIXTURES, relDir), dir, { recursive: true });
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Writes `files` (root-relative path → text) into a new temp folder and indexes it; `close()` removes the folder too. */
export async function indexFiles(files: Record<string, string>): Promise<Workspace> {
  const dir = mkdtempSync(join(tmpdir(), 'kg-files-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  const ws = await Workspace.open(dir, { persist: false, workers: 0 });
  const close = ws.close.bind(ws);
  ws.close = async () => {
    await close();
    rmSync(dir, { recursive: true, force: true });
  };
  await ws.index();
  return ws;
}

export function edge(ws: Workspace, kind: EdgeKind, source: string, target: string): EdgeAttributes | undefined {
  return ws.graph.edge(`${kind}|${source}|${target}`);
}

/** Targets of `kind` edges out of `source`, sorted. */
export function targets(ws: Workspace, kind: EdgeKind, source: string): string[] {
  const g = ws.graph.graph;
  if (!g.hasNode(source)) return [];
  return g
    .outEdges(source)
    .filter((e) => g.getEdgeAttribute(e, 'kind') === kind)
    .map((e) => g.target(e))
    .sort();
}
