/**
 * Config files a resolver cannot use
 * ==================================
 * Issue 15's bad input: a go.mod without a module path, a Cargo.toml without a [package] or
 * [workspace] table, a composer.json that is not JSON, a .csproj that cannot be read. Each is a
 * clear line in `status` (the workspace's and the MCP tool's), the files are still indexed and
 * resolved by folder, and mending the file clears the line.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { Workspace } from '../../extension/core/workspace';
import { ToolContext } from '../../extension/mcp';
import { statusAnswer } from '../../extension/mcp/tools/workspace';

const temps: string[] = [];
after(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'kg-configs-'));
  temps.push(root);
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), content);
  }
  return root;
}

const FILES = {
  'svc/go.mod': 'go 1.21\n', // no module line
  'svc/util/util.go': 'package util\n\nfunc Helper() int { return 1 }\n',
  'svc/main.go': 'package main\n\nimport "example.com/svc/util"\n\nfunc main() { util.Helper() }\n',
  'crate/Cargo.toml': 'this is [not toml\n',
  'crate/src/lib.rs': 'pub fn answer() -> u32 { helper() }\nfn helper() -> u32 { 42 }\n',
  'web/composer.json': '{"autoload": {"psr-4": {"App\\\\": "src/"}}',
  'web/src/Greeter.php': '<?php\nnamespace App;\nclass Greeter { public function hi() { return $this->name(); } private function name() { return "x"; } }\n',
  'app/src/Program.cs': 'namespace App { class Program { static void Main() { Run(); } static void Run() {} } }\n',
};

describe('config files a resolver cannot use', () => {
  it('are named in status with what they cost, the files still indexed, and mending one clears it', async () => {
    const root = tree(FILES);
    // A .csproj that cannot be read: a folder under that name.
    mkdirSync(join(root, 'app', 'App.csproj'));
    const ws = await Workspace.open(root, { persist: false, docs: { enabled: false } });
    try {
      await ws.index();
      const problems = ws.status().configProblems;
      assert.deepEqual(problems.map((p) => p.path), ['app/App.csproj', 'crate/Cargo.toml', 'svc/go.mod', 'web/composer.json']);
      assert.match(problems.find((p) => p.path === 'svc/go.mod')!.message, /no module path.*by folder/);
      assert.match(problems.find((p) => p.path === 'crate/Cargo.toml')!.message, /\[package\] or \[workspace\]/);
      assert.match(problems.find((p) => p.path === 'web/composer.json')!.message, /not valid JSON/);
      assert.match(problems.find((p) => p.path === 'app/App.csproj')!.message, /cannot be read/);

      // Still indexed, and resolved as far as a folder can tell.
      const names = new Set(ws.graph.graph.mapNodes((_id, a) => a.name));
      for (const name of ['answer', 'Main', 'Helper', 'hi']) assert.ok(names.has(name), name);
      const calls = ws.graph.graph.filterEdges((_e, a) => a.kind === 'calls').map((e) => ws.graph.graph.target(e));
      assert.ok(calls.some((t) => t.endsWith('helper')), 'the Rust call resolves without the manifest');
      assert.ok(calls.some((t) => t.endsWith('Run')), 'the C# call resolves without the project file');

      // The MCP status tool says it too.
      const answer = statusAnswer(new ToolContext(ws));
      assert.equal(answer.configProblems?.items.length, 4);
      assert.ok(answer.configProblems?.items.some((line) => line.startsWith('svc/go.mod ')));

      writeFileSync(join(root, 'svc', 'go.mod'), 'module example.com/svc\n\ngo 1.21\n');
      await ws.update(['svc/go.mod']);
      assert.deepEqual(ws.status().configProblems.map((p) => p.path), ['app/App.csproj', 'crate/Cargo.toml', 'web/composer.json']);
      const goCalls = ws.graph.graph.filterEdges((_e, a) => a.kind === 'calls').map((e) => ws.graph.graph.target(e));
      assert.ok(goCalls.some((t) => t.includes('util') && t.endsWith('Helper')), 'with its module path, the import resolves');
    } finally {
      await ws.close();
    }
  });
});
