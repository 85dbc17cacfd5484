/**
 * The state folder against a hostile repository
 * =============================================
 * A repository ships `.kg-memory` or files in it as symlinks. Real trees, real links: the index,
 * the token and the memory file must never write, chmod or read through them; the state goes
 * to the per-user folder outside the workspace, and what was refused is said.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync, lstatSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fallbackStateDir, stateNote } from '../../extension/core/index/state_dir';
import { AgentMemory } from '../../extension/core/memory/agent_memory';
import { Workspace } from '../../extension/core/workspace';
import { workspaceToken } from '../../extension/mcp/transports/token';
import { readToken } from '../../extension/mcp/discovery';

const posix = process.platform !== 'win32';
const temps: string[] = [];
const previousState = process.env.XDG_STATE_HOME;
before(() => {
  process.env.XDG_STATE_HOME = temp('kg-state-home-');
});
after(() => {
  if (previousState === undefined) delete process.env.XDG_STATE_HOME;
  else process.env.XDG_STATE_HOME = previousState;
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

function temp(prefix: string): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  temps.push(d);
  return d;
}

/** A workspace inside a parent folder whose own files must stay untouched. */
function nested(): { parent: string; root: string } {
  const parent = temp('kg-parent-');
  writeFileSync(join(parent, '.gitignore'), 'node_modules/\n');
  const root = join(parent, 'repo');
  mkdirSync(root);
  writeFileSync(join(root, 'app.py'), 'def main():\n    return 1\n');
  return { parent, root };
}

/** Indexes with the snapshot on, writes it, closes. */
async function indexAndSave(root: string): Promise<Workspace> {
  const ws = await Workspace.open(root, { workers: 0 });
  try {
    await ws.index();
    await ws.save();
  } finally {
    await ws.close();
  }
  return ws;
}

const CANARY_LINES = ['root:x:0:0:CANARYSECRET7F3A:/root:/bin/bash', 'daemon:x:1:1:CANARYSECRET7F3A:/usr/sbin:/usr/sbin/nologin'];

