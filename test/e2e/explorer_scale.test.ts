// Scale check (issue 4 §4): the explorer in headless Chromium (software WebGL) on the fixture
// (~100 nodes) and on Django (~13k nodes, ~39k edges) when its corpus is present under
// test/bench/work/.corpora (npm run bench fetches it). Prints time to first frame, layout time
// and pan/zoom frame rate; it asserts only that the page works, never a timing.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { chromiumMissing, CLI, measureExplorerPage, REPO, SCREENSHOTS, type PageFigure } from './explorer_browser';

const DJANGO = join(REPO, 'test/bench/work/.corpora/python3-django');
const missing = chromiumMissing();
if (missing) process.stdout.write(`explorer scale check skipped: ${missing}\n`);

export interface ExplorerScaleFigure extends PageFigure {
  name: string;
}

/**
 * Indexes a copy of `folder` (so the page opens on the whole graph, not on an index under way),
 * serves it, opens the page, and measures it.
 */
export async function measureExplorer(name: string, folder: string): Promise<ExplorerScaleFigure> {
  const tmp = mkdtempSync(join(tmpdir(), 'kg-scale-'));
  const root = join(tmp, 'project');
  cpSync(folder, root, { recursive: true, filter: (src) => !src.endsWith('.kg-memory') });
  try {
    execFileSync(process.execPath, [CLI, 'index', '--root', root], { stdio: 'ignore' });
    const { figure, errors } = await measureExplorerPage(root, { settleMs: 60_000, fpsMs: 3000, screenshot: join(SCREENSHOTS, `explorer-scale-${name}.png`) });
    assert.deepEqual(errors, []);
    return { name, ...figure };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

export function formatFigure(f: ExplorerScaleFigure): string {
  return `${f.name}: ${f.nodes} nodes / ${f.edges} edges (${f.shownNodes} shown): first frame ${Math.round(f.firstFrameMs)} ms, layout ${Math.round(f.layoutMs)} ms over ${f.iterations} iterations (${f.settled ? 'settled' : 'stopped at the budget'}), pan/zoom ${f.fps.toFixed(1)} fps`;
}

describe('graph explorer at scale (prints figures, asserts no timing)', { skip: missing }, () => {
  const figures: ExplorerScaleFigure[] = [];
  after(() => {
    for (const f of figures) process.stdout.write(`[explorer scale] ${formatFigure(f)}\n`);
  });

  it('fixture', async () => {
    const f = await measureExplorer('fixture', join(REPO, 'test/fixtures/mcp_project'));
    assert.ok(f.nodes > 20);
    figures.push(f);
  });

  it('django', { skip: existsSync(DJANGO) ? false : `no corpus at ${DJANGO} (npm run bench fetches it)`, timeout: 300_000 }, async () => {
    const f = await measureExplorer('django', DJANGO);
    assert.ok(f.nodes > 5000, `nodes: ${f.nodes}`);
    figures.push(f);
  });
});
