/**
 * Oversized files
 * ===============
 * Issue 21 item 9: with the size limit raised, a 50 MB file aborted the WebAssembly parser
 * after 2.2 GB RSS; and `source` of a definition on a 0.9 MB minified line returned the whole
 * line. A real workspace on disk is indexed: the huge file is refused before parsing, with its
 * reason in `skipped`, and the minified definition comes back cut, saying so.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { PARSE_HARD_LIMIT_BYTES } from '../../extension/core/index/parse_worker';
import { MAX_SOURCE_CHARS, source } from '../../extension/core/query/symbols';
import { Workspace } from '../../extension/core/workspace';
import { sourceReader } from '../../extension/mcp/tools/code';

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('oversized files', { timeout: 120_000 }, () => {
  it('a file far over the parser limit is refused before parsing, whatever maxFileSize says; a minified definition is cut in `source`', async () => {
    const root = mkdtempSync(join(tmpdir(), 'kg-oversize-'));
    dirs.push(root);
    // 12 MB of real-looking code, over the parser's own limit.
    const unit = 'function g0(a){return a+1}\n';
    writeFileSync(join(root, 'huge.js'), unit.repeat(Math.ceil((PARSE_HARD_LIMIT_BYTES * 1.5) / unit.length)));
    // One definition on one 0.9 MB minified line.
    const body = Array.from({ length: 60_000 }, (_v, i) => `x${i}=${i};`).join('');
    writeFileSync(join(root, 'min.js'), `export function packed(){var ${body.slice(0, 900_000)}return 1}\n`);
    writeFileSync(join(root, 'small.js'), 'export function small() { return 2 }\n');
    const ws = await Workspace.open(root, { persist: false, workers: 0, maxFileSize: 200 * 1024 * 1024 });
    try {
      const report = await ws.index();
      const huge = report.skipped.find((s) => s.path === 'huge.js');
      assert.ok(huge, `huge.js is skipped: ${JSON.stringify(report.skipped)}`);
      assert.match(huge.reason, /too large .*the parser's own limit/);
      assert.ok(ws.graph.node('js:small:small') ?? [...ws.graph.graph.nodes()].some((n) => n.endsWith(':small')), 'the small file is indexed');
      const packed = [...ws.graph.graph.nodes()].find((n) => n.endsWith(':packed'));
      assert.ok(packed, 'the minified definition is in the graph');
      const got = source(ws.graph, { target: packed }, sourceReader(ws));
      assert.ok(got.code.length < MAX_SOURCE_CHARS + 100, `source answered ${got.code.length} characters`);
      assert.match(got.code, /truncated\]$/);
      assert.match(got.note ?? '', /Truncated: 40000 of \d+ characters shown, cut in line 1/);
    } finally {
      await ws.close();
    }
  });
});
