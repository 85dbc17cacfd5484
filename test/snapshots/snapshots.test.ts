/**
 * Annotated snapshot tests
 * ========================
 * Each project under test/snapshots/input/ is indexed as a workspace, and every source file is
 * rendered with its definitions and resolved calls as comments (render.ts). The result must equal
 * the file of the same path under test/snapshots/output/. After a deliberate change, regenerate
 * with `KG_UPDATE_SNAPSHOTS=1 node --import tsx --test test/snapshots/snapshots.test.ts` and review
 * the diff. A new language adds a folder of inputs; nothing else changes.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { languageForPath } from '../../extension/core/parse/languages';
import { Workspace } from '../../extension/core/workspace';
import { listFiles } from '../helpers/incremental';
import { renderFile } from './render';

const INPUT = join(__dirname, 'input');
const OUTPUT = join(__dirname, 'output');
const UPDATE = process.env.KG_UPDATE_SNAPSHOTS === '1';

describe('annotated snapshots', () => {
  for (const project of readdirSync(INPUT).sort()) {
    it(project, async () => {
      const root = join(INPUT, project);
      const ws = await Workspace.open(root, { persist: false, workers: 0 });
      try {
        await ws.index();
        const files = listFiles(root).filter((f) => languageForPath(f) !== undefined);
        assert.ok(files.length > 0);
        for (const path of files) {
          const rendered = renderFile(ws, path, readFileSync(join(root, path), 'utf8'));
          const expectedPath = join(OUTPUT, project, path);
          if (UPDATE) {
            mkdirSync(dirname(expectedPath), { recursive: true });
            writeFileSync(expectedPath, rendered);
            continue;
          }
          assert.ok(existsSync(expectedPath), `no snapshot for ${project}/${path}: run with KG_UPDATE_SNAPSHOTS=1 and review it`);
          assert.equal(rendered, readFileSync(expectedPath, 'utf8'), `${project}/${path} differs from its snapshot`);
        }
      } finally {
        await ws.close();
      }
    });
  }
});
