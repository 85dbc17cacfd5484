/**
 * Reads of workspace content
 * ==========================
 * A repository can hold symlinks to files outside it and FIFOs under config-file names. Every
 * entry point that reads workspace content (the index, decision records and instruction files,
 * documents, `reindex` with paths, the serve/mcp watcher) is driven on a real tree with real
 * symlinks to a canary outside the root: the canary's content must never appear in any MCP
 * answer, and `status` says why each link was refused. A FIFO named like a config file must not
 * hang an index, and shows in `skipped` with its reason.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Workspace } from '../../extension/core/workspace';
import { createMcpServer, ToolContext } from '../../extension/mcp';

const CANARY = 'CANARYSECRET7F3A';
const temps: string[] = [];
after(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'kg-reads-'));
  temps.push(root);
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), content);
  }
  return root;
}

/** Files outside every workspace: their content is the canary. */
let outside: string;
before(() => {
  outside = tree({
    'canary.md': `# ADR-0009: zebra ${CANARY}\n\nStatus: accepted\n\n## Decision\n\nUse zebra ${CANARY} in \`Api\`.\n`,
    'canary.py': `def zebra_${CANARY.toLowerCase()}():\n    return "${CANARY}"\n`,
    'dir/secret.py': `class Zebra${CANARY}:\n    pass\n`,
    'dir/notes.md': `# zebra ${CANARY}\n\nThe class \`Api\` is zebra ${CANARY}.\n`,
  });
});

function project(): string {
  return tree({
    'app.py': 'class Api:\n    def get(self):\n        return 1\n',
    'docs/adr/0001-real.md': '# ADR-0001: Real record\n\nStatus: accepted\n\n## Decision\n\n`Api` stays small.\n',
    'README.md': '# Project\n\nThe `Api` class.\n',
  });
}

/** Every link a repository could ship that points at the canary. */
function plantLinks(root: string): string[] {
  const links: [string, string][] = [
    ['CLAUDE.md', 'canary.md'],
    ['AGENTS.md', 'canary.md'],
    ['docs/adr/0002-canary.md', 'canary.md'],
    ['guide.md', 'canary.md'],
    ['linked.py', 'canary.py'],
    ['lib', 'dir'],
  ];
  for (const [link, target] of links) symlinkSync(join(outside, target), join(root, link));
  return links.map(([link]) => link);
}

/** The answers of every read tool, as text: none may hold the canary (the queries name only "zebra", a word beside it). */
async function everyAnswer(ws: Workspace): Promise<string> {
  const server = createMcpServer(ws, { context: new ToolContext(ws) });
  const client = new Client({ name: 'canary-check', version: '1' });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(b), client.connect(a)]);
  const calls: [string, Record<string, unknown>][] = [
    ['decisions', {}],
    ['decision', { target: 'ADR-0009' }],
    ['decision', { target: '2' }],
    ['decisions_for', { target: 'app.py' }],
    ['docs_search', { query: 'zebra' }],
    ['docs_search', { query: 'Api class' }],
    ['search', { query: 'zebra' }],
    ['search', { query: 'Zebra' }],
    ['find_symbol', { name: 'zebra' }],
    ['source', { target: 'lib/secret.py' }],
    ['source', { target: 'linked.py' }],
    ['status', {}],
  ];
  let text = '';
  try {
    for (const [name, args] of calls) {
      const r = await client.callTool({ name, arguments: args });
      text += `\n${name}: ${JSON.stringify(r.content)}`;
    }
  } finally {
    await client.close();
    await server.close();
  }
  return text;
}

function assertNoCanary(ws: Workspace, answers: string): void {
  assert.ok(!answers.includes(CANARY) && !answers.includes(CANARY.toLowerCase()), `an answer holds the canary:\n${answers}`);
  assert.ok(!ws.graph.canonical().includes(CANARY) && !ws.graph.canonical().includes(CANARY.toLowerCase()), 'the graph holds the canary');
  assert.ok(!JSON.stringify(ws.docs.state()).includes(CANARY), 'the docs index holds the canary');
}

