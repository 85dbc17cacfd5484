/**
 * C and C++ call edges against clangd's call hierarchy
 * ====================================================
 * clangd (Debian clangd-22, cpp_clangd.ts) on the C++ fixture and on two real projects as the npm
 * package kuzu@0.11.3 ships them in kuzu-source/third_party (a dependency of ours, so CI has it):
 * the Brotli decoder in C (c/common, c/dec, c/include: ~14.6k lines) and RE2 in C++ (~4.4k lines). Our graph must agree:
 * precision ≥ 0.95, recall ≥ 0.85. Each project is copied to a temp folder, where the oracle
 * writes its compile_commands.json. The fixture's tests/ are left out: GoogleTest and Catch2 are
 * not installed, so clangd cannot see tests. Without clangd ≥ 20 the comparison is skipped, saying why.
 */
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { compareEdges, formatComparison, scopeFor } from './compare';
import { CFAMILY_EXTENSIONS, clangdCommand, clangdOracle } from './cpp_clangd';
import { ourCallEdges } from './ours';
import { listSourceFiles } from './types';

const PRECISION = 0.95;
const RECALL = 0.85;

/** A folder of kuzu-source/third_party inside the kuzu npm package (node_modules), if installed. */
function kuzuThirdParty(part: string, marker: string): string | undefined {
  // kuzu's exports hide its package.json: look beside our own node_modules first.
  let pkg = join(__dirname, '..', '..', 'node_modules', 'kuzu');
  if (!existsSync(pkg)) {
    try {
      pkg = dirname(require.resolve('kuzu'));
    } catch {
      return undefined;
    }
  }
  const dir = join(pkg, 'kuzu-source', 'third_party', part);
  return existsSync(join(dir, marker)) ? dir : undefined;
}

/** The Brotli decoder's sources inside the kuzu npm package, if installed. */
export const brotliDecoderSources = (): string | undefined => kuzuThirdParty(join('brotli', 'c'), join('dec', 'decode.c'));

async function check(label: string, copy: (dir: string) => void, minAgree: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'kg-cpp-oracle-'));
  try {
    copy(dir);
    const files = listSourceFiles(dir, CFAMILY_EXTENSIONS).filter((f) => !f.startsWith('tests/'));
    const [truth, ours] = [await clangdOracle(dir, files), await ourCallEdges(dir)];
    const cmp = compareEdges(ours.edges, truth.edges, scopeFor(truth, ours.declarations));
    const summary = formatComparison(label, cmp, truth.declarations);
    console.log(summary);
    assert.ok(cmp.truePositives >= minAgree, `${label}: only ${cmp.truePositives} edges in common\n${summary}`);
    assert.ok(cmp.precision >= PRECISION && cmp.recall >= RECALL, summary);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('C and C++ call edges against clangd', () => {
  it(`cpp_shop: precision ≥ ${PRECISION}, recall ≥ ${RECALL}`, { timeout: 240_000 }, async (t) => {
    if (!clangdCommand()) return t.skip('no clangd ≥ 20 (apt-get install clangd-22)');
    await check('cpp_shop', (dir) => cpSync(join(__dirname, '..', 'fixtures', 'cpp_shop'), dir, { recursive: true }), 25);
  });

  it(`c_queue: precision ≥ ${PRECISION}, recall ≥ ${RECALL}`, { timeout: 120_000 }, async (t) => {
    if (!clangdCommand()) return t.skip('no clangd ≥ 20 (apt-get install clangd-22)');
    await check('c_queue', (dir) => cpSync(join(__dirname, '..', 'fixtures', 'c_queue'), dir, { recursive: true }), 7);
  });

  it(`the Brotli decoder (npm kuzu@0.11.3's third_party): precision ≥ ${PRECISION}, recall ≥ ${RECALL}`, { timeout: 300_000 }, async (t) => {
    if (!clangdCommand()) return t.skip('no clangd ≥ 20 (apt-get install clangd-22)');
    const src = brotliDecoderSources();
    if (!src) return t.skip('the kuzu npm package (with kuzu-source) is not installed');
    await check(
      'brotli decoder',
      (dir) => {
        for (const part of ['common', 'dec', 'include']) {
          mkdirSync(join(dir, part), { recursive: true });
          cpSync(join(src, part), join(dir, part), { recursive: true });
        }
      },
      200,
    );
  });

  it(`RE2 (C++, npm kuzu@0.11.3's third_party): precision ≥ ${PRECISION}, recall ≥ ${RECALL}`, { timeout: 300_000 }, async (t) => {
    if (!clangdCommand()) return t.skip('no clangd ≥ 20 (apt-get install clangd-22)');
    const src = kuzuThirdParty('re2', join('include', 're2.h'));
    if (!src) return t.skip('the kuzu npm package (with kuzu-source) is not installed');
    await check('re2', (dir) => cpSync(src, dir, { recursive: true }), 1000);
  });
});
