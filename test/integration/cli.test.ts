/**
 * The kg-memory CLI
 * =================
 * Each command as a shell user runs it, with its exit code: 0 answered, 1 no answer (unknown or
 * ambiguous symbol, JSON error on stderr), 2 usage or configuration error.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ensureBuilt, fixtureCopy, runCli } from './helpers';

describe('kg-memory CLI', { timeout: 120_000 }, () => {
  let fixture: ReturnType<typeof fixtureCopy>;
  let root: string;

  before(() => {
    ensureBuilt();
    fixture = fixtureCopy();
    root = fixture.root;
  });
  after(() => fixture?.dispose());

  it('index prints a summary and keeps a snapshot; --json gives the same as data', () => {
    const r = runCli(['index', '--root', root]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Indexed .*: 7 files \(7 parsed/);
    assert.match(r.stdout, /Nodes \d+: .*class/);
    assert.match(r.stdout, /Edges \d+: .*calls/);
    assert.match(r.stdout, /Parse errors: none/);
    assert.ok(readdirSync(join(root, '.kg-memory')).some((f) => f.startsWith('graph')), 'a snapshot in .kg-memory/');
    const again = runCli(['index', '--root', root, '--json']);
    assert.equal(again.code, 0);
    const data = JSON.parse(again.stdout) as { report: { parsed: number; unchanged: number }; status: { files: number } };
    assert.equal(data.report.parsed, 0, 'nothing changed: nothing parsed');
    assert.equal(data.status.files, 7);
    const full = JSON.parse(runCli(['index', '--root', root, '--json', '--full']).stdout) as { report: { parsed: number } };
    assert.equal(full.report.parsed, 7);
  });

  it('query runs a tool: positional target, --flag values, --pretty', () => {
    const r = runCli(['query', 'callers', 'Client.send', '--depth', '2', '--root', root]);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout) as { levels: { depth: number }[] };
    assert.deepEqual(out.levels.map((l) => l.depth), [1, 2]);
    assert.equal(r.stdout.trim().split('\n').length, 1, 'compact by default');
    const pretty = runCli(['query', 'search', 'store', '--kinds', 'interface,method', '--pretty', '--root', root]);
    assert.equal(pretty.code, 0, pretty.stderr);
    assert.ok(pretty.stdout.split('\n').length > 3);
    assert.deepEqual((JSON.parse(pretty.stdout) as { items: { id: string }[] }).items.map((i) => i.id), [
      'ts:web/cache:Store',
      'ts:web/cache:Store.get',
      'ts:web/cache:Store.put',
    ], 'the interface, then its members (interface methods are symbols)');
    const path = runCli(['query', 'path', 'main', 'evict', '--edges', 'calls', '--root', root]);
    assert.equal((JSON.parse(path.stdout) as { found: boolean }).found, true, path.stderr);
    const src = runCli(['query', 'source', 'Cache.put', '--max-lines', '2', '--root', root]);
    assert.equal((JSON.parse(src.stdout) as { more: number }).more, 2, src.stderr);
    const found = runCli(['query', 'find_symbol', 'encode', '--include-source', '--root', root]);
    assert.match(found.stdout, /json\.dumps/);
  });

  it('query exits 1 with a JSON error on stderr when there is no answer', () => {
    const missing = runCli(['query', 'callers', 'no_such_function', '--root', root]);
    assert.equal(missing.code, 1);
    assert.equal((JSON.parse(missing.stderr) as { error: string }).error, 'not_found');
    const amb = runCli(['query', 'impact', 'total', '--root', root]);
    assert.equal(amb.code, 1);
    const body = JSON.parse(amb.stderr) as { error: string; candidates: { id: string }[] };
    assert.equal(body.error, 'ambiguous');
    assert.ok(body.candidates.some((c) => c.id === 'py:shop.models:RushOrder.total'));
  });

  it('exits 2 on usage errors, saying the fix', () => {
    const cases: [string[], RegExp][] = [
      [['query', 'nope', 'x', '--root', root], /unknown tool "nope"/],
      [['query', 'callers', 'x', '--deep', '2', '--root', root], /unknown option --deep/],
      [['query', 'callers', 'x', '--depth', 'two', '--root', root], /expects a number/],
      [['query', 'callers', 'Client.send', '--depth', '9', '--root', root], /at most 5/],
      [['query', 'source', '../../etc/passwd', '--root', root], /outside the workspace root/],
      [['index', '--root', join(root, 'missing')], /pass --root/],
      [['index', '--bogus'], /Unknown option/],
      [['export', '--format', 'png', '--root', root], /--format must be one of/],
      [['config', 'emacs'], /name a client/],
      [['frobnicate'], /unknown command/],
      [[], /Usage/],
    ];
    for (const [args, message] of cases) {
      const r = runCli(args);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr + r.stdout, message, args.join(' '));
    }
  });

  it('--help works for every command and every tool', () => {
    for (const c of ['index', 'query', 'mcp', 'serve', 'stats', 'export', 'config']) {
      const r = runCli([c, '--help']);
      assert.equal(r.code, 0, c);
      assert.match(r.stdout, new RegExp(`kg-memory ${c}`));
    }
    const tool = runCli(['query', 'impact', '--help']);
    assert.equal(tool.code, 0);
    assert.match(tool.stdout, /--depth/);
  });

  it('stats prints the status', () => {
    const r = runCli(['stats', '--root', root, '--json']);
    assert.equal(r.code, 0, r.stderr);
    const s = JSON.parse(r.stdout) as { files: number; languages: Record<string, number>; indexedAt: string };
    assert.equal(s.files, 7);
    assert.deepEqual(s.languages, { python: 5, typescript: 2 });
    assert.ok(s.indexedAt);
    assert.match(runCli(['stats', '--root', root]).stdout, /Languages: python 5, typescript 2/);
  });

  it('export writes JSON, Mermaid and DOT, at module or symbol level, focused', () => {
    const json = JSON.parse(runCli(['export', '--root', root]).stdout) as { nodes: { id: string }[]; edges: { kind: string }[] };
    assert.ok(json.nodes.some((n) => n.id === 'file:shop/service.py'));
    assert.ok(json.edges.every((e) => e.kind === 'imports'));
    const mermaid = runCli(['export', '--format', 'mermaid', '--level', 'symbol', '--focus', 'web/', '--root', root]).stdout;
    assert.match(mermaid, /^flowchart LR/);
    assert.match(mermaid, /-->\|implements\|/);
    assert.doesNotMatch(mermaid, /checkout/);
    const out = join(root, 'graph.dot');
    const dot = runCli(['export', '--format', 'dot', '--level', 'symbol', '-o', out, '--root', root]);
    assert.equal(dot.code, 0, dot.stderr);
    const text = readFileSync(out, 'utf8');
    assert.match(text, /^digraph kg \{/);
    assert.match(text, /"py:shop.service:checkout" -> "py:shop.client:Client.send" \[label="calls"\];/);
  });

  it('config prints each client\'s own format for `kg-memory mcp --root <abs root>`', () => {
    const args = ['mcp', '--root', root];
    const get = (client: string): string => {
      const r = runCli(['config', client, '--root', root]);
      assert.equal(r.code, 0, r.stderr);
      return r.stdout;
    };
    const claude = JSON.parse(get('claude')) as { mcpServers: Record<string, { command: string; args: string[] }> };
    assert.deepEqual(claude.mcpServers['kg-memory']!.args, args);
    assert.deepEqual((JSON.parse(get('cursor')) as { mcpServers: Record<string, { args: string[] }> }).mcpServers['kg-memory']!.args, args);
    const vscode = JSON.parse(get('vscode')) as { servers: Record<string, { type: string; args: string[] }> };
    assert.equal(vscode.servers['kg-memory']!.type, 'stdio');
    const opencode = JSON.parse(get('opencode')) as { mcp: Record<string, { type: string; command: string[] }> };
    assert.deepEqual(opencode.mcp['kg-memory']!.command, ['kg-memory', ...args]);
    const codex = get('codex');
    assert.match(codex, /^\[mcp_servers\.kg-memory\]\ncommand = "kg-memory"\nargs = \["mcp", "--root", ".*"\]/);
  });
});
