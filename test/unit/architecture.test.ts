/**
 * The dependency rules of the architecture
 * ========================================
 * core imports no host and never vscode; mcp imports only core. ESLint enforces the same rule while
 * editing; this test keeps it true even where lint is not run, by reading every import.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';

const ROOT = resolve(__dirname, '..', '..');

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (/\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

/** Every module a file imports or requires, resolved to a repo-relative path for relative specifiers. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
  return specs.map((s) => (s.startsWith('.') ? relative(ROOT, resolve(dirname(file), s)).split('\\').join('/') : s));
}

describe('architecture', () => {
  it('keeps the core free of VS Code and of every host', () => {
    const offenders: string[] = [];
    for (const file of sources(join(ROOT, 'extension/core'))) {
      for (const spec of importsOf(file)) {
        if (spec === 'vscode' || /^extension\/(vscode|mcp|cli)(\/|$)/.test(spec) || spec.startsWith('webview')) {
          offenders.push(`${relative(ROOT, file)} imports ${spec}`);
        }
      }
    }
    assert.deepEqual(offenders, []);
  });

  it('keeps the MCP server free of VS Code and of the CLI', () => {
    const offenders: string[] = [];
    for (const file of sources(join(ROOT, 'extension/mcp'))) {
      for (const spec of importsOf(file)) {
        if (spec === 'vscode' || /^extension\/(vscode|cli)(\/|$)/.test(spec)) offenders.push(`${relative(ROOT, file)} imports ${spec}`);
      }
    }
    assert.deepEqual(offenders, []);
  });

  it('finds imports at all (the check above is not vacuous)', () => {
    assert.ok(importsOf(join(ROOT, 'extension/core/workspace.ts')).includes('extension/core/index/assembler'));
  });
});