describe('the state folder is never followed through a symlink', { skip: !posix }, () => {
  it('.kg-memory -> .. : the index writes neither the parent .gitignore nor snapshots beside it; the state goes to the per-user folder', async () => {
    const { parent, root } = nested();
    symlinkSync('..', join(root, '.kg-memory'));
    const ws = await indexAndSave(root);
    assert.equal(readFileSync(join(parent, '.gitignore'), 'utf8'), 'node_modules/\n', 'the parent .gitignore is untouched');
    assert.deepEqual(readdirSync(parent).sort(), ['.gitignore', 'repo'], 'nothing written beside the workspace');
    const fallback = fallbackStateDir(ws.root);
    assert.ok(existsSync(join(fallback, 'graph.json')), 'the snapshot is in the per-user folder');
    assert.match(stateNote(ws.root) ?? '', /is a symlink: not used; the state is kept in/);
    // And a restart reads it back from there.
    const again = await Workspace.open(root, { workers: 0 });
    try {
      assert.match(again.status().snapshot ?? '', /^loaded /);
    } finally {
      await again.close();
    }
  });

  it('.kg-memory/.gitignore and graph.json as links to outside files: neither is written through', async () => {
    const { root } = nested();
    const outside = temp('kg-outside-');
    writeFileSync(join(outside, 'precious.txt'), 'keep me\n');
    mkdirSync(join(root, '.kg-memory'));
    symlinkSync(join(outside, 'precious.txt'), join(root, '.kg-memory', '.gitignore'));
    symlinkSync(join(outside, 'precious.txt'), join(root, '.kg-memory', 'graph.json'));
    await indexAndSave(root);
    assert.equal(readFileSync(join(outside, 'precious.txt'), 'utf8'), 'keep me\n');
    assert.ok(!lstatSync(join(root, '.kg-memory', 'graph.json')).isSymbolicLink(), 'the link was replaced by our snapshot');
  });

  it('.kg-memory/token -> .. : serve neither chmods the workspace folder nor fails; the link is replaced by a 0600 token', async () => {
    const { root } = nested();
    mkdirSync(join(root, '.kg-memory'));
    symlinkSync('..', join(root, '.kg-memory', 'token'));
    const before = statSync(root).mode & 0o777;
    const token = await workspaceToken(root);
    assert.match(token, /^[0-9a-f]{64}$/);
    assert.equal(statSync(root).mode & 0o777, before, 'the workspace folder keeps its mode');
    const st = lstatSync(join(root, '.kg-memory', 'token'));
    assert.ok(st.isFile() && (st.mode & 0o777) === 0o600);
    assert.equal(await workspaceToken(root), token, 'our token is reused');
  });

  it('a token symlinked to an outside file: that file is neither chmod-ed nor used as the token', async () => {
    const { root } = nested();
    const outside = temp('kg-outside-');
    const secret = 'ab'.repeat(32);
    writeFileSync(join(outside, 'key'), `${secret}\n`);
    chmodSync(join(outside, 'key'), 0o640);
    mkdirSync(join(root, '.kg-memory'));
    symlinkSync(join(outside, 'key'), join(root, '.kg-memory', 'token'));
    assert.equal(await readToken(root), undefined, 'a client never takes a linked token');
    const token = await workspaceToken(root);
    assert.notEqual(token, secret);
    assert.equal(statSync(join(outside, 'key')).mode & 0o777, 0o640);
    assert.equal(readFileSync(join(outside, 'key'), 'utf8'), `${secret}\n`);
  });

  it('a token shipped by the repository (a regular file, mode 0644 as a checkout makes it) is never used', async () => {
    const { root } = nested();
    const shipped = 'cd'.repeat(32);
    mkdirSync(join(root, '.kg-memory'));
    writeFileSync(join(root, '.kg-memory', 'token'), `${shipped}\n`, { mode: 0o644 });
    chmodSync(join(root, '.kg-memory', 'token'), 0o644);
    assert.equal(await readToken(root), undefined);
    assert.notEqual(await workspaceToken(root), shipped);
  });

  it('memory.jsonl -> an outside file: no line of it in read_graph, no copy of it in the workspace, the file untouched', async () => {
    const { root } = nested();
    const outside = temp('kg-outside-');
    const passwd = join(outside, 'passwd');
    writeFileSync(passwd, `${CANARY_LINES.join('\n')}\n`);
    mkdirSync(join(root, '.kg-memory'));
    symlinkSync(passwd, join(root, '.kg-memory', 'memory.jsonl'));
    const logs: string[] = [];
    const memory = await AgentMemory.open({ root, stateDir: '.kg-memory' }, { log: (_level, m) => logs.push(m) });
    const graph = await memory.readGraph();
    assert.ok(!JSON.stringify(graph).includes('CANARYSECRET7F3A'), 'read_graph shows nothing of the outside file');
    await memory.createEntities([{ name: 'Api', entityType: 'class', observations: ['stays small'] }]);
    assert.equal((await memory.readGraph()).entities.length, 1);
    assert.equal(readFileSync(passwd, 'utf8'), `${CANARY_LINES.join('\n')}\n`, 'the outside file is untouched');
    const inWorkspace = readdirSync(join(root, '.kg-memory'));
    assert.ok(!inWorkspace.some((n) => n.includes('corrupt')), `no backup copy: ${inWorkspace.join(', ')}`);
    for (const name of inWorkspace) {
      const p = join(root, '.kg-memory', name);
      if (lstatSync(p).isFile()) assert.ok(!readFileSync(p, 'utf8').includes('CANARYSECRET7F3A'), name);
    }
    assert.ok(!logs.join('\n').includes('CANARYSECRET7F3A'), 'no log line echoes it');
    assert.match(logs.join('\n'), /is a symlink: not used/);
  });
});
