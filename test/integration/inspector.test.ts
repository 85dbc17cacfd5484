/**
 * A client nobody here wrote
 * ==========================
 * The official MCP Inspector's CLI mode drives `kg-memory mcp` over stdio. It runs from
 * node_modules with npm in offline mode, so it cannot download anything.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { CLI, REPO, ensureBuilt, fixtureCopy } from './helpers';
import { MEMORY_TOOL_NAMES } from '../../extension/mcp';

function inspector(root: string, ...method: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync('npx', ['--no-install', 'mcp-inspector', '--cli', process.execPath, CLI, 'mcp', '--root', root, ...method], {
    cwd: REPO,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, npm_config_offline: 'true', KG_MEMORY_LOG: 'error' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('MCP Inspector (CLI mode)', { timeout: 150_000 }, () => {
  let fixture: ReturnType<typeof fixtureCopy>;
  before(() => {
    ensureBuilt();
    fixture = fixtureCopy();
  });
  after(() => fixture?.dispose());

  it('lists the tools', () => {
    const r = inspector(fixture.root, '--method', 'tools/list');
    assert.equal(r.code, 0, r.stderr);
    const { tools } = JSON.parse(r.stdout) as { tools: { name: string }[] };
    assert.ok(tools.some((t) => t.name === 'impact'));
    assert.equal(tools.filter((t) => !(MEMORY_TOOL_NAMES as readonly string[]).includes(t.name)).length, 22, 'the code, decision, docs and changes tools, besides the memory toolset (the LLM toolset is off)');
  });

  it('calls search', () => {
    const r = inspector(fixture.root, '--method', 'tools/call', '--tool-name', 'search', '--tool-arg', 'query=RushOrder');
    assert.equal(r.code, 0, r.stderr);
    const result = JSON.parse(r.stdout) as { isError?: boolean; structuredContent: { items: { id: string; loc: string }[] } };
    assert.ok(!result.isError);
    assert.deepEqual(result.structuredContent.items[0], { id: 'py:shop.models:RushOrder', kind: 'class', loc: 'shop/models.py:22', match: 'exact' });
  });
});
