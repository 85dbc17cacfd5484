/**
 * The VS Code host, from TypeScript
 * =================================
 * Typed access to host/env.cjs (the paths install.sh writes) and the one policy for a missing host:
 * install it with host/install.sh (idempotent; apt, npm) unless KG_MEMORY_VSCODE_HOST_INSTALL=0,
 * and only if that fails report why, so the caller can print SKIP with the reason.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

interface HostEnv {
  paths: { host: string; codeServer: string; nodeBin: string; playwrightCore: string; chromium: string; installScript: string };
  missing(): string | undefined;
}

const load = createRequire(__filename);
export const hostEnv = load('./host/env.cjs') as HostEnv;
export const CODE_SHIM = join(__dirname, 'host', 'code-shim');
export const REPO_ROOT = join(__dirname, '..', '..');

/** Undefined when the host is ready (installing it first if need be), else why it cannot run. */
export function ensureHost(log: (line: string) => void = (l) => console.log(l)): string | undefined {
  const before = hostEnv.missing();
  if (!before) return undefined;
  if (process.env.KG_MEMORY_VSCODE_HOST_INSTALL === '0') return `${before}; KG_MEMORY_VSCODE_HOST_INSTALL=0 forbids installing it`;
  if (process.platform !== 'linux') return before;
  // Two test files may get here at once: one installs, the other waits for it.
  const lock = `${hostEnv.paths.host}.install-lock`;
  mkdirSync(join(lock, '..'), { recursive: true });
  try {
    mkdirSync(lock);
  } catch {
    log(`VS Code host ${before}; waiting for the install another test started (${lock})`);
    const end = Date.now() + 15 * 60_000;
    while (existsSync(lock) && Date.now() < end) spawnSync('sleep', ['2']);
    const after = hostEnv.missing();
    return after ? `${after}; the other install did not finish` : undefined;
  }
  try {
    log(`VS Code host ${before}; installing it with ${hostEnv.paths.installScript} (about 2.5 min)`);
    const r = spawnSync('bash', [hostEnv.paths.installScript], { encoding: 'utf8', timeout: 15 * 60_000, env: cleanEnv() });
    const after = hostEnv.missing();
    if (!after) return undefined;
    const tail = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim().split('\n').slice(-5).join(' | ');
    return `${after}; install.sh exited ${r.status ?? r.signal}: ${tail}`;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * The environment without the npm_* variables an outer `npm test` or `npx` sets: npm reads them as
 * its configuration, and code-server's install checks `npm_config_user_agent` for Node 24, so an
 * inherited one (naming the outer Node) fails it.
 */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
}

/** The host must run (CI sets this): a missing host fails instead of skipping. */
export const HOST_REQUIRED = process.env.KG_MEMORY_REQUIRE_VSCODE_HOST === '1';