function refusedInStatus(ws: Workspace, paths: readonly string[]): void {
  const skipped = new Map(ws.status().skipped.map((s) => [s.path, s.reason]));
  for (const p of paths) assert.match(skipped.get(p) ?? '(not in status)', /symlink outside the root/, `status().skipped for ${p}`);
}

describe('symlinks out of the root are never read', () => {
  it('by the index: records, instruction files, documents, sources, folders', async () => {
    const root = project();
    plantLinks(root);
    const ws = await Workspace.open(root, { persist: false, workers: 0 });
    try {
      await ws.index();
      assert.ok(ws.graph.graph.hasNode('adr:docs/adr/0001-real.md'), 'the real record is indexed');
      assertNoCanary(ws, await everyAnswer(ws));
      refusedInStatus(ws, ['CLAUDE.md', 'AGENTS.md', 'docs/adr/0002-canary.md', 'guide.md', 'linked.py', 'lib']);
    } finally {
      await ws.close();
    }
  });

  it('by reindex with paths (a git pull that adds links)', async () => {
    const root = project();
    const ws = await Workspace.open(root, { persist: false, workers: 0 });
    try {
      await ws.index();
      const links = plantLinks(root);
      const report = await ws.update([...links, 'lib/secret.py', 'lib/notes.md', join(root, 'lib', 'secret.py')]);
      assert.deepEqual(
        [...new Set(report.skipped.filter((s) => /symlink outside the root/.test(s.reason)).map((s) => s.path))].sort(),
        ['AGENTS.md', 'CLAUDE.md', 'docs/adr/0002-canary.md', 'guide.md', 'lib', 'lib/notes.md', 'lib/secret.py', 'linked.py'],
      );
      assertNoCanary(ws, await everyAnswer(ws));
      refusedInStatus(ws, ['CLAUDE.md', 'docs/adr/0002-canary.md', 'linked.py', 'lib']);
    } finally {
      await ws.close();
    }
  });

  it('by the serve/mcp watcher', async () => {
    const root = project();
    const ws = await Workspace.open(root, { persist: false, workers: 0 });
    try {
      await ws.index();
      const updates: number[] = [];
      ws.watch((r) => updates.push(r.parsed));
      plantLinks(root);
      writeFileSync(join(root, 'app2.py'), 'def later():\n    return 2\n'); // a real change in the same batch
      for (let i = 0; i < 100 && !ws.graph.graph.hasNode('py:app2:later'); i++) await sleep(50);
      await ws.settled();
      assert.ok(ws.graph.graph.hasNode('py:app2:later'), 'the watcher saw the batch');
      assertNoCanary(ws, await everyAnswer(ws));
      refusedInStatus(ws, ['CLAUDE.md', 'linked.py']);
    } finally {
      await ws.close();
    }
  });
});

describe('FIFOs, sockets and devices', () => {
  it('a FIFO named tsconfig.json or package.json does not hang the index, and is skipped with a reason', { timeout: 20_000 }, async () => {
    const root = tree({ 'src/a.ts': 'export const a = 1;\n', 'src/b.ts': "import { a } from './a';\nexport const b = a;\n", 'pkg/x.ts': 'export const x = 1;\n' });
    execFileSync('mkfifo', [join(root, 'tsconfig.json'), join(root, 'pkg', 'package.json'), join(root, 'src', 'fifo.ts')]);
    const ws = await Workspace.open(root, { persist: false, workers: 0 });
    try {
      const report = await ws.index();
      assert.equal(report.files, 3);
      const reasons = new Map(report.skipped.map((s) => [s.path, s.reason]));
      for (const p of ['tsconfig.json', 'pkg/package.json', 'src/fifo.ts']) assert.equal(reasons.get(p), 'not a regular file: a FIFO', p);
      // A save naming the FIFO, and a config change that makes resolution re-read the configs.
      const update = await ws.update(['tsconfig.json', 'src/fifo.ts', 'pkg/package.json']);
      assert.match(new Map(update.skipped.map((s) => [s.path, s.reason])).get('src/fifo.ts') ?? '', /not a regular file: a FIFO/);
      assert.ok(ws.graph.graph.hasNode('ts:src/b:b'));
    } finally {
      await ws.close();
    }
  });
});
