/**
 * Peer indexer
 * ============
 * Runs @colbymchenry/codegraph (MIT, from npm) on the same folder copy, for a side-by-side figure.
 * It is installed into test/bench/work/peer with `npm install --prefix` and run through its npm
 * shim (which execs the Node runtime its platform package ships). Its telemetry, self-download and
 * daemon are switched off, and HOME points into the work folder so nothing lands in the real one.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runChild, WORK } from './util';

export const PEER_PACKAGE = '@colbymchenry/codegraph';
const PEER_DIR = join(WORK, 'peer');
const SHIM = join(PEER_DIR, 'node_modules', '@colbymchenry', 'codegraph', 'npm-shim.js');

export type PeerRun =
  | { ok: true; version: string; wallMs: number; reportedMs?: number; nodes?: number; edges?: number; files?: number }
  | { ok: false; reason: string };

let installed: { ok: true; version: string } | { ok: false; reason: string } | undefined;

/** Installs the peer once (cached in work/peer); says why not when it cannot. */
export async function ensurePeer(): Promise<{ ok: true; version: string } | { ok: false; reason: string }> {
  if (installed) return installed;
  if (!existsSync(SHIM)) {
    mkdirSync(PEER_DIR, { recursive: true });
    const r = await runChild('npm', ['install', '--prefix', PEER_DIR, PEER_PACKAGE, '--no-audit', '--no-fund'], { timeoutMs: 5 * 60_000 });
    if (r.code !== 0 || !existsSync(SHIM)) {
      installed = { ok: false, reason: `npm install ${PEER_PACKAGE} failed: ${r.timedOut ? 'timed out' : r.stderr.trim().slice(-300)}` };
      return installed;
    }
  }
  const pkg = JSON.parse(readFileSync(join(PEER_DIR, 'node_modules', '@colbymchenry', 'codegraph', 'package.json'), 'utf8')) as { version: string };
  installed = { ok: true, version: pkg.version };
  return installed;
}

function peerEnv(): NodeJS.ProcessEnv {
  const home = join(PEER_DIR, 'home');
  mkdirSync(home, { recursive: true });
  return {
    ...process.env,
    HOME: home,
    CODEGRAPH_TELEMETRY: '0',
    DO_NOT_TRACK: '1',
    CODEGRAPH_NO_DOWNLOAD: '1',
    CODEGRAPH_NO_DAEMON: '1',
    NO_COLOR: '1',
    CI: '1',
  };
}

const NUM = (s: string | undefined): number | undefined => (s === undefined ? undefined : Number(s.replace(/,/g, '')));

/** The peer's `codegraph init <dir> --yes` as a command line (installing the peer first), for a caller that times it its own way. */
export async function peerCommand(dir: string): Promise<{ ok: true; version: string; command: string; args: string[]; env: NodeJS.ProcessEnv } | { ok: false; reason: string }> {
  const peer = await ensurePeer();
  if (!peer.ok) return peer;
  return { ok: true, version: peer.version, command: process.execPath, args: [SHIM, 'init', dir, '--yes'], env: peerEnv() };
}

/** `codegraph init <dir> --yes`: creates .codegraph/ and builds the full graph; timed wall-clock. */
export async function runPeer(dir: string, timeoutMs: number): Promise<PeerRun> {
  const cmd = await peerCommand(dir);
  if (!cmd.ok) return cmd;
  const peer = cmd;
  const r = await runChild(cmd.command, cmd.args, { cwd: dir, env: cmd.env, timeoutMs });
  const text = `${r.stdout}\n${r.stderr}`;
  if (r.code !== 0) return { ok: false, reason: `codegraph init ${r.timedOut ? `timed out after ${timeoutMs} ms` : `exited ${r.code}`}: ${text.trim().slice(-300)}` };
  // "Indexed 252 files" … "2,148 nodes, 6,471 edges in 1.4s"
  const files = /Indexed ([\d,]+) files/.exec(text);
  const counts = /([\d,]+) nodes, ([\d,]+) edges in ([\d.]+)(ms|s)\b/.exec(text);
  const out: PeerRun = { ok: true, version: peer.version, wallMs: r.wallMs };
  const f = NUM(files?.[1]);
  if (f !== undefined) out.files = f;
  if (counts) {
    out.nodes = NUM(counts[1])!;
    out.edges = NUM(counts[2])!;
    out.reportedMs = Number(counts[3]) * (counts[4] === 's' ? 1000 : 1);
  }
  return out;
}
