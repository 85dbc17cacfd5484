/**
 * The .vsix a user installs
 * =========================
 * Runs the project's own `npm run package` on a staged copy of the repository (node_modules linked),
 * so the production build it does never replaces the dist/ that other tests are running from.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../vscode/host';

// What the build and vsce do not need, or must not see.
const LEAVE_OUT = new Set(['node_modules', '.git', 'dist', 'test', 'test-results', '.kg-memory', 'kg-memory.vsix']);

export interface Packaged {
  vsix: string;
  bytes: number;
  /** The staging dir; the caller removes it. */
  dir: string;
}

export function packageVsix(): Packaged {
  const dir = mkdtempSync(join(tmpdir(), 'kg-vsix-'));
  for (const name of readdirSync(REPO_ROOT)) {
    if (LEAVE_OUT.has(name) || name.endsWith('.vsix')) continue;
    cpSync(join(REPO_ROOT, name), join(dir, name), { recursive: true });
  }
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const r = spawnSync('npm', ['run', 'package'], { cwd: dir, encoding: 'utf8', timeout: 5 * 60_000 });
  const vsix = join(dir, 'kg-memory.vsix');
  if (r.status !== 0 || !existsSync(vsix)) throw new Error(`npm run package failed (${r.status ?? r.signal}):\n${r.stdout}\n${r.stderr}`);
  return { vsix, bytes: statSync(vsix).size, dir };
}
